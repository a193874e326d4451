#pragma once
// "Find a smaller plan": search for tensor offsets that need less head than TFLM's greedy
// plan, write them into the model as its offline memory plan, and prove the gain by loading
// the new model and emulating it again.
//
// Usage:
//   auto r = optimizeModel(model, settings);
//   if (r && r.value().improved()) writeFileAtomically(out, bytes of r.value().modelBytes);

#include "core/emulation/emulation_settings.h"
#include "core/model/model.h"
#include "core/planner/plan_optimizer.h"
#include "core/util/result.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

struct OptimizationResult {
    std::int64_t headBefore = 0; // TFLM's greedy plan
    std::int64_t headAfter = 0; // with the offline plan, as re-emulated
    std::optional<std::uint64_t> minArenaBefore;
    std::optional<std::uint64_t> minArenaAfter; // re-emulated on the written model
    std::string strategy;
    std::vector<std::int32_t> offsets; // per tensor of every subgraph, in order (-1 = online)
    std::vector<std::string> stayOnline; // buffers an offline plan cannot place (scratch buffers)
    std::vector<std::uint8_t> modelBytes; // the model with the plan (empty if not improved)

    bool improved() const { return headAfter < headBefore; }
};

// How long the exact search may look for a smaller plan than the orderings found.
inline constexpr std::chrono::milliseconds kExactSearchTime { 5000 };

// `cancel`, set from another thread, ends the exact search early (the best plan so far stands).
Result<OptimizationResult> optimizeModel(const Model& model, const EmulationSettings& settings,
    std::chrono::milliseconds exactTime = kExactSearchTime, const std::atomic<bool>* cancel = nullptr);

// The offsets behind optimizeModel: the plan optimizer's orderings (plan_optimizer.h) and,
// when they leave the head above the most bytes alive at one step, the exact search
// (core/solver) over every buffer for up to `exactTime`. Each candidate is scored as TFLM
// places it (the placeable buffers offline, the rest online around them); the best wins.
OptimizedPlan optimizeOffsets(std::span<const BufferRequest> requests, const std::vector<bool>& placeable,
    std::chrono::milliseconds exactTime = kExactSearchTime, const std::atomic<bool>* cancel = nullptr);

} // namespace arenascope
