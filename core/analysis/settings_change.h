#pragma once
// What a settings change did to the arena, and why, in one line for the user:
//   "+2,720 B vs cortex-m: 64-bit pointers and size_t make the tail's structs larger"
//   "preserve_all_tensors changes nothing: the planner is already linear"
// Compares two analyses of the same model that differ in one device or interpreter setting
// (the arena size aside); the figure compared is the smallest working arena when both have
// one, the arena used otherwise.

#include "analysis.h"

#include <functional>
#include <string>

namespace arenascope {

// Analyses the model under settings a change passes through (the arena size aside).
using StepAnalyzer = std::function<AnalysisPtr(const EmulationSettings&)>;

// Empty when only the arena size changed or the model differs. When several settings changed
// (a board sets the target, the kernels and the chip), the change is taken apart one setting at
// a time and each step's share said, the largest first:
//   "+40,276 B smallest arena, one setting at a time: +40,276 B vs reference kernels: ESP-NN's
//    op data and scratch buffers (...); no change vs cortex-m: int-sized enums ..."
// which needs the analyses between the steps: `analyzeStep` runs them (off the GUI thread: it
// emulates); without it the reasons are listed without their shares.
std::string describeSettingsChange(const Analysis& before, const Analysis& after, const StepAnalyzer& analyzeStep = {});

// The settings a change from `before` to `after` passes through, one setting at a time (the
// arena sizes of `before` kept), in the order describeSettingsChange takes it apart; a step TFLM
// could not build (CMSIS-NN off cortex-m, ESP-NN off ilp32) goes through the reference kernels.
std::vector<EmulationSettings> settingsChangeSteps(const EmulationSettings& before, const EmulationSettings& after);

// What rewriting the open model file did, under the same settings:
//   "Reloaded kws.tflite: smallest arena 82,296 -> 84,112 B (+1,816 B)."
std::string describeReload(const Analysis& before, const Analysis& after, const std::string& fileName);

// The smallest arena of the model for each target, other settings unchanged (nullopt where
// none works): what the target choice costs for this model.
struct TargetCost {
    TargetKind target;
    std::optional<std::uint64_t> minArenaBytes;
};
std::vector<TargetCost> minimumPerTarget(const Model& model, EmulationSettings settings);

} // namespace arenascope
