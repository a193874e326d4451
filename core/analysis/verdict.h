#pragma once
// The verdict on one analysis, computed once and printed by every view: the verdict panel,
// the status bar, `plan` (text and JSON), the HTML report and the report sheet. They format
// it; none of them re-derives it, so they cannot disagree.
//
// - kind and headline: fits / does not fit / no size given / fails before size matters;
// - shortfall (smallest arena - arena size) or headroom (arena size - smallest arena): the
//   arena's figures, not the failing allocation's (whose `missing` can be far smaller);
// - figures (used, head, tail, temp peak) with the arena size they were taken at: the user's
//   size when it fits, the smallest arena when it does not, the measuring arena otherwise;
// - the first failure in TFLM's words, and what happened in plain words;
// - the tail by category and the largest buffers at the peak.
//
// Usage:
//   const Verdict v = makeVerdict(*analysis);
//   std::cout << v.headline << "\n" << v.tflmMessage << "\n";

#include "analysis.h"

#include "core/emulation/provenance.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

enum class VerdictKind {
    Fits, // an arena size was given and AllocateTensors succeeds in it
    DoesNotFit, // an arena size was given and a capacity failure stops AllocateTensors
    NoSizeGiven, // figures of what the model needs
    CannotAllocate, // fails whatever the size (unresolved operator, unsupported type, ...)
};

struct TailShare {
    Category category = Category::AllocatorObjects;
    std::uint64_t bytes = 0; // used, padding included
};

struct PeakBuffer {
    std::int32_t planned = -1; // index into EmulationResult::planned
    std::string name; // "input [1x96x96x1]" or "scratch 0 (CONV_2D)"
    std::uint64_t bytes = 0; // as planned (aligned)
};

struct Verdict {
    VerdictKind kind = VerdictKind::NoSizeGiven;
    std::string headline; // "Does not fit: 56,041 B short of the smallest arena (82,296 B)"
    std::optional<std::uint64_t> arenaSize;
    std::optional<std::uint64_t> minArenaBytes;
    // With separate arenas, arenaSize and minArenaBytes are the persistent arena's, these the
    // non-persistent one's, and shortfall and headroom add up both arenas.
    std::optional<std::uint64_t> nonPersistentBytes;
    std::optional<std::uint64_t> minNonPersistentBytes;
    std::uint64_t shortfallBytes = 0; // DoesNotFit: minArenaBytes - arenaSize
    std::uint64_t headroomBytes = 0; // Fits: arenaSize - minArenaBytes
    // The arena RAM to budget for: the given arena(s) when they fit, else the smallest that
    // work (both arenas when separate), else the arena the figures were taken in.
    std::uint64_t budgetArenaBytes = 0;
    // When TFLM's tail overwrites live temp memory at the smallest arena: the smallest arena
    // where it does not (the size to recommend; see TempOverwrite).
    std::optional<std::uint64_t> overwriteFreeMinBytes;

    // The figures and the arena size they were taken at.
    std::uint64_t figuresArenaBytes = 0;
    std::uint64_t arenaUsedBytes = 0;
    std::uint64_t headBytes = 0;
    std::uint64_t tailBytes = 0;
    std::uint64_t tempPeakBytes = 0;
    std::vector<TailShare> tail; // the tail of that run by category, largest first

    // The first failure (at the user's size, or one no size fixes).
    bool failed = false;
    std::string stage; // "commit_plan"
    std::string stageInWords; // "committing the memory plan: ..."
    std::string where; // "operator 3 (CONV_2D) of subgraph 0", or empty
    std::string tflmMessage; // TFLM's first line, verbatim (or a note that it prints nothing)
    std::string plainWords; // what the message means, with its bytes

    std::int32_t peakStep = -1;
    std::vector<PeakBuffer> largestAtPeak; // up to five, largest first
    std::vector<std::string> warnings; // hazards TFLM does not report

    // Whether real TFLM proves this configuration's figures (provenance.h).
    ProvenanceLevel fidelity = ProvenanceLevel::Source;
    std::string fidelityNote; // "measured against real TFLM (...)"
};

Verdict makeVerdict(const Analysis& a);

// The emulation whose figures the verdict states (see figuresArenaBytes).
const EmulationResult& figuresRun(const Analysis& a);

// "fits", "does_not_fit", "no_size_given", "cannot_allocate".
const char* verdictKindName(VerdictKind kind);

// The device and interpreter in one line: "cortex-m (Cortex-M, arm-none-eabi GCC), reference
// kernels, greedy planner, plain interpreter".
std::string describeSettings(const EmulationSettings& s);

// What a stage of AllocateTensors does, in a user's words.
std::string explainPhase(Phase phase);

} // namespace arenascope
