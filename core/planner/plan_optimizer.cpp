#include "plan_optimizer.h"

#include "fit_placement.h"

#include "greedy_planner.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

namespace arenascope {

namespace {

struct Candidate {
    std::vector<std::int32_t> offsets;
    std::string strategy;
};

bool overlapInTime(const BufferRequest& a, const BufferRequest& b)
{
    return !(a.first > b.last || b.first > a.last);
}

// First or best fit in `order` (fit_placement.h), as TFLM's int offsets; the rest online.
std::vector<std::int32_t> place(
    std::span<const BufferRequest> requests, const std::vector<std::size_t>& order, bool bestFit)
{
    const auto placed = placeInOrder(
        requests.size(), order, bestFit,
        [&](std::size_t a, std::size_t b) { return overlapInTime(requests[a], requests[b]); },
        [&](std::size_t i) { return static_cast<std::int64_t>(requests[i].size); });
    std::vector<std::int32_t> offsets(requests.size(), kOnlinePlanned);
    for (std::size_t i = 0; i < placed.size(); ++i)
        if (placed[i] >= 0)
            offsets[i] = static_cast<std::int32_t>(std::min<std::int64_t>(placed[i], INT32_MAX));
    return offsets;
}

} // namespace

OptimizedPlan optimizePlan(std::span<const BufferRequest> requests, const std::vector<bool>& placeable)
{
    OptimizedPlan result;
    const Plan baseline = planGreedy(requests);
    result.offsets = baseline.offsets;
    result.maxBytes = baseline.maxBytes;
    result.baselineBytes = baseline.maxBytes;
    result.strategy = "TFLM greedy";

    std::vector<std::size_t> ids;
    for (std::size_t i = 0; i < requests.size(); ++i)
        if (placeable[i])
            ids.push_back(i);
    if (ids.empty())
        return result;
    auto lifetime = [&](std::size_t i) { return requests[i].last - requests[i].first + 1; };
    auto size = [&](std::size_t i) { return static_cast<std::int64_t>(requests[i].size); };
    struct Ordering {
        const char* name;
        std::function<bool(std::size_t, std::size_t)> before;
    };
    const std::vector<Ordering> orderings = {
        { "size", [&](auto a, auto b) { return size(a) != size(b) ? size(a) > size(b) : lifetime(a) > lifetime(b); } },
        { "lifetime",
            [&](auto a, auto b) {
                return lifetime(a) != lifetime(b) ? lifetime(a) > lifetime(b) : size(a) > size(b);
            } },
        { "area", [&](auto a, auto b) { return size(a) * lifetime(a) > size(b) * lifetime(b); } },
        { "first use",
            [&](auto a, auto b) {
                return requests[a].first != requests[b].first ? requests[a].first < requests[b].first
                                                              : size(a) > size(b);
            } },
    };
    std::vector<std::pair<std::vector<std::size_t>, std::string>> orders;
    for (const Ordering& o : orderings) {
        auto order = ids;
        std::stable_sort(order.begin(), order.end(), o.before);
        orders.emplace_back(std::move(order), o.name);
    }
    // A few seeded shuffles for small models, where they are cheap and often find a few bytes.
    if (ids.size() <= 512) {
        std::mt19937 rng(20261202);
        for (int k = 0; k < 24; ++k) {
            auto order = orders[0].first;
            // Keep large buffers early but let similar sizes trade places.
            for (std::size_t i = 0; i + 1 < order.size(); ++i)
                if (rng() % 3 == 0)
                    std::swap(order[i], order[i + 1]);
            orders.emplace_back(std::move(order), "shuffle " + std::to_string(k));
        }
    }
    for (const auto& [order, name] : orders) {
        for (bool bestFit : { false, true }) {
            const auto candidate = place(requests, order, bestFit);
            const Plan plan = planWithOfflineCandidate(requests, placeable, candidate);
            if (plan.maxBytes < result.maxBytes) {
                result.maxBytes = plan.maxBytes;
                result.offsets = plan.offsets;
                result.strategy = std::string(bestFit ? "best fit by " : "first fit by ") + name;
            }
        }
    }
    return result;
}

Plan planWithOfflineCandidate(std::span<const BufferRequest> requests, const std::vector<bool>& placeable,
    const std::vector<std::int32_t>& candidate)
{
    std::vector<BufferRequest> withOffsets(requests.begin(), requests.end());
    for (std::size_t i = 0; i < withOffsets.size(); ++i)
        if (placeable[i])
            withOffsets[i].offlineOffset = candidate[i];
    return planGreedy(withOffsets);
}

} // namespace arenascope
