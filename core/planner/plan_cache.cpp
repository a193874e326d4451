#include "plan_cache.h"

#include <algorithm>

namespace arenascope {

namespace {

bool sameRequests(std::span<const BufferRequest> a, std::span<const BufferRequest> b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const BufferRequest& x, const BufferRequest& y) {
        return x.size == y.size && x.first == y.first && x.last == y.last && x.offlineOffset == y.offlineOffset;
    });
}

} // namespace

std::shared_ptr<const Plan> PlanCache::planFor(
    std::span<const BufferRequest> requests, int planner, const std::function<Plan()>& makePlan)
{
    {
        const std::lock_guard lock(m_mutex);
        if (m_plan && m_planner == planner && sameRequests(m_requests, requests))
            return m_plan;
    }
    // Planned outside the lock: two threads may plan the same requests once each, never wait.
    auto plan = std::make_shared<const Plan>(makePlan());
    const std::lock_guard lock(m_mutex);
    m_requests.assign(requests.begin(), requests.end());
    m_planner = planner;
    m_plan = plan;
    return plan;
}

} // namespace arenascope
