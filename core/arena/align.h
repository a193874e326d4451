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

// Floor alignment of a possibly negative offset (an address below the arena start).
constexpr std::int64_t alignDownSigned(std::int64_t value, std::uint64_t alignment)
{
    const auto a = static_cast<std::int64_t>(alignment);
    const std::int64_t q = value / a;
    return (value % a != 0 && value < 0 ? q - 1 : q) * a;
}

// Where a tail allocation of `size` bytes starts: tail - size aligned down, signed (it may
// fall below the arena start). Sizes no arena can hold saturate at -2^62 instead of
// overflowing.
constexpr std::int64_t tailStartFor(std::uint64_t tail, std::uint64_t size, std::uint64_t alignment)
{
    constexpr std::uint64_t kBeyondAnyArena = 1ULL << 62;
    if (size > kBeyondAnyArena || tail > kBeyondAnyArena)
        return -static_cast<std::int64_t>(kBeyondAnyArena);
    return alignDownSigned(static_cast<std::int64_t>(tail) - static_cast<std::int64_t>(size), alignment);
}

// TFLM checksums temp buffers by XOR-ing their addresses, which are never 0; offsets can be.
// Checksums use offset + this stand-in arena address.
inline constexpr std::uint64_t kChecksumBase = 0x20000000;

// TFLM's MicroArenaBufferAlignment(): every planned buffer and kernel persistent buffer.
inline constexpr std::uint64_t kArenaBufferAlignment = 16;

} // namespace arenascope
