#pragma once
// The memory plan of one analysis, kept across the arena sizes it tries.
//
// The buffers TFLM's planner is given are fixed once every kernel has prepared: they do not
// depend on the arena size (a size only decides whether the allocations before and after the
// plan fit). So the search for the smallest arena plans once and reuses the plan at every size
// it emulates, instead of planning again each time. One cache per analysis (settings differ,
// plans differ); it keeps the last plan and is safe to share between threads.
//
// Usage:
//   auto cache = std::make_shared<PlanCache>();
//   emulate(model, settingsAt1000, cache.get());
//   emulate(model, settingsAt2000, cache.get()); // plans no more

#include "buffer_request.h"

#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace arenascope {

class PlanCache {
public:
    // The plan of `requests` by `planner`: the kept one when the requests are the same, else
    // `makePlan()`'s, which is then kept.
    std::shared_ptr<const Plan> planFor(
        std::span<const BufferRequest> requests, int planner, const std::function<Plan()>& makePlan);

private:
    std::mutex m_mutex;
    std::vector<BufferRequest> m_requests;
    int m_planner = -1;
    std::shared_ptr<const Plan> m_plan;
};

} // namespace arenascope
