#include "shared_arena.h"

#include "emulation.h"
#include "resource_variables.h"

#include "core/util/enum_names.h"

#include <algorithm>

namespace arenascope {

namespace {

EmulationSettings tenantSettings(const Tenant& t, const EmulationSettings& firmware)
{
    EmulationSettings s = firmware;
    s.resourceVariables = t.resourceVariables.value_or(varHandleCount(*t.model));
    return s;
}

// A tenant that never ran: what it would have met instead of its own allocation.
EmulationResultPtr notRun(const EmulationSettings& settings, std::string message)
{
    auto r = std::make_shared<EmulationResult>();
    r->settings = settings;
    Failure f;
    f.code = ErrorCode::Unsupported;
    f.message = std::move(message);
    f.log.push_back(f.message);
    r->failure = std::move(f);
    return r;
}

} // namespace

std::string_view tenantStatusName(TenantStatus s)
{
    static constexpr EnumName<TenantStatus> kNames[]
        = { { TenantStatus::Ok, "ok" }, { TenantStatus::Error, "error" }, { TenantStatus::Blocked, "blocked" } };
    static_assert(namesEachValue(kNames, TenantStatus::Blocked));
    return nameIn(kNames, s);
}

std::vector<AllocationEvent> SharedArenaResult::events() const
{
    std::vector<AllocationEvent> all;
    for (const TenantOutcome& t : tenants)
        all.insert(all.end(), t.result->events.begin(), t.result->events.end());
    std::stable_sort(all.begin(), all.end(),
        [](const AllocationEvent& a, const AllocationEvent& b) { return a.sequence < b.sequence; });
    return all;
}

const TenantOutcome* SharedArenaResult::firstFailure() const
{
    for (const TenantOutcome& t : tenants)
        if (t.status != TenantStatus::Ok)
            return &t;
    return nullptr;
}

SharedArenaResultPtr emulateSharedArena(
    std::span<const Tenant> tenants, const EmulationSettings& firmware, Construction construction, ArenaTrace* trace)
{
    auto out = std::make_shared<SharedArenaResult>();
    out->settings = firmware;
    out->tenants.resize(tenants.size());
    if (tenants.empty())
        return out;
    EmulationResult setup; // the recorder's first home; each interpreter records into its own
    detail::SharedAllocator shared(setup, targetFor(firmware.target));
    if (trace) {
        *trace = ArenaTrace {};
        shared.arena.traceInto(trace);
    }
    std::vector<std::unique_ptr<detail::Emulation>> interpreters;
    for (std::size_t k = 0; k < tenants.size(); ++k)
        interpreters.push_back(std::make_unique<detail::Emulation>(
            *tenants[k].model, tenantSettings(tenants[k], firmware), shared, static_cast<std::int32_t>(k)));

    const Status created = interpreters.front()->createAllocator();
    std::vector<Status> constructed(tenants.size(), okStatus());
    if (created && construction == Construction::AllFirst)
        for (std::size_t k = 0; k < tenants.size(); ++k)
            constructed[k] = interpreters[k]->construct();
    std::uint64_t tailBefore = 0;
    for (std::size_t k = 0; k < tenants.size(); ++k) {
        TenantOutcome& o = out->tenants[k];
        if (!created) {
            o.status = k == 0 ? TenantStatus::Error : TenantStatus::Blocked;
            o.result = k == 0 ? interpreters[k]->finish(created)
                              : notRun(tenantSettings(tenants[k], firmware),
                                  "not run: the shared MicroAllocator could not be created in the arena");
            continue;
        }
        Status status = constructed[k];
        if (status && construction == Construction::Interleaved)
            status = interpreters[k]->construct();
        // A construction that failed (MicroResourceVariables::Create returned null) still
        // leaves an interpreter whose AllocateTensors runs; its variables fail there.
        const bool wasAllocating = shared.modelIsAllocating;
        Status allocated = interpreters[k]->allocateTensors();
        if (!status)
            allocated = status;
        if (trace)
            trace->checkpoints.push_back(trace->steps.size());
        o.result = interpreters[k]->finish(allocated);
        o.status = allocated ? TenantStatus::Ok : wasAllocating ? TenantStatus::Blocked : TenantStatus::Error;
        o.arenaUsedAfter = o.result->arenaUsedBytes;
        o.headAfter = o.result->headBytes;
        o.tailAfter = o.result->tailBytes;
        o.tailAdded = o.tailAfter >= tailBefore ? o.tailAfter - tailBefore : 0;
        o.planBytes = o.result->planBytes;
        tailBefore = o.tailAfter;
    }
    if (trace)
        trace->complete = static_cast<bool>(created);
    const TenantOutcome& last = out->tenants.back();
    out->headBytes = last.result->headBytes;
    out->tailBytes = last.result->tailBytes;
    out->arenaUsedBytes = out->headBytes + out->tailBytes;
    out->ok = std::all_of(
        out->tenants.begin(), out->tenants.end(), [](const TenantOutcome& t) { return t.status == TenantStatus::Ok; });
    if (firmware.effectivePlanner() == PlannerKind::Linear && tenants.size() > 1)
        out->warnings.push_back(
            "LinearMemoryPlanner is never reset between the models on one allocator: every model after the first "
            "gets the offsets of the buffers planned before it, so its tensors overlap while alive and its outputs "
            "are wrong (the arena figures are what TFLM computes). Use the greedy planner for several models in one "
            "arena.");
    return out;
}

} // namespace arenascope
