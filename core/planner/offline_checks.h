#pragma once
// What an offline memory plan (OfflineMemoryAllocation metadata) means when it is odd. TFLM
// takes every offset as given, without a check (greedy_memory_planner.cc places an offline
// buffer at its offset whatever it is), so ArenaScope emulates that and says what follows:
// - a negative offset (other than -1, "plan online") puts the buffer before the arena's start:
//   TFLM writes outside the arena;
// - an offset not a multiple of 16 gives kernels data less aligned than TFLM's
//   MicroArenaBufferAlignment() promises;
// - two offline buffers alive at the same step that share bytes overwrite each other's data.
//
// Usage:
//   for (const std::string& w : offlinePlanWarnings(requests, nameOf)) result.warnings.push_back(w);

#include "buffer_request.h"

#include <functional>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

// `nameOf(i)` names request i ("tensor 3 (conv1) of subgraph 0"). At most a few warnings of
// each kind; the pair search gives up (saying so) after a bounded amount of work. Buffers for
// which `sharesByDesign(i)` is true may share bytes with any other (an NPU's scratch area, which
// Vela places the NPU's inputs and outputs inside of).
std::vector<std::string> offlinePlanWarnings(std::span<const BufferRequest> requests,
    const std::function<std::string(std::size_t)>& nameOf, const std::function<bool(std::size_t)>& sharesByDesign = {});

} // namespace arenascope
