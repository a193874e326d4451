#include "shared_arena_analysis.h"

#include "core/emulation/emulation_settings.h"
#include "core/util/format.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

namespace arenascope {

namespace {

// The tenants that allocate, counted from the first: a failure blocks every tenant after it.
std::size_t leadingOk(const SharedArenaResult& r)
{
    std::size_t n = 0;
    while (n < r.tenants.size() && r.tenants[n].status == TenantStatus::Ok)
        ++n;
    return n;
}

SharedArenaResultPtr emulateAt(const std::vector<Tenant>& tenants, EmulationSettings settings,
    Construction construction, std::uint64_t size, ArenaTrace* trace = nullptr)
{
    settings.arenaSize = size;
    return emulateSharedArena(tenants, settings, construction, trace);
}

// The smallest arena in which the first `required` tenants allocate; `trace` is a run's that
// allocated them (its checkpoints say where each tenant's calls end).
MinimumSearch searchShared(const std::vector<Tenant>& tenants, const EmulationSettings& settings,
    Construction construction, std::size_t required, std::uint64_t ceiling, const ArenaTrace& trace,
    std::optional<std::chrono::steady_clock::time_point> deadline, const std::atomic<bool>* cancel,
    const std::function<void(double)>& progress)
{
    SizeProbe probe;
    probe.emulate = [&tenants, settings, construction, required](std::uint64_t size) {
        return leadingOk(*emulateAt(tenants, settings, construction, size)) >= required;
    };
    ReplayShape shape;
    shape.loss = settings.arenaStartLoss();
    if (required > 0 && required <= trace.checkpoints.size())
        shape.stepLimit = trace.checkpoints[required - 1];
    probe.replay = replayProbe(&trace, shape);
    return searchSmallestSize(probe, ceiling, deadline, cancel, progress);
}

std::vector<Tenant> inOrder(const std::vector<Tenant>& tenants, const std::vector<std::size_t>& order)
{
    std::vector<Tenant> out;
    for (std::size_t k : order)
        out.push_back(tenants[k]);
    return out;
}

// The orders to try besides the given one: all of them up to 6 tenants; beyond, the tenants
// by what they leave in the tail or hold in the head, both ways, then random ones.
std::vector<std::vector<std::size_t>> candidateOrders(const SharedArenaResult& measured, std::size_t limit)
{
    const std::size_t n = measured.tenants.size();
    std::vector<std::size_t> identity(n);
    std::iota(identity.begin(), identity.end(), 0);
    std::vector<std::vector<std::size_t>> out;
    if (n <= 6) {
        std::vector<std::size_t> p = identity;
        while (std::next_permutation(p.begin(), p.end()))
            out.push_back(p);
        return out;
    }
    auto sortedBy = [&](auto key, bool descending) {
        std::vector<std::size_t> p = identity;
        std::stable_sort(p.begin(), p.end(), [&](std::size_t a, std::size_t b) {
            return descending ? key(measured.tenants[a]) > key(measured.tenants[b])
                              : key(measured.tenants[a]) < key(measured.tenants[b]);
        });
        return p;
    };
    const auto tail = [](const TenantOutcome& t) { return t.tailAdded; };
    const auto plan = [](const TenantOutcome& t) { return t.planBytes; };
    const auto temp = [](const TenantOutcome& t) { return t.result->tempPeakBytes; };
    for (bool descending : { true, false }) {
        out.push_back(sortedBy(tail, descending));
        out.push_back(sortedBy(plan, descending));
        out.push_back(sortedBy(temp, descending));
    }
    std::mt19937 rng(static_cast<std::uint32_t>(n));
    while (out.size() < limit) {
        std::vector<std::size_t> p = identity;
        std::shuffle(p.begin(), p.end(), rng);
        out.push_back(p);
    }
    return out;
}

std::string whereIn(const SharedArenaAnalysis& a, std::size_t k, const Failure& f)
{
    std::string where = "tenant " + std::to_string(k + 1) + " (" + a.tenants[k].name + "): " + phaseName(f.phase);
    if (f.op >= 0 && f.subgraph >= 0) {
        const Subgraph& sg = a.tenants[k].model->subgraphs()[static_cast<std::size_t>(f.subgraph)];
        if (static_cast<std::size_t>(f.op) < sg.operators.size())
            where += ", operator " + std::to_string(f.op) + " ("
                + sg.operators[static_cast<std::size_t>(f.op)].displayName() + ")";
    }
    return where;
}

SharedVerdict makeSharedVerdict(const SharedArenaAnalysis& a)
{
    SharedVerdict v;
    // The failure that decides: at the given size, or, without one, any in the measuring arena.
    const SharedArenaResult& run = a.arenaSize() ? *a.atSize : *a.measured;
    const TenantOutcome* broken = run.firstFailure();
    if (broken) {
        v.breakingTenant = static_cast<std::int32_t>(broken - run.tenants.data());
        const Failure& f = *broken->result->failure;
        v.tflmMessage = f.log.empty() ? f.message : f.log.front();
        v.where = whereIn(a, static_cast<std::size_t>(v.breakingTenant), f);
    }
    const std::string who = broken ? a.tenants[static_cast<std::size_t>(v.breakingTenant)].name : std::string();
    if (a.requiredTenants == 0) {
        v.kind = VerdictKind::CannotAllocate;
        v.headline = "No arena fits: " + who + " fails at every size, and the models after it are blocked";
        return v;
    }
    const std::uint64_t min = a.minArenaBytes.value_or(0);
    if (!a.arenaSize()) {
        v.kind = VerdictKind::NoSizeGiven;
        v.headline = "Needs " + formatBytes(min) + " for " + std::to_string(a.requiredTenants) + " model"
            + (a.requiredTenants == 1 ? "" : "s") + " in one arena";
        if (a.requiredTenants < a.tenants.size())
            v.headline += "; " + a.tenants[a.requiredTenants].name + " fails at every size";
        return v;
    }
    const std::uint64_t size = *a.arenaSize();
    if (a.fits().value_or(false)) {
        v.kind = VerdictKind::Fits;
        v.headroomBytes = size >= min ? size - min : 0;
        v.headline = "Fits: " + formatBytes(v.headroomBytes) + " to spare over the smallest shared arena ("
            + formatBytes(min) + ")";
        return v;
    }
    const bool capacity = broken && broken->status == TenantStatus::Error && broken->result->failure->capacity;
    v.kind
        = capacity || broken->status == TenantStatus::Blocked ? VerdictKind::DoesNotFit : VerdictKind::CannotAllocate;
    if (v.kind == VerdictKind::CannotAllocate) {
        v.headline = "Does not allocate: " + who + " fails at every size";
        return v;
    }
    v.shortfallBytes = min > size ? min - size : 0;
    v.headline = "Does not fit: " + formatBytes(v.shortfallBytes) + " short of the smallest shared arena ("
        + formatBytes(min) + "); " + who + " breaks first";
    return v;
}

} // namespace

std::optional<bool> SharedArenaAnalysis::fits() const
{
    if (!settings.arenaSize)
        return std::nullopt;
    return atSize && atSize->ok;
}

bool SharedArenaAnalysis::succeeds() const
{
    return fits().value_or(measured && measured->ok);
}

std::optional<std::uint64_t> sharedArenaMinimum(
    const std::vector<Tenant>& tenants, const EmulationSettings& settings, Construction construction)
{
    ArenaTrace trace;
    const auto measured = emulateAt(tenants, settings, construction, kMeasureArenaBytes, &trace);
    if (!measured->ok)
        return std::nullopt;
    return searchShared(
        tenants, settings, construction, tenants.size(), kMeasureArenaBytes, trace, std::nullopt, nullptr, {})
        .bytes;
}

namespace {

// The smallest shared arena (with the runs at it and one byte below) and the best order.
void findMinimumAndOrder(SharedArenaAnalysis& a, std::uint64_t measureBytes, const ArenaTrace& trace,
    std::chrono::steady_clock::time_point deadline, const AnalysisLimits& limits)
{
    const MinimumSearch found = searchShared(a.tenants, a.settings, a.construction, a.requiredTenants, measureBytes,
        trace, deadline, limits.cancel, limits.progress);
    a.minArenaBytes = found.bytes;
    a.minArenaExact = found.exact;
    if (!found.exact)
        a.notes.push_back("The search for the smallest shared arena stopped at its time budget: "
            + formatBytes(*found.bytes) + " works, a smaller arena may too.");
    a.atMinimum = emulateAt(a.tenants, a.settings, a.construction, *a.minArenaBytes);
    if (*a.minArenaBytes > 1)
        a.belowMinimum = emulateAt(a.tenants, a.settings, a.construction, *a.minArenaBytes - 1);
    // Another order of the same models: the firmware may build the interpreters in any order.
    if (a.requiredTenants != a.tenants.size() || a.tenants.size() < 2 || !found.exact)
        return;
    a.everyOrderTried = a.tenants.size() <= 6;
    for (const auto& order : candidateOrders(*a.measured, 64)) {
        if (std::chrono::steady_clock::now() > deadline || (limits.cancel && limits.cancel->load())) {
            a.everyOrderTried = false;
            break;
        }
        ++a.ordersTried;
        const auto min = sharedArenaMinimum(inOrder(a.tenants, order), a.settings, a.construction);
        if (min && *min < *a.minArenaBytes && (!a.bestOrder || *min < a.bestOrder->minArenaBytes))
            a.bestOrder = TenantOrder { order, *min };
    }
}

} // namespace

SharedArenaAnalysisPtr analyzeSharedArena(
    std::vector<Tenant> tenants, EmulationSettings settings, Construction construction, const AnalysisLimits& limits)
{
    const auto deadline = std::chrono::steady_clock::now() + limits.budget;
    auto a = std::make_shared<SharedArenaAnalysis>();
    a->tenants = std::move(tenants);
    a->settings = settings;
    a->construction = construction;
    std::set<std::string> seen;
    for (const Tenant& t : a->tenants)
        if (!seen.insert(t.model->path()).second)
            a->repeatedModels.push_back(t.name);

    ArenaTrace trace;
    std::uint64_t measureBytes = std::max<std::uint64_t>(kMeasureArenaBytes, settings.arenaSize.value_or(0));
    a->measured = emulateAt(a->tenants, settings, construction, measureBytes, &trace);
    // A tenant that does not fit the measuring arena: measure in larger ones, as for one model.
    while (true) {
        const TenantOutcome* f = a->measured->firstFailure();
        if (!f || !f->result->failure || !f->result->failure->capacity
            || measureBytes >= limits.largestMeasureArenaBytes)
            break;
        measureBytes = std::min(measureBytes * 4, limits.largestMeasureArenaBytes);
        a->measured = emulateAt(a->tenants, settings, construction, measureBytes, &trace);
        a->notes.push_back("The models do not allocate in the " + formatBytes(kMeasureArenaBytes)
            + " measuring arena: their figures were taken in an arena of " + formatBytes(measureBytes) + ".");
    }
    a->atSize = settings.arenaSize ? emulateAt(a->tenants, settings, construction, *settings.arenaSize) : a->measured;
    a->requiredTenants = leadingOk(*a->measured);
    if (a->requiredTenants < a->tenants.size() && a->requiredTenants > 0)
        a->notes.push_back("The smallest arena is that of the first " + std::to_string(a->requiredTenants)
            + " model(s): " + a->tenants[a->requiredTenants].name + " fails at every size, and the models after it "
            + "are blocked.");
    if (a->requiredTenants > 0)
        findMinimumAndOrder(*a, measureBytes, trace, deadline, limits);
    a->verdict = makeSharedVerdict(*a);
    return a;
}

} // namespace arenascope
