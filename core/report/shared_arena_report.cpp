#include "shared_arena_report.h"

#include "json_writer.h"
#include "plan_report.h"

#include "core/analysis/verdict.h"
#include "core/emulation/provenance.h"
#include "core/util/format.h"

#include <sstream>

namespace arenascope {

namespace {

const Failure* failureOf(const TenantOutcome& t)
{
    return t.result && t.result->failure ? &*t.result->failure : nullptr;
}

std::string orderText(const SharedArenaAnalysis& a, const std::vector<std::size_t>& order)
{
    std::string out;
    for (std::size_t k : order)
        out += (out.empty() ? "" : ", ") + a.tenants[k].name;
    return out;
}

std::string fidelityNote(const SharedArenaAnalysis& a)
{
    return sharedArenaProvenance(a.settings).text;
}

} // namespace

std::string sharedArenaJson(const SharedArenaAnalysis& a, bool pretty)
{
    const SharedVerdict& v = a.verdict;
    const SharedArenaResult& run = a.figuresRun();
    JsonWriter w(pretty);
    w.beginObject();
    w.field("shared_arena", true);
    w.key("models");
    w.beginArray();
    for (const Tenant& t : a.tenants)
        w.value(t.model->path());
    w.endArray();
    writeSettingsJson(w, a.settings, *a.tenants.front().model);
    w.field("construction", std::string(a.construction == Construction::AllFirst ? "all_first" : "interleaved"));
    w.field("arena_size", a.arenaSize());
    w.field("fits", a.fits());
    w.field("verdict", verdictKindName(v.kind));
    w.field("headline", v.headline);
    w.field("fidelity", std::string(provenanceName(sharedArenaProvenance(a.settings).level)));
    w.field("fidelity_note", fidelityNote(a));
    w.field("min_arena_bytes", a.minArenaBytes);
    w.field("min_arena_exact", a.minArenaExact);
    w.field("shortfall_bytes", v.shortfallBytes);
    w.field("headroom_bytes", v.headroomBytes);
    w.field("figures_arena_bytes", run.settings.arenaBytes());
    w.field("arena_used_bytes", run.arenaUsedBytes);
    w.field("head_bytes", run.headBytes);
    w.field("tail_bytes", run.tailBytes);
    w.key("failure");
    const TenantOutcome* broken = run.firstFailure();
    writeFailureJson(w, broken ? failureOf(*broken) : nullptr);
    w.key("failing_tenant");
    if (broken)
        w.value(static_cast<std::int64_t>(broken - run.tenants.data()));
    else
        w.null();
    w.key("tenants");
    w.beginArray();
    for (std::size_t k = 0; k < run.tenants.size(); ++k) {
        const TenantOutcome& t = run.tenants[k];
        w.beginObject();
        w.field("model", a.tenants[k].model->path());
        w.field("status", std::string(tenantStatusName(t.status)));
        w.field("resource_variables", static_cast<std::uint64_t>(t.result->settings.resourceVariables));
        w.field("arena_used_bytes", t.arenaUsedAfter);
        w.field("head_bytes", t.headAfter);
        w.field("tail_bytes", t.tailAfter);
        w.field("tail_added_bytes", t.tailAdded);
        w.field("plan_bytes", t.planBytes);
        w.field("temp_peak_bytes", t.result->tempPeakBytes);
        w.key("failure");
        writeFailureJson(w, t.status == TenantStatus::Ok ? nullptr : failureOf(t));
        w.endObject();
    }
    w.endArray();
    w.key("below_minimum");
    const TenantOutcome* below = a.belowMinimum ? a.belowMinimum->firstFailure() : nullptr;
    if (below) {
        w.beginObject();
        w.field("arena_bytes", a.belowMinimum->settings.arenaBytes());
        w.field("tenant", static_cast<std::int64_t>(below - a.belowMinimum->tenants.data()));
        w.key("failure");
        writeFailureJson(w, failureOf(*below));
        w.endObject();
    } else {
        w.null();
    }
    w.key("best_order");
    if (a.bestOrder) {
        w.beginObject();
        w.key("models");
        w.beginArray();
        for (std::size_t k : a.bestOrder->order)
            w.value(a.tenants[k].model->path());
        w.endArray();
        w.field("min_arena_bytes", a.bestOrder->minArenaBytes);
        w.field("saves_bytes", *a.minArenaBytes - a.bestOrder->minArenaBytes);
        w.endObject();
    } else {
        w.null();
    }
    w.field("orders_tried", static_cast<std::uint64_t>(a.ordersTried));
    w.field("every_order_tried", a.everyOrderTried);
    w.key("warnings");
    w.beginArray();
    for (const std::string& s : run.warnings)
        w.value(s);
    for (const std::string& s : a.notes)
        w.value(s);
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

std::string sharedArenaText(const SharedArenaAnalysis& a)
{
    const SharedVerdict& v = a.verdict;
    const SharedArenaResult& run = a.figuresRun();
    std::ostringstream out;
    out << "models:           " << a.tenants.size() << " in one arena, built and allocated in this order\n";
    for (std::size_t k = 0; k < a.tenants.size(); ++k)
        out << "  " << (k + 1) << ". " << a.tenants[k].model->path() << "\n";
    out << "settings:         " << describeSettings(a.settings) << "\n";
    if (a.arenaSize())
        out << "arena size:       " << formatBytes(*a.arenaSize()) << "\n";
    out << "verdict:          " << v.headline << "\n";
    out << "fidelity:         " << fidelityNote(a) << "\n";
    if (v.breakingTenant >= 0) {
        out << "TFLM says:        " << v.tflmMessage << "\n";
        out << "where:            " << v.where << "\n";
    }
    if (a.minArenaBytes)
        out << "smallest arena:   " << formatBytes(*a.minArenaBytes)
            << (a.requiredTenants == a.tenants.size() ? " (every model allocates)"
                                                      : " (the first " + std::to_string(a.requiredTenants) + ")")
            << "\n";
    if (const TenantOutcome* below = a.belowMinimum ? a.belowMinimum->firstFailure() : nullptr)
        out << "one byte less:    " << a.tenants[static_cast<std::size_t>(below - a.belowMinimum->tenants.data())].name
            << " fails first: " << (failureOf(*below) ? failureOf(*below)->message : std::string()) << "\n";
    out << "figures at:       an arena of " << formatBytes(run.settings.arenaBytes()) << "\n";
    out << formatString(
        "  %-3s %-28s %-8s %14s %12s %12s %12s\n", "#", "model", "status", "used after", "head", "tail added", "plan");
    for (std::size_t k = 0; k < run.tenants.size(); ++k) {
        const TenantOutcome& t = run.tenants[k];
        std::string name = a.tenants[k].name;
        if (name.size() > 28)
            name = name.substr(0, 12) + "..." + name.substr(name.size() - 13);
        out << formatString("  %-3zu %-28s %-8s %14s %12s %12s %12s\n", k + 1, name.c_str(),
            std::string(tenantStatusName(t.status)).c_str(), formatBytes(t.arenaUsedAfter).c_str(),
            formatBytes(t.headAfter).c_str(), formatBytes(t.tailAdded).c_str(),
            formatBytes(static_cast<std::uint64_t>(t.planBytes)).c_str());
    }
    if (a.bestOrder)
        out << "better order:     " << orderText(a, a.bestOrder->order) << ": "
            << formatBytes(a.bestOrder->minArenaBytes) << " (saves "
            << formatBytes(*a.minArenaBytes - a.bestOrder->minArenaBytes) << ")\n";
    else if (a.ordersTried > 0)
        out << "order:            no other order needs less ("
            << (a.everyOrderTried ? "every order tried" : std::to_string(a.ordersTried) + " orders tried") << ")\n";
    if (!a.repeatedModels.empty())
        out << "note:             the same model file more than once (legal: each interpreter has its own state)\n";
    for (const std::string& w : run.warnings)
        out << "warning:          " << w << "\n";
    for (const std::string& n : a.notes)
        out << "note:             " << n << "\n";
    return out.str();
}

} // namespace arenascope
