#include "arena_map_layout.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace arenascope {

ArenaMapLayout ArenaMapLayout::build(const Analysis& a, int step)
{
    ArenaMapLayout m;
    const EmulationResult& at = *a.atSize;
    m.arenaBytes = a.shownArenaBytes(); // with separate arenas, the non-persistent one
    // Head: the committed plan at this size, or (when it failed earlier) the plan it needed.
    const EmulationResult& planSource = at.ok ? at : *a.measured;
    m.headEnd = static_cast<std::uint64_t>(std::max<std::int64_t>(planSource.planBytes, 0));
    auto add = [&m](ArenaSegment s) {
        if (s.end > s.begin)
            m.segments.push_back(std::move(s));
    };
    for (std::size_t i = 0; i < planSource.planned.size(); ++i) {
        const PlannedBuffer& b = planSource.planned[i];
        if (b.offset < 0 || (step >= 0 && (step < b.first || step > b.last)))
            continue;
        const auto begin = static_cast<std::uint64_t>(b.offset);
        add({ ArenaSegment::Kind::Buffer, begin, begin + b.bytes, Category::PlannedHead, static_cast<int>(i) });
        add({ ArenaSegment::Kind::Padding, begin + b.bytes, begin + b.alignedBytes, Category::PlannedHead,
            static_cast<int>(i), "alignment padding" });
    }
    // Sorted by offset as a stable sort of everything would put them (ties in the order added),
    // for the price of sorting the plan's buffers: the tail grows downwards, so its allocations
    // taken last first are in order already; the parts are then merged.
    const auto byBegin = [](const ArenaSegment& x, const ArenaSegment& y) { return x.begin < y.begin; };
    std::stable_sort(m.segments.begin(), m.segments.end(), byBegin);
    const std::size_t headCount = m.segments.size();
    // Tail: every persistent allocation that succeeded at this size (offsets are exact for it).
    m.tailBegin = m.arenaBytes;
    if (!a.settings.nonPersistentBytes) {
        for (std::size_t i = 0; i < at.events.size(); ++i) {
            const AllocationEvent& e = at.events[i];
            if (e.region != Region::Tail || e.failed)
                continue;
            const int index = static_cast<int>(i);
            add({ ArenaSegment::Kind::Tail, e.offset, e.offset + e.requested, e.category, -1, nullptr, index });
            add({ ArenaSegment::Kind::Padding, e.offset + e.requested, e.offset + e.used, e.category, -1,
                "alignment padding", index });
            m.tailBegin = std::min(m.tailBegin, e.offset);
        }
    }
    const auto tail = m.segments.begin() + static_cast<std::ptrdiff_t>(headCount);
    std::vector<ArenaSegment> lastFirst; // the tail's allocations, the last one first
    lastFirst.reserve(static_cast<std::size_t>(m.segments.end() - tail));
    for (auto end = m.segments.end(); end != tail;) {
        auto first = end - 1; // one allocation's segments (its bytes, then its padding) stay in order
        while (first != tail && (first - 1)->event == first->event)
            --first;
        lastFirst.insert(lastFirst.end(), first, end);
        end = first;
    }
    // Strictly ascending: no ties, so this is the order a stable sort gives; else sort them.
    if (std::adjacent_find(lastFirst.begin(), lastFirst.end(),
            [](const ArenaSegment& x, const ArenaSegment& y) { return x.begin >= y.begin; })
        == lastFirst.end())
        std::move(lastFirst.begin(), lastFirst.end(), tail);
    else
        std::stable_sort(tail, m.segments.end(), byBegin);
    std::inplace_merge(m.segments.begin(), tail, m.segments.end(), byBegin);
    const std::size_t sortedCount = m.segments.size();
    if (at.tempPeakBytes > 0)
        add({ ArenaSegment::Kind::TempPeak, m.headEnd, std::min(m.headEnd + at.tempPeakBytes, m.arenaBytes),
            Category::TempTensors, -1, "temp peak (while kernels prepare)" });
    if (m.headEnd > m.tailBegin)
        add({ ArenaSegment::Kind::Overflow, m.tailBegin, m.headEnd, Category::PlannedHead, -1,
            "plan overlaps the tail: does not fit" });
    const auto extra = m.segments.begin() + static_cast<std::ptrdiff_t>(sortedCount);
    std::stable_sort(extra, m.segments.end(), byBegin);
    std::inplace_merge(m.segments.begin(), extra, m.segments.end(), byBegin);
    return m;
}

ArenaMapLayout ArenaMapLayout::buildAtEvent(const Analysis& a, int event)
{
    ArenaMapLayout m;
    const EmulationResult& at = *a.atSize;
    m.arenaBytes = a.arenaSize().value_or(a.measured->arenaUsedBytes);
    m.tailBegin = m.arenaBytes;
    if (event < 0 || event >= static_cast<int>(at.events.size()) || a.settings.nonPersistentBytes)
        return build(a, -1);
    auto add = [&m](ArenaSegment s) {
        if (s.end > s.begin)
            m.segments.push_back(std::move(s));
    };
    const AllocationEvent& now = at.events[static_cast<std::size_t>(event)];
    bool planCommitted = false;
    for (int i = 0; i <= event; ++i) {
        const AllocationEvent& e = at.events[static_cast<std::size_t>(i)];
        if (e.failed)
            continue;
        switch (e.region) {
        case Region::Tail:
            add({ ArenaSegment::Kind::Tail, e.offset, e.offset + e.requested, e.category, -1, nullptr, i });
            add({ ArenaSegment::Kind::Padding, e.offset + e.requested, e.offset + e.used, e.category, -1,
                "alignment padding", i });
            m.tailBegin = std::min(m.tailBegin, e.offset);
            break;
        case Region::Head:
            // The scratch-request area (and its growth), then the committed plan.
            if (e.kind == EventKind::PlanCommit) {
                m.headEnd = e.requested;
                planCommitted = true;
            } else if (e.kind == EventKind::HeadReserve) {
                m.headEnd = e.requested;
            }
            break;
        case Region::Temp:
            // Temp memory is released when the operator (or the planner) is done with it.
            if (e.phase == now.phase && e.op == now.op && e.subgraph == now.subgraph && !planCommitted)
                add({ ArenaSegment::Kind::TempPeak, e.offset, e.offset + e.used, e.category, -1, nullptr, i });
            break;
        }
    }
    if (planCommitted) {
        for (std::size_t i = 0; i < at.planned.size(); ++i) {
            const PlannedBuffer& b = at.planned[i];
            if (b.offset < 0)
                continue;
            const auto begin = static_cast<std::uint64_t>(b.offset);
            add({ ArenaSegment::Kind::Buffer, begin, begin + b.bytes, Category::PlannedHead, static_cast<int>(i) });
            add({ ArenaSegment::Kind::Padding, begin + b.bytes, begin + b.alignedBytes, Category::PlannedHead,
                static_cast<int>(i), "alignment padding" });
        }
    } else {
        add({ ArenaSegment::Kind::Tail, 0, m.headEnd, Category::ScratchRequests, -1,
            "scratch-buffer requests (head while kernels prepare)" });
    }
    std::stable_sort(m.segments.begin(), m.segments.end(),
        [](const ArenaSegment& x, const ArenaSegment& y) { return x.begin < y.begin; });
    return m;
}

const ArenaSegment* ArenaMapLayout::segmentAt(std::uint64_t offset) const
{
    const ArenaSegment* hit = nullptr;
    for (const ArenaSegment& s : segments)
        if (offset >= s.begin && offset < s.end && s.kind != ArenaSegment::Kind::TempPeak)
            hit = &s;
    if (!hit)
        for (const ArenaSegment& s : segments)
            if (offset >= s.begin && offset < s.end)
                hit = &s;
    return hit;
}

std::vector<ArenaMapLayout::ColumnRun> ArenaMapLayout::columnRuns(double left, double width, double minimumWidth) const
{
    std::vector<ColumnRun> runs;
    // Pixels are never negative here: rounding is adding a half and truncating.
    const auto round = [](double pixel) { return static_cast<int>(std::max(pixel, 0.0) + 0.5); };
    const int firstColumn = round(left);
    const int columns = std::max(0, round(left + width) - firstColumn);
    if (columns == 0 || segments.empty())
        return runs;
    const double scale = width / static_cast<double>(std::max<std::uint64_t>(arenaBytes, 1));
    const auto x = [&](std::uint64_t offset) {
        return left + std::min(static_cast<double>(offset) * scale, width); // beyond the arena: at its end
    };
    // Per column, the last segment drawn there of each layer, by its rank in drawing order: the
    // solid one (a buffer, a tail allocation) and each hatched kind, which shows only when drawn
    // after the solid one (a hatch lets what lies below show through).
    enum Layer : std::size_t { Solid, Padding, Temp, Overflow, Layers };
    const auto layerOf = [](ArenaSegment::Kind k) {
        switch (k) {
        case ArenaSegment::Kind::Padding:
            return Padding;
        case ArenaSegment::Kind::TempPeak:
            return Temp;
        case ArenaSegment::Kind::Overflow:
            return Overflow;
        default:
            return Solid;
        }
    };
    constexpr std::size_t kNone = SIZE_MAX;
    struct Top {
        std::size_t rank = kNone;
        std::size_t segment = kNone;
    };
    std::vector<std::array<Top, Layers>> top(static_cast<std::size_t>(columns));
    std::size_t rank = 0;
    const auto lay = [&](std::size_t i) {
        const ArenaSegment& s = segments[i];
        const double from = x(s.begin);
        const double to = std::max(x(s.end), from + minimumWidth);
        // The columns a painter fills for [from, to): those whose centre it covers, at least one.
        const int fromColumn = round(from);
        const int a = std::clamp(fromColumn - firstColumn, 0, columns);
        const int b = std::clamp(std::max(round(to), fromColumn + 1) - firstColumn, 0, columns);
        const std::size_t layer = layerOf(s.kind);
        for (int c = a; c < b; ++c)
            top[static_cast<std::size_t>(c)][layer] = { rank, i };
        ++rank;
    };
    for (std::size_t i = 0; i < segments.size(); ++i)
        if (segments[i].kind != ArenaSegment::Kind::Overflow)
            lay(i);
    for (std::size_t i = 0; i < segments.size(); ++i)
        if (segments[i].kind == ArenaSegment::Kind::Overflow)
            lay(i);
    for (std::size_t layer = 0; layer < Layers; ++layer) {
        const auto shownAt = [&](int c) {
            const auto& t = top[static_cast<std::size_t>(c)];
            const Top& mine = t[layer];
            const bool shows
                = mine.segment != kNone && (layer == Solid || t[Solid].rank == kNone || mine.rank > t[Solid].rank);
            return shows ? mine.segment : kNone;
        };
        for (int c = 0; c < columns;) {
            const std::size_t segment = shownAt(c);
            int end = c + 1;
            while (end < columns && shownAt(end) == segment)
                ++end;
            if (segment != kNone)
                runs.push_back({ firstColumn + c, firstColumn + end, segment });
            c = end;
        }
    }
    return runs;
}

} // namespace arenascope
