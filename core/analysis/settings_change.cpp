#include "settings_change.h"

#include "core/emulation/esp_nn_build.h"
#include "core/util/format.h"

#include <algorithm>
#include <cstdlib>

namespace arenascope {

namespace {

std::string targetReason(TargetKind from, TargetKind to)
{
    if (to == TargetKind::X86_64 || from == TargetKind::X86_64)
        return "64-bit pointers and size_t change the size of the tail's structs";
    return "int-sized enums make TfLiteTensor (40 vs 32 bytes) and some option structs larger than with "
           "arm-none-eabi's short enums";
}

std::string kernelsReason(const EmulationSettings& a)
{
    switch (a.kernels) {
    case KernelSet::CmsisNn:
        return "CMSIS-NN's op data, kernel sums and scratch buffers";
    case KernelSet::EspNn:
        return "ESP-NN's op data and scratch buffers (esp-nn " + std::string(espNnVersionName(a.espNn)) + " for "
            + std::string(espChipTitle(a.espChip)) + ")";
    case KernelSet::Reference:
        break;
    }
    return "the reference kernels' op data and scratch buffers";
}

// One setting of EmulationSettings, as a settings change sees it: whether two settings differ
// in it, how a step takes it over from the new settings, and why it changes the arena (given
// the analyses on either side of the step).
struct Dimension {
    bool (*differs)(const EmulationSettings& b, const EmulationSettings& a);
    void (*takeOver)(EmulationSettings& s, const EmulationSettings& a);
    std::string (*reason)(const Analysis& before, const Analysis& after);
};

std::string headChange(const Analysis& before, const Analysis& after)
{
    return "head " + formatBytes(before.measured->headBytes) + " -> " + formatBytes(after.measured->headBytes);
}

// In the order a change is taken apart: the build first (snapshot, target, kernels and what
// they are built for), then how the firmware creates the interpreter.
const Dimension kDimensions[] = {
    { [](const auto& b, const auto& a) { return b.tflm != a.tflm; },
        [](auto& s, const auto& a) {
            s.tflm = a.tflm;
            s.tflmDistribution = a.tflmDistribution;
        },
        [](const Analysis& before, const Analysis& after) {
            return "vs TFLM " + std::string(tflmVersionId(before.settings.tflm))
                + ": the kernels' op data, scratch requests and checks of TFLM "
                + tflmVersionLabel(after.settings.tflm);
        } },
    { [](const auto& b, const auto& a) { return b.target != a.target; },
        [](auto& s, const auto& a) { s.target = a.target; },
        [](const Analysis& before, const Analysis& after) {
            return "vs " + std::string(targetName(before.settings.target)) + ": "
                + targetReason(before.settings.target, after.settings.target);
        } },
    { [](const auto& b, const auto& a) { return b.kernels != a.kernels; },
        [](auto& s, const auto& a) {
            s.kernels = a.kernels;
            s.cpu = a.cpu;
            s.espChip = a.espChip;
            s.espNn = a.espNn;
        },
        [](const Analysis& before, const Analysis& after) {
            return "vs " + std::string(kernelSetName(before.settings.kernels))
                + " kernels: " + kernelsReason(after.settings);
        } },
    { [](const auto& b, const auto& a) { return b.kernels == KernelSet::CmsisNn && b.cpu != a.cpu; },
        [](auto& s, const auto& a) { s.cpu = a.cpu; },
        [](const Analysis& before, const Analysis& after) {
            const EmulationSettings& b = before.settings;
            const EmulationSettings& a = after.settings;
            return "vs " + std::string(cpuName(b.cpu)) + ": CMSIS-NN sizes some scratch buffers for the "
                + std::string(cpuExtensionName(a.cpuExtension())) + " extension (was "
                + std::string(cpuExtensionName(b.cpuExtension())) + ")";
        } },
    { [](const auto& b, const auto& a) { return b.kernels == KernelSet::EspNn && b.espChip != a.espChip; },
        [](auto& s, const auto& a) { s.espChip = a.espChip; },
        [](const Analysis& before, const Analysis& after) {
            return "vs " + std::string(espChipTitle(before.settings.espChip))
                + ": esp-nn sizes its scratch buffers for the chip it is built for ("
                + std::string(espChipTitle(after.settings.espChip)) + ")";
        } },
    { [](const auto& b, const auto& a) { return b.kernels == KernelSet::EspNn && b.espNn != a.espNn; },
        [](auto& s, const auto& a) { s.espNn = a.espNn; },
        [](const Analysis& before, const Analysis& after) {
            return "vs esp-nn " + std::string(espNnVersionName(before.settings.espNn))
                + ": the scratch sizes of esp-nn " + std::string(espNnVersionName(after.settings.espNn));
        } },
    { [](const auto& b, const auto& a) { return b.coProcessor != a.coProcessor; },
        [](auto& s, const auto& a) { s.coProcessor = a.coProcessor; },
        [](const Analysis& before, const Analysis&) {
            return "vs co-processor " + std::string(coProcessorName(before.settings.coProcessor))
                + ": the ethos-u operator registered or not (its op data in the tail)";
        } },
    { [](const auto& b, const auto& a) { return b.preserveAllTensors != a.preserveAllTensors; },
        [](auto& s, const auto& a) { s.preserveAllTensors = a.preserveAllTensors; },
        [](const Analysis& before, const Analysis& after) {
            const EmulationSettings& a = after.settings;
            if (before.settings.effectivePlanner() == a.effectivePlanner())
                return std::string("preserve_all_tensors changes nothing here: the planner is already linear");
            return std::string("preserve_all_tensors ") + (a.preserveAllTensors ? "on" : "off")
                + ": TFLM switches to the " + std::string(plannerName(a.effectivePlanner())) + " planner, "
                + headChange(before, after);
        } },
    { [](const auto& b, const auto& a) { return b.planner != a.planner; },
        [](auto& s, const auto& a) { s.planner = a.planner; },
        [](const Analysis& before, const Analysis& after) {
            const EmulationSettings& b = before.settings;
            const EmulationSettings& a = after.settings;
            if (b.effectivePlanner() != a.effectivePlanner())
                return "vs the " + std::string(plannerName(b.effectivePlanner()))
                    + " planner: " + headChange(before, after);
            return "the planner setting changes nothing here (TFLM uses the "
                + std::string(plannerName(a.effectivePlanner())) + " planner with these settings)";
        } },
    { [](const auto& b, const auto& a) { return b.interpreter != a.interpreter; },
        [](auto& s, const auto& a) { s.interpreter = a.interpreter; },
        [](const Analysis& before, const Analysis& after) {
            const EmulationSettings& b = before.settings;
            if (b.effectiveInterpreter() == after.settings.effectiveInterpreter())
                return std::string("the interpreter setting changes nothing here (separate arenas always get the "
                                   "plain interpreter)");
            return "vs the " + std::string(interpreterName(b.effectiveInterpreter()))
                + " interpreter: the recording allocator's larger objects in the tail (not needed in release "
                  "firmware)";
        } },
    { [](const auto& b, const auto& a) {
         return b.resourceVariables != a.resourceVariables || b.resourceVariablesArena != a.resourceVariablesArena;
     },
        [](auto& s, const auto& a) {
            s.resourceVariables = a.resourceVariables;
            s.resourceVariablesArena = a.resourceVariablesArena;
        },
        [](const Analysis& before, const Analysis& after) {
            const EmulationSettings& b = before.settings;
            const EmulationSettings& a = after.settings;
            if (b.resourceVariablesArena.has_value() != a.resourceVariablesArena.has_value())
                return std::string(a.resourceVariablesArena
                        ? "the resource variables in an arena of their own: MicroResourceVariables and its "
                          "entries leave this arena's tail"
                        : "the resource variables in this arena again: MicroResourceVariables and its entries "
                          "live in its tail");
            return "vs " + std::to_string(b.resourceVariables)
                + " resource variables: MicroResourceVariables and its entries live in the tail";
        } },
    { [](const auto& b, const auto& a) { return b.nonPersistentBytes.has_value() != a.nonPersistentBytes.has_value(); },
        [](auto& s, const auto& a) { s.nonPersistentBytes = a.nonPersistentBytes; },
        [](const Analysis&, const Analysis& after) {
            return std::string(
                after.settings.nonPersistentBytes ? "separate arenas: the tail gets its own arena" : "one arena again");
        } },
    { [](const auto& b, const auto& a) { return b.arenaOffset != a.arenaOffset; },
        [](auto& s, const auto& a) { s.arenaOffset = a.arenaOffset; },
        [](const Analysis& before, const Analysis& after) {
            return "the arena starts " + std::to_string(after.settings.arenaOffset) + " B past a 16-byte boundary (was "
                + std::to_string(before.settings.arenaOffset)
                + "): MicroAllocator::Create aligns the start up and loses "
                + std::to_string(after.settings.arenaStartLoss()) + " B";
        } },
};

// The settings a change passes through, one setting at a time, from `b` to `a` (the arena sizes
// of `b` kept): each entry is the settings after a step and the dimension it changed. A step
// that would make a combination TFLM cannot build (CMSIS-NN off cortex-m, ESP-NN off ilp32)
// goes through the reference kernels first.
struct Step {
    EmulationSettings settings;
    const Dimension* dimension;
};

std::vector<Step> changeSteps(const EmulationSettings& b, const EmulationSettings& a)
{
    const Dimension& kernels = kDimensions[2]; // the kernel set (with its CPU, chip and esp-nn)
    std::vector<Step> steps;
    EmulationSettings s = b;
    for (const Dimension& d : kDimensions) {
        if (!d.differs(s, a))
            continue;
        EmulationSettings next = s;
        d.takeOver(next, a);
        if (!settingsConflict(next).empty() && s.kernels != KernelSet::Reference) {
            EmulationSettings reference = a;
            reference.kernels = KernelSet::Reference;
            kernels.takeOver(s, reference);
            steps.push_back({ s, &kernels });
            next = s;
            d.takeOver(next, a);
        }
        s = next;
        steps.push_back({ s, &d });
    }
    return steps;
}

// The figure a change is told in: the smallest arena when every analysis has one, else the
// arena used in the measuring arena.
std::int64_t figureOf(const Analysis& a, bool minimum)
{
    return static_cast<std::int64_t>(minimum ? *a.minArenaBytes : a.measured->arenaUsedBytes);
}

// A step's share: "+40,276 B vs reference kernels: ESP-NN's ...", or for a step that changed
// nothing only what it changed from ("no change vs cortex-m"), without its usual cause.
std::string part(std::int64_t delta, const std::string& reason)
{
    if (delta == 0)
        return "no change " + reason.substr(0, reason.find(": "));
    return formatSignedBytes(delta) + " " + reason;
}

} // namespace

std::string describeSettingsChange(const Analysis& before, const Analysis& after, const StepAnalyzer& analyzeStep)
{
    if (before.model != after.model || sameExceptSize(before.settings, after.settings))
        return {};
    const std::vector<Step> steps = changeSteps(before.settings, after.settings);
    if (steps.empty())
        return {};
    // The analyses between the steps (run only for a change of several settings); the last step
    // arrives at `after`'s settings (its sizes aside).
    std::vector<AnalysisPtr> between;
    if (steps.size() > 1 && analyzeStep)
        for (std::size_t i = 0; i + 1 < steps.size(); ++i)
            between.push_back(analyzeStep(steps[i].settings.withArena(std::nullopt)));
    const bool stepsKnown = between.size() + 1 == steps.size()
        && std::all_of(between.begin(), between.end(), [](const AnalysisPtr& a) { return a != nullptr; });
    std::vector<const Analysis*> chain { &before };
    if (stepsKnown)
        for (const AnalysisPtr& a : between)
            chain.push_back(a.get());
    chain.push_back(&after);
    const bool minimum
        = std::all_of(chain.begin(), chain.end(), [](const Analysis* a) { return a->minArenaBytes.has_value(); });
    const std::string what = minimum ? "smallest arena" : "arena used";
    const std::int64_t delta = figureOf(after, minimum) - figureOf(before, minimum);
    const std::string total = delta == 0 ? "No change to the " + what : formatSignedBytes(delta) + " " + what;
    if (steps.size() == 1)
        return total + (delta == 0 ? ": " : " ") + steps[0].dimension->reason(before, after);
    // Several settings changed: each step's share, the largest first (they add up to the whole).
    std::vector<std::pair<std::int64_t, std::string>> parts;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const Analysis& from = stepsKnown ? *chain[i] : before;
        const Analysis& to = stepsKnown ? *chain[i + 1] : after;
        const std::string reason = steps[i].dimension->reason(from, to);
        parts.emplace_back(stepsKnown ? figureOf(to, minimum) - figureOf(from, minimum) : 0, reason);
    }
    std::string text = total + (stepsKnown ? ", one setting at a time: " : "; settings changed together: ");
    if (stepsKnown)
        std::stable_sort(parts.begin(), parts.end(),
            [](const auto& x, const auto& y) { return std::llabs(x.first) > std::llabs(y.first); });
    for (std::size_t i = 0; i < parts.size(); ++i)
        text += (i ? "; " : "") + (stepsKnown ? part(parts[i].first, parts[i].second) : parts[i].second);
    return text;
}

std::vector<EmulationSettings> settingsChangeSteps(const EmulationSettings& before, const EmulationSettings& after)
{
    std::vector<EmulationSettings> out;
    for (const Step& step : changeSteps(before, after))
        out.push_back(step.settings);
    return out;
}

std::vector<TargetCost> minimumPerTarget(const Model& model, EmulationSettings settings)
{
    std::vector<TargetCost> out;
    settings.arenaSize.reset();
    settings.nonPersistentBytes.reset();
    for (TargetKind t : allTargets()) {
        EmulationSettings s = settings;
        s.target = t;
        if (!settingsConflict(s).empty())
            s.kernels = KernelSet::Reference;
        out.push_back(TargetCost { t, findMinimumArena(model, s, kMeasureArenaBytes) });
    }
    return out;
}

std::string describeReload(const Analysis& before, const Analysis& after, const std::string& fileName)
{
    if (!after.minArenaBytes)
        return "Reloaded " + fileName + ": it no longer allocates at any size.";
    if (!before.minArenaBytes)
        return "Reloaded " + fileName + ": smallest arena " + formatBytes(*after.minArenaBytes) + ".";
    const auto delta
        = static_cast<std::int64_t>(*after.minArenaBytes) - static_cast<std::int64_t>(*before.minArenaBytes);
    if (delta == 0)
        return "Reloaded " + fileName + ": the smallest arena is unchanged (" + formatBytes(*after.minArenaBytes)
            + ").";
    return "Reloaded " + fileName + ": smallest arena " + formatCount(*before.minArenaBytes) + " -> "
        + formatBytes(*after.minArenaBytes) + " (" + formatSignedBytes(delta) + ").";
}

} // namespace arenascope
