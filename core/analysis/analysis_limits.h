#pragma once
// The bounds one analysis keeps to, whatever the model: a model from anywhere must get an
// answer (or a clear message) in bounded time.
//
// - `budget`: wall time for the smallest-arena search. Past it, the search stops with the
//   smallest working size found so far and says the figure is an upper bound.
// - `largestMeasureArenaBytes`: a model that does not allocate in the 64 MiB measuring arena
//   is measured in arenas four times larger, up to this size (2^32 - 16: the most a 32-bit
//   size_t arena can hold), so activations of 1-2 GiB still get figures.
// - `cancel`: set by another thread (the GUI's Cancel) to stop the search as the budget does.
// - `progress`: told the fraction of the smallest-arena search done (0..1), from the thread
//   that runs the analysis, after each emulation of the search; may be empty.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

namespace arenascope {

struct AnalysisLimits {
    std::chrono::milliseconds budget { 30'000 };
    std::uint64_t largestMeasureArenaBytes = (1ULL << 32) - 16;
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double)> progress;
};

} // namespace arenascope
