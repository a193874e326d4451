#pragma once
// `arenascope plan A.tflite B.tflite ... --shared-arena`: several models in one arena as text
// and as one JSON object. The JSON keeps `plan --json`'s names where they mean the same
// (min_arena_bytes, failure, arena_size, fits, headline, fidelity, the configuration keys) and
// adds `tenants[]`:
//   { "model", "status": "ok"|"error"|"blocked", "arena_used_bytes" (right after its
//     AllocateTensors), "head_bytes", "tail_bytes", "tail_added_bytes", "plan_bytes",
//     "temp_peak_bytes", "failure" }
// with `figures_arena_bytes` saying which run they come from (the given size, else the
// measuring arena), `below_minimum` (the first failure one byte below the smallest arena) and
// `best_order` (the order that needs less, if any).

#include "core/analysis/shared_arena_analysis.h"

#include <string>

namespace arenascope {

std::string sharedArenaJson(const SharedArenaAnalysis& analysis, bool pretty = true);
std::string sharedArenaText(const SharedArenaAnalysis& analysis);

} // namespace arenascope
