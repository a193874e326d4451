#pragma once
// Alignment arithmetic on arena offsets. The emulated arena starts 16-byte aligned (as
// TFLM's MicroAllocator::Create makes it), so aligning an offset aligns the address.
// Source: tensorflow/lite/micro/memory_helpers.cc @90b983c2.

#include <cstdint>

namespace arenascope {

constexpr std::uint64_t alignUp(std::uint64_t value, std::uint64_t alignment)
{
    return ((value + alignment - 1) / alignment) * alignment;
}

constexpr std::uint64_t alignDown(std::uint64_t value, std::uint64_t alignment)
{
    return (value / alignment) * alignment;
}

// TFLM's MicroArenaBufferAlignment(): every planned buffer and kernel persistent buffer.
inline constexpr std::uint64_t kArenaBufferAlignment = 16;

} // namespace arenascope
