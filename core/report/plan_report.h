#pragma once
// The `arenascope plan --json` object and the `arenascope info` summary. Field names are a
// contract other tools read: keep them as they are.

#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"

#include <string>
#include <vector>

namespace arenascope {

// `alternatives` (alternatives.h): what the other builds need, as plan's "alternatives" key
// and its "other builds" lines; left out when null (the key is then absent).
std::string planJson(
    const Analysis& analysis, bool pretty = true, const std::vector<Alternative>* alternatives = nullptr);
std::string planText(const Analysis& analysis, const std::vector<Alternative>* alternatives = nullptr);

std::string infoJson(const Model& model, bool pretty = true);

class JsonWriter;
// A failure as plan's "failure" object (null when `f` is null).
void writeFailureJson(JsonWriter& w, const Failure* f);
// The configuration keys plan's JSON opens with (tflm, target, kernels, cpu, chip, ...).
void writeSettingsJson(JsonWriter& w, const EmulationSettings& s, const Model& model);
std::string infoText(const Model& model);

// "kind" of a tensor as the plan JSON names it: activation, input, output, scratch,
// offline, npu_scratch, npu_scratch_fast (Vela's scratch areas of an ethos-u operator),
// variable, constant, unplanned.
std::string tensorKind(const Model& model, const EmulationResult& result, const TensorPlacement& t);

} // namespace arenascope
