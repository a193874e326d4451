#include "settings_change.h"

#include "core/util/format.h"

namespace arenascope {

namespace {

std::string targetReason(TargetKind from, TargetKind to)
{
    if (to == TargetKind::X86_64 || from == TargetKind::X86_64)
        return "64-bit pointers and size_t change the size of the tail's structs";
    return "int-sized enums make TfLiteTensor (40 vs 32 bytes) and some option structs larger than with "
           "arm-none-eabi's short enums";
}

std::string reasonFor(
    const EmulationSettings& b, const EmulationSettings& a, const Analysis& before, const Analysis& after)
{
    if (b.tflm != a.tflm)
        return "vs TFLM " + std::string(tflmVersionId(b.tflm)) + ": the kernels' op data, scratch requests and checks "
            + "of TFLM " + tflmVersionLabel(a.tflm);
    if (b.target != a.target)
        return "vs " + std::string(targetName(b.target)) + ": " + targetReason(b.target, a.target);
    if (b.kernels != a.kernels)
        return "vs " + std::string(kernelSetName(b.kernels)) + " kernels: "
            + (a.kernels == KernelSet::CmsisNn ? "CMSIS-NN's op data, kernel sums and scratch buffers"
                                               : "the reference kernels' op data and scratch buffers");
    if (b.kernels == KernelSet::CmsisNn && b.cpu != a.cpu)
        return "vs " + std::string(cpuName(b.cpu)) + ": CMSIS-NN sizes some scratch buffers for the "
            + std::string(cpuExtensionName(a.cpuExtension())) + " extension (was "
            + std::string(cpuExtensionName(b.cpuExtension())) + ")";
    if (b.preserveAllTensors != a.preserveAllTensors) {
        if (b.effectivePlanner() == a.effectivePlanner())
            return "preserve_all_tensors changes nothing here: the planner is already linear";
        return std::string("preserve_all_tensors ") + (a.preserveAllTensors ? "on" : "off") + ": TFLM switches to the "
            + std::string(plannerName(a.effectivePlanner())) + " planner, head "
            + formatBytes(before.measured->headBytes) + " -> " + formatBytes(after.measured->headBytes);
    }
    if (b.effectivePlanner() != a.effectivePlanner())
        return "vs the " + std::string(plannerName(b.effectivePlanner())) + " planner: head "
            + formatBytes(before.measured->headBytes) + " -> " + formatBytes(after.measured->headBytes);
    if (b.planner != a.planner)
        return "the planner setting changes nothing here (TFLM uses the "
            + std::string(plannerName(a.effectivePlanner())) + " planner with these settings)";
    if (b.effectiveInterpreter() != a.effectiveInterpreter())
        return "vs the " + std::string(interpreterName(b.effectiveInterpreter()))
            + " interpreter: the recording allocator's larger objects in the tail (not needed in release firmware)";
    if (b.resourceVariables != a.resourceVariables)
        return "vs " + std::to_string(b.resourceVariables) + " resource variables: MicroResourceVariables and its "
            + "entries live in the tail";
    if (b.nonPersistentBytes.has_value() != a.nonPersistentBytes.has_value())
        return a.nonPersistentBytes ? "separate arenas: the tail gets its own arena" : "one arena again";
    return {};
}

} // namespace

std::string describeSettingsChange(const Analysis& before, const Analysis& after)
{
    if (before.model != after.model || sameExceptSize(before.settings, after.settings))
        return {};
    const std::string reason = reasonFor(before.settings, after.settings, before, after);
    if (reason.empty())
        return {};
    std::int64_t delta = 0;
    std::string what = "smallest arena";
    if (before.minArenaBytes && after.minArenaBytes) {
        delta = static_cast<std::int64_t>(*after.minArenaBytes) - static_cast<std::int64_t>(*before.minArenaBytes);
    } else {
        what = "arena used";
        delta = static_cast<std::int64_t>(after.measured->arenaUsedBytes)
            - static_cast<std::int64_t>(before.measured->arenaUsedBytes);
    }
    if (delta == 0)
        return "No change to the " + what + ": " + reason;
    return formatSignedBytes(delta) + " " + what + " " + reason;
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
