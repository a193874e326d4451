#pragma once
// Planners beyond TFLM's, for a buffer set (buffer_set.h):
// - TflmGreedy: TFLM's GreedyMemoryPlanner, exactly as the device plans (greedy_planner.h).
// - Heuristic: several orderings (size, lifetime, size x lifetime, start, end) x first fit and
//   best fit; the best plan wins (TFLM's greedy plan included, so it is never worse).
// - Exact: a search over canonical plans (exact_search.h) decides "fits in C?" for the
//   capacity, then for the lower bound (the most bytes alive at one time), then halves the gap
//   between what is proven impossible or left undecided and the best plan while time remains
//   (each size gets a third of the time left, so a size the search cannot decide does not eat
//   it all; sizes in whole steps of the sizes' greatest common divisor, as every peak is one;
//   once every size up to the best plan is left undecided, again from the bottom with other
//   random orders). At the lower bound the plan is proven optimal; otherwise the result says
//   how far it may be from it.
//
// Usage:
//   SolveOptions o; o.planner = SolverKind::Exact; o.capacity = 1 << 20;
//   const Solution s = solve(set, o);   // s.offsets, s.peakBytes, s.optimal, s.fits

#include "buffer_set.h"

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace arenascope {

enum class SolverKind { TflmGreedy, Heuristic, Exact };
std::string_view solverName(SolverKind kind); // "tflm-greedy", "heuristic", "exact"
std::optional<SolverKind> parseSolver(std::string_view name);

struct SolveOptions {
    SolverKind planner = SolverKind::Exact;
    std::optional<std::int64_t> capacity; // bytes the plan must fit in, if any
    std::chrono::milliseconds timeLimit { 10'000 }; // for the exact search
    const std::atomic<bool>* cancel = nullptr; // set from another thread to stop the search
};

struct Solution {
    SolverKind planner = SolverKind::Exact;
    std::vector<std::int64_t> offsets; // one per buffer, in the set's order
    std::int64_t peakBytes = 0;
    std::int64_t lowerBoundBytes = 0;
    bool optimal = false; // peakBytes is proven the smallest possible
    // No plan peaks below this (the lower bound, or one more than a size proven impossible);
    // peakBytes - provenBoundBytes is the gap the search leaves open (0 when optimal).
    std::int64_t provenBoundBytes = 0;
    std::optional<bool> fits; // peakBytes <= capacity, when a capacity was given
    bool stoppedEarly = false; // time limit or cancel before the search ended
    std::string method; // which ordering / search produced the plan
    double seconds = 0.0;
    std::optional<double> fitSeconds; // when the first plan within the capacity was at hand
    std::uint64_t nodes = 0; // branch-and-bound nodes visited
};

Solution solve(const BufferSet& set, const SolveOptions& options);

} // namespace arenascope
