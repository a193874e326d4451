#pragma once
// The CI baseline file (arena-baseline.json): what `arenascope baseline` writes and `check`
// reads. Deterministic: keys sorted, entries sorted by model then configuration, items in the
// order costItems gives, two-space indentation, so the file diffs cleanly in review.
//
//   {
//     "arenascope_version": "0.1.0",
//     "entries": [
//       { "configuration": "target=cortex-m,kernels=reference,planner=greedy,interpreter=plain",
//         "model": "models/kws.tflite", "sha256": "...", "tflm": "tflite-micro 90b983c2",
//         "min_arena_bytes": 6808, "message": "", "arena_used_bytes": 6808, "head_bytes": ...,
//         "tail_bytes": ..., "temp_peak_bytes": ...,
//         "items": [ { "kind": "scratch", "label": "CONV_2D #0 scratch", "bytes": 640 }, ... ] } ],
//     "schema": "arenascope-baseline",
//     "schema_version": 1
//   }

#include "core/analysis/baseline.h"
#include "core/util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

inline constexpr int kBaselineSchemaVersion = 1;

struct BaselineFile {
    std::string arenascopeVersion; // of the ArenaScope that wrote it
    std::vector<BaselineEntry> entries;
};

std::string baselineJson(const BaselineFile& file); // sorts a copy of the entries

// Reads a baseline; the error names `fileName` and the entry at fault (not JSON, another
// schema, a newer schema version, an entry without its keys, a configuration that does not
// parse is the caller's check).
Result<BaselineFile> parseBaselineJson(std::string_view text, const std::string& fileName);

} // namespace arenascope
