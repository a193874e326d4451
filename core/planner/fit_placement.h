#pragma once
// First fit and best fit in a given order: the placement both ArenaScope's plan optimizer
// (plan_optimizer.h) and the heuristic planner (core/solver) use. Each buffer of `order` goes
// into the lowest gap (first fit) or the tightest gap (best fit) among the buffers already
// placed that are alive at the same time, or on top of them when no gap is large enough.
//
// Usage:
//   const auto offsets = placeInOrder(n, order, bestFit,
//       [&](std::size_t a, std::size_t b) { return aliveTogether(a, b); },
//       [&](std::size_t i) { return sizeOf(i); });   // offsets[i] < 0: not in `order`

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace arenascope {

template <typename Together, typename SizeOf>
std::vector<std::int64_t> placeInOrder(
    std::size_t count, std::span<const std::size_t> order, bool bestFit, Together together, SizeOf sizeOf)
{
    std::vector<std::int64_t> offsets(count, -1);
    std::vector<std::size_t> placed;
    std::vector<std::pair<std::int64_t, std::int64_t>> busy; // [begin, end) of buffers alive with it
    for (std::size_t id : order) {
        const std::int64_t size = sizeOf(id);
        busy.clear();
        for (std::size_t other : placed)
            if (together(id, other))
                busy.emplace_back(offsets[other], offsets[other] + sizeOf(other));
        std::sort(busy.begin(), busy.end());
        std::int64_t candidate = 0;
        std::int64_t best = -1;
        std::int64_t bestSlack = INT64_MAX;
        for (const auto& [begin, end] : busy) {
            if (begin - candidate >= size) {
                if (!bestFit) {
                    best = candidate;
                    break;
                }
                if (begin - candidate - size < bestSlack) {
                    bestSlack = begin - candidate - size;
                    best = candidate;
                }
            }
            candidate = std::max(candidate, end);
        }
        offsets[id] = best >= 0 ? best : candidate;
        placed.push_back(id);
    }
    return offsets;
}

} // namespace arenascope
