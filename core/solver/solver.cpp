#include "solver.h"

#include "core/planner/greedy_planner.h"

#include <algorithm>
#include <functional>
#include <numeric>

namespace arenascope {

namespace {

using Clock = std::chrono::steady_clock;

bool together(const SolverBuffer& a, const SolverBuffer& b)
{
    return a.lower < b.upper && b.lower < a.upper;
}

// ---- TFLM's greedy planner on the set ([lower, upper) becomes TFLM's inclusive [first, last]).
std::optional<std::vector<std::int64_t>> tflmGreedy(const BufferSet& set)
{
    std::vector<BufferRequest> requests;
    for (const SolverBuffer& b : set.buffers) {
        if (b.size > INT32_MAX || b.upper - 1 > INT32_MAX)
            return std::nullopt; // beyond TFLM's int sizes and steps
        requests.push_back(BufferRequest { static_cast<std::int32_t>(b.size), static_cast<std::int32_t>(b.lower),
            static_cast<std::int32_t>(b.upper - 1), kOnlinePlanned });
    }
    const Plan plan = planGreedy(requests);
    if (plan.overflow)
        return std::nullopt;
    return std::vector<std::int64_t>(plan.offsets.begin(), plan.offsets.end());
}

// ---- Heuristic: one ordering, first or best fit among buffers alive at the same time.
std::vector<std::int64_t> place(const BufferSet& set, const std::vector<std::size_t>& order, bool bestFit)
{
    const auto& v = set.buffers;
    std::vector<std::int64_t> offsets(v.size(), 0);
    std::vector<std::size_t> placed;
    std::vector<std::pair<std::int64_t, std::int64_t>> busy;
    for (std::size_t id : order) {
        busy.clear();
        for (std::size_t other : placed)
            if (together(v[id], v[other]))
                busy.emplace_back(offsets[other], offsets[other] + v[other].size);
        std::sort(busy.begin(), busy.end());
        std::int64_t candidate = 0;
        std::int64_t best = -1;
        std::int64_t bestSlack = INT64_MAX;
        for (const auto& [begin, end] : busy) {
            if (begin - candidate >= v[id].size) {
                if (!bestFit) {
                    best = candidate;
                    break;
                }
                if (begin - candidate - v[id].size < bestSlack) {
                    bestSlack = begin - candidate - v[id].size;
                    best = candidate;
                }
            }
            candidate = std::max(candidate, end);
        }
        offsets[id] = best >= 0 ? best : candidate;
        placed.push_back(id);
    }
    return offsets;
}

struct Best {
    std::vector<std::int64_t> offsets;
    std::int64_t peak = INT64_MAX;
    std::string method;

    void consider(const BufferSet& set, std::vector<std::int64_t> candidate, std::string how)
    {
        const std::int64_t p = peakOf(set, candidate);
        if (p < peak) {
            peak = p;
            offsets = std::move(candidate);
            method = std::move(how);
        }
    }
};

Best heuristic(const BufferSet& set)
{
    Best best;
    if (auto g = tflmGreedy(set))
        best.consider(set, std::move(*g), "TFLM greedy");
    const auto& v = set.buffers;
    const auto length = [&](std::size_t i) { return v[i].upper - v[i].lower; };
    struct Ordering {
        const char* name;
        std::function<bool(std::size_t, std::size_t)> before;
    };
    const Ordering orderings[] = {
        { "size", [&](std::size_t a, std::size_t b) { return v[a].size > v[b].size; } },
        { "lifetime", [&](std::size_t a, std::size_t b) { return length(a) > length(b); } },
        { "size x lifetime",
            [&](std::size_t a, std::size_t b) {
                return static_cast<double>(v[a].size) * static_cast<double>(length(a))
                    > static_cast<double>(v[b].size) * static_cast<double>(length(b));
            } },
        { "start", [&](std::size_t a, std::size_t b) { return v[a].lower < v[b].lower; } },
        { "end", [&](std::size_t a, std::size_t b) { return v[a].upper > v[b].upper; } },
    };
    for (const Ordering& o : orderings) {
        std::vector<std::size_t> order(v.size());
        std::iota(order.begin(), order.end(), std::size_t { 0 });
        std::stable_sort(order.begin(), order.end(), o.before);
        best.consider(set, place(set, order, false), std::string(o.name) + ", first fit");
        best.consider(set, place(set, order, true), std::string(o.name) + ", best fit");
    }
    return best;
}

// ---- Exact: decides whether the set fits in `capacity` (see solver.h).
enum class Decision { Found, Infeasible, Stopped };

// The order candidates are tried in. Which one finds a plan fast depends on the instance, so
// the search restarts with each in turn, with growing time slices (see decideWithRestarts).
enum class Preorder { BusiestSectionThenArea, Area, LifetimeThenArea, SizeThenLifetime };
constexpr Preorder kPreorders[]
    = { Preorder::BusiestSectionThenArea, Preorder::Area, Preorder::LifetimeThenArea, Preorder::SizeThenLifetime };

class BranchAndBound {
public:
    BranchAndBound(const BufferSet& set, Preorder preorder, Clock::time_point deadline, const std::atomic<bool>* cancel)
        : m_set(set)
        , m_deadline(deadline)
        , m_cancel(cancel)
    {
        std::vector<std::int64_t> points;
        for (const SolverBuffer& b : set.buffers) {
            points.push_back(b.lower);
            points.push_back(b.upper);
        }
        std::sort(points.begin(), points.end());
        points.erase(std::unique(points.begin(), points.end()), points.end());
        const std::size_t sections = points.size() > 1 ? points.size() - 1 : 0;
        auto sectionOf = [&](std::int64_t t) {
            return static_cast<std::size_t>(std::lower_bound(points.begin(), points.end(), t) - points.begin());
        };
        const std::size_t n = set.buffers.size();
        m_begin.resize(n);
        m_end.resize(n);
        m_startingAt.assign(sections, {});
        for (std::size_t i = 0; i < n; ++i) {
            m_begin[i] = sectionOf(set.buffers[i].lower);
            m_end[i] = sectionOf(set.buffers[i].upper);
        }
        // Within a section's list, the order candidates are tried in (see Preorder).
        std::vector<std::int64_t> total(sections, 0);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t s = m_begin[i]; s < m_end[i]; ++s)
                total[s] += set.buffers[i].size;
        std::vector<std::int64_t> busiest(n, 0);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t s = m_begin[i]; s < m_end[i]; ++s)
                busiest[i] = std::max(busiest[i], total[s]);
        std::vector<std::size_t> order(n);
        std::iota(order.begin(), order.end(), std::size_t { 0 });
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            const auto& x = set.buffers[a];
            const auto& y = set.buffers[b];
            const std::int64_t wx = x.upper - x.lower, wy = y.upper - y.lower;
            const double ax = static_cast<double>(x.size) * static_cast<double>(wx);
            const double ay = static_cast<double>(y.size) * static_cast<double>(wy);
            switch (preorder) {
            case Preorder::BusiestSectionThenArea:
                return busiest[a] != busiest[b] ? busiest[a] > busiest[b] : ax > ay;
            case Preorder::Area:
                return ax > ay;
            case Preorder::LifetimeThenArea:
                return wx != wy ? wx > wy : ax > ay;
            case Preorder::SizeThenLifetime:
                return x.size != y.size ? x.size > y.size : wx > wy;
            }
            return false;
        });
        for (std::size_t i : order)
            if (set.buffers[i].size > 0)
                m_startingAt[m_begin[i]].push_back(i);
        m_floor.assign(sections, 0);
        m_remaining.assign(sections, 0);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t s = m_begin[i]; s < m_end[i] && set.buffers[i].size > 0; ++s)
                m_remaining[s] += set.buffers[i].size;
        m_offset.assign(n, 0);
        m_placed.assign(n, false);
        m_excludedAt.assign(n, -1);
        for (std::size_t i = 0; i < n; ++i)
            if (set.buffers[i].size == 0)
                m_placed[i] = true; // takes no bytes: offset 0
        m_unplaced = static_cast<std::size_t>(std::count(m_placed.begin(), m_placed.end(), false));
    }

    Decision decide(std::int64_t capacity)
    {
        m_capacity = capacity;
        for (std::size_t s = 0; s < m_floor.size(); ++s)
            if (m_remaining[s] > capacity)
                return Decision::Infeasible;
        const Decision d = search();
        return d;
    }

    const std::vector<std::int64_t>& offsets() const { return m_offset; }
    std::uint64_t nodes() const { return m_nodes; }

private:
    bool stop()
    {
        if ((++m_nodes & 0xfff) != 0)
            return m_stopped;
        m_stopped = m_stopped || Clock::now() > m_deadline || (m_cancel && m_cancel->load());
        return m_stopped;
    }

    Decision search() { return search(0, m_floor.size()); }

    // Places every buffer within the sections [lo, hi); no buffer still to place crosses lo or hi.
    Decision search(std::size_t lo, std::size_t hi)
    {
        std::size_t low = SIZE_MAX; // the section with the lowest floor among those still to fill
        for (std::size_t s = lo; s < hi; ++s)
            if (m_remaining[s] > 0 && (low == SIZE_MAX || m_floor[s] < m_floor[low]))
                low = s;
        if (low == SIZE_MAX)
            return Decision::Found;
        if (stop())
            return Decision::Stopped;
        if (!roomForTheRest())
            return Decision::Infeasible;
        // Parts no buffer still to place connects are independent: solve them one after the
        // other, so a part that cannot be placed does not make the search retry the others.
        if (const auto parts = independentParts(lo, hi); parts.size() > 1) {
            const Snapshot before = snapshot();
            for (const auto& [partLo, partHi] : parts) {
                const Decision d = search(partLo, partHi);
                if (d != Decision::Found) {
                    restore(before);
                    return d;
                }
            }
            return Decision::Found;
        }
        const std::int64_t h = m_floor[low];
        std::size_t runBegin = low;
        while (runBegin > lo && m_remaining[runBegin - 1] > 0 && m_floor[runBegin - 1] == h)
            --runBegin;
        std::size_t runEnd = low + 1;
        while (runEnd < hi && m_remaining[runEnd] > 0 && m_floor[runEnd] == h)
            ++runEnd;

        // Branches 1..k: a buffer lying within the run, placed at h.
        std::vector<std::size_t> candidates;
        for (std::size_t s = runBegin; s < runEnd; ++s)
            for (std::size_t b : m_startingAt[s])
                if (!m_placed[b] && m_end[b] <= runEnd && m_excludedAt[b] != h)
                    candidates.push_back(b);
        bool stopped = false;
        std::vector<std::pair<std::size_t, std::int64_t>> excluded; // undo list
        for (std::size_t b : candidates) {
            const std::int64_t size = m_set.buffers[b].size;
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s) {
                m_floor[s] = h + size;
                m_remaining[s] -= size;
            }
            m_placed[b] = true;
            m_offset[b] = h;
            --m_unplaced;
            const Decision d = search(lo, hi);
            if (d == Decision::Found)
                return d;
            ++m_unplaced;
            m_placed[b] = false;
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s) {
                m_floor[s] = h;
                m_remaining[s] += size;
            }
            if (d == Decision::Stopped) {
                stopped = true;
                break;
            }
            // Plans with b at h were all seen: later branches keep b off h.
            excluded.emplace_back(b, m_excludedAt[b]);
            m_excludedAt[b] = h;
        }
        Decision result = stopped ? Decision::Stopped : Decision::Infeasible;
        if (!stopped) {
            // Last branch: nothing at h in the run. The lowest buffer above it there reaches
            // into a neighbouring section still to fill, so it starts at that floor or higher.
            std::int64_t raise = INT64_MAX;
            if (runBegin > lo && m_remaining[runBegin - 1] > 0)
                raise = std::min(raise, m_floor[runBegin - 1]);
            if (runEnd < hi && m_remaining[runEnd] > 0)
                raise = std::min(raise, m_floor[runEnd]);
            bool fits = raise != INT64_MAX;
            for (std::size_t s = runBegin; s < runEnd && fits; ++s)
                fits = raise + m_remaining[s] <= m_capacity;
            // A buffer lying within the run that fits in the space left empty would drop into it:
            // such plans have it at h, and the branches above saw them.
            for (std::size_t s = runBegin; s < runEnd && fits; ++s)
                for (std::size_t b : m_startingAt[s])
                    if (!m_placed[b] && m_end[b] <= runEnd && m_set.buffers[b].size <= raise - h) {
                        fits = false;
                        break;
                    }
            if (fits) {
                for (std::size_t s = runBegin; s < runEnd; ++s)
                    m_floor[s] = raise;
                result = search(lo, hi);
                if (result != Decision::Found)
                    for (std::size_t s = runBegin; s < runEnd; ++s)
                        m_floor[s] = h;
            }
        }
        for (auto it = excluded.rbegin(); it != excluded.rend(); ++it)
            m_excludedAt[it->first] = it->second;
        return result;
    }

    struct Snapshot {
        std::vector<std::int64_t> floor, remaining, offset, excludedAt;
        std::vector<bool> placed;
        std::size_t unplaced;
    };
    Snapshot snapshot() const { return { m_floor, m_remaining, m_offset, m_excludedAt, m_placed, m_unplaced }; }
    void restore(const Snapshot& s)
    {
        m_floor = s.floor;
        m_remaining = s.remaining;
        m_offset = s.offset;
        m_excludedAt = s.excludedAt;
        m_placed = s.placed;
        m_unplaced = s.unplaced;
    }

    // The ranges of [lo, hi) with bytes still to place that no buffer still to place spans
    // across (boundary s lies between sections s - 1 and s).
    std::vector<std::pair<std::size_t, std::size_t>> independentParts(std::size_t lo, std::size_t hi)
    {
        m_crossings.assign(hi - lo + 1, 0);
        for (std::size_t b = 0; b < m_placed.size(); ++b)
            if (!m_placed[b] && m_begin[b] >= lo && m_end[b] <= hi && m_end[b] - m_begin[b] > 1) {
                ++m_crossings[m_begin[b] + 1 - lo];
                --m_crossings[m_end[b] - lo];
            }
        std::vector<std::pair<std::size_t, std::size_t>> parts;
        std::size_t start = lo;
        std::int64_t crossing = 0;
        for (std::size_t s = lo + 1; s <= hi; ++s) {
            crossing += m_crossings[s - lo];
            if (s == hi || crossing == 0) {
                bool anything = false;
                for (std::size_t k = start; k < s && !anything; ++k)
                    anything = m_remaining[k] > 0;
                if (anything)
                    parts.emplace_back(start, s);
                start = s;
            }
        }
        return parts;
    }

    // Every buffer still to place starts at or above the highest floor of its sections, so in
    // each section nothing new starts below the lowest such start; from there the bytes still
    // to place in the section must fit under the capacity.
    bool roomForTheRest()
    {
        m_lowestStart.assign(m_floor.size(), INT64_MAX);
        for (std::size_t b = 0; b < m_placed.size(); ++b) {
            if (m_placed[b])
                continue;
            std::int64_t start = 0;
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s)
                start = std::max(start, m_floor[s]);
            for (std::size_t s = m_begin[b]; s < m_end[b]; ++s)
                m_lowestStart[s] = std::min(m_lowestStart[s], start);
        }
        for (std::size_t s = 0; s < m_floor.size(); ++s)
            if (m_remaining[s] > 0 && m_lowestStart[s] + m_remaining[s] > m_capacity)
                return false;
        return true;
    }

    const BufferSet& m_set;
    Clock::time_point m_deadline;
    const std::atomic<bool>* m_cancel;
    std::int64_t m_capacity = 0;
    std::vector<std::size_t> m_begin, m_end; // sections [begin, end) of each buffer
    std::vector<std::vector<std::size_t>> m_startingAt;
    std::vector<std::int64_t> m_floor, m_remaining;
    std::vector<std::int64_t> m_lowestStart; // scratch of roomForTheRest
    std::vector<std::int64_t> m_crossings; // scratch of independentParts
    std::vector<std::int64_t> m_offset;
    std::vector<bool> m_placed;
    std::vector<std::int64_t> m_excludedAt;
    std::size_t m_unplaced = 0;
    std::uint64_t m_nodes = 0;
    bool m_stopped = false;
};

// Fits `set` in `capacity`? Runs the search with each preorder in turn for a slice of time,
// doubling the slices each round, until one decides or the deadline passes. A proof of
// infeasibility from any preorder holds for all.
Decision decideWithRestarts(const BufferSet& set, std::int64_t capacity, Clock::time_point deadline,
    const std::atomic<bool>* cancel, std::vector<std::int64_t>& offsets, std::uint64_t& nodes)
{
    for (auto slice = std::chrono::milliseconds(200);; slice *= 2) {
        for (Preorder p : kPreorders) {
            const auto now = Clock::now();
            if (now >= deadline || (cancel && cancel->load()))
                return Decision::Stopped;
            BranchAndBound bb(set, p, std::min(deadline, now + slice), cancel);
            const Decision d = bb.decide(capacity);
            nodes += bb.nodes();
            if (d == Decision::Found)
                offsets = bb.offsets();
            if (d != Decision::Stopped)
                return d;
        }
    }
}

} // namespace

std::string_view solverName(SolverKind kind)
{
    switch (kind) {
    case SolverKind::TflmGreedy:
        return "tflm-greedy";
    case SolverKind::Heuristic:
        return "heuristic";
    case SolverKind::Exact:
        return "exact";
    }
    return "?";
}

std::optional<SolverKind> parseSolver(std::string_view name)
{
    for (SolverKind k : { SolverKind::TflmGreedy, SolverKind::Heuristic, SolverKind::Exact })
        if (solverName(k) == name)
            return k;
    return std::nullopt;
}

Solution solve(const BufferSet& set, const SolveOptions& options)
{
    const auto start = Clock::now();
    Solution out;
    out.planner = options.planner;
    out.lowerBoundBytes = lowerBound(set);
    Best best;
    if (options.planner == SolverKind::TflmGreedy) {
        if (auto g = tflmGreedy(set))
            best.consider(set, std::move(*g), "TFLM greedy");
        else
            best.consider(set, place(set, {}, false), "none");
    } else {
        best = heuristic(set);
    }
    if (options.planner == SolverKind::Exact && best.peak > out.lowerBoundBytes) {
        const auto deadline = start + options.timeLimit;
        // Capacity first (fitting is what the user asked), then the lower bound (optimality),
        // then halving the gap while time remains.
        std::vector<std::int64_t> targets;
        if (options.capacity && best.peak > *options.capacity && *options.capacity >= out.lowerBoundBytes)
            targets.push_back(*options.capacity);
        targets.push_back(out.lowerBoundBytes);
        std::int64_t provenInfeasible = -1;
        for (std::size_t i = 0; i < targets.size(); ++i) {
            const std::int64_t target = targets[i];
            if (target >= best.peak || target <= provenInfeasible)
                continue;
            std::vector<std::int64_t> found;
            const Decision d = decideWithRestarts(set, target, deadline, options.cancel, found, out.nodes);
            if (d == Decision::Found)
                best.consider(set, std::move(found), "exact search");
            else if (d == Decision::Infeasible)
                provenInfeasible = std::max(provenInfeasible, target);
            else {
                out.stoppedEarly = true;
                break;
            }
            // Narrow the gap between what is proven impossible and the best plan.
            if (i + 1 == targets.size() && provenInfeasible >= 0 && best.peak - provenInfeasible > 1)
                targets.push_back(provenInfeasible + (best.peak - provenInfeasible) / 2);
        }
        out.optimal = best.peak == out.lowerBoundBytes || (provenInfeasible >= 0 && best.peak == provenInfeasible + 1);
    } else {
        out.optimal = best.peak == out.lowerBoundBytes;
    }
    out.offsets = std::move(best.offsets);
    out.peakBytes = best.peak;
    out.method = std::move(best.method);
    if (options.capacity)
        out.fits = out.peakBytes <= *options.capacity;
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
}

} // namespace arenascope
