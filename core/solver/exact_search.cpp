#include "exact_search.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>

namespace arenascope {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::int64_t kUnplaced = -1;
constexpr std::uint64_t kMaxBudget = std::uint64_t { 1 } << 62;

// What a node of the search ended in; OutOfNodes lets the restarts try another rank.
enum class Outcome { Found, Infeasible, Stopped, OutOfNodes };

// The key orders tried in turn: each ranks a part's buffers by three keys, largest first.
enum class Key { Width, Area, BusiestSection };
constexpr std::array<std::array<Key, 3>, 3> kRanks { {
    { Key::Width, Key::Area, Key::BusiestSection },
    { Key::BusiestSection, Key::Area, Key::Width },
    { Key::BusiestSection, Key::Width, Key::Area },
} };

class ExactSearch {
public:
    // `shuffle` != 0 scales each buffer's first key by a random factor near 1 (seeded by it).
    ExactSearch(const BufferSet& set, const std::array<Key, 3>& rankKeys, std::uint32_t shuffle)
        : m_set(set)
        , m_keys(rankKeys)
    {
        m_factor.assign(set.buffers.size(), 1.0);
        if (shuffle != 0) {
            std::mt19937 random(shuffle);
            std::uniform_real_distribution<double> near1(0.75, 1.25);
            for (double& f : m_factor)
                f = near1(random);
        }
        std::vector<std::int64_t> points;
        for (const SolverBuffer& b : set.buffers) {
            points.push_back(b.lower);
            points.push_back(b.upper);
        }
        std::sort(points.begin(), points.end());
        points.erase(std::unique(points.begin(), points.end()), points.end());
        m_sections = points.size() > 1 ? points.size() - 1 : 0;
        const auto sectionOf = [&](std::int64_t t) {
            return static_cast<std::size_t>(std::lower_bound(points.begin(), points.end(), t) - points.begin());
        };
        const std::size_t n = set.buffers.size();
        m_begin.resize(n);
        m_end.resize(n);
        m_members.assign(m_sections, {});
        m_total.assign(m_sections, 0);
        for (std::size_t b = 0; b < n; ++b) {
            m_begin[b] = sectionOf(set.buffers[b].lower);
            m_end[b] = sectionOf(set.buffers[b].upper);
            if (set.buffers[b].size == 0)
                continue; // takes no bytes: offset 0, never placed
            m_active.push_back(b);
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s) {
                m_members[s].push_back(b);
                m_total[s] += set.buffers[b].size;
            }
        }
        m_overlaps.assign(n, {});
        for (std::size_t i = 0; i < m_active.size(); ++i)
            for (std::size_t j = i + 1; j < m_active.size(); ++j) {
                const std::size_t a = m_active[i], b = m_active[j];
                if (m_begin[a] < m_end[b] && m_begin[b] < m_end[a]) {
                    m_overlaps[a].push_back(b);
                    m_overlaps[b].push_back(a);
                }
            }
        m_cut.assign(m_sections + 1, 0);
        for (std::size_t b : m_active)
            for (std::size_t k = m_begin[b] + 1; k < m_end[b]; ++k)
                ++m_cut[k];
        m_floor.assign(m_sections, 0);
        m_offset.assign(n, kUnplaced);
        m_minOffset.assign(n, 0);
        m_trail.reserve(1 << 16);
    }

    Outcome decide(std::int64_t capacity, const SearchLimits& limits, std::uint64_t nodeLimit)
    {
        m_capacity = capacity;
        m_limits = limits;
        m_nodeLimit = nodeLimit;
        return solveRange(0, m_sections);
    }

    std::vector<std::int64_t> offsets() const
    {
        std::vector<std::int64_t> out(m_offset);
        for (std::int64_t& o : out)
            o = std::max<std::int64_t>(o, 0);
        return out;
    }
    std::uint64_t nodes() const { return m_nodes; }

private:
    struct Entry {
        std::int64_t minOffset;
        std::size_t rank;
        std::size_t buffer;
    };

    // Ranks the buffers of one part by the keys, the busiest section counting only the bytes
    // still to place (as the part is when its search starts).
    void rank(std::vector<Entry>& entries) const
    {
        const auto value = [&](std::size_t b, Key k) -> double {
            const SolverBuffer& x = m_set.buffers[b];
            switch (k) {
            case Key::Width:
                return static_cast<double>(x.upper - x.lower);
            case Key::Area:
                return static_cast<double>(x.size) * static_cast<double>(x.upper - x.lower);
            case Key::BusiestSection: {
                std::int64_t most = 0;
                for (std::size_t s = m_begin[b]; s < m_end[b]; ++s)
                    most = std::max(most, m_total[s]);
                return static_cast<double>(most);
            }
            }
            return 0.0;
        };
        // Each buffer's keys computed once (the first scaled by its factor), compared in order.
        std::vector<std::array<double, 3>> keys(entries.size());
        for (std::size_t i = 0; i < entries.size(); ++i)
            for (std::size_t k = 0; k < m_keys.size(); ++k)
                keys[i][k] = value(entries[i].buffer, m_keys[k]) * (k == 0 ? m_factor[entries[i].buffer] : 1.0);
        std::vector<std::size_t> order(entries.size());
        std::iota(order.begin(), order.end(), std::size_t { 0 });
        std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
            return keys[i] != keys[j] ? keys[i] > keys[j] : entries[i].buffer < entries[j].buffer;
        });
        std::vector<Entry> ranked;
        ranked.reserve(entries.size());
        for (std::size_t i : order)
            ranked.push_back(entries[i]);
        for (std::size_t i = 0; i < ranked.size(); ++i)
            ranked[i].rank = i;
        entries = std::move(ranked);
    }

    bool stop()
    {
        ++m_nodes;
        if (m_nodes > m_nodeLimit) {
            m_outOfNodes = true;
            return true;
        }
        if ((m_nodes & 0x3ff) == 0)
            m_stopped = m_stopped || Clock::now() > m_limits.deadline || (m_limits.cancel && m_limits.cancel->load());
        return m_stopped;
    }
    Outcome stoppedOutcome() const { return m_stopped ? Outcome::Stopped : Outcome::OutOfNodes; }

    // Changes a placement makes beyond its own sections go through set(); undoTo() takes back
    // the placements after `mark` (the count of placements to keep).
    void set(std::int64_t& where, std::int64_t value)
    {
        m_trail.push_back({ &where, where });
        where = value;
    }
    void undoTo(std::size_t mark)
    {
        while (m_placements.size() > mark) {
            const Placement& p = m_placements.back();
            while (m_trail.size() > p.trailMark) {
                *m_trail.back().where = m_trail.back().old;
                m_trail.pop_back();
            }
            const std::size_t b = p.buffer;
            std::copy(m_savedFloors.begin() + static_cast<std::ptrdiff_t>(p.savedFloorsMark), m_savedFloors.end(),
                m_floor.begin() + static_cast<std::ptrdiff_t>(m_begin[b]));
            m_savedFloors.resize(p.savedFloorsMark);
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s)
                m_total[s] += m_set.buffers[b].size;
            for (std::size_t k = m_begin[b] + 1; k < m_end[b]; ++k)
                ++m_cut[k];
            m_offset[b] = kUnplaced;
            m_minOffset[b] = p.minOffset;
            m_placements.pop_back();
        }
    }

    // Places the buffers still to place within sections [lo, hi), which none of them crosses.
    // Splits first where no such buffer crosses a boundary.
    Outcome solveRange(std::size_t lo, std::size_t hi)
    {
        std::size_t partBegin = lo;
        for (std::size_t k = lo + 1; k <= hi; ++k) {
            if (k < hi && m_cut[k] != 0)
                continue;
            std::vector<Entry> entries;
            for (std::size_t b : m_active)
                if (m_offset[b] == kUnplaced && m_begin[b] >= partBegin && m_end[b] <= k)
                    entries.push_back({ 0, 0, b });
            if (!entries.empty()) {
                rank(entries);
                const Outcome o = search(partBegin, k, entries, 0, 0);
                if (o != Outcome::Found)
                    return o;
            }
            partBegin = k;
        }
        return Outcome::Found;
    }

    Outcome search(
        std::size_t lo, std::size_t hi, const std::vector<Entry>& parent, std::int64_t lastOffset, std::size_t lastRank)
    {
        std::vector<Entry> order;
        order.reserve(parent.size());
        for (const Entry& e : parent)
            if (m_offset[e.buffer] == kUnplaced)
                order.push_back({ m_minOffset[e.buffer], e.rank, e.buffer });
        if (order.empty())
            return Outcome::Found;
        if (stop())
            return stoppedOutcome();
        std::sort(order.begin(), order.end(), [](const Entry& a, const Entry& b) {
            return a.minOffset != b.minOffset ? a.minOffset < b.minOffset : a.rank < b.rank;
        });
        std::int64_t lowestTop = INT64_MAX;
        for (const Entry& e : order)
            lowestTop = std::min(lowestTop, e.minOffset + m_set.buffers[e.buffer].size);
        for (const Entry& e : order) {
            if (e.minOffset < lastOffset || (e.minOffset == lastOffset && e.rank < lastRank))
                continue; // would break the order of offsets
            if (e.minOffset >= lowestTop)
                break; // leaves a gap another buffer fits in (see the header)
            const std::size_t mark = m_placements.size();
            const bool constrainsOthers = place(e.buffer, e.minOffset);
            Outcome o = Outcome::Infeasible;
            if (sectionsHaveRoom(lo, hi, e.minOffset))
                o = continueAfter(lo, hi, order, e);
            if (o == Outcome::Found)
                return o;
            undoTo(mark);
            if (o != Outcome::Infeasible)
                return o;
            if (!constrainsOthers)
                break;
        }
        return Outcome::Infeasible;
    }

    // Places `b` at `offset`; whether a buffer still to place is alive with it.
    bool place(std::size_t b, std::int64_t offset)
    {
        m_placements.push_back({ b, m_minOffset[b], m_trail.size(), m_savedFloors.size() });
        m_savedFloors.insert(m_savedFloors.end(), m_floor.begin() + static_cast<std::ptrdiff_t>(m_begin[b]),
            m_floor.begin() + static_cast<std::ptrdiff_t>(m_end[b]));
        m_offset[b] = offset;
        m_minOffset[b] = INT64_MAX;
        const std::int64_t top = offset + m_set.buffers[b].size;
        bool constrainsOthers = false;
        // The raised buffers' sections and b's cover [raisedBegin, raisedEnd) without a hole (each
        // raised buffer is alive with b), so one pass over that range visits each section once.
        std::size_t raisedBegin = m_sections, raisedEnd = 0;
        for (std::size_t o : m_overlaps[b]) {
            if (m_offset[o] != kUnplaced)
                continue;
            constrainsOthers = true;
            if (m_minOffset[o] >= top)
                continue;
            set(m_minOffset[o], top);
            raisedBegin = std::min(raisedBegin, m_begin[o]);
            raisedEnd = std::max(raisedEnd, m_end[o]);
        }
        for (std::size_t s = m_begin[b]; s < m_end[b]; ++s) {
            m_floor[s] = top;
            m_total[s] -= m_set.buffers[b].size;
        }
        // No buffer still to place in a section starts below the lowest of their minimum offsets,
        // which in a section of a raised buffer is at most `top` (b's own sections, whose floor is
        // now `top`, are passed over).
        for (std::size_t s = raisedBegin; s < raisedEnd; ++s) {
            if (m_floor[s] >= top)
                continue;
            std::int64_t lowest = INT64_MAX;
            for (std::size_t o : m_members[s]) {
                lowest = std::min(lowest, m_minOffset[o]); // placed buffers hold INT64_MAX
                if (lowest <= m_floor[s])
                    break;
            }
            if (lowest > m_floor[s])
                set(m_floor[s], lowest);
        }
        for (std::size_t k = m_begin[b] + 1; k < m_end[b]; ++k)
            --m_cut[k];
        return constrainsOthers;
    }

    bool sectionsHaveRoom(std::size_t lo, std::size_t hi, std::int64_t offset) const
    {
        for (std::size_t s = lo; s < hi; ++s)
            if (std::max(offset, m_floor[s]) + m_total[s] > m_capacity)
                return false;
        return true;
    }

    // After placing e.buffer: go on in [lo, hi), or, when the placement left boundaries no
    // buffer still to place crosses, solve the parts between them one after the other.
    Outcome continueAfter(std::size_t lo, std::size_t hi, const std::vector<Entry>& order, const Entry& e)
    {
        const std::size_t b = e.buffer;
        bool split = false;
        for (std::size_t k = std::max(m_begin[b] + 1, lo + 1); k < std::min(m_end[b], hi) && !split; ++k)
            split = m_cut[k] == 0;
        if (!split)
            return search(lo, hi, order, e.minOffset, e.rank);
        return solveRange(lo, hi);
    }

    struct Change {
        std::int64_t* where;
        std::int64_t old;
    };

    const BufferSet& m_set;
    std::size_t m_sections = 0;
    std::vector<std::size_t> m_active; // buffers with bytes
    std::vector<std::size_t> m_begin, m_end; // sections [begin, end) of each buffer
    std::vector<std::vector<std::size_t>> m_members; // buffers with bytes in each section
    std::vector<std::vector<std::size_t>> m_overlaps; // buffers alive with each buffer
    const std::array<Key, 3> m_keys; // the rank: buffers ordered by these keys, largest first
    std::vector<double> m_factor; // per buffer: its first key's random factor (1 in the plain ranks)
    // The state, changed only by place() and undoTo():
    std::vector<std::int64_t> m_offset;
    std::vector<std::int64_t> m_minOffset; // INT64_MAX once placed
    std::vector<std::int64_t> m_floor, m_total; // per section
    std::vector<std::int64_t> m_cut; // per boundary: buffers still to place crossing it
    struct Placement {
        std::size_t buffer;
        std::int64_t minOffset; // before it was placed
        std::size_t trailMark, savedFloorsMark;
    };
    std::vector<Placement> m_placements;
    std::vector<Change> m_trail; // raised minimum offsets and floors outside the buffer's sections
    std::vector<std::int64_t> m_savedFloors; // each placement's sections' floors before it

    std::int64_t m_capacity = 0;
    SearchLimits m_limits;
    std::uint64_t m_nodeLimit = 0;
    std::uint64_t m_nodes = 0;
    bool m_stopped = false;
    bool m_outOfNodes = false;
};

} // namespace

Decision decideWithRestarts(const BufferSet& set, std::int64_t capacity, const SearchLimits& limits,
    std::vector<std::int64_t>& offsets, std::uint64_t& nodes, std::uint32_t seed)
{
    // Rounds: each rank in turn gets the round's node budget, which doubles from round to round
    // (as in MiniMalloc; plus one rank with random factors per round, which finds the perfect
    // packings of the tests in a fraction of the time), so a search that can decide runs to its
    // end eventually, and an infeasibility proof holds whatever the rank.
    if (lowerBound(set) > capacity)
        return Decision::Infeasible; // more bytes alive at one time than the capacity
    std::uint32_t round = 0;
    for (std::uint64_t budget = 2 * set.buffers.size() + 64;; budget = std::min(2 * budget, kMaxBudget)) {
        ++round;
        for (std::size_t r = 0; r <= kRanks.size(); ++r) {
            if (Clock::now() >= limits.deadline || (limits.cancel && limits.cancel->load()))
                return Decision::Stopped;
            // The three key orders, then the first with random factors, new in every round; with a
            // seed, every order gets random factors (drawn from the seed, the round and the order).
            const std::uint32_t shuffle = seed == 0
                ? (r < kRanks.size() ? 0 : round)
                : seed * 1'000'003u + round * 8u + static_cast<std::uint32_t>(r) + 1u;
            ExactSearch search(set, kRanks[r % kRanks.size()], shuffle);
            const Outcome o = search.decide(capacity, limits, budget);
            nodes += search.nodes();
            switch (o) {
            case Outcome::Found:
                offsets = search.offsets();
                return Decision::Found;
            case Outcome::Infeasible:
                return Decision::Infeasible;
            case Outcome::Stopped:
                return Decision::Stopped;
            case Outcome::OutOfNodes:
                break;
            }
        }
    }
}

} // namespace arenascope
