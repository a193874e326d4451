#include "greedy_planner.h"

#include "greedy_index.h"

#include <algorithm>

namespace arenascope {

namespace {

using greedy::Placed;

// Below this many buffers TFLM's walk is as fast as building the index.
constexpr std::size_t kWalkUpTo = 64;

// TFLM's processing order: offline buffers as requested, then online ones reversed and
// stably sorted by size descending (the same result as its bubble sort, in O(n log n)).
std::vector<std::int32_t> placementOrder(std::span<const BufferRequest> requests)
{
    std::vector<std::int32_t> order;
    std::vector<std::int32_t> online;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        if (requests[i].offlineOffset == kOnlinePlanned)
            online.push_back(static_cast<std::int32_t>(i));
        else
            order.push_back(static_cast<std::int32_t>(i));
    }
    std::reverse(online.begin(), online.end());
    std::stable_sort(online.begin(), online.end(), [&](std::int32_t a, std::int32_t b) {
        return requests[static_cast<std::size_t>(a)].size > requests[static_cast<std::size_t>(b)].size;
    });
    order.insert(order.end(), online.begin(), online.end());
    return order;
}

// TFLM's walk over `overlapping` (sorted by offset): `candidate` is the highest end seen so far;
// the first gap of `size` bytes before the next buffer wins, else the end of the last.
std::int64_t firstFit(const std::vector<Placed>& overlapping, std::int64_t candidate, std::int64_t size)
{
    for (const Placed& p : overlapping) {
        if (p.offset - candidate >= size)
            break;
        candidate = std::max(candidate, p.end);
    }
    return candidate;
}

bool byOffset(const Placed& a, const Placed& b)
{
    return a.offset != b.offset ? a.offset < b.offset : a.sequence < b.sequence;
}

// Records a placement: the offset TFLM stores (int; past INT32_MAX it would overflow, see
// Plan::overflow) and the plan's size.
void record(Plan& plan, std::int32_t id, std::int64_t offset, std::int64_t size)
{
    if (offset + size > INT32_MAX)
        plan.overflow = true;
    plan.offsets[static_cast<std::size_t>(id)] = static_cast<std::int32_t>(std::min<std::int64_t>(offset, INT32_MAX));
    plan.maxBytes = std::max(plan.maxBytes, offset + size);
}

// The distinct first and last steps, sorted: a lifetime's ranks are its positions here.
struct StepRanks {
    std::vector<std::int32_t> steps;
    explicit StepRanks(std::span<const BufferRequest> requests)
    {
        steps.reserve(2 * requests.size());
        for (const BufferRequest& r : requests) {
            steps.push_back(r.first);
            steps.push_back(r.last);
        }
        std::sort(steps.begin(), steps.end());
        steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
    }
    std::int32_t rank(std::int32_t step) const
    {
        return static_cast<std::int32_t>(std::lower_bound(steps.begin(), steps.end(), step) - steps.begin());
    }
};

} // namespace

Plan planGreedyByWalk(std::span<const BufferRequest> requests)
{
    Plan plan;
    plan.offsets.assign(requests.size(), -1);
    std::vector<Placed> placed; // TFLM's list: by offset, ties in placement order
    placed.reserve(requests.size());
    std::uint32_t sequence = 0;
    for (const std::int32_t id : placementOrder(requests)) {
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        std::int64_t offset = want.offlineOffset;
        if (want.offlineOffset == kOnlinePlanned) {
            offset = 0;
            for (const Placed& p : placed) {
                // DoesEntryOverlapInTime, on the steps as given (even a lifetime with first > last).
                if (p.first > want.last || want.first > p.last)
                    continue;
                if (p.offset - offset >= want.size)
                    break;
                offset = std::max(offset, p.end);
            }
        }
        const Placed p { offset, offset + want.size, want.first, want.last, sequence++ };
        placed.insert(std::upper_bound(placed.begin(), placed.end(), p, byOffset), p);
        record(plan, id, offset, want.size);
    }
    return plan;
}

Plan planGreedy(std::span<const BufferRequest> requests)
{
    const bool odd = std::any_of(
        requests.begin(), requests.end(), [](const BufferRequest& r) { return r.first > r.last || r.size <= 0; });
    if (odd || requests.size() <= kWalkUpTo)
        return planGreedyByWalk(requests);

    Plan plan;
    plan.offsets.assign(requests.size(), -1);
    const StepRanks ranks(requests);
    const auto rankCount = static_cast<std::int32_t>(ranks.steps.size());
    greedy::IntervalTree placed(rankCount);
    greedy::CoverageTree covered(rankCount);
    std::vector<Placed> overlapping;
    std::uint32_t sequence = 0;
    for (const std::int32_t id : placementOrder(requests)) {
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        const std::int32_t first = ranks.rank(want.first);
        const std::int32_t last = ranks.rank(want.last);
        std::int64_t offset = want.offlineOffset;
        if (want.offlineOffset == kOnlinePlanned) {
            // No position below what every step of the lifetime covers is free: start there,
            // with the buffers that reach above it.
            const std::int64_t start = covered.highest(first, last);
            overlapping.clear();
            placed.collect(first, last, start, overlapping);
            std::sort(overlapping.begin(), overlapping.end(), byOffset);
            offset = firstFit(overlapping, start, want.size);
        }
        const Placed p { offset, offset + want.size, first, last, sequence++ };
        placed.insert(p);
        covered.cover(first, last, p.offset, p.end);
        record(plan, id, offset, want.size);
    }
    return plan;
}

} // namespace arenascope
