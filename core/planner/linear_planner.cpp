#include "linear_planner.h"

#include <algorithm>

namespace arenascope {

Plan planLinear(std::span<const BufferRequest> requests)
{
    Plan plan;
    plan.offsets.reserve(requests.size());
    std::int64_t next = 0;
    for (const BufferRequest& r : requests) {
        plan.offsets.push_back(static_cast<std::int32_t>(std::min<std::int64_t>(next, INT32_MAX)));
        next += r.size;
        plan.overflow |= next > INT32_MAX; // TFLM's int offsets would overflow
    }
    plan.maxBytes = next;
    return plan;
}

} // namespace arenascope
