#pragma once
// TFLM's arena failure messages, word for word (arena_allocator/*.cc @90b983c2).
// TFLM prints size_t with %u, which shows the low 32 bits on every target: so do we.

#include "core/util/format.h"
#include "core/util/result.h"

#include <cstdint>

namespace arenascope::arenaMessages {

inline unsigned u32(std::uint64_t v)
{
    return static_cast<unsigned>(v & 0xffffffffULL);
}

inline Error resizeFailed(std::uint64_t requested, std::uint64_t available)
{
    return makeError(ErrorCode::OutOfMemory,
        formatString("Failed to resize buffer. Requested: %u, available %u, missing: %u", u32(requested),
            u32(available), u32(requested - available)));
}

// TFLM reports "available" as requested - missing.
inline Error tailFailed(std::uint64_t requested, std::uint64_t missing)
{
    return makeError(ErrorCode::OutOfMemory,
        formatString("Failed to allocate tail memory. Requested: %u, available %u, missing: %u", u32(requested),
            u32(requested - missing), u32(missing)));
}

inline Error tempFailed(std::uint64_t requested, std::uint64_t available)
{
    return makeError(ErrorCode::OutOfMemory,
        formatString("Failed to allocate temp memory. Requested: %u, available %u, missing: %u", u32(requested),
            u32(available), u32(requested - available)));
}

inline Error notResizable()
{
    return makeError(ErrorCode::Internal,
        "Internal error: either buffer is not resizable or ResetTempAllocations() is not called "
        "before ResizeBuffer().");
}

inline Error tempNotFreed(std::int64_t count, bool checksumOk)
{
    return makeError(ErrorCode::Internal,
        formatString("Number of allocated temp buffers: %lld. Checksum passing status: %d",
            static_cast<long long>(count), checksumOk ? 1 : 0));
}

} // namespace arenascope::arenaMessages
