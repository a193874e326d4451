#include "greedy_planner.h"

#include <algorithm>
#include <numeric>

namespace arenascope {

namespace {

struct Placed {
    std::int32_t offset;
    std::int32_t end;
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

// The first gap in `overlapping` (placed buffers alive with the wanted one, sorted by offset
// then insertion) that holds `size` bytes, or the end of the last of them.
std::int32_t firstFit(const std::vector<Placed>& overlapping, std::int32_t size)
{
    std::int32_t candidate = 0;
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
    std::vector<std::vector<std::uint32_t>> aliveAt(indexed ? static_cast<std::size_t>(span) : 0);
    std::vector<Placed> placed; // by sequence
    placed.reserve(requests.size());
    std::vector<std::int32_t> placedRequest;
    placedRequest.reserve(requests.size());
    std::vector<std::uint32_t> seen(requests.size(), UINT32_MAX);
    std::vector<Placed> overlapping;

    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::int32_t id = order[k];
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        std::int32_t offset = want.offlineOffset;
        if (want.offlineOffset == kOnlinePlanned) {
            overlapping.clear();
            if (indexed && want.first <= want.last) {
                for (std::int32_t s = want.first; s <= want.last; ++s)
                    for (std::uint32_t seq : aliveAt[static_cast<std::size_t>(s - minStep)])
                        if (seen[seq] != k) {
                            seen[seq] = static_cast<std::uint32_t>(k);
                            overlapping.push_back(placed[seq]);
                        }
            } else {
                for (std::size_t seq = 0; seq < placed.size(); ++seq)
                    if (overlapsInTime(requests[static_cast<std::size_t>(placedRequest[seq])], want.first, want.last))
                        overlapping.push_back(placed[seq]);
            }
            std::sort(overlapping.begin(), overlapping.end(), byOffsetThenSequence);
            offset = firstFit(overlapping, want.size);
        }
        plan.offsets[static_cast<std::size_t>(id)] = offset;
        const auto seq = static_cast<std::uint32_t>(placed.size());
        placed.push_back(Placed { offset, offset + want.size, seq });
        placedRequest.push_back(id);
        if (indexed)
            for (std::int32_t s = want.first; s <= want.last; ++s)
                aliveAt[static_cast<std::size_t>(s - minStep)].push_back(seq);
    }
    for (std::size_t i = 0; i < requests.size(); ++i)
        plan.maxBytes = std::max(plan.maxBytes, static_cast<std::int64_t>(plan.offsets[i]) + requests[i].size);
    return plan;
}

} // namespace arenascope
