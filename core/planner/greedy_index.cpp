#include "greedy_index.h"

#include <algorithm>

namespace arenascope::greedy {

CoverageTree::CoverageTree(std::int32_t ranks)
    : m_ranks(std::max(ranks, 1))
    , m_max(4 * static_cast<std::size_t>(m_ranks), 0)
    , m_min(m_max.size(), 0)
    , m_pending(m_max.size(), 0)
{
}

// Covered bounds start at 0 and only rise, so a pending raise of 0 is no raise.
void CoverageTree::apply(std::size_t node, std::int64_t end)
{
    m_max[node] = std::max(m_max[node], end);
    m_min[node] = std::max(m_min[node], end);
    m_pending[node] = std::max(m_pending[node], end);
}

void CoverageTree::push(std::size_t node)
{
    if (m_pending[node] == 0)
        return;
    apply(2 * node, m_pending[node]);
    apply(2 * node + 1, m_pending[node]);
    m_pending[node] = 0;
}

std::int64_t CoverageTree::highest(std::int32_t first, std::int32_t last)
{
    return highest(1, 0, m_ranks - 1, first, last);
}

std::int64_t CoverageTree::highest(
    std::size_t node, std::int32_t lo, std::int32_t hi, std::int32_t first, std::int32_t last)
{
    if (hi < first || lo > last)
        return 0;
    if (first <= lo && hi <= last)
        return m_max[node];
    push(node);
    const std::int32_t mid = lo + (hi - lo) / 2;
    return std::max(highest(2 * node, lo, mid, first, last), highest(2 * node + 1, mid + 1, hi, first, last));
}

void CoverageTree::cover(std::int32_t first, std::int32_t last, std::int64_t offset, std::int64_t end)
{
    if (end <= offset)
        return; // a zero-sized buffer covers nothing
    cover(1, 0, m_ranks - 1, Placed { offset, end, first, last, 0 });
}

// Visits the nodes of the lifetime whose highest bound reaches the buffer; a node whose every
// rank reaches it is raised as a whole. Placing on top of what a lifetime covers (the common
// case) touches O(log n) nodes.
void CoverageTree::cover(std::size_t node, std::int32_t lo, std::int32_t hi, const Placed& p)
{
    if (hi < p.first || lo > p.last || m_max[node] < p.offset)
        return;
    if (p.first <= lo && hi <= p.last && m_min[node] >= p.offset) {
        apply(node, p.end);
        return;
    }
    push(node);
    const std::int32_t mid = lo + (hi - lo) / 2;
    cover(2 * node, lo, mid, p);
    cover(2 * node + 1, mid + 1, hi, p);
    m_max[node] = std::max(m_max[2 * node], m_max[2 * node + 1]);
    m_min[node] = std::min(m_min[2 * node], m_min[2 * node + 1]);
}

IntervalTree::IntervalTree(std::int32_t ranks)
    : m_ranks(std::max(ranks, 1))
    , m_nodes(static_cast<std::size_t>(m_ranks))
    , m_subtree(static_cast<std::size_t>(m_ranks), 0)
{
}

void IntervalTree::insert(const Placed& p)
{
    std::int32_t lo = 0;
    std::int32_t hi = m_ranks - 1;
    while (true) {
        const std::int32_t centre = lo + (hi - lo) / 2;
        ++m_subtree[static_cast<std::size_t>(centre)];
        if (p.last < centre) {
            hi = centre - 1;
        } else if (p.first > centre) {
            lo = centre + 1;
        } else {
            Node& node = m_nodes[static_cast<std::size_t>(centre)];
            node.buffers.insert(p);
            node.largest = std::max(node.largest, p.end - p.offset);
            return;
        }
    }
}

void IntervalTree::collect(std::int32_t first, std::int32_t last, std::int64_t above, std::vector<Placed>& out) const
{
    std::vector<Range>& stack = m_stack;
    stack.assign(1, Range { 0, m_ranks - 1 });
    while (!stack.empty()) {
        const Range r = stack.back();
        stack.pop_back();
        if (r.lo > r.hi)
            continue;
        const std::int32_t centre = r.lo + (r.hi - r.lo) / 2;
        if (m_subtree[static_cast<std::size_t>(centre)] == 0)
            continue;
        const Node& node = m_nodes[static_cast<std::size_t>(centre)];
        // A buffer that ends above `above` starts at most `largest` bytes below it.
        const Placed from { above - node.largest, 0, 0, 0, 0 };
        for (auto it = node.buffers.lower_bound(from); it != node.buffers.end(); ++it)
            if (it->end > above && it->first <= last && first <= it->last)
                out.push_back(*it);
        if (first < centre)
            stack.push_back({ r.lo, centre - 1 });
        if (last > centre)
            stack.push_back({ centre + 1, r.hi });
    }
}

} // namespace arenascope::greedy
