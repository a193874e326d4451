#pragma once
// Everything ArenaScope tells about one model under one set of settings.
//
// - `measured`: the emulation in a 64 MiB arena (or the given size, if larger): the figures
//   TFLM reports after a successful AllocateTensors (arena_used_bytes, head, tail).
// - `atSize`: the emulation at the user's arena size (settings.arenaSize), when one was given:
//   fits or not, and the first failing event.
// - `atMinimum`: the emulation at the smallest working arena: the figures a model that does
//   not fit needs.
// - `minArenaBytes`: the smallest arena in which AllocateTensors succeeds, found by emulating
//   (not estimating); nullopt when no arena size helps (unresolved operator, bad type).
// - `lowerBoundBytes`: the most bytes of planned buffers alive at one time: no plan can
//   use less head than this.
//
// Usage:
//   settings.arenaSize = 100 * 1024;
//   auto analysis = analyze(model, settings);
//   if (!analysis->fits()) explain(*analysis->atSize->failure);

#include "analysis_limits.h"
#include "minimum_search.h"

#include "core/arena/arena_trace.h"
#include "core/emulation/emulation_result.h"
#include "core/emulation/result_at_size.h"
#include "core/model/model.h"
#include "core/planner/plan_cache.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace arenascope {

struct Verdict;

struct Analysis {
    ModelPtr model;
    EmulationSettings settings; // as requested (arenaSize = the user's size, if any)
    EmulationResultPtr measured;
    EmulationResultPtr atSize; // == measured when no size was given
    EmulationResultPtr atMinimum; // at minArenaBytes; nullptr when there is none
    std::optional<std::uint64_t> minArenaBytes; // with separate arenas: the persistent one
    // With separate arenas (settings.nonPersistentBytes): the smallest non-persistent arena.
    std::optional<std::uint64_t> minNonPersistentBytes;
    // False when the search ran out of its time budget (AnalysisLimits): minArenaBytes then
    // works but may not be the smallest.
    bool minArenaExact = true;
    bool cancelled = false; // AnalysisLimits::cancel stopped the search
    // What the reader should know about how the figures were found (a larger measuring arena,
    // a search cut short), one sentence each.
    std::vector<std::string> notes;
    // Only when TFLM's tail overwrites live temp memory at minArenaBytes (see TempOverwrite):
    // the smallest arena at which it does not, the size to recommend.
    std::optional<std::uint64_t> overwriteFreeMinBytes;
    std::uint64_t lowerBoundBytes = 0;
    std::uint64_t alignmentWasteBytes = 0; // padding of planned buffers (aligned - requested)
    std::int32_t peakScope = -1; // scope where live planned bytes peak
    // RecordingMicroInterpreter only: the extra arena it uses over the plain interpreter.
    std::optional<std::uint64_t> recordingOverheadBytes;
    // What every view prints (verdict.h): made once, by analyze() and reanalyzeAtSize(), from
    // the fields above.
    std::shared_ptr<const Verdict> verdict;
    // The memory plan of these settings, kept for every later emulation at another size
    // (reanalyzeAtSize): the plan does not depend on the size. Thread-safe.
    std::shared_ptr<PlanCache> plans;
    // For a size change (reanalyzeAtSize) without emulating again: the measuring run's allocator
    // calls, replayed at the new size to know whether it allocates as the runs kept in
    // `sizeReferences` did (then one of them moved to the new size is the run there,
    // result_at_size.h). Null with separate arenas or when the measuring run failed.
    std::shared_ptr<const ArenaTrace> trace;
    std::shared_ptr<SizeReferences> sizeReferences; // thread-safe, shared by the reanalyses

    std::optional<std::uint64_t> arenaSize() const { return settings.arenaSize; }
    // The arena the timeline and the arena map show, whose line the user drags: the
    // non-persistent arena when the arenas are separate (the plan and temp live there), else the
    // single arena (the given size, or the bytes used in the measuring arena).
    std::uint64_t shownArenaBytes() const;
    std::optional<bool> fits() const;
    // The failure that decides the verdict: at the user's size, or a non-capacity failure.
    const Failure* failure() const;
    // What the commands' exit code 0 means: the model fits the given size, or without a size
    // allocates in the measuring arena; a failure no size fixes never succeeds.
    bool succeeds() const;
};

using AnalysisPtr = std::shared_ptr<const Analysis>;

AnalysisPtr analyze(ModelPtr model, EmulationSettings settings, const AnalysisLimits& limits = {});

// The same analysis at another arena size: reuses the measured run, the minimum and the lower
// bound (they do not depend on the size) and emulates once, or not at all where a run kept at a
// size of the same residue mod 16 moved to the new size is exact (result_at_size.h). What an
// arena-size drag costs.
AnalysisPtr reanalyzeAtSize(const Analysis& base, std::optional<std::uint64_t> arenaSize);
// The same with both arena sizes taken from `sizes` (arenaSize and nonPersistentBytes).
AnalysisPtr reanalyzeAtSize(const Analysis& base, const EmulationSettings& sizes);

// Emulates `base` at the 16 sizes just above its smallest arena and the 16 just below, keeping
// each run in `base.sizeReferences`, so that a drag of the arena line across the minimum moves
// kept runs from its first frame on instead of emulating once per residue (a background job of
// the desktop app, after an analysis). Stops early when `cancel` is set or after a second; does
// nothing with separate arenas or without a smallest arena.
void prepareSizeReferences(const Analysis& base, const std::atomic<bool>* cancel = nullptr);

// True if `a` and `b` differ only in the arena sizes (so reanalyzeAtSize applies). Every
// other setting changes the emulation.
bool sameExceptSize(const EmulationSettings& a, const EmulationSettings& b);

// The smallest arena size for which emulation succeeds, or nullopt if none up to `ceiling`.
std::optional<std::uint64_t> findMinimumArena(const Model& model, EmulationSettings settings, std::uint64_t ceiling);

// The smallest arena size for which emulation succeeds without the tail overwriting live temp
// memory (EmulationResult::tempOverwrite), or nullopt if none up to `ceiling`.
std::optional<std::uint64_t> findOverwriteFreeArena(
    const Model& model, EmulationSettings settings, std::uint64_t ceiling);

// What a size must do to count as working in a search.
enum class ArenaCriterion { Allocates, AllocatesWithoutOverwrite };

// The smallest arena size whose emulation meets `criterion`, assuming that success is monotonic
// in the size within each residue class mod 16 (the tail aligns from the arena's end).
std::optional<std::uint64_t> findSmallestArena(
    const Model& model, EmulationSettings settings, std::uint64_t ceiling, ArenaCriterion criterion);

// findMinimumArena under a deadline: past it, the smallest working size found so far
// (MinimumSearch: minimum_search.h).
// `which` says which arena's size varies (the other keeps its size in `settings`).
enum class SizedArena { Main, NonPersistent };
// `progress` (if given) hears the fraction of the search done after each emulation.
// `plans` (if given) keeps the memory plan across the sizes tried (and beyond the search);
// `trace` (if given and complete: the allocator calls of a successful emulation of the same
// settings at another size) answers each size by replay instead of emulation (arena_trace.h).
MinimumSearch findMinimumArena(const Model& model, EmulationSettings settings, std::uint64_t ceiling,
    std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* cancel = nullptr,
    SizedArena which = SizedArena::Main, const std::function<void(double)>& progress = {}, PlanCache* plans = nullptr,
    const ArenaTrace* trace = nullptr);

// Live planned bytes per scope (index = scope), from a finished plan.
std::vector<std::uint64_t> liveBytesPerScope(const EmulationResult& result);

} // namespace arenascope
