#include "types.h"

#include <array>

namespace arenascope {

std::string_view dataTypeName(DataType type)
{
    static constexpr std::array<std::string_view, 23> kNames = {
        "float32",
        "float16",
        "int32",
        "uint8",
        "int64",
        "string",
        "bool",
        "int16",
        "complex64",
        "int8",
        "float64",
        "complex128",
        "uint64",
        "resource",
        "variant",
        "uint32",
        "uint16",
        "int4",
        "bfloat16",
        "int2",
        "uint4",
        "float8_e4m3fn",
        "float8_e5m2",
    };
    const auto index = static_cast<int>(type);
    if (index < 0 || index >= static_cast<int>(kNames.size()))
        return "unknown";
    return kNames[static_cast<std::size_t>(index)];
}

std::optional<std::uint32_t> tflmTypeSize(DataType type)
{
    switch (type) {
    case DataType::Float16:
        return 2;
    case DataType::Float32:
        return 4;
    case DataType::Float64:
        return 8;
    case DataType::Int16:
        return 2;
    case DataType::Int32:
        return 4;
    case DataType::UInt32:
        return 4;
    case DataType::UInt8:
        return 1;
    case DataType::Int8:
        return 1;
    case DataType::Int64:
        return 8;
    case DataType::UInt64:
        return 8;
    case DataType::Bool:
        return 1;
    case DataType::Resource:
        return 4;
    case DataType::Complex64:
        return 8;
    case DataType::Complex128:
        return 16;
    case DataType::Int4:
        return 1;
    default:
        return std::nullopt;
    }
}

} // namespace arenascope
