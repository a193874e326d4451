#pragma once
// The configurations a device log may come from: every build ArenaScope emulates, read from
// core's own tables (TFLM snapshots, targets, CPUs, ESP chips and esp-nn versions), so a new row
// joins the search without a change here. CPUs that take the same CMSIS-NN paths (one extension
// class) and ESP chips of one esp-nn family build the same arena: one of each is searched, and
// the others are named beside it.
//
//   snapshots x (reference x targets | CMSIS-NN x CPU classes | ESP-NN x chip families x esp-nn
//   versions) x planners x interpreters [x Ethos-U, when the model has its operator]
//   [x ESPHome's resource variables, when the model has VAR_HANDLE]
//
// Usage:
//   ConfigConstraints fixed; fixed.kernels = KernelSet::EspNn;
//   for (const EmulationSettings& s : candidateConfigurations(model, fixed)) ...

#include "core/emulation/emulation_settings.h"
#include "core/model/model.h"

#include <optional>
#include <string>
#include <vector>

namespace arenascope {

// What the user knows of the build (`explain --config`); each unset field is searched.
struct ConfigConstraints {
    std::optional<TflmVersion> tflm;
    std::optional<TargetKind> target;
    std::optional<KernelSet> kernels;
    std::optional<Cpu> cpu;
    std::optional<EspChip> chip;
    std::optional<EspNnVersion> espNn;
    std::optional<CoProcessor> coProcessor;
    std::optional<PlannerKind> planner; // preserve-all-tensors=true fixes linear
    std::optional<InterpreterKind> interpreter;
    std::optional<std::uint32_t> resourceVariables;
    std::optional<std::uint64_t> resourceVariablesArena;
    std::optional<std::uint32_t> arenaOffset;
    std::optional<std::uint64_t> nonPersistentBytes;
};

// Every configuration to search for `model` under `fixed`, arena sizes unset, arena offset 0
// unless fixed.
std::vector<EmulationSettings> candidateConfigurations(const Model& model, const ConfigConstraints& fixed);

// The configurations `s` stands for: itself and the CPUs of its CMSIS-NN extension class or the
// chips of its esp-nn family (the same arena, by construction).
std::vector<EmulationSettings> sameBuildMembers(const EmulationSettings& s);

// The build in the words users use: "ESP32-S3 with esp-nn 1.2.3", "Cortex-M4 with CMSIS-NN",
// "reference kernels on a 64-bit host"; the snapshot and interpreter details are the
// configuration text's.
std::string buildTitle(const EmulationSettings& s);

// The configuration text `plan --config` takes, with every key that tells builds apart written
// out (tflm and arena-offset included even at their defaults).
std::string explicitConfigurationText(const EmulationSettings& s);

} // namespace arenascope
