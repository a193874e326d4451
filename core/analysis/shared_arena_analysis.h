#pragma once
// Several models in one arena (core/emulation/shared_arena.h), analysed as one model is
// (analysis.h): the figures in a measuring arena, the outcome at the user's size, the smallest
// shared arena and the tenant that breaks first below it, and the order of the models that
// needs the least arena.
//
// - `measured`: the tenants in a 64 MiB arena (or larger, as for one model).
// - `minArenaBytes`: the smallest arena in which every tenant that allocates in the measuring
//   arena allocates (a tenant that fails for a reason no size fixes, and the tenants after it,
//   which it blocks, are left out; none: not one tenant allocates).
// - `belowMinimum`: one byte below it: which tenant fails first, with TFLM's message.
// - `bestOrder`: the order that needs the least arena, when it needs less than the given order
//   (every order up to 6 tenants; beyond, orders tried within the time budget).
//
// Usage:
//   auto a = analyzeSharedArena({{kws, "kws.tflite"}, {vad, "vad.tflite"}}, settings);
//   if (a->bestOrder) ...  // saves a->minArenaBytes - a->bestOrder->minArenaBytes

#include "analysis_limits.h"
#include "minimum_search.h"
#include "verdict.h"

#include "core/emulation/shared_arena.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct TenantOrder {
    std::vector<std::size_t> order; // tenant indices as given, in the order they allocate
    std::uint64_t minArenaBytes = 0;
};

// What every view prints about a shared arena, made once (as verdict.h is for one model).
struct SharedVerdict {
    VerdictKind kind = VerdictKind::NoSizeGiven;
    // "Does not fit: 1,216 B short of the smallest shared arena (41,216 B); vad.tflite breaks first"
    std::string headline;
    std::uint64_t shortfallBytes = 0; // DoesNotFit: the smallest shared arena - the arena size
    std::uint64_t headroomBytes = 0; // Fits: the arena size - the smallest shared arena
    // The tenant that breaks: at the user's size, or the one no size helps; -1: none.
    std::int32_t breakingTenant = -1;
    std::string tflmMessage; // its failure's first line, TFLM's words
    std::string where; // "tenant 2 (vad.tflite): kernel_prepare, operator 3 (CONV_2D)"
};

struct SharedArenaAnalysis {
    std::vector<Tenant> tenants; // in the order the firmware builds them
    EmulationSettings settings; // the firmware's; arenaSize: the user's, if any
    Construction construction = Construction::AllFirst;
    SharedArenaResultPtr measured;
    SharedArenaResultPtr atSize; // == measured when no size was given
    SharedArenaResultPtr atMinimum; // nullptr when there is no minimum
    SharedArenaResultPtr belowMinimum; // one byte below the minimum
    std::optional<std::uint64_t> minArenaBytes;
    bool minArenaExact = true; // false: the search ran out of its budget
    std::size_t requiredTenants = 0; // the tenants (a prefix) that allocate in the measuring arena
    std::optional<TenantOrder> bestOrder;
    std::size_t ordersTried = 0;
    bool everyOrderTried = false;
    std::vector<std::string> notes;
    // The same model file more than once: legal in TFLM (each interpreter has its own state).
    std::vector<std::string> repeatedModels;
    SharedVerdict verdict;
    // The run the tenants' figures come from: at the given size, else the measuring arena.
    const SharedArenaResult& figuresRun() const { return *atSize; }

    std::optional<std::uint64_t> arenaSize() const { return settings.arenaSize; }
    std::optional<bool> fits() const;
    bool succeeds() const; // fits the given size, or every tenant allocates in the measuring arena
};

using SharedArenaAnalysisPtr = std::shared_ptr<const SharedArenaAnalysis>;

SharedArenaAnalysisPtr analyzeSharedArena(std::vector<Tenant> tenants, EmulationSettings settings,
    Construction construction = Construction::AllFirst, const AnalysisLimits& limits = {});

// The smallest shared arena of one order (tenants' indices), or nullopt when not every tenant
// allocates in it.
std::optional<std::uint64_t> sharedArenaMinimum(
    const std::vector<Tenant>& tenants, const EmulationSettings& settings, Construction construction);

} // namespace arenascope
