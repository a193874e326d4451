#pragma once
// Reading FlatBuffers vectors of 8-byte scalars safely. The FlatBuffers verifier checks a
// vector's length field for 4-byte alignment, not its 8-byte elements, so a verified model can
// hold an int64 vector at an address that is only 4-aligned (the fuzzer built one); reading it
// through a typed pointer is undefined behaviour. These read the bytes instead.

#include "arenascope_tflite_generated.h"

#include <cstdint>
#include <cstring>

namespace arenascope {

// Element i of a little-endian int64 vector (FlatBuffers data is little-endian).
inline std::int64_t int64At(const flatbuffers::Vector<std::int64_t>& v, std::uint32_t i)
{
    std::int64_t out = 0;
    std::memcpy(&out, v.Data() + static_cast<std::size_t>(i) * sizeof(std::int64_t), sizeof out);
    return out;
}

} // namespace arenascope
