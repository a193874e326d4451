#include "greedy_planner.h"

#include <algorithm>
#include <numeric>

namespace arenascope {

namespace {

struct Placed {
    std::int32_t offset;
    std::int32_t index;  // into the requests
};

bool overlapsInTime(const BufferRequest& a, std::int32_t first, std::int32_t last)
{
    return !(a.first > last || first > a.last);
}

} // namespace

Plan planGreedy(std::span<const BufferRequest> requests)
{
    Plan plan;
    const auto count = static_cast<std::int32_t>(requests.size());
    plan.offsets.assign(requests.size(), -1);
    if (count == 0)
        return plan;

    // Processing order: offline buffers as requested, then online ones reversed and
    // stably sorted by size descending (same result as TFLM's bubble sort).
    std::vector<std::int32_t> order;
    order.reserve(requests.size());
    std::vector<std::int32_t> online;
    for (std::int32_t i = 0; i < count; ++i) {
        if (requests[static_cast<std::size_t>(i)].offlineOffset == kOnlinePlanned)
            online.push_back(i);
        else
            order.push_back(i);
    }
    std::reverse(online.begin(), online.end());
    std::stable_sort(online.begin(), online.end(), [&](std::int32_t a, std::int32_t b) {
        return requests[static_cast<std::size_t>(a)].size > requests[static_cast<std::size_t>(b)].size;
    });
    order.insert(order.end(), online.begin(), online.end());

    // Placed buffers sorted by offset; equal offsets keep insertion order (TFLM's list insert).
    std::vector<Placed> placed;
    placed.reserve(requests.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::int32_t id = order[k];
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        std::int32_t candidate = 0;
        if (want.offlineOffset != kOnlinePlanned) {
            candidate = want.offlineOffset;
        } else if (k > 0) {
            for (const Placed& p : placed) {
                const BufferRequest& other = requests[static_cast<std::size_t>(p.index)];
                if (!overlapsInTime(other, want.first, want.last))
                    continue;
                if (p.offset - candidate >= want.size)
                    break;  // the gap before this buffer is large enough
                candidate = std::max(candidate, p.offset + other.size);
            }
        }
        plan.offsets[static_cast<std::size_t>(id)] = candidate;
        const auto at = std::upper_bound(placed.begin(), placed.end(), candidate,
                                         [](std::int32_t value, const Placed& p) { return value < p.offset; });
        placed.insert(at, Placed{candidate, id});
    }
    for (std::int32_t i = 0; i < count; ++i) {
        const auto end = static_cast<std::int64_t>(plan.offsets[static_cast<std::size_t>(i)]) +
                         requests[static_cast<std::size_t>(i)].size;
        plan.maxBytes = std::max(plan.maxBytes, end);
    }
    return plan;
}

} // namespace arenascope
