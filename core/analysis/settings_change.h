#pragma once
// What a settings change did to the arena, and why, in one line for the user:
//   "+2,720 B vs cortex-m: 64-bit pointers and size_t make the tail's structs larger"
//   "preserve_all_tensors changes nothing: the planner is already linear"
// Compares two analyses of the same model that differ in one device or interpreter setting
// (the arena size aside); the figure compared is the smallest working arena when both have
// one, the arena used otherwise.

#include "analysis.h"

#include <string>

namespace arenascope {

// Empty when only the arena size changed or the model differs.
std::string describeSettingsChange(const Analysis& before, const Analysis& after);

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
