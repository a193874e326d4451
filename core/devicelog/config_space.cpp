#include "config_space.h"

#include "core/emulation/boards.h"
#include "core/emulation/configuration_text.h"
#include "core/emulation/cpu_table.h"
#include "core/emulation/resource_variables.h"
#include "core/model/builtin_names.h"

#include <algorithm>
#include <span>
#include <type_traits>

namespace arenascope {

namespace {

bool hasBuiltin(const Model& model, std::string_view name)
{
    for (const Subgraph& sg : model.subgraphs())
        for (const Operator& o : sg.operators)
            if (!o.isCustom() && builtinOperatorName(o.builtinCode) == name)
                return true;
    return false;
}

bool hasCustom(const Model& model, std::string_view name)
{
    for (const Subgraph& sg : model.subgraphs())
        for (const Operator& o : sg.operators)
            if (o.isCustom() && o.customName == name)
                return true;
    return false;
}

template <typename T> bool allowed(const std::optional<T>& fixed, T value)
{
    return !fixed || *fixed == value;
}

// The first value of `all` (table order) for each class `classOf` tells apart, or the fixed
// value alone.
template <typename T, typename ClassOf>
std::vector<T> firstOfEachClass(const std::optional<T>& fixed, std::span<const T> all, ClassOf classOf)
{
    if (fixed)
        return { *fixed };
    std::vector<T> out;
    std::vector<std::invoke_result_t<ClassOf, T>> seen;
    for (T value : all) {
        if (std::find(seen.begin(), seen.end(), classOf(value)) != seen.end())
            continue;
        seen.push_back(classOf(value));
        out.push_back(value);
    }
    return out;
}

// One CPU per CMSIS-NN extension class (the first of the cpu table), or the fixed one.
std::vector<Cpu> cpuClasses(const ConfigConstraints& fixed)
{
    return firstOfEachClass(fixed.cpu, allCpus(), [](Cpu cpu) {
        EmulationSettings s;
        s.cpu = cpu;
        return s.cpuExtension();
    });
}

// One chip per esp-nn family (the first of the chip table), or the fixed one. The chip users
// name first: ESP32-S3 before the generic family's ESP32 is no matter for the search, but the
// table's order is kept.
std::vector<EspChip> chipFamilies(const ConfigConstraints& fixed)
{
    return firstOfEachClass(fixed.chip, allEspChips(), espNnFamily);
}

// The builds of one snapshot: target, kernels and their CPU or chip and esp-nn version.
std::vector<EmulationSettings> builds(const EmulationSettings& base, const ConfigConstraints& fixed)
{
    std::vector<EmulationSettings> out;
    auto add = [&](EmulationSettings s) {
        if (allowed(fixed.target, s.target) && allowed(fixed.kernels, s.kernels) && settingsConflict(s).empty())
            out.push_back(s);
    };
    for (TargetKind t : allTargets()) {
        EmulationSettings s = base;
        s.target = t;
        s.kernels = KernelSet::Reference;
        add(s);
    }
    for (Cpu cpu : cpuClasses(fixed)) {
        EmulationSettings s = base;
        s.target = TargetKind::CortexM;
        s.kernels = KernelSet::CmsisNn;
        s.cpu = cpu;
        add(s);
    }
    for (EspChip chip : chipFamilies(fixed))
        for (EspNnVersion v : allEspNnVersions()) {
            if (!allowed(fixed.espNn, v))
                continue;
            EmulationSettings s = base;
            s.target = TargetKind::Ilp32;
            s.kernels = KernelSet::EspNn;
            s.espChip = chip;
            s.espNn = v;
            add(s);
        }
    return out;
}

struct VariablesPreset {
    std::uint32_t count;
    std::optional<std::uint64_t> arena;
};

// Resource variables matter only to models that use them (elsewhere they move the tail by a
// constant, as a smaller arena would): ESPHome's micro_wake_word (20 on an arena of 1,024 B of
// their own), 20 in the tensor arena, one per VAR_HANDLE operator in the tensor arena (TFLM's
// benchmarks and `--resource-variables auto`), and none (VAR_HANDLE then fails in Prepare).
std::vector<VariablesPreset> variablePresets(const Model& model, const ConfigConstraints& fixed)
{
    if (fixed.resourceVariables)
        return { { *fixed.resourceVariables, fixed.resourceVariablesArena } };
    if (!hasBuiltin(model, "VAR_HANDLE"))
        return { { 0, std::nullopt } };
    std::vector<VariablesPreset> out = { { 20, 1024 }, { 20, std::nullopt } };
    if (const std::uint32_t perOperator = varHandleCount(model); perOperator != 20)
        out.push_back({ perOperator, std::nullopt });
    out.push_back({ 0, std::nullopt });
    return out;
}

} // namespace

std::vector<EmulationSettings> candidateConfigurations(const Model& model, const ConfigConstraints& fixed)
{
    std::vector<EmulationSettings> out;
    std::vector<CoProcessor> coProcessors = { CoProcessor::None };
    if (fixed.coProcessor)
        coProcessors = { *fixed.coProcessor };
    else if (hasCustom(model, "ethos-u"))
        coProcessors.push_back(CoProcessor::EthosU);
    for (const TflmVersionInfo& v : tflmVersions()) {
        if (!allowed(fixed.tflm, v.version))
            continue;
        EmulationSettings base;
        base.tflm = v.version;
        base.arenaOffset = fixed.arenaOffset.value_or(0);
        base.nonPersistentBytes = fixed.nonPersistentBytes;
        for (const EmulationSettings& build : builds(base, fixed))
            for (CoProcessor co : coProcessors)
                for (PlannerKind planner : { PlannerKind::Greedy, PlannerKind::Linear })
                    for (InterpreterKind interpreter : { InterpreterKind::Plain, InterpreterKind::Recording })
                        for (const VariablesPreset& vars : variablePresets(model, fixed)) {
                            if (!allowed(fixed.planner, planner) || !allowed(fixed.interpreter, interpreter))
                                continue;
                            EmulationSettings s = build;
                            s.coProcessor = co;
                            s.planner = planner;
                            s.interpreter = interpreter;
                            s.resourceVariables = vars.count;
                            s.resourceVariablesArena = vars.arena;
                            if (settingsConflict(s).empty())
                                out.push_back(s);
                        }
    }
    return out;
}

std::vector<EmulationSettings> sameBuildMembers(const EmulationSettings& s)
{
    std::vector<EmulationSettings> out;
    if (s.kernels == KernelSet::CmsisNn) {
        for (Cpu cpu : allCpus()) {
            EmulationSettings m = s;
            m.cpu = cpu;
            if (m.cpuExtension() == s.cpuExtension())
                out.push_back(m);
        }
    } else if (s.kernels == KernelSet::EspNn) {
        for (EspChip chip : allEspChips()) {
            EmulationSettings m = s;
            m.espChip = chip;
            if (espNnFamily(chip) == espNnFamily(s.espChip))
                out.push_back(m);
        }
    } else {
        out.push_back(s);
    }
    return out;
}

std::string buildTitle(const EmulationSettings& s)
{
    std::string out;
    if (s.kernels == KernelSet::EspNn) {
        for (const EmulationSettings& m : sameBuildMembers(s))
            out += (out.empty() ? "" : "/") + std::string(espChipTitle(m.espChip));
        out += " with esp-nn " + std::string(espNnVersionName(s.espNn));
    } else if (s.kernels == KernelSet::CmsisNn) {
        for (const EmulationSettings& m : sameBuildMembers(s)) {
            std::string name(cpuName(m.cpu)); // "cortex-m0plus" -> "Cortex-M0+"
            if (name.rfind("cortex-m", 0) == 0)
                name = "Cortex-M" + name.substr(8);
            if (const auto plus = name.find("plus"); plus != std::string::npos)
                name.replace(plus, 4, "+");
            out += (out.empty() ? "" : "/") + name;
        }
        out += " with CMSIS-NN";
    } else {
        out = "reference kernels, " + std::string(targetName(s.target)) + " target";
    }
    if (s.coProcessor == CoProcessor::EthosU)
        out += " and Ethos-U";
    return out;
}

std::string explicitConfigurationText(const EmulationSettings& s)
{
    std::string text = configurationText(s);
    if (text.rfind("tflm=", 0) != 0)
        text = "tflm=" + std::string(tflmVersionId(s.tflm)) + "," + text;
    if (text.find("arena-offset=") == std::string::npos)
        text += ",arena-offset=" + std::to_string(s.arenaOffset);
    return text;
}

} // namespace arenascope
