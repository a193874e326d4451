#pragma once
// What a memory planner is asked to place: one buffer per planned tensor or scratch buffer.
//
// Lifetimes are TFLM "allocation scopes" (see core/emulation/allocation_info.h): a buffer occupies
// its bytes from `first` to `last`, both inclusive. Sizes are already aligned up to 16.

#include <cstdint>
#include <vector>

namespace arenascope {

// TFLM's kOnlinePlannedBuffer: the planner chooses the offset.
inline constexpr std::int32_t kOnlinePlanned = -1;

struct BufferRequest {
    std::int32_t size = 0;
    std::int32_t first = 0;
    std::int32_t last = 0;
    std::int32_t offlineOffset = kOnlinePlanned;
};

struct Plan {
    std::vector<std::int32_t> offsets; // one per request, in request order
    std::int64_t maxBytes = 0; // GetMaximumMemorySize(): the head the plan needs
    // An offset + size past INT32_MAX: TFLM's planners compute offsets in int and overflow
    // there (undefined behaviour), so no arena holds such a plan.
    bool overflow = false;
};

} // namespace arenascope
