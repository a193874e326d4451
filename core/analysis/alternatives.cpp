#include "alternatives.h"

#include "core/emulation/configuration_text.h"
#include "core/util/parallel.h"

#include <algorithm>
#include <cstdlib>

namespace arenascope {

namespace {

// The build-defining fields only: two settings are the same build when these agree.
bool sameBuild(const EmulationSettings& a, const EmulationSettings& b)
{
    if (a.target != b.target || a.kernels != b.kernels)
        return false;
    if (a.kernels == KernelSet::CmsisNn)
        return a.cpuExtension() == b.cpuExtension();
    if (a.kernels == KernelSet::EspNn)
        return espNnFamily(a.espChip) == espNnFamily(b.espChip) && a.espNn == b.espNn;
    return true;
}

} // namespace

std::vector<EmulationSettings> alternativeSettings(const EmulationSettings& shown)
{
    std::vector<EmulationSettings> out;
    EmulationSettings base = shown;
    base.arenaSize.reset();
    auto add = [&](TargetKind target, KernelSet kernels, Cpu cpu, EspChip chip) {
        EmulationSettings s = base;
        s.target = target;
        s.kernels = kernels;
        s.cpu = kernels == KernelSet::CmsisNn ? cpu : shown.cpu;
        s.espChip = kernels == KernelSet::EspNn ? chip : shown.espChip;
        s.espNn = kernels == KernelSet::EspNn ? kNewestEspNn : shown.espNn;
        if (!settingsConflict(s).empty() || sameBuild(s, shown))
            return;
        out.push_back(s);
    };
    for (TargetKind t : allTargets())
        add(t, KernelSet::Reference, shown.cpu, shown.espChip);
    for (Cpu cpu : { Cpu::CortexM0Plus, Cpu::CortexM4, Cpu::CortexM55 })
        add(TargetKind::CortexM, KernelSet::CmsisNn, cpu, shown.espChip);
    for (EspChip chip : { EspChip::Esp32S3, EspChip::Esp32 })
        add(TargetKind::Ilp32, KernelSet::EspNn, shown.cpu, chip);
    return out;
}

std::vector<Alternative> alternatives(const Analysis& shown, const AlternativesLimits& limits)
{
    const std::vector<EmulationSettings> settings = alternativeSettings(shown.settings);
    std::vector<Alternative> out(settings.size());
    const auto deadline = std::chrono::steady_clock::now() + limits.budget;
    parallelFor(settings.size(), [&](std::size_t i) {
        Alternative& a = out[i];
        a.settings = settings[i];
        a.configuration = configurationText(a.settings);
        AnalysisLimits own;
        own.budget = std::max(std::chrono::milliseconds(0),
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()));
        own.cancel = limits.cancel;
        const AnalysisPtr other = analyze(shown.model, a.settings, own);
        a.minArenaBytes = other->minArenaBytes;
        a.complete = other->minArenaExact;
        if (a.complete && a.minArenaBytes && shown.minArenaBytes)
            a.deltaBytes
                = static_cast<std::int64_t>(*a.minArenaBytes) - static_cast<std::int64_t>(*shown.minArenaBytes);
        if (!a.minArenaBytes && other->failure())
            a.failure = other->failure()->message;
    });
    std::stable_sort(out.begin(), out.end(), [](const Alternative& x, const Alternative& y) {
        if (x.deltaBytes.has_value() != y.deltaBytes.has_value())
            return x.deltaBytes.has_value();
        return x.deltaBytes && std::llabs(*x.deltaBytes) > std::llabs(*y.deltaBytes);
    });
    return out;
}

} // namespace arenascope
