#pragma once
// TFLM's GreedyMemoryPlanner, offset for offset, without its quadratic bubble sort and
// without walking buffers that are never alive at the same time.
//
// Algorithm (memory_planner/greedy_memory_planner.cc @90b983c2):
// - Offline-planned buffers come first, in request order, at their given offsets.
// - Online buffers follow in *reverse* request order, then a stable sort by size,
//   largest first (TFLM fills its sort array from the back, then bubble-sorts).
// - Each online buffer walks the placed buffers in offset order, considering only those
//   whose lifetimes overlap its own, and takes the first gap that is large enough
//   (or the end of the last overlapping buffer). Ties in offset keep insertion order.
//   ArenaScope finds those buffers through a per-step index instead of TFLM's list walk.
// - The plan's size is the largest offset + size over all buffers.
// TFLM keeps its working arrays in the arena: kGreedyBytesPerBuffer bytes per buffer.

#include "buffer_request.h"

#include <span>

namespace arenascope {

// sizeof(BufferRequirements) + 2 * sizeof(int) + sizeof(ListEntry) + sizeof(int): the same on
// every target TFLM supports (all members are int).
inline constexpr std::int64_t kGreedyBytesPerBuffer = 40;

Plan planGreedy(std::span<const BufferRequest> requests);

} // namespace arenascope
