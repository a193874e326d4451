#pragma once
// `arenascope explain` as text and as JSON: the log's lines TFLM printed, each explained in
// words with its concept, then (with a model) the builds and arena sizes that reproduce it, what
// each build needs, what tells them apart, or the nearest build and the fact that differs.
//
// JSON keys: log{lines, bytes_read, ignored_lines, ignored_sample[], notes[]}, facts[] (line,
// kind, wording, text, the numbers it states, attempt, explanation, concept), attempts[],
// matches[] (config, title, arena_bytes, arena_bytes_range, arena_offsets, min_arena_bytes,
// shortfall_bytes, exact, alike[], other_versions[], emulated_lines[]), nearest, tell_apart,
// notes[], search{configurations, distinct_runs, emulations, seconds, timed_out, cancelled}.
//
// Usage:
//   std::cout << explainText(*result, "okay_nabu.tflite");

#include "core/devicelog/explainer.h"

#include <string>

namespace arenascope {

std::string explainText(const ExplainResult& result, const std::string& modelName);
std::string explainJson(const ExplainResult& result, const std::string& modelName);

// "26,068-26,083 B", "26,080 B", "at least 6,800 B".
std::string sizeRangeText(const SizeRange& r);

} // namespace arenascope
