#include "solver.h"

#include "core/planner/fit_placement.h"
#include "core/planner/greedy_planner.h"
#include "core/util/enum_names.h"
#include "exact_search.h"

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

// ---- Heuristic: one ordering, first or best fit (core/planner/fit_placement.h).
std::vector<std::int64_t> place(const BufferSet& set, const std::vector<std::size_t>& order, bool bestFit)
{
    const auto& v = set.buffers;
    auto offsets = placeInOrder(
        v.size(), order, bestFit, [&](std::size_t a, std::size_t b) { return together(v[a], v[b]); },
        [&](std::size_t i) { return v[i].size; });
    for (std::int64_t& o : offsets)
        o = std::max<std::int64_t>(o, 0); // not in `order` (no buffers placed): 0
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

// The greatest common divisor of the sizes (1 when every buffer is empty).
std::int64_t sizeStep(const BufferSet& set)
{
    std::int64_t step = 0;
    for (const SolverBuffer& b : set.buffers)
        step = std::gcd(step, b.size);
    return std::max<std::int64_t>(step, 1);
}

} // namespace

namespace {

constexpr EnumName<SolverKind> kSolvers[] = { { SolverKind::TflmGreedy, "tflm-greedy" },
    { SolverKind::Heuristic, "heuristic" }, { SolverKind::Exact, "exact" } };
static_assert(namesEachValue(kSolvers, SolverKind::Exact));

} // namespace

std::string_view solverName(SolverKind kind)
{
    return nameIn(kSolvers, kind);
}
std::optional<SolverKind> parseSolver(std::string_view name)
{
    return valueIn(kSolvers, name);
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
    const auto noteFit = [&] {
        if (options.capacity && best.peak <= *options.capacity && !out.fitSeconds)
            out.fitSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    };
    noteFit();
    if (options.planner == SolverKind::Exact && best.peak > out.lowerBoundBytes) {
        const auto deadline = start + options.timeLimit;
        // Peaks come in steps of the sizes' greatest common divisor: a plan pushed down (each
        // buffer on 0 or on a buffer alive with it, which never raises the peak) has every offset
        // a sum of sizes. So "no plan within T" holds as soon as none within the step below T.
        const std::int64_t step = sizeStep(set);
        const auto roundUp = [&](std::int64_t bytes) { return (bytes + step - 1) / step * step; };
        std::int64_t provenInfeasible = out.lowerBoundBytes - 1; // no plan peaks at or below this
        std::int64_t stoppedAt = provenInfeasible; // the highest target left undecided so far
        std::uint32_t pass = 0; // how often the targets were tried from the bottom up
        const auto attempt = [&](std::int64_t target, Clock::time_point until) {
            std::vector<std::int64_t> found;
            const Decision d
                = decideWithRestarts(set, target, SearchLimits { until, options.cancel }, found, out.nodes, pass);
            if (d == Decision::Found) {
                best.consider(set, std::move(found), "exact search");
                noteFit();
            } else if (d == Decision::Infeasible) {
                provenInfeasible = std::max(provenInfeasible, target);
            }
            return d;
        };
        // Capacity first (fitting is what the user asked), with the whole time.
        bool stopped = false;
        if (options.capacity && best.peak > *options.capacity && *options.capacity >= out.lowerBoundBytes)
            stopped = attempt(*options.capacity, deadline) == Decision::Stopped;
        // Then close the gap between what is proven impossible and the best plan. The lower bound
        // first (it proves optimality); a target the search cannot decide in its share of the
        // remaining time moves the next one halfway up to the best plan, so a smaller plan than
        // the first one is found even where optimality is out of reach. When every size up to the
        // best plan was left undecided and time remains, the sizes are tried again from the bottom
        // (the lower bound no longer first) with other random orders (a new pass).
        while (!stopped && best.peak - step >= roundUp(provenInfeasible + 1)) {
            if (best.peak - step < roundUp(stoppedAt + 1)) {
                stoppedAt = provenInfeasible;
                ++pass;
            }
            const std::int64_t low = roundUp(std::max(provenInfeasible, stoppedAt) + 1);
            const std::int64_t target
                = low == out.lowerBoundBytes && pass == 0 ? low : low + (best.peak - step - low) / step / 2 * step;
            const auto now = Clock::now();
            if (now >= deadline || (options.cancel && options.cancel->load()))
                break;
            const auto share = std::max<Clock::duration>((deadline - now) / 3, std::chrono::milliseconds(200));
            if (attempt(target, std::min(deadline, now + share)) == Decision::Stopped)
                stoppedAt = target;
        }
        out.provenBoundBytes = std::max(out.lowerBoundBytes, roundUp(provenInfeasible + 1));
        out.stoppedEarly = best.peak > out.provenBoundBytes;
    } else {
        out.provenBoundBytes = out.lowerBoundBytes;
    }
    out.optimal = best.peak == out.provenBoundBytes;
    out.offsets = std::move(best.offsets);
    out.peakBytes = best.peak;
    out.method = std::move(best.method);
    if (options.capacity)
        out.fits = out.peakBytes <= *options.capacity;
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return out;
}

} // namespace arenascope
