#pragma once
// TFLM's arena failure messages, word for word (arena_allocator/*.cc @90b983c2).
// TFLM prints size_t with %u; values here are the same numbers.

#include "core/util/format.h"
#include "core/util/result.h"

namespace arenascope::arenaMessages {

inline Error resizeFailed(std::uint64_t requested, std::uint64_t available)
{
    return makeError(ErrorCode::OutOfMemory,
                     formatString("Failed to resize buffer. Requested: %llu, available %llu, missing: %llu",
                                  static_cast<unsigned long long>(requested),
                                  static_cast<unsigned long long>(available),
                                  static_cast<unsigned long long>(requested - available)));
}

// TFLM reports "available" as requested - missing.
inline Error tailFailed(std::uint64_t requested, std::uint64_t missing)
{
    return makeError(ErrorCode::OutOfMemory,
                     formatString("Failed to allocate tail memory. Requested: %llu, available %llu, missing: %llu",
                                  static_cast<unsigned long long>(requested),
                                  static_cast<unsigned long long>(requested - missing),
                                  static_cast<unsigned long long>(missing)));
}

inline Error tempFailed(std::uint64_t requested, std::uint64_t available)
{
    return makeError(ErrorCode::OutOfMemory,
                     formatString("Failed to allocate temp memory. Requested: %llu, available %llu, missing: %llu",
                                  static_cast<unsigned long long>(requested),
                                  static_cast<unsigned long long>(available),
                                  static_cast<unsigned long long>(requested - available)));
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
