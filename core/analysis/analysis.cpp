#include "analysis.h"
#include "reanalysis.h"

#include "verdict.h"

#include "core/emulation/emulator.h"
#include "core/util/format.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace arenascope {

std::optional<bool> Analysis::fits() const
{
    if (!settings.arenaSize)
        return std::nullopt;
    return atSize && atSize->ok;
}

std::uint64_t Analysis::shownArenaBytes() const
{
    if (settings.nonPersistentBytes)
        return *settings.nonPersistentBytes;
    return arenaSize().value_or(measured->arenaUsedBytes);
}

bool Analysis::succeeds() const
{
    const Failure* f = failure();
    if (f && !f->capacity)
        return false;
    return fits().value_or(measured->ok);
}

const Failure* Analysis::failure() const
{
    if (measured && measured->failure && !measured->failure->capacity)
        return &*measured->failure;
    if (atSize && atSize->failure)
        return &*atSize->failure;
    if (measured && measured->failure)
        return &*measured->failure;
    return nullptr;
}

std::optional<std::uint64_t> findMinimumArena(const Model& model, EmulationSettings settings, std::uint64_t ceiling)
{
    return findSmallestArena(model, std::move(settings), ceiling, ArenaCriterion::Allocates);
}

std::optional<std::uint64_t> findOverwriteFreeArena(
    const Model& model, EmulationSettings settings, std::uint64_t ceiling)
{
    return findSmallestArena(model, std::move(settings), ceiling, ArenaCriterion::AllocatesWithoutOverwrite);
}

namespace {

// Whether a size works for one model: replayed from `trace` when it is complete, else emulated.
SizeProbe modelProbe(const Model& model, const EmulationSettings& settings, ArenaCriterion criterion, SizedArena which,
    PlanCache* plans, const ArenaTrace* trace)
{
    const bool allowOverwrite = criterion == ArenaCriterion::Allocates;
    SizeProbe probe;
    probe.emulate = [&model, settings, which, plans, allowOverwrite](std::uint64_t size) {
        EmulationSettings s = settings;
        (which == SizedArena::Main ? s.arenaSize : s.nonPersistentBytes) = size;
        const auto r = emulate(model, s, plans);
        return r->ok && (allowOverwrite || !r->tempOverwrite);
    };
    ReplayShape shape;
    shape.allowOverwrite = allowOverwrite;
    if (settings.nonPersistentBytes) {
        if (which == SizedArena::Main)
            shape.nonPersistentBytes = *settings.nonPersistentBytes;
        else
            shape.persistentBytes = settings.arenaBytes();
    } else {
        // MicroAllocator::Create aligns the start up first (Emulation::createAllocator).
        shape.loss = settings.arenaStartLoss();
    }
    probe.replay = replayProbe(trace, shape);
    return probe;
}

MinimumSearch searchSmallest(const Model& model, const EmulationSettings& settings, std::uint64_t ceiling,
    ArenaCriterion criterion, std::optional<std::chrono::steady_clock::time_point> deadline,
    const std::atomic<bool>* cancel, SizedArena which = SizedArena::Main,
    const std::function<void(double)>& progress = {}, PlanCache* plans = nullptr, const ArenaTrace* trace = nullptr)
{
    // Every size plans the same buffers: plan once (plan_cache.h).
    PlanCache ownPlans;
    const SizeProbe probe = modelProbe(model, settings, criterion, which, plans ? plans : &ownPlans, trace);
    return searchSmallestSize(probe, ceiling, deadline, cancel, progress);
}

} // namespace

std::optional<std::uint64_t> findSmallestArena(
    const Model& model, EmulationSettings settings, std::uint64_t ceiling, ArenaCriterion criterion)
{
    // A trace of one successful emulation at the ceiling answers every other size (arena_trace.h).
    EmulationSettings atCeiling = settings;
    atCeiling.arenaSize = ceiling;
    PlanCache plans;
    ArenaTrace trace;
    emulate(model, atCeiling, &plans, &trace);
    return searchSmallest(
        model, std::move(settings), ceiling, criterion, std::nullopt, nullptr, SizedArena::Main, {}, &plans, &trace)
        .bytes;
}

MinimumSearch findMinimumArena(const Model& model, EmulationSettings settings, std::uint64_t ceiling,
    std::chrono::steady_clock::time_point deadline, const std::atomic<bool>* cancel, SizedArena which,
    const std::function<void(double)>& progress, PlanCache* plans, const ArenaTrace* trace)
{
    return searchSmallest(model, std::move(settings), ceiling, ArenaCriterion::Allocates, deadline, cancel, which,
        progress, plans, trace);
}

std::vector<std::uint64_t> liveBytesPerScope(const EmulationResult& result)
{
    // A difference array: + at each buffer's first scope, - past its last, then running sums, so
    // long lifetimes cost no more than short ones.
    const auto scopes = static_cast<std::int32_t>(std::max(result.scopeCount, 1));
    std::vector<std::int64_t> delta(static_cast<std::size_t>(scopes) + 1, 0);
    for (const PlannedBuffer& b : result.planned) {
        const std::int32_t first = std::max(b.first, 0);
        const std::int32_t end = std::min(b.last + 1, scopes);
        if (first >= end)
            continue;
        delta[static_cast<std::size_t>(first)] += static_cast<std::int64_t>(b.alignedBytes);
        delta[static_cast<std::size_t>(end)] -= static_cast<std::int64_t>(b.alignedBytes);
    }
    std::vector<std::uint64_t> live(static_cast<std::size_t>(scopes), 0);
    std::int64_t running = 0;
    for (std::size_t s = 0; s < live.size(); ++s) {
        running += delta[s];
        live[s] = static_cast<std::uint64_t>(running);
    }
    return live;
}

AnalysisPtr analyze(ModelPtr model, EmulationSettings settings, const AnalysisLimits& limits)
{
    const auto deadline = std::chrono::steady_clock::now() + limits.budget;
    auto a = std::make_shared<Analysis>();
    a->model = model;
    a->settings = settings;
    a->plans = std::make_shared<PlanCache>();
    PlanCache* plans = a->plans.get();
    const std::optional<std::uint64_t> arenaSize = settings.arenaSize;
    EmulationSettings measure = settings;
    measure.arenaSize = std::max<std::uint64_t>(kMeasureArenaBytes, arenaSize.value_or(0));
    if (measure.nonPersistentBytes)
        measure.nonPersistentBytes = std::max<std::uint64_t>(kMeasureArenaBytes, *measure.nonPersistentBytes);
    // The measuring run's allocator calls answer the minimum search's sizes (arena_trace.h).
    ArenaTrace trace;
    a->measured = emulate(*model, measure, plans, &trace);
    // Too large for the measuring arena: measure in larger ones (emulation costs the same at
    // any size), so a model of 1-2 GiB activations still gets figures and a smallest arena.
    while (!a->measured->ok && a->measured->failure && a->measured->failure->capacity && !measure.nonPersistentBytes
        && *measure.arenaSize < limits.largestMeasureArenaBytes) {
        measure.arenaSize = std::min(*measure.arenaSize * 4, limits.largestMeasureArenaBytes);
        auto larger = emulate(*model, measure, plans, &trace);
        if (larger->ok) {
            a->notes.push_back("The model does not allocate in the " + formatBytes(kMeasureArenaBytes)
                + " measuring arena: its figures were taken in an arena of " + formatBytes(*measure.arenaSize) + ".");
            a->measured = std::move(larger);
            break;
        }
        if (*measure.arenaSize >= limits.largestMeasureArenaBytes)
            a->notes.push_back("The model does not allocate even in an arena of " + formatBytes(*measure.arenaSize)
                + ", the largest ArenaScope measures in.");
    }
    a->atSize = arenaSize ? emulate(*model, settings, plans) : a->measured;
    a->sizeReferences = std::make_shared<SizeReferences>();
    a->sizeReferences->keep(a->measured);
    a->sizeReferences->keep(a->atSize);
    if (a->measured->ok && !settings.nonPersistentBytes) {
        const MinimumSearch found = findMinimumArena(*model, settings, measure.arenaBytes(), deadline, limits.cancel,
            SizedArena::Main, limits.progress, plans, &trace);
        a->minArenaBytes = found.bytes;
        a->minArenaExact = found.exact;
        a->cancelled = !found.exact && limits.cancel && limits.cancel->load();
        if (a->cancelled)
            a->notes.push_back("The search for the smallest arena was cancelled: " + formatBytes(*found.bytes)
                + " works, a smaller arena may too.");
        else if (!found.exact)
            a->notes.push_back("The search for the smallest arena stopped after its "
                + formatString("%.1f", static_cast<double>(limits.budget.count()) / 1000.0)
                + " s budget: " + formatBytes(*found.bytes) + " works, a smaller arena may too.");
        if (a->minArenaBytes) {
            EmulationSettings atMin = settings;
            atMin.arenaSize = *a->minArenaBytes;
            a->atMinimum = emulate(*model, atMin, plans);
            a->sizeReferences->keep(a->atMinimum);
            if (a->atMinimum->tempOverwrite && found.exact)
                a->overwriteFreeMinBytes = findOverwriteFreeArena(*model, settings, measure.arenaBytes());
        }
    }
    if (a->measured->ok && settings.nonPersistentBytes) {
        // Separate arenas: TFLM's persistent and non-persistent allocations never share memory,
        // so each arena has its own smallest size, found with the other at the measuring size.
        EmulationSettings persistent = settings;
        persistent.nonPersistentBytes = measure.nonPersistentBytes;
        // One search after the other: each is half of the progress.
        const auto half = [&limits](double from) {
            return limits.progress
                ? std::function<void(double)>([&limits, from](double f) { limits.progress(from + f / 2); })
                : std::function<void(double)>();
        };
        const MinimumSearch p = findMinimumArena(*model, persistent, measure.arenaBytes(), deadline, limits.cancel,
            SizedArena::Main, half(0.0), plans, &trace);
        EmulationSettings nonPersistent = settings;
        nonPersistent.arenaSize = measure.arenaSize;
        const MinimumSearch np = findMinimumArena(*model, nonPersistent, *measure.nonPersistentBytes, deadline,
            limits.cancel, SizedArena::NonPersistent, half(0.5), plans, &trace);
        a->minArenaBytes = p.bytes;
        a->minNonPersistentBytes = np.bytes;
        a->minArenaExact = p.exact && np.exact;
        a->cancelled = !a->minArenaExact && limits.cancel && limits.cancel->load();
        if (!a->minArenaExact)
            a->notes.push_back(std::string(a->cancelled ? "The search for the smallest arenas was cancelled"
                                                        : "The search for the smallest arenas ran out of its budget")
                + ": the sizes found work, smaller ones may too.");
        if (p.bytes && np.bytes) {
            EmulationSettings atMin = settings;
            atMin.arenaSize = *p.bytes;
            atMin.nonPersistentBytes = *np.bytes;
            a->atMinimum = emulate(*model, atMin, plans);
        }
    }
    const auto live = liveBytesPerScope(*a->measured);
    const auto peak = std::max_element(live.begin(), live.end());
    a->lowerBoundBytes = peak == live.end() ? 0 : *peak;
    a->peakScope = peak == live.end() ? -1 : static_cast<std::int32_t>(peak - live.begin());
    for (const PlannedBuffer& b : a->measured->planned)
        a->alignmentWasteBytes += b.alignedBytes - b.bytes;
    if (settings.effectiveInterpreter() == InterpreterKind::Recording && a->measured->ok) {
        EmulationSettings plain = measure;
        plain.interpreter = InterpreterKind::Plain;
        const auto p = emulate(*model, plain, plans);
        if (p->ok && a->measured->arenaUsedBytes >= p->arenaUsedBytes)
            a->recordingOverheadBytes = a->measured->arenaUsedBytes - p->arenaUsedBytes;
    }
    if (trace.complete && a->measured->ok && !settings.nonPersistentBytes)
        a->trace = std::make_shared<const ArenaTrace>(std::move(trace));
    a->verdict = std::make_shared<const Verdict>(makeVerdict(*a));
    return a;
}

} // namespace arenascope

namespace arenascope {

bool sameExceptSize(const EmulationSettings& a, const EmulationSettings& b)
{
    // Every field but the arena sizes (with separate arenas, whether there are two still counts),
    // so a setting added later cannot be forgotten here.
    EmulationSettings y = b;
    y.arenaSize = a.arenaSize;
    if (a.nonPersistentBytes && y.nonPersistentBytes)
        y.nonPersistentBytes = a.nonPersistentBytes;
    return a == y;
}

namespace {

// One emulation at the size of `settings`, or a kept run moved there when that is exact.
EmulationResultPtr emulateAtSize(const Analysis& base, const EmulationSettings& settings)
{
    const std::uint64_t size = settings.arenaBytes();
    const std::uint64_t loss = settings.arenaStartLoss();
    if (base.trace && base.sizeReferences && !settings.nonPersistentBytes && size > loss) {
        const ReplayOutcome r = replayTrace(*base.trace, size - loss);
        if (r.ok && !r.tempOverwrite) {
            if (const EmulationResultPtr reference = base.sizeReferences->forSize(size))
                return shiftedToSize(*reference, settings);
            auto run = emulate(*base.model, settings, base.plans.get());
            base.sizeReferences->keep(run);
            return run;
        }
        if (!r.ok && !r.tempOverwrite && !r.failure.empty()) {
            if (const EmulationResultPtr reference = base.sizeReferences->failureForSize(size, r.failedStep))
                return shiftedFailureToSize(*reference, settings, r.failure);
            auto run = emulate(*base.model, settings, base.plans.get());
            base.sizeReferences->keepFailure(run, r.failedStep, r.failure);
            return run;
        }
    }
    return emulate(*base.model, settings, base.plans.get());
}

} // namespace

void prepareSizeReferences(const Analysis& base, const std::atomic<bool>* cancel)
{
    if (!base.trace || !base.sizeReferences || !base.minArenaBytes || base.settings.nonPersistentBytes)
        return;
    const std::uint64_t minimum = *base.minArenaBytes;
    EmulationSettings at = base.settings;
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t d = 0; d < 16; ++d) {
        if (minimum + d <= base.measured->settings.arenaBytes())
            sizes.push_back(minimum + d);
        if (minimum > d + 1 + at.arenaStartLoss())
            sizes.push_back(minimum - 1 - d);
    }
    // A model whose emulation takes long gets what a second buys; its drag runs in the background
    // anyway, and keeps runs as it goes.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    for (const std::uint64_t size : sizes) {
        if ((cancel && cancel->load()) || std::chrono::steady_clock::now() > deadline)
            return;
        at.arenaSize = size;
        emulateAtSize(base, at);
    }
}

bool reanalysisEmulatesOnce(const Analysis& base, const EmulationSettings& sizes)
{
    const auto& measuredAt = base.measured->settings;
    return !(sizes.arenaSize && *sizes.arenaSize > measuredAt.arenaBytes())
        && !(sizes.nonPersistentBytes && measuredAt.nonPersistentBytes
            && *sizes.nonPersistentBytes > *measuredAt.nonPersistentBytes);
}

AnalysisPtr reanalyzeAtSize(const Analysis& base, std::optional<std::uint64_t> arenaSize)
{
    EmulationSettings sizes = base.settings;
    sizes.arenaSize = arenaSize;
    return reanalyzeAtSize(base, sizes);
}

AnalysisPtr reanalyzeAtSize(const Analysis& base, const EmulationSettings& sizes)
{
    EmulationSettings settings = base.settings;
    settings.arenaSize = sizes.arenaSize;
    settings.nonPersistentBytes = sizes.nonPersistentBytes;
    const std::optional<std::uint64_t> arenaSize = settings.arenaSize;
    // A size above the measuring arena changes the measured figures too: start afresh.
    if (!reanalysisEmulatesOnce(base, settings))
        return analyze(base.model, settings);
    auto a = std::make_shared<Analysis>(base);
    a->settings = settings;
    a->atSize = arenaSize ? emulateAtSize(base, settings) : a->measured;
    a->verdict = std::make_shared<const Verdict>(makeVerdict(*a));
    return a;
}

} // namespace arenascope
