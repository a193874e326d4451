#include "greedy_planner.h"

#include <algorithm>
#include <numeric>

namespace arenascope {

namespace {

struct Placed {
    std::int64_t offset;
    std::int64_t end;
    std::uint32_t sequence; // insertion order: ties in offset keep it (TFLM's list insert)
};

bool overlapsInTime(const BufferRequest& a, std::int32_t first, std::int32_t last)
{
    return !(a.first > last || first > a.last);
}

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

// TFLM's walk: through buffers alive with the wanted one in offset order (ties: insertion
// order), `candidate` is the highest end seen so far; the first gap of `size` bytes before the
// next buffer wins, else the end of the last. Starts at `candidate` (0 in TFLM; see StepList).
std::int64_t firstFit(const std::vector<Placed>& overlapping, std::int64_t candidate, std::int64_t size)
{
    for (const Placed& p : overlapping) {
        if (p.offset - candidate >= size)
            break;
        candidate = std::max(candidate, p.end);
    }
    return candidate;
}

bool byOffsetThenSequence(const Placed& a, const Placed& b)
{
    return a.offset != b.offset ? a.offset < b.offset : a.sequence < b.sequence;
}

// The buffers alive at one step, in TFLM's walk order, and the "covered prefix": the leading
// buffers that chain without a gap from offset 0 (each starts at or before the highest end
// before it). No buffer of positive size fits in [0, prefixEnd), so a walk may start at
// prefixEnd and skip them; buffers stacked on each other (thousands of tensors alive at the
// same step) then cost nothing to pass over.
struct StepList {
    std::vector<Placed> alive; // sorted byOffsetThenSequence
    std::size_t prefixCount = 0;
    std::int64_t prefixEnd = 0;

    void insert(const Placed& p)
    {
        const auto at = std::upper_bound(alive.begin(), alive.end(), p, byOffsetThenSequence);
        const auto pos = static_cast<std::size_t>(at - alive.begin());
        alive.insert(at, p);
        if (pos < prefixCount) { // inside the prefix (forced offline offsets): recount
            prefixCount = 0;
            prefixEnd = 0;
        }
        while (prefixCount < alive.size() && alive[prefixCount].offset <= prefixEnd) {
            prefixEnd = std::max(prefixEnd, alive[prefixCount].end);
            ++prefixCount;
        }
    }
};

} // namespace

Plan planGreedy(std::span<const BufferRequest> requests)
{
    Plan plan;
    plan.offsets.assign(requests.size(), -1);
    if (requests.empty())
        return plan;
    const std::vector<std::int32_t> order = placementOrder(requests);

    // Placed buffers indexed by the steps they are alive in, so that placing a buffer only
    // looks at buffers that overlap it in time (TFLM walks all of them). Lifetimes far
    // outside a compact step range fall back to a walk over every placed buffer.
    std::int32_t minStep = requests[0].first;
    std::int32_t maxStep = requests[0].last;
    for (const BufferRequest& r : requests) {
        minStep = std::min(minStep, r.first);
        maxStep = std::max(maxStep, r.last);
    }
    const std::int64_t span = static_cast<std::int64_t>(maxStep) - minStep + 1;
    const bool indexed = span > 0 && span <= 4 * static_cast<std::int64_t>(requests.size()) + 64;
    std::vector<StepList> steps(indexed ? static_cast<std::size_t>(span) : 0);
    std::vector<Placed> placed; // by sequence
    placed.reserve(requests.size());
    std::vector<std::int32_t> placedRequest;
    placedRequest.reserve(requests.size());
    std::vector<std::uint32_t> seen(requests.size(), UINT32_MAX);
    std::vector<Placed> overlapping;

    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::int32_t id = order[k];
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        std::int64_t offset = want.offlineOffset;
        if (want.offlineOffset == kOnlinePlanned) {
            overlapping.clear();
            std::int64_t start = 0;
            if (indexed && want.first <= want.last) {
                // The union of covered prefixes covers [0, max prefixEnd): start there and
                // walk only what lies beyond each step's prefix (see StepList).
                const bool skip = want.size > 0;
                if (skip)
                    for (std::int32_t s = want.first; s <= want.last; ++s)
                        start = std::max(start, steps[static_cast<std::size_t>(s - minStep)].prefixEnd);
                for (std::int32_t s = want.first; s <= want.last; ++s) {
                    const StepList& step = steps[static_cast<std::size_t>(s - minStep)];
                    for (std::size_t i = skip ? step.prefixCount : 0; i < step.alive.size(); ++i) {
                        const Placed& p = step.alive[i];
                        if (seen[p.sequence] != k) {
                            seen[p.sequence] = static_cast<std::uint32_t>(k);
                            overlapping.push_back(p);
                        }
                    }
                }
            } else {
                for (std::size_t seq = 0; seq < placed.size(); ++seq)
                    if (overlapsInTime(requests[static_cast<std::size_t>(placedRequest[seq])], want.first, want.last))
                        overlapping.push_back(placed[seq]);
            }
            std::sort(overlapping.begin(), overlapping.end(), byOffsetThenSequence);
            offset = firstFit(overlapping, start, want.size);
        }
        // TFLM computes offsets in int: past INT32_MAX it would overflow (see Plan::overflow).
        if (offset + want.size > INT32_MAX)
            plan.overflow = true;
        plan.offsets[static_cast<std::size_t>(id)]
            = static_cast<std::int32_t>(std::min<std::int64_t>(offset, INT32_MAX));
        const auto seq = static_cast<std::uint32_t>(placed.size());
        const Placed p { offset, offset + want.size, seq };
        placed.push_back(p);
        placedRequest.push_back(id);
        if (indexed)
            for (std::int32_t s = want.first; s <= want.last; ++s)
                steps[static_cast<std::size_t>(s - minStep)].insert(p);
    }
    for (const Placed& p : placed)
        plan.maxBytes = std::max(plan.maxBytes, p.end);
    return plan;
}

} // namespace arenascope
