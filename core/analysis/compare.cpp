#include "compare.h"

#include "verdict.h"

#include "core/util/format.h"

#include <algorithm>
#include <sstream>

namespace arenascope {

namespace {

std::string fileName(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// What sets each side apart: the model when they differ, else the settings that differ.
std::pair<std::string, std::string> labels(const Analysis& a, const Analysis& b)
{
    if (a.model->path() != b.model->path() || a.model != b.model) {
        std::string la = fileName(a.model->path());
        std::string lb = fileName(b.model->path());
        if (la == lb) {
            la += " (A)";
            lb += " (B)";
        }
        return { la, lb };
    }
    const EmulationSettings& x = a.settings;
    const EmulationSettings& y = b.settings;
    std::string la;
    std::string lb;
    auto add = [&](bool differs, std::string va, std::string vb) {
        if (!differs)
            return;
        la += (la.empty() ? "" : ", ") + va;
        lb += (lb.empty() ? "" : ", ") + vb;
    };
    add(x.tflm != y.tflm, "TFLM " + std::string(tflmVersionId(x.tflm)), "TFLM " + std::string(tflmVersionId(y.tflm)));
    add(x.target != y.target, std::string(targetName(x.target)), std::string(targetName(y.target)));
    add(x.kernels != y.kernels, std::string(kernelSetName(x.kernels)), std::string(kernelSetName(y.kernels)));
    add(x.kernels == KernelSet::CmsisNn && x.cpu != y.cpu, std::string(cpuName(x.cpu)), std::string(cpuName(y.cpu)));
    const bool esp = x.kernels == KernelSet::EspNn && y.kernels == KernelSet::EspNn;
    add(esp && x.espChip != y.espChip, std::string(espChipName(x.espChip)), std::string(espChipName(y.espChip)));
    add(esp && x.espNn != y.espNn, "esp-nn " + std::string(espNnVersionName(x.espNn)),
        "esp-nn " + std::string(espNnVersionName(y.espNn)));
    add(x.arenaOffset != y.arenaOffset, "offset " + std::to_string(x.arenaOffset),
        "offset " + std::to_string(y.arenaOffset));
    add(x.resourceVariablesArena != y.resourceVariablesArena,
        x.resourceVariablesArena ? "variables arena " + formatBytes(*x.resourceVariablesArena) : "variables in tail",
        y.resourceVariablesArena ? "variables arena " + formatBytes(*y.resourceVariablesArena) : "variables in tail");
    add(x.effectivePlanner() != y.effectivePlanner(), std::string(plannerName(x.effectivePlanner())) + " planner",
        std::string(plannerName(y.effectivePlanner())) + " planner");
    add(x.effectiveInterpreter() != y.effectiveInterpreter(), std::string(interpreterName(x.effectiveInterpreter())),
        std::string(interpreterName(y.effectiveInterpreter())));
    add(x.resourceVariables != y.resourceVariables, std::to_string(x.resourceVariables) + " resource variables",
        std::to_string(y.resourceVariables) + " resource variables");
    add(x.arenaSize != y.arenaSize, "arena " + (x.arenaSize ? formatBytes(*x.arenaSize) : std::string("not given")),
        "arena " + (y.arenaSize ? formatBytes(*y.arenaSize) : std::string("not given")));
    if (la.empty())
        return { "A", "B" };
    return { la, lb };
}

} // namespace

Comparison compareAnalyses(const Analysis& a, const Analysis& b)
{
    Comparison c;
    std::tie(c.labelA, c.labelB) = labels(a, b);
    const Verdict& va = *a.verdict;
    const Verdict& vb = *b.verdict;
    auto row = [&c](std::string q, std::optional<std::uint64_t> x, std::optional<std::uint64_t> y) {
        c.rows.push_back(CompareRow { std::move(q), x, y });
    };
    row("smallest arena", a.minArenaBytes, b.minArenaBytes);
    // How far a given arena is from working (0 when it fits); the figures below are then the
    // smallest arena's.
    const auto shortfall = [](const Verdict& v) -> std::optional<std::uint64_t> {
        if (v.kind == VerdictKind::Fits)
            return 0;
        if (v.kind == VerdictKind::DoesNotFit)
            return v.shortfallBytes;
        return std::nullopt;
    };
    if (va.arenaSize || vb.arenaSize)
        row("short of the smallest arena", shortfall(va), shortfall(vb));
    row("arena used", va.arenaUsedBytes, vb.arenaUsedBytes);
    row("head", va.headBytes, vb.headBytes);
    row("tail", va.tailBytes, vb.tailBytes);
    row("temp peak", va.tempPeakBytes, vb.tempPeakBytes);
    row("lower bound", a.lowerBoundBytes, b.lowerBoundBytes);
    row("alignment waste", a.alignmentWasteBytes, b.alignmentWasteBytes);
    row("model file (flash)", a.model->fileSize(), b.model->fileSize());
    c.changes = costChanges(costItems(a), costItems(b));
    auto touches = [&](ChangeScope scope) {
        const auto uses = [&](KernelSet k) { return a.settings.kernels == k || b.settings.kernels == k; };
        return scope == ChangeScope::AllBuilds || (scope == ChangeScope::CmsisNnOnly && uses(KernelSet::CmsisNn))
            || (scope == ChangeScope::EspNnOnly && uses(KernelSet::EspNn));
    };
    for (const TflmChangeInfo& change : tflmChanges())
        if (tflmHas(a.settings.tflm, change.change) != tflmHas(b.settings.tflm, change.change) && touches(change.scope))
            c.tflmChanges.push_back(change);
    return c;
}

namespace {
std::string bytesOrNa(const std::optional<std::uint64_t>& v)
{
    return v ? formatBytes(*v) : "n/a";
}
} // namespace

std::string CompareRow::aText() const
{
    return bytesOrNa(a);
}

std::string CompareRow::bText() const
{
    return bytesOrNa(b);
}

std::string CompareRow::deltaText() const
{
    const auto d = delta();
    return d ? formatSignedBytes(*d) : "n/a";
}

} // namespace arenascope
