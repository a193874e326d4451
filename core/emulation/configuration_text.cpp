#include "configuration_text.h"

#include "esp_nn_build.h"
#include "target.h"

namespace arenascope {

std::string configurationText(const EmulationSettings& s)
{
    std::string out;
    auto add = [&](std::string_view key, std::string_view value) {
        out += (out.empty() ? "" : ",") + std::string(key) + "=" + std::string(value);
    };
    if (!s.tflmDistribution.empty())
        add("tflm", s.tflmDistribution);
    else if (s.tflm != kNewestTflm)
        add("tflm", tflmVersionId(s.tflm));
    add("target", targetName(s.target));
    add("kernels", kernelSetName(s.kernels));
    if (s.kernels == KernelSet::CmsisNn)
        add("cpu", cpuName(s.cpu));
    if (s.kernels == KernelSet::EspNn) {
        add("chip", espChipName(s.espChip));
        add("esp-nn", espNnVersionName(s.espNn));
    }
    if (s.coProcessor != CoProcessor::None)
        add("co-processor", coProcessorName(s.coProcessor));
    add("planner", plannerName(s.planner));
    add("interpreter", interpreterName(s.interpreter));
    if (s.preserveAllTensors)
        add("preserve-all-tensors", "true");
    if (s.resourceVariables == kResourceVariablesAuto)
        add("resource-variables", "auto");
    else if (s.resourceVariables > 0)
        add("resource-variables", std::to_string(s.resourceVariables));
    if (s.resourceVariablesArena)
        add("resource-variables-arena", std::to_string(*s.resourceVariablesArena));
    if (s.arenaOffset != 0)
        add("arena-offset", std::to_string(s.arenaOffset));
    if (s.nonPersistentBytes)
        add("non-persistent-arena-size", std::to_string(*s.nonPersistentBytes));
    return out;
}

} // namespace arenascope
