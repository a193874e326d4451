#pragma once
// Tensor element types as the TFLite format numbers them, and their sizes as TFLM counts them.

#include <cstdint>
#include <optional>
#include <string_view>

namespace arenascope {

enum class DataType : std::int8_t {
    Float32 = 0,
    Float16 = 1,
    Int32 = 2,
    UInt8 = 3,
    Int64 = 4,
    String = 5,
    Bool = 6,
    Int16 = 7,
    Complex64 = 8,
    Int8 = 9,
    Float64 = 10,
    Complex128 = 11,
    UInt64 = 12,
    Resource = 13,
    Variant = 14,
    UInt32 = 15,
    UInt16 = 16,
    Int4 = 17,
    BFloat16 = 18,
    Int2 = 19,
    UInt4 = 20,
    Float8E4M3FN = 21,
    Float8E5M2 = 22,
};

// "float32", "int8", ...; "type(N)" for a value the format does not define.
std::string_view dataTypeName(DataType type);

// Bytes per element as TFLM's TfLiteTypeSizeOf gives them (int4 counts one byte),
// or nullopt for a type TFLM cannot size (string, variant, uint16, bfloat16, ...).
// Source: tensorflow/lite/micro/memory_helpers.cc @90b983c2.
std::optional<std::uint32_t> tflmTypeSize(DataType type);

} // namespace arenascope
