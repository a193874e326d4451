#pragma once
// Operator reordering: another valid execution order of the main subgraph's operators can
// keep fewer bytes alive at once (as tflite-tools' optimizer does). TFLM runs operators in the
// order the model stores them, so the model is written with its operators reordered; nothing
// else changes. The written model is loaded and emulated again as proof.
//
// - Cost of an order: the most planned bytes alive at one step (TFLM's lifetimes: an operator's
//   outputs live from its step to their last reader's; model inputs from the start, outputs to
//   the end; scratch buffers during their operator).
// - Search: exact over sets of executed operators (dynamic programming) when the subgraph is
//   small; otherwise a greedy schedule that runs, at each step, the ready operator that keeps
//   the fewest bytes alive.
// - Operators with state (variables, CALL_ONCE, control flow) keep their relative order.
//
// Usage:
//   auto r = reorderOperators(model, settings);
//   if (r && r.value().improved()) writeFileAtomically(out, r.value().modelBytes);

#include "core/emulation/emulation_settings.h"
#include "core/model/model.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct ReorderResult {
    std::vector<std::int32_t> order; // operator indices of subgraph 0, in the new order
    bool exact = false; // every order was considered
    std::uint64_t peakBefore = 0; // most planned bytes alive at once, stored order
    std::uint64_t peakAfter = 0; // the same for the new order
    std::int64_t headBefore = 0; // TFLM's greedy plan, re-emulated on the written model
    std::int64_t headAfter = 0;
    std::optional<std::uint64_t> minArenaBefore;
    std::optional<std::uint64_t> minArenaAfter;
    std::vector<std::uint8_t> modelBytes; // the reordered model; empty when not improved

    bool improved() const { return peakAfter < peakBefore; }
};

Result<ReorderResult> reorderOperators(const Model& model, const EmulationSettings& settings);

// The name of a model's reordered copy: "dir/name.tflite" -> "dir/name_reordered.tflite".
std::string reorderedModelName(const std::string& path);

// reorderOperators and the reordered model loaded (named by reorderedModelName), for showing it
// beside the stored order (compare --b-reorder, the Compare window).
struct ReorderedModel {
    ReorderResult result;
    ModelPtr model; // null when no order keeps fewer bytes alive than the stored one
};
Result<ReorderedModel> reorderedModel(const Model& model, const EmulationSettings& settings);

} // namespace arenascope
