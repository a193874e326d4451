#pragma once
// The rows every tabular report shares (CSV, HTML): one place derives them from an Analysis,
// so each export shows the same figures as the plan JSON.
//
// - tensorRows: one row per tensor of every subgraph, in the order of the plan JSON `tensors`
//   (the measured run). alignedBytes/padding are set only for tensors in the memory plan;
//   offset only for tensors placed in the arena.
// - eventSource: the run whose allocation log reports show (the user's size if given, as
//   in the plan JSON `events`).
// - stepRows: one row per allocation scope (timeline step) of the measured run.
//
// Usage:
//   for (const TensorRow& r : tensorRows(*analysis)) table.add(r.name, r.bytes);

#include "core/analysis/analysis.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct TensorRow {
    std::int32_t subgraph = 0;
    std::int32_t index = 0;
    std::string name; // from the model: untrusted text
    std::string kind; // as tensorKind() names it
    std::string dtype; // "int8", ...
    std::string shape; // "1x49x40x1"; empty for a scalar
    std::uint64_t bytes = 0; // as the model sizes it
    std::optional<std::uint64_t> alignedBytes; // as planned (16-aligned)
    std::optional<std::uint64_t> padding; // alignedBytes - requested
    std::optional<std::uint64_t> offset; // from the arena start
    std::int32_t firstUse = -1; // allocation scope
    std::int32_t lastUse = -1;
    std::string where; // head, tail, flatbuffer, none
};

struct StepRow {
    std::int32_t step = 0;
    std::uint64_t liveBytes = 0; // aligned bytes of planned buffers alive at this step
    std::uint64_t planHeadBytes = 0; // end of the highest such buffer in the plan (plan-relative)
};

std::vector<TensorRow> tensorRows(const Analysis& analysis);
const EmulationResult& eventSource(const Analysis& analysis);
std::vector<StepRow> stepRows(const Analysis& analysis);

// "1x49x40x1"; empty for a scalar.
std::string shapeText(const std::vector<std::int32_t>& shape);
// "CONV_2D" (or the custom name) for an operator, empty when `op` names none.
std::string operatorName(const Model& model, std::int32_t subgraph, std::int32_t op);

} // namespace arenascope
