#pragma once
// The arena as TFLM's allocator holds it right after any event of the allocation log: what
// the playback, the arena map and the walkthrough show. Built from the events alone (their
// kinds and the allocator state each one records), so every view replays the same way.
//
//   tail:  every persistent allocation so far, each with its alignment padding;
//   head:  the scratch-request area while kernels prepare, the memory plan once committed;
//   temps: what a kernel's Prepare (or the planner) holds above the head right now; released
//          together at each TempReset.
//
// Usage:
//   const ArenaSnapshot s = replayArena(*result, eventIndex);
//   for (const ReplayBlock& b : s.temps) draw(b.begin, b.end);

#include "core/emulation/emulation_result.h"
#include "core/model/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct ReplayBlock {
    std::uint64_t begin = 0; // offset from the arena start
    std::uint64_t end = 0; // tail: begin + bytes used (with the padding above it); temp: begin + requested
    std::uint64_t requested = 0; // bytes asked for
    std::int32_t event = -1; // the event that allocated it
};

struct ArenaSnapshot {
    std::int32_t event = -1; // the last event applied
    std::uint64_t headEnd = 0; // the allocator's state after that event
    std::uint64_t tempEnd = 0;
    std::uint64_t tailBegin = 0;
    bool planCommitted = false;
    std::int32_t scratchRequests = 0; // requests made so far (kept in the head until planning)
    std::vector<ReplayBlock> tail; // in allocation order
    std::vector<ReplayBlock> temps; // held now, in allocation order
    // When the event failed: the allocation that did not fit and where it would have gone.
    std::optional<ReplayBlock> failed;
};

// The arena after `event` (clamped to the log); event -1 is the empty arena.
ArenaSnapshot replayArena(const EmulationResult& result, std::int32_t event);

// One plain sentence for an event, with its bytes:
//   "CONV_2D's Prepare holds input tensor 12 (32 B) above the head while it prepares."
std::string describeEvent(const Model& model, const EmulationResult& result, std::int32_t event);

} // namespace arenascope
