#pragma once
// The arena sizes at which one configuration prints what one attempt of a log printed.
//
// - An allocator failure ("Failed to resize buffer. Requested: R, available A, missing: M")
//   fixes the size: the request of R bytes is one allocation of the build (found in its run in a
//   large arena), and A grows byte for byte with the arena (in 16-byte steps where alignment
//   rounds). From the allocator's state before that allocation the size is estimated, then
//   corrected by emulating until TFLM's numbers come out, and the neighbouring sizes that print
//   the same (the alignment window, at most 16 bytes) are collected.
// - A failure no size changes (an unresolved operator, a type check) holds from the smallest
//   arena that reaches it upwards; a Prepare failure without its allocator line holds over the
//   sizes where that operator's allocation is the first that does not fit.
// - A successful attempt (the recording block, the memory plan) holds from the smallest arena up.
// Every size reported was emulated and compared fact by fact (fact_compare.h).
//
// Usage:
//   SolveBudget budget { deadline, cancel, &emulations };
//   AttemptSolution s = solveAttempt(model, settings, *bigRun, attempt, budget);

#include "fact_compare.h"

#include "core/model/model.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

// Arena sizes in bytes as the firmware declares them (at the settings' arena offset).
struct SizeRange {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0; // inclusive; ignored when unbounded
    bool unbounded = false; // every size from lo up
    // Sizes modulo 16 that belong (bit r: size % 16 == r): the tail's padding depends on where
    // the arena ends, so a successful run's figures may read the same only at some of them.
    std::uint16_t residues = 0xffff;
    bool contains(std::uint64_t bytes) const
    {
        return bytes >= lo && (unbounded || bytes <= hi) && ((residues >> (bytes % 16)) & 1U);
    }
};

struct SolveBudget {
    std::chrono::steady_clock::time_point deadline;
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<std::size_t>* emulations = nullptr; // counts every emulation run
    bool expired() const { return (cancel && cancel->load()) || std::chrono::steady_clock::now() > deadline; }
};

struct AttemptSolution {
    std::vector<SizeRange> sizes; // empty: no size reproduces the attempt
    bool exact = false; // the log holds every line the build prints there
    // The closest this configuration came, when nothing reproduces the attempt: the size
    // emulated, how far the facts matched, what differs. `score` orders configurations.
    std::optional<std::uint64_t> nearestSize;
    FactComparison nearest;
    std::int64_t score = std::numeric_limits<std::int64_t>::min();
    bool timedOut = false;
};

AttemptSolution solveAttempt(const Model& model, const EmulationSettings& settings, const EmulationResult& bigRun,
    const AttemptFacts& attempt, SolveBudget& budget);

} // namespace arenascope
