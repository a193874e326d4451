#pragma once
// Looking for a smaller memory plan than TFLM's greedy one.
//
// The result is meant to be written into the model as TFLM's offline memory plan
// ("OfflineMemoryAllocation" metadata): TFLM then places the given buffers at exactly these
// offsets and plans the rest (scratch buffers) with its greedy planner around them. So every
// candidate is scored by running that same greedy planner with the candidate's offsets as
// offline offsets: the score is the head TFLM would really need.
//
// Strategies (the best wins; TFLM's own plan is the baseline, so the result is never worse):
// - orderings of the placeable buffers: by size, lifetime, size x lifetime, first use, and a
//   few seeded shuffles;
// - placement in each order by first fit or best fit among buffers alive at the same time.

#include "buffer_request.h"
#include "greedy_planner.h"

#include <span>
#include <string>
#include <vector>

namespace arenascope {

struct OptimizedPlan {
    std::vector<std::int32_t> offsets; // for every request (placeable ones fixed, the others as TFLM places them)
    std::int64_t maxBytes = 0; // the head TFLM needs with these offsets
    std::int64_t baselineBytes = 0; // the head of TFLM's greedy plan
    std::string strategy; // which strategy won ("TFLM greedy" if none beat it)
};

// `placeable[i]`: request i may get an offline offset (tensors); the others (scratch buffers)
// stay online. Requests must not carry offline offsets already.
OptimizedPlan optimizePlan(std::span<const BufferRequest> requests, const std::vector<bool>& placeable);

// The plan TFLM makes when the placeable buffers sit at `candidate` (offline) and its greedy
// planner places the rest around them: how every candidate is scored.
Plan planWithOfflineCandidate(std::span<const BufferRequest> requests, const std::vector<bool>& placeable,
    const std::vector<std::int32_t>& candidate);

} // namespace arenascope
