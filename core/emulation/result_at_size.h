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
// Usage:
//   SizeReferences refs;  refs.keep(measured);            // runs that succeeded, one per residue
//   if (auto ref = refs.forSize(size)) result = shiftedToSize(*ref, settingsAtSize);

#include "emulation_result.h"

#include <array>
#include <memory>
#include <mutex>

namespace arenascope {

// `reference` moved to the arena size of `settings` (settings.arenaSize): valid only when the
// reference ran in one arena, succeeded without a temp overwrite, its size differs from the new one
// by a multiple of 16, and the new size allocates without an overwrite (replayTrace says so).
EmulationResultPtr shiftedToSize(const EmulationResult& reference, const EmulationSettings& settings);

// Whether `run` can serve as a reference for shiftedToSize.
bool canShift(const EmulationResult& run);

// The references one analysis keeps: the last run that qualifies in each residue of the arena size
// mod 16. Safe to share between threads.
class SizeReferences {
public:
    void keep(const EmulationResultPtr& run); // ignored unless canShift(*run)
    EmulationResultPtr forSize(std::uint64_t arenaBytes) const; // nullptr: none of that residue

private:
    mutable std::mutex m_mutex;
    std::array<EmulationResultPtr, 16> m_byResidue;
};

} // namespace arenascope
