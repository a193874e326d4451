#include "baseline.h"

#include "shared_arena_analysis.h"

#include "verdict.h"

#include "core/emulation/provenance.h"
#include "core/util/byte_size.h"
#include "core/util/enum_names.h"
#include "core/util/format.h"

#include <charconv>
#include <cmath>

namespace arenascope {

BaselineEntry measureEntry(const std::string& path, const std::string& sha256, const ModelPtr& model,
    const EmulationSettings& settings, const std::string& configuration)
{
    EmulationSettings s = settings;
    s.arenaSize.reset();
    const AnalysisPtr a = analyze(model, s);
    const Verdict& v = *a->verdict;
    BaselineEntry e;
    e.model = path;
    e.sha256 = sha256;
    e.configuration = configuration;
    e.tflm = emulatedTflm(settings);
    e.minArenaBytes = a->minArenaBytes;
    if (!a->minArenaBytes) {
        if (const Failure* f = a->failure())
            e.message = f->message;
        else if (a->measured && a->measured->failure)
            e.message = a->measured->failure->message;
    }
    e.arenaUsedBytes = v.arenaUsedBytes;
    e.headBytes = v.headBytes;
    e.tailBytes = v.tailBytes;
    e.tempPeakBytes = v.tempPeakBytes;
    e.items = costItems(*a);
    return e;
}

std::string sharedArenaKey(const std::vector<std::string>& paths)
{
    std::string key;
    for (const std::string& p : paths)
        key += (key.empty() ? "" : " + ") + p;
    return key;
}

BaselineEntry measureSharedEntry(const std::vector<std::string>& paths, const std::vector<std::string>& sha256s,
    const std::vector<ModelPtr>& models, const EmulationSettings& settings, const std::string& configuration)
{
    EmulationSettings s = settings;
    s.arenaSize.reset();
    std::vector<Tenant> tenants;
    for (std::size_t k = 0; k < models.size(); ++k)
        tenants.push_back(Tenant { models[k], paths[k],
            s.resourceVariables == kResourceVariablesAuto ? std::nullopt
                                                          : std::optional<std::uint32_t>(s.resourceVariables) });
    const SharedArenaAnalysisPtr a = analyzeSharedArena(std::move(tenants), s);
    BaselineEntry e;
    e.sharedArena = paths;
    e.model = sharedArenaKey(paths);
    for (const std::string& h : sha256s)
        e.sha256 += (e.sha256.empty() ? "" : "+") + h;
    e.configuration = configuration;
    e.tflm = emulatedTflm(settings);
    e.minArenaBytes = a->requiredTenants == models.size() ? a->minArenaBytes : std::nullopt;
    if (!e.minArenaBytes && a->verdict.breakingTenant >= 0)
        e.message = paths[static_cast<std::size_t>(a->verdict.breakingTenant)] + ": " + a->verdict.tflmMessage;
    const SharedArenaResult& m = *a->measured;
    e.arenaUsedBytes = m.arenaUsedBytes;
    e.headBytes = m.headBytes;
    e.tailBytes = m.tailBytes;
    for (std::size_t k = 0; k < m.tenants.size(); ++k) {
        const TenantOutcome& t = m.tenants[k];
        e.tempPeakBytes = std::max(e.tempPeakBytes, t.result->tempPeakBytes);
        e.items.push_back(CostItem { CostKind::Tail, paths[k] + ": tail added", t.tailAdded });
        e.items.push_back(
            CostItem { CostKind::Activation, paths[k] + ": plan", static_cast<std::uint64_t>(t.planBytes) });
    }
    return e;
}

bool GrowthLimit::allows(std::uint64_t before, std::uint64_t after) const
{
    if (after <= before)
        return true;
    const std::uint64_t growth = after - before;
    if (percent)
        return static_cast<double>(growth) <= static_cast<double>(before) * *percent / 100.0;
    return growth <= bytes;
}

std::string GrowthLimit::text() const
{
    if (percent) {
        std::string s = formatString("%.2f", *percent);
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
        return s + "%";
    }
    return formatBytes(bytes);
}

std::optional<GrowthLimit> parseGrowthLimit(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    GrowthLimit limit;
    if (text.back() == '%') {
        double p = 0;
        const char* end = text.data() + text.size() - 1;
        const auto r = std::from_chars(text.data(), end, p);
        if (r.ec != std::errc() || r.ptr != end || !std::isfinite(p) || p < 0 || p > 1e6)
            return std::nullopt;
        limit.percent = p;
        return limit;
    }
    if (!parseByteSize(text, limit.bytes))
        return std::nullopt;
    return limit;
}

std::string_view checkOutcomeText(CheckOutcome o)
{
    static constexpr EnumName<CheckOutcome> kNames[]
        = { { CheckOutcome::Same, "same" }, { CheckOutcome::Shrank, "shrank" },
              { CheckOutcome::GrewWithinLimit, "grew within the limit" }, { CheckOutcome::Grew, "grew" },
              { CheckOutcome::OverBudget, "over budget" }, { CheckOutcome::NoLongerAllocates, "no longer allocates" },
              { CheckOutcome::StillFails, "still fails" }, { CheckOutcome::NowAllocates, "allocates now" },
              { CheckOutcome::NotInBaseline, "not in the baseline" }, { CheckOutcome::ModelGone, "model gone" } };
    static_assert(namesEachValue(kNames, CheckOutcome::ModelGone));
    return nameIn(kNames, o);
}

std::optional<std::int64_t> BaselineJudgement::delta() const
{
    if (!before || !after)
        return std::nullopt;
    return static_cast<std::int64_t>(*after) - static_cast<std::int64_t>(*before);
}

BaselineJudgement judge(const BaselineEntry* before, const BaselineEntry* now, const GrowthLimit& limit,
    std::optional<std::uint64_t> budget, const std::string& goneReason)
{
    BaselineJudgement j;
    if (before)
        j.before = before->minArenaBytes;
    if (now)
        j.after = now->minArenaBytes;
    if (!now) {
        j.outcome = CheckOutcome::ModelGone;
        j.regression = true;
        j.note = goneReason;
        return j;
    }
    if (!before) {
        j.outcome = CheckOutcome::NotInBaseline;
        j.regression = true;
        j.note = now->minArenaBytes ? "record it with --update" : now->message;
        return j;
    }
    for (const CostChange& c : costChanges(before->items, now->items))
        (c.delta() > 0 ? j.grew : j.shrank).push_back(c);
    if (before->sha256 != now->sha256)
        j.note = "the model file changed since the baseline";
    if (!now->minArenaBytes) {
        j.outcome = before->minArenaBytes ? CheckOutcome::NoLongerAllocates : CheckOutcome::StillFails;
        j.regression = before->minArenaBytes.has_value();
        j.note = now->message;
        return j;
    }
    if (!before->minArenaBytes)
        j.outcome = CheckOutcome::NowAllocates;
    else if (*now->minArenaBytes == *before->minArenaBytes)
        j.outcome = CheckOutcome::Same;
    else if (*now->minArenaBytes < *before->minArenaBytes)
        j.outcome = CheckOutcome::Shrank;
    else if (limit.allows(*before->minArenaBytes, *now->minArenaBytes))
        j.outcome = CheckOutcome::GrewWithinLimit;
    else {
        j.outcome = CheckOutcome::Grew;
        j.regression = true;
    }
    if (budget && *now->minArenaBytes > *budget) {
        j.outcome = CheckOutcome::OverBudget;
        j.regression = true;
        j.note = formatBytes(*now->minArenaBytes - *budget) + " over the budget of " + formatBytes(*budget);
    }
    return j;
}

} // namespace arenascope
