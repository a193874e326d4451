#include "analysis.h"

#include "verdict.h"

#include "core/emulation/emulator.h"
#include "core/util/format.h"

#include <algorithm>
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

// Whether one size works: by replaying the allocator calls of a successful emulation when a trace
// is at hand (arena_trace.h), else by emulating.
class SizeTrial {
public:
    SizeTrial(const Model& model, EmulationSettings settings, ArenaCriterion criterion, SizedArena which,
        PlanCache* plans, const ArenaTrace* trace)
        : m_model(model)
        , m_settings(std::move(settings))
        , m_criterion(criterion)
        , m_which(which)
        , m_plans(plans)
        , m_trace(trace && trace->complete ? trace : nullptr)
    {
    }

    bool replays() const { return m_trace != nullptr; }
    void stopReplaying() { m_trace = nullptr; }

    bool works(std::uint64_t size)
    {
        EmulationSettings s = sized(size);
        if (m_trace) {
            ReplayOutcome r;
            if (s.nonPersistentBytes) {
                r = replayTrace(*m_trace, s.arenaBytes(), *s.nonPersistentBytes);
            } else {
                // MicroAllocator::Create aligns the start up first (Emulation::createAllocator).
                const std::uint64_t loss = s.arenaStartLoss();
                if (s.arenaBytes() < loss)
                    return false;
                r = replayTrace(*m_trace, s.arenaBytes() - loss);
            }
            return r.ok && (m_criterion == ArenaCriterion::Allocates || !r.tempOverwrite);
        }
        return worksByEmulation(size);
    }

    bool worksByEmulation(std::uint64_t size)
    {
        const auto r = emulate(m_model, sized(size), m_plans);
        return r->ok && (m_criterion == ArenaCriterion::Allocates || !r->tempOverwrite);
    }

private:
    EmulationSettings sized(std::uint64_t size) const
    {
        EmulationSettings s = m_settings;
        (m_which == SizedArena::Main ? s.arenaSize : s.nonPersistentBytes) = size;
        return s;
    }

    const Model& m_model;
    EmulationSettings m_settings;
    ArenaCriterion m_criterion;
    SizedArena m_which;
    PlanCache* m_plans;
    const ArenaTrace* m_trace;
};

MinimumSearch searchSmallest(SizeTrial& trial, std::uint64_t ceiling,
    std::optional<std::chrono::steady_clock::time_point> deadline, const std::atomic<bool>* cancel,
    const std::function<void(double)>& progress)
{
    // The bisection takes about log2(ceiling) trials, the check below it a few more.
    const double expected = std::log2(static_cast<double>(std::max<std::uint64_t>(ceiling, 2))) + 4.0;
    int trials = 0;
    auto okAt = [&](std::uint64_t size) {
        const bool ok = trial.works(size);
        if (progress)
            progress(std::min(0.99, ++trials / expected));
        return ok;
    };
    auto late
        = [&] { return (cancel && cancel->load()) || (deadline && std::chrono::steady_clock::now() > *deadline); };
    if (!okAt(ceiling))
        return { std::nullopt, true };
    std::uint64_t lo = 0; // fails (an empty arena cannot hold the allocator)
    std::uint64_t hi = ceiling; // succeeds
    while (true) {
        while (hi - lo > 1) {
            if (late())
                return { hi, false };
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (okAt(mid))
                hi = mid;
            else
                lo = mid;
        }
        // The tail aligns each allocation from the raw arena end, so success is not strictly
        // monotonic in the size. It is within one residue class mod 16 (a larger arena of the
        // same residue shifts the whole tail by 16k and only adds free space), so a smaller
        // working size, if any, has one within 16 bytes below hi.
        std::optional<std::uint64_t> lower;
        for (std::uint64_t d = 2; d <= 16 && d <= hi; ++d) {
            if (okAt(hi - d)) {
                lower = hi - d;
                break;
            }
        }
        if (!lower)
            return { hi, true };
        hi = *lower;
        lo = 0;
    }
}

MinimumSearch searchSmallest(const Model& model, EmulationSettings settings, std::uint64_t ceiling,
    ArenaCriterion criterion, std::optional<std::chrono::steady_clock::time_point> deadline,
    const std::atomic<bool>* cancel, SizedArena which = SizedArena::Main,
    const std::function<void(double)>& progress = {}, PlanCache* plans = nullptr, const ArenaTrace* trace = nullptr)
{
    // Every size plans the same buffers: plan once (plan_cache.h).
    PlanCache ownPlans;
    SizeTrial trial(model, std::move(settings), criterion, which, plans ? plans : &ownPlans, trace);
    MinimumSearch found = searchSmallest(trial, ceiling, deadline, cancel, progress);
    // The replayed answer, checked by emulation where it matters: the size found works and the
    // byte below it does not. A disagreement would be a bug in the replay; the emulation decides.
    if (trial.replays() && found.exact && found.bytes
        && (!trial.worksByEmulation(*found.bytes) || (*found.bytes > 1 && trial.worksByEmulation(*found.bytes - 1)))) {
        trial.stopReplaying();
        found = searchSmallest(trial, ceiling, deadline, cancel, progress);
    }
    return found;
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
    const auto& measuredAt = base.measured->settings;
    if ((arenaSize && *arenaSize > measuredAt.arenaBytes())
        || (settings.nonPersistentBytes && measuredAt.nonPersistentBytes
            && *settings.nonPersistentBytes > *measuredAt.nonPersistentBytes))
        return analyze(base.model, settings);
    auto a = std::make_shared<Analysis>(base);
    a->settings = settings;
    a->atSize = arenaSize ? emulate(*base.model, settings, a->plans.get()) : a->measured;
    a->verdict = std::make_shared<const Verdict>(makeVerdict(*a));
    return a;
}

} // namespace arenascope
