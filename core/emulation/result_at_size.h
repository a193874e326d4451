#pragma once
// An emulation at another arena size without emulating again, where that is exact: what a drag
// of the arena line asks dozens of times a second.
//
// Why it is exact. A model asks the allocators for the same sizes and alignments in the same
// order at every arena size (arena_trace.h); the size only moves the tail's end. Tail offsets are
// aligned down from the end with alignments that divide 16, so two arenas whose ends differ by a
// multiple of 16 place every tail allocation at offsets that differ by exactly that much, and the
// head and temp allocations, which grow from the start, not at all. The one request that depends
// on the size is the greedy planner's scratch, which takes all the memory left between the temp
// area and the tail: it grows by the same amount while it is held. So when the run at the new size
// succeeds as the reference run did (its allocator calls replayed at the new size succeed, and no
// tail allocation lands on live temp memory), the result at the new size is the reference's with
// those offsets moved. Tested field by field against emulate() (tests/core/result_at_size_test.cpp).
//
//   reference (end E):  | head | temp | scratch .......... | tail: a b c | end E
//   new size (end E+d): | head | temp | scratch ............... | tail: a b c | end E+d
//
// Below the smallest arena the same holds up to the call that fails: two sizes of one residue
// whose replays fail at the same allocator call made the same calls before it, moved as above,
// and TFLM stops there with the same log but for the numbers of the allocator's message, which
// the replay at the new size gives word for word. So a failed run moves too, when it failed at
// that call with exactly the allocator's message (not a planner that found its scratch too small,
// not a null write or a planner overrun, no overwrite of live temp memory).
//
// Usage:
//   SizeReferences refs;  refs.keep(measured);            // runs that succeeded, one per residue
//   if (auto ref = refs.forSize(size)) result = shiftedToSize(*ref, settingsAtSize);
//   ReplayOutcome r = replayTrace(trace, size);          // failed: r.failedStep, r.failure
//   if (auto ref = refs.failureForSize(size, r.failedStep))
//       result = shiftedFailureToSize(*ref, settingsAtSize, r.failure);

#include "emulation_result.h"

#include <array>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace arenascope {

// `reference` moved to the arena size of `settings` (settings.arenaSize): valid only when the
// reference ran in one arena, succeeded without a temp overwrite, its size differs from the new one
// by a multiple of 16, and the new size allocates without an overwrite (replayTrace says so).
EmulationResultPtr shiftedToSize(const EmulationResult& reference, const EmulationSettings& settings);

// Whether `run` can serve as a reference for shiftedToSize.
bool canShift(const EmulationResult& run);

// A failed `reference` moved to the arena size of `settings`, where the replay fails at the same
// allocator call with `allocatorMessage`: valid only for a reference canShiftFailure accepts,
// of the same residue mod 16, kept with the step it failed at.
EmulationResultPtr shiftedFailureToSize(
    const EmulationResult& reference, const EmulationSettings& settings, const std::string& allocatorMessage);

// Whether the failed `run` can serve as a reference for shiftedFailureToSize: it failed in one
// arena at an allocator call whose message (`allocatorMessage`, from the replay at its size) is
// the first line TFLM printed, with nothing else size-dependent (see the header comment).
bool canShiftFailure(const EmulationResult& run, const std::string& allocatorMessage);

// The references one analysis keeps: the last run that qualifies in each residue of the arena size
// mod 16, and the last few failed runs by residue and the allocator call they failed at. Safe to
// share between threads.
class SizeReferences {
public:
    void keep(const EmulationResultPtr& run); // ignored unless canShift(*run)
    EmulationResultPtr forSize(std::uint64_t arenaBytes) const; // nullptr: none of that residue

    // Ignored unless canShiftFailure(*run, allocatorMessage); `failedStep`: the replay's.
    void keepFailure(const EmulationResultPtr& run, std::size_t failedStep, const std::string& allocatorMessage);
    EmulationResultPtr failureForSize(std::uint64_t arenaBytes, std::size_t failedStep) const;

private:
    struct FailedRun {
        std::uint64_t residue = 0;
        std::size_t failedStep = 0;
        EmulationResultPtr run;
    };
    // A drag below the smallest arena meets a handful of failing calls; a failed run of a large
    // model holds megabytes, so only the newest few are kept.
    static constexpr std::size_t kFailedRunsKept = 32;

    mutable std::mutex m_mutex;
    std::array<EmulationResultPtr, 16> m_byResidue;
    std::vector<FailedRun> m_failed; // oldest first
};

} // namespace arenascope
