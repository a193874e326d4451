#pragma once
// What a device running the emulated build would print, as lines in that snapshot's wording:
// the failure's lines (EmulationResult::failure->log), and, when asked for, the memory plan
// GreedyMemoryPlanner::PrintMemoryPlan prints in a TF_LITE_SHOW_MEMORY_USE build (after the
// plan is committed, before the head is reserved for it) and the block
// RecordingMicroAllocator::PrintAllocations prints after a successful AllocateTensors.
// Parsed with factsOfLines (log_parser.h), these lines compare with a log's facts.
//
// Usage:
//   auto lines = emulatedLogLines(*emulate(model, settings), { .planPrint = true });

#include "core/emulation/emulation_result.h"

#include <string>
#include <vector>

namespace arenascope {

struct EmulatedLogOptions {
    bool planPrint = false; // the firmware is built with TF_LITE_SHOW_MEMORY_USE (greedy planner only)
    bool recordingBlock = false; // the firmware calls PrintAllocations (recording interpreter only)
};

std::vector<std::string> emulatedLogLines(const EmulationResult& result, const EmulatedLogOptions& options);

// GreedyMemoryPlanner::PrintMemoryPlan's lines for a committed plan, in the snapshot's format.
std::vector<std::string> memoryPlanLines(const EmulationResult& result);

// RecordingMicroAllocator::PrintAllocations' lines.
std::vector<std::string> recordingLines(const EmulationResult& result);

} // namespace arenascope
