#pragma once
// Internal to core/devicelog: what explainLog does once every configuration is searched. The
// classes that reproduce the log become matches (each member verified by its own emulation, the
// declared arena turned into offsets), the closest miss the nearest configuration, and the first
// matches get their smallest arena, the other versions of their build, and a size that tells
// them apart.

#include "explainer.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <vector>

namespace arenascope::detail {

struct ClassOutcome {
    std::vector<AttemptSolution> solutions; // one per attempt, up to the first not reproduced
    bool reproduced = false;
    std::int64_t score = std::numeric_limits<std::int64_t>::min();
    std::size_t failedAttempt = 0;
};

struct ExplainContext {
    const Model& model;
    const std::vector<EmulationSettings>& candidates;
    const std::vector<EmulationResultPtr>& runs; // candidates' runs in the large arena
    const std::vector<std::vector<std::size_t>>& members; // classes: indices into candidates
    const std::vector<ClassOutcome>& outcomes; // per class
    const std::vector<AttemptFacts>& attempts;
    const ExplainOptions& options;
    std::atomic<std::size_t>& emulations;
};

void collectMatches(const ExplainContext& context, ExplainResult& result);
void addDetails(const ExplainContext& context, ExplainResult& result);

// "ESP32-S3 with esp-nn 1.2.3, TFLM 10ebaab9 (2025-01-07)" plus the interpreter, planner and
// resource variables when they are not the usual ones.
std::string matchTitle(const EmulationSettings& s);

} // namespace arenascope::detail
