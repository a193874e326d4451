#pragma once
// TFLM's GreedyMemoryPlanner, offset for offset, in less time than TFLM's own walk.
//
// Algorithm (memory_planner/greedy_memory_planner.cc @90b983c2):
// - Offline-planned buffers come first, in request order, at their given offsets.
// - Online buffers follow in *reverse* request order, then a stable sort by size,
//   largest first (TFLM fills its sort array from the back, then bubble-sorts).
// - Each online buffer walks the placed buffers in offset order, considering only those
//   whose lifetimes overlap its own, and takes the first gap that is large enough
//   (or the end of the last overlapping buffer).
// - The plan's size is the largest offset + size over all buffers.
// TFLM keeps its working arrays in the arena: kGreedyBytesPerBuffer bytes per buffer.
//
// The walk's answer depends only on the set of overlapping buffers, not on the order of equal
// offsets: it is the lowest position, 0 or the end of an overlapping buffer, from which `size`
// bytes hit no overlapping buffer (a zero-sized one counts when strictly inside). planGreedy
// finds that position through an index (greedy_index.h): buffers are looked up by lifetime in
// an interval tree, and the bytes from 0 that every step of a lifetime has covered without a
// gap are skipped, so buffers stacked on each other cost nothing to pass over. Its cost never
// exceeds the walk's by more than a logarithmic factor: O(n log n) for short lifetimes and for
// long-lived stacked buffers (100,000 model outputs), O(n^2 log n) at worst where TFLM is O(n^2).

#include "buffer_request.h"

#include <span>

namespace arenascope {

// sizeof(BufferRequirements) + 2 * sizeof(int) + sizeof(ListEntry) + sizeof(int): the same on
// every target TFLM supports (all members are int).
inline constexpr std::int64_t kGreedyBytesPerBuffer = 40;

Plan planGreedy(std::span<const BufferRequest> requests);

// The same plan by TFLM's own walk over every placed buffer: O(n^2). planGreedy uses it for
// small inputs and odd lifetimes (first > last); tests compare the two.
Plan planGreedyByWalk(std::span<const BufferRequest> requests);

} // namespace arenascope
