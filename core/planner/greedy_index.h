#pragma once
// The index behind planGreedy (greedy_planner.h): where the greedy walk may skip ahead, and which
// placed buffers it must still look at. Internal to core/planner.
//
// Steps are ranks: the distinct `first` and `last` values of all requests, sorted. Two
// lifetimes overlap exactly when their ranks do, so the index is as compact as the request list
// whatever the step numbers are.
//
// - IntervalTree: a centred interval tree over the ranks. Each node owns one centre rank and
//   the placed buffers whose lifetime contains it (and no higher node's centre), sorted by offset.
//   collect() visits only nodes whose subtree holds a buffer: those with their centre inside the
//   wanted lifetime (all of their buffers overlap it) and their ancestors on either side.
// - CoverageTree: for every rank, a lower bound of how many bytes from offset 0 the buffers alive
//   there cover without a gap. A buffer that starts within the covered bytes of a rank extends
//   them to its end; nothing below the highest bound over a lifetime is free for that lifetime,
//   so the walk starts there. A segment tree: range maximum, and "raise where covered".
//
//   offset ^      rank:  0   1   2   3
//          |  covered:  96  96  64   0     a buffer alive at ranks 1-2 starts its walk at 96
//          +-------------------------------->

#include <cstdint>
#include <set>
#include <vector>

namespace arenascope::greedy {

struct Placed {
    std::int64_t offset = 0;
    std::int64_t end = 0; // offset + size
    std::int32_t first = 0; // ranks, inclusive
    std::int32_t last = 0;
    std::uint32_t sequence = 0; // placement order
};

class CoverageTree {
public:
    explicit CoverageTree(std::int32_t ranks);
    // The highest covered bound over ranks [first, last].
    std::int64_t highest(std::int32_t first, std::int32_t last);
    // A buffer of [offset, end) alive at ranks [first, last]: every rank there whose covered bytes
    // reach `offset` now covers at least up to `end`.
    void cover(std::int32_t first, std::int32_t last, std::int64_t offset, std::int64_t end);

private:
    void apply(std::size_t node, std::int64_t end);
    void push(std::size_t node);
    std::int64_t highest(std::size_t node, std::int32_t lo, std::int32_t hi, std::int32_t first, std::int32_t last);
    void cover(std::size_t node, std::int32_t lo, std::int32_t hi, const Placed& p);

    std::int32_t m_ranks;
    std::vector<std::int64_t> m_max, m_min, m_pending; // m_pending: a raise not yet pushed down
};

class IntervalTree {
public:
    explicit IntervalTree(std::int32_t ranks);
    void insert(const Placed& p);
    // Appends every placed buffer whose lifetime overlaps ranks [first, last] and that ends above
    // `above` (in no particular order).
    void collect(std::int32_t first, std::int32_t last, std::int64_t above, std::vector<Placed>& out) const;

private:
    struct ByOffset {
        bool operator()(const Placed& a, const Placed& b) const
        {
            return a.offset != b.offset ? a.offset < b.offset : a.sequence < b.sequence;
        }
    };
    struct Node {
        std::set<Placed, ByOffset> buffers;
        std::int64_t largest = 0; // the largest size among them: where a lookup by offset starts
    };

    std::int32_t m_ranks;
    std::vector<Node> m_nodes; // by centre rank
    std::vector<std::uint32_t> m_subtree; // buffers held in the subtree of each centre
    struct Range {
        std::int32_t lo, hi;
    };
    mutable std::vector<Range> m_stack; // collect()'s, kept to spare an allocation per lookup
};

} // namespace arenascope::greedy
