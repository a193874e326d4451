#include "linear_planner.h"

namespace arenascope {

Plan planLinear(std::span<const BufferRequest> requests)
{
    Plan plan;
    plan.offsets.reserve(requests.size());
    std::int64_t next = 0;
    for (const BufferRequest& r : requests) {
        plan.offsets.push_back(static_cast<std::int32_t>(next));
        next += r.size;
    }
    plan.maxBytes = next;
    return plan;
}

} // namespace arenascope
