#pragma once
// TFLM's planners decided step by step, for teaching: the order buffers are placed in, and for
// each the gaps the greedy planner looked at, why it rejected each, and the offset it chose.
// The trace ends on exactly the offsets planGreedy / planLinear give (tests check it).
//
// Greedy (memory_planner/greedy_memory_planner.cc @90b983c2):
// - offline-planned buffers first, in request order, at their given offsets;
// - then the others, largest first (ties: later requests first);
// - each looks at the already placed buffers alive at the same time, lowest offset first, and
//   takes the first gap that holds it, else the end of the last of them.
// Linear (linear_memory_planner.cc): every buffer after the previous one, in request order.
//
// Usage:
//   const PlannerTrace t = traceGreedy(requests);
//   for (const PlacementStep& s : t.steps) show(s.request, s.gaps, s.offset);

#include "buffer_request.h"

#include <span>
#include <string>
#include <vector>

namespace arenascope {

// A gap the greedy planner considered below a placed buffer that is alive at the same time.
struct GapTried {
    std::int32_t begin = 0;
    std::int32_t end = 0; // the blocking buffer's offset
    std::int32_t blocker = -1; // request index of the buffer that ends the gap
    bool fits = false;
};

struct PlacementStep {
    std::int32_t request = -1; // index into the requests
    bool offline = false; // placed where the offline plan says
    std::vector<std::int32_t> alive; // placed requests alive at the same time
    std::vector<GapTried> gaps; // in offset order; the last one fits unless `ontop`
    std::int32_t offset = 0;
    std::int32_t ontop = -1; // placed on top of this request (no gap held it), or -1
    std::int64_t headAfter = 0; // the plan's size once this buffer is placed
};

struct PlannerTrace {
    std::vector<PlacementStep> steps; // in placement order
    Plan plan;
};

PlannerTrace traceGreedy(std::span<const BufferRequest> requests);
PlannerTrace traceLinear(std::span<const BufferRequest> requests);

// "Buffer 12 (4,608 B, steps 3-5): the gap 0-2,304 B below buffer 7 is too small; placed at
// 9,216 B on top of buffer 3."
std::string explainPlacement(std::span<const BufferRequest> requests, const PlacementStep& step);

} // namespace arenascope
