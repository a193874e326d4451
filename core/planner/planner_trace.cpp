#include "planner_trace.h"

#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

namespace {

bool overlap(const BufferRequest& a, const BufferRequest& b)
{
    return !(a.first > b.last || b.first > a.last);
}

// TFLM's order: offline buffers as requested, then online ones reversed and stably sorted by
// size, largest first.
std::vector<std::int32_t> greedyOrder(std::span<const BufferRequest> requests)
{
    std::vector<std::int32_t> order;
    std::vector<std::int32_t> online;
    for (std::size_t i = 0; i < requests.size(); ++i)
        (requests[i].offlineOffset == kOnlinePlanned ? online : order).push_back(static_cast<std::int32_t>(i));
    std::reverse(online.begin(), online.end());
    std::stable_sort(online.begin(), online.end(), [&](std::int32_t a, std::int32_t b) {
        return requests[static_cast<std::size_t>(a)].size > requests[static_cast<std::size_t>(b)].size;
    });
    order.insert(order.end(), online.begin(), online.end());
    return order;
}

std::int64_t endOf(const BufferRequest& r, std::int32_t offset)
{
    return static_cast<std::int64_t>(offset) + r.size;
}

} // namespace

PlannerTrace traceGreedy(std::span<const BufferRequest> requests)
{
    PlannerTrace t;
    t.plan.offsets.assign(requests.size(), -1);
    std::vector<std::int32_t> placed; // request indices, in placement order
    for (const std::int32_t id : greedyOrder(requests)) {
        const BufferRequest& want = requests[static_cast<std::size_t>(id)];
        PlacementStep s;
        s.request = id;
        s.offline = want.offlineOffset != kOnlinePlanned;
        for (std::int32_t p : placed)
            if (overlap(requests[static_cast<std::size_t>(p)], want))
                s.alive.push_back(p);
        // Lowest offset first; equal offsets keep placement order (TFLM's list insert).
        std::stable_sort(s.alive.begin(), s.alive.end(), [&](std::int32_t a, std::int32_t b) {
            return t.plan.offsets[static_cast<std::size_t>(a)] < t.plan.offsets[static_cast<std::size_t>(b)];
        });
        if (s.offline) {
            s.offset = want.offlineOffset;
        } else {
            std::int32_t candidate = 0;
            bool found = false;
            for (std::int32_t p : s.alive) {
                const std::int32_t pOffset = t.plan.offsets[static_cast<std::size_t>(p)];
                if (pOffset > candidate || pOffset - candidate >= want.size) {
                    const bool fits = pOffset - candidate >= want.size;
                    s.gaps.push_back(GapTried { candidate, pOffset, p, fits });
                    if (fits) {
                        found = true;
                        break;
                    }
                }
                const auto end = static_cast<std::int32_t>(endOf(requests[static_cast<std::size_t>(p)], pOffset));
                if (end > candidate) {
                    candidate = end;
                    s.ontop = p;
                }
            }
            if (found)
                s.ontop = -1;
            s.offset = candidate;
        }
        t.plan.offsets[static_cast<std::size_t>(id)] = s.offset;
        t.plan.maxBytes = std::max(t.plan.maxBytes, endOf(want, s.offset));
        s.headAfter = t.plan.maxBytes;
        placed.push_back(id);
        t.steps.push_back(std::move(s));
    }
    return t;
}

PlannerTrace traceLinear(std::span<const BufferRequest> requests)
{
    PlannerTrace t;
    std::int64_t next = 0;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        PlacementStep s;
        s.request = static_cast<std::int32_t>(i);
        s.offset = static_cast<std::int32_t>(next);
        s.ontop = i > 0 ? static_cast<std::int32_t>(i - 1) : -1;
        next += requests[i].size;
        s.headAfter = next;
        t.plan.offsets.push_back(s.offset);
        t.steps.push_back(std::move(s));
    }
    t.plan.maxBytes = next;
    return t;
}

std::string explainPlacement(std::span<const BufferRequest> requests, const PlacementStep& step)
{
    const BufferRequest& r = requests[static_cast<std::size_t>(step.request)];
    std::string s = "Buffer " + std::to_string(step.request) + " (" + formatBytes(static_cast<std::uint64_t>(r.size))
        + ", steps " + std::to_string(r.first) + "-" + std::to_string(r.last) + "): ";
    if (step.offline)
        return s + "the offline plan puts it at " + formatBytes(static_cast<std::uint64_t>(step.offset)) + ".";
    if (step.alive.empty())
        return s + "nothing placed so far is alive with it; placed at 0.";
    for (const GapTried& g : step.gaps) {
        if (g.fits)
            break;
        s += "the gap " + std::to_string(g.begin) + "-" + formatBytes(static_cast<std::uint64_t>(g.end))
            + " below buffer " + std::to_string(g.blocker) + " is too small; ";
    }
    s += "placed at " + formatBytes(static_cast<std::uint64_t>(step.offset));
    if (step.ontop >= 0)
        s += " on top of buffer " + std::to_string(step.ontop);
    else if (!step.gaps.empty() && step.gaps.back().fits)
        s += ", in the gap below buffer " + std::to_string(step.gaps.back().blocker);
    return s + ".";
}

} // namespace arenascope
