#pragma once
// The exact planner's search: does a buffer set fit in a capacity? A depth-first search over
// "canonical" plans, in the spirit of MiniMalloc (Moffitt, ASPLOS 2024); the design and code
// are ArenaScope's.
//
// Canonical plans. Push every buffer of a plan down until it rests on a buffer alive with it
// or on 0; list the buffers by offset (ties by rank, see below). The search builds plans in that
// order, so each buffer goes exactly at its "minimum offset": the top of the highest placed
// buffer alive with it. One branch per buffer that can come next; the offsets of successive
// placements never decrease.
//
// What cuts the search:
// - Section bound: time is split into sections at every lifetime boundary. In each section the
//   buffers still to place stack above both its floor and the offset just used, so
//   max(floor, offset) + their bytes must fit the capacity. A section's floor is the top of the
//   buffers placed in it, raised to the lowest minimum offset of the buffers still to place in it.
// - Gaps: a buffer whose minimum offset lies at or above the top some other buffer would have at
//   its own minimum offset is not placed next (that other buffer fits below it, so the plan with
//   it placed first is at least as good and is searched elsewhere).
// - A buffer alive with no buffer still to place constrains nothing: when the plans with it
//   placed next fail, so do the plans with the buffers after it placed next.
// - Parts of time that no buffer still to place spans across are solved one after the other.
//
// The order candidates are tried in within one offset (the rank) decides how fast a plan is
// found, and a search that goes astray early rarely recovers. Each part is ranked when its
// search starts, by three keys (the widest lifetime, the most bytes x time, the busiest section
// counting only the bytes still to place). decideWithRestarts runs the search in rounds, as
// MiniMalloc does: each of three key orders in turn under the round's node budget, the budget
// doubling from round to round; each round ends with the first order again, its first key
// scaled by random factors drawn anew in every round.
//
// Usage:
//   std::vector<std::int64_t> offsets;
//   const Decision d = decideWithRestarts(set, capacity, limits, offsets, nodes);

#include "buffer_set.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

namespace arenascope {

enum class Decision { Found, Infeasible, Stopped };

struct SearchLimits {
    std::chrono::steady_clock::time_point deadline;
    const std::atomic<bool>* cancel = nullptr;
};

// Fits `set` in `capacity`? On Found, `offsets` has one offset per buffer of the set. A proof
// of infeasibility (Infeasible) holds for every plan; Stopped means the deadline or cancel.
// `seed` != 0 gives every key order random factors drawn from it (another search of the same
// space: a proof holds whatever the order).
Decision decideWithRestarts(const BufferSet& set, std::int64_t capacity, const SearchLimits& limits,
    std::vector<std::int64_t>& offsets, std::uint64_t& nodes, std::uint32_t seed = 0);

} // namespace arenascope
