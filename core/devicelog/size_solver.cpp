#include "size_solver.h"

#include "log_parser.h"

#include "core/emulation/emulator.h"
#include "core/util/format.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

namespace arenascope {

namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
constexpr std::int64_t kSlack = 32; // how far the estimate from the large run may be off (alignment)

class Solver {
public:
    Solver(const Model& model, const EmulationSettings& settings, const EmulationResult& big,
        const AttemptFacts& attempt, SolveBudget& budget)
        : m_model(model)
        , m_settings(settings)
        , m_big(big)
        , m_attempt(attempt)
        , m_budget(budget)
        , m_loss(settings.arenaStartLoss())
        , m_bigInternal(big.settings.arenaBytes() - m_loss)
    {
        computeNeeds();
    }

    AttemptSolution run()
    {
        if (m_attempt.primary)
            solvePrimary(*m_attempt.primary);
        else if (m_attempt.failed)
            solveFailure();
        else
            solveSuccess();
        m_result.timedOut = m_budget.expired();
        return std::move(m_result);
    }

private:
    // Emulation at a device size, cached.
    const EmulationResult& at(std::uint64_t size)
    {
        auto it = m_cache.find(size);
        if (it == m_cache.end()) {
            if (m_budget.emulations)
                ++*m_budget.emulations;
            it = m_cache.emplace(size, emulate(m_model, m_settings.withArena(size))).first;
        }
        return *it->second;
    }

    const FactComparison& compareAt(std::uint64_t size)
    {
        auto it = m_compared.find(size);
        if (it == m_compared.end())
            it = m_compared.emplace(size, compareAttempt(m_attempt, at(size))).first;
        consider(size, it->second);
        return it->second;
    }

    // Keeps the closest miss.
    void consider(std::uint64_t size, const FactComparison& c)
    {
        if (c.reproduced)
            return;
        std::int64_t score = 1000 * static_cast<std::int64_t>(c.reproducedFacts);
        if (m_attempt.primary && c.firstDifferent == 0)
            if (auto p = emulatedPrimary(at(size)); p && p->kind == m_attempt.primary->kind) {
                const auto gap = std::llabs(static_cast<long long>(*p->requested)
                                     - static_cast<long long>(*m_attempt.primary->requested))
                    + std::llabs(
                        static_cast<long long>(*p->available) - static_cast<long long>(*m_attempt.primary->available));
                score += 500 - std::min<std::int64_t>(499, gap / 16);
            }
        if (score > m_result.score) {
            m_result.score = score;
            m_result.nearestSize = size;
            m_result.nearest = c;
        }
    }

    // The failed event's index at `size`, kNone when the emulation allocates.
    std::size_t failedIndex(std::uint64_t size)
    {
        const EmulationResult& r = at(size);
        if (r.ok)
            return kNone;
        for (std::size_t i = r.events.size(); i-- > 0;)
            if (r.events[i].failed)
                return i;
        return r.events.size();
    }

    // Device bytes each event of the large run needs to succeed, and the running maximum.
    void computeNeeds()
    {
        std::uint64_t running = 0;
        for (const AllocationEvent& e : m_big.events) {
            const std::uint64_t tailUsed = m_bigInternal > e.tailBeginAfter ? m_bigInternal - e.tailBeginAfter : 0;
            const std::uint64_t below
                = e.region == Region::Tail ? e.headEndAfter : std::max(e.headEndAfter, e.tempEndAfter);
            // The planner's working memory takes whatever is free: it never decides the size.
            const bool anySize = e.failed || e.category == Category::PlannerScratch;
            const std::uint64_t need = anySize ? running : tailUsed + below + m_loss;
            running = std::max(running, need);
            m_need.push_back(need);
            m_needPrefix.push_back(running);
        }
    }

    std::uint64_t needBefore(std::size_t i) const { return i == 0 ? 0 : m_needPrefix[i - 1]; }

    static bool eventMatches(const AllocationEvent& e, const LogFact& p)
    {
        if (e.failed || e.requested != *p.requested)
            return false;
        switch (p.kind) {
        case FactKind::TailFailed:
            return e.kind == EventKind::Allocation && e.region == Region::Tail;
        case FactKind::TempFailed:
            return e.kind == EventKind::Allocation && e.region == Region::Temp;
        case FactKind::ResizeFailed:
            return e.kind == EventKind::HeadReserve || e.kind == EventKind::PlanCommit;
        default:
            return false;
        }
    }

    // The device size at which event i, failing, would report `available`, from the state before it.
    std::uint64_t estimate(std::size_t i, const LogFact& p) const
    {
        const AllocationEvent* prev = i > 0 ? &m_big.events[i - 1] : nullptr;
        const std::uint64_t tailUsed = prev ? m_bigInternal - prev->tailBeginAfter : 0;
        std::uint64_t below = 0;
        if (prev && p.kind == FactKind::TempFailed)
            below = prev->tempEndAfter;
        else if (prev && p.kind == FactKind::TailFailed)
            below = prev->headEndAfter;
        return *p.available + tailUsed + below + m_loss;
    }

    void solvePrimary(const LogFact& p)
    {
        std::vector<std::size_t> candidates;
        std::uint64_t closest = std::numeric_limits<std::uint64_t>::max();
        for (std::size_t i = 0; i < m_big.events.size(); ++i) {
            const AllocationEvent& e = m_big.events[i];
            LogFact sameKind = p;
            sameKind.requested = e.requested;
            if (eventMatches(e, sameKind))
                closest = std::min<std::uint64_t>(closest,
                    static_cast<std::uint64_t>(
                        std::llabs(static_cast<long long>(e.requested) - static_cast<long long>(*p.requested))));
            if (!eventMatches(e, p))
                continue;
            const auto e0 = static_cast<std::int64_t>(estimate(i, p));
            if (e0 + kSlack >= static_cast<std::int64_t>(needBefore(i))
                && e0 <= static_cast<std::int64_t>(m_need[i]) + kSlack)
                candidates.push_back(i);
        }
        if (candidates.empty()) {
            // Never reaches that request with that much free: how close it comes, without emulating.
            m_result.score = closest == std::numeric_limits<std::uint64_t>::max()
                ? -2'000'000'000
                : -static_cast<std::int64_t>(std::min<std::uint64_t>(closest, 1'000'000'000));
            m_result.nearest.why = closest == 0
                ? "this build asks for " + formatBytes(*p.requested) + " there, but never with "
                    + formatBytes(*p.available) + " free"
                : (closest == std::numeric_limits<std::uint64_t>::max()
                        ? std::string("this build makes no such allocation")
                        : "this build never asks for " + formatBytes(*p.requested) + " there (the nearest request is "
                            + formatBytes(closest) + " away)");
            return;
        }
        std::set<std::uint64_t> found;
        for (std::size_t i : candidates) {
            if (m_budget.expired())
                return;
            if (auto size = converge(i, p))
                found.insert(*size);
        }
        std::set<std::uint64_t> matching;
        for (std::uint64_t size : found)
            collectWindow(size, p, matching);
        for (std::uint64_t size : matching) {
            if (!m_result.sizes.empty() && m_result.sizes.back().hi + 1 == size)
                m_result.sizes.back().hi = size;
            else
                m_result.sizes.push_back({ size, size, false });
            m_result.exact = m_result.exact || m_compared.at(size).exact;
        }
    }

    // Emulates from the estimate until event i fails with the log's numbers; the size, if any.
    std::optional<std::uint64_t> converge(std::size_t i, const LogFact& p)
    {
        auto size = static_cast<std::int64_t>(estimate(i, p));
        std::set<std::int64_t> tried;
        for (int step = 0; step < 12 && !m_budget.expired(); ++step) {
            size = std::max<std::int64_t>(size, static_cast<std::int64_t>(m_loss) + 1);
            if (!tried.insert(size).second)
                return std::nullopt;
            const auto u = static_cast<std::uint64_t>(size);
            const std::size_t failed = failedIndex(u);
            const auto got = emulatedPrimary(at(u));
            if (failed == i && got && got->kind == p.kind && got->requested == p.requested) {
                if (got->available == p.available) {
                    compareAt(u);
                    return u;
                }
                size += static_cast<std::int64_t>(*p.available) - static_cast<std::int64_t>(*got->available);
            } else if (failed != kNone && failed < i) {
                size += 16;
            } else {
                size -= 16;
            }
        }
        return std::nullopt;
    }

    // The sizes around `size` whose first allocator failure reads as the log's, compared in full.
    void collectWindow(std::uint64_t size, const LogFact& p, std::set<std::uint64_t>& matching)
    {
        auto sameFirst = [&](std::uint64_t s) {
            const auto got = emulatedPrimary(at(s));
            return got && got->sameNumbersAs(p);
        };
        for (int dir : { -1, 1 }) {
            for (std::uint64_t s = size, n = 0; n < 40 && !m_budget.expired(); ++n) {
                if (s <= m_loss + 1 && dir < 0)
                    break;
                if (!sameFirst(s))
                    break;
                if (compareAt(s).reproduced)
                    matching.insert(s);
                s = dir < 0 ? s - 1 : s + 1;
            }
        }
    }

    // Smallest size in [lo, hi] where pred holds (pred monotone); hi + 1 when none.
    template <typename Pred> std::uint64_t smallest(std::uint64_t lo, std::uint64_t hi, Pred pred)
    {
        std::uint64_t none = hi + 1;
        while (lo <= hi && !m_budget.expired()) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (pred(mid)) {
                none = mid;
                if (mid == 0)
                    break;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return none;
    }

    void solveFailure()
    {
        const std::uint64_t big = m_big.settings.arenaBytes();
        if (compareAt(big).reproduced) {
            // The same failure at every size that reaches it.
            const std::uint64_t lo
                = smallest(m_loss + 1, big, [&](std::uint64_t s) { return compareAt(s).reproduced; });
            m_result.sizes.push_back({ lo, 0, true });
            m_result.exact = m_compared.at(big).exact;
            return;
        }
        // A capacity failure whose allocator line the log lacks: the sizes where the first
        // allocation that does not fit belongs to the operator or step the log names.
        const auto [first, last] = locatedEvents();
        if (first == kNone || m_needPrefix.empty())
            return;
        // Each allocation of that step fails over a range of sizes (the first failure moves
        // forward as the arena grows); the ranges whose lines read as the log's are kept.
        // (The planner's bookkeeping needs room per buffer: its failures reach past the sizes the
        // large run's allocations suggest, so the bound is well above them.)
        const std::uint64_t hiBound
            = std::min<std::uint64_t>(m_big.settings.arenaBytes(), 2 * m_needPrefix.back() + 65536);
        std::uint64_t from = m_loss + 1;
        for (std::size_t p = first, tried = 0; p <= last && tried < 64 && !m_budget.expired(); ++p) {
            ++tried;
            const std::uint64_t lo = smallest(from, hiBound, [&](std::uint64_t s) {
                const std::size_t f = failedIndex(s);
                return f == kNone || f >= p;
            });
            const std::uint64_t end = smallest(lo, hiBound, [&](std::uint64_t s) {
                const std::size_t f = failedIndex(s);
                return f == kNone || f > p;
            });
            if (lo > hiBound)
                break;
            from = lo;
            if (lo >= end)
                continue;
            collectRange(lo, end - 1);
        }
    }

    // Within [lo, hi] (one failing allocation), the sizes whose lines read as the log's. A short
    // range is compared size by size. In a long one a step's number may grow with the size (the
    // planner's "max is N"): the sizes where it equals the log's are found by bisecting on it, and
    // both ends are compared.
    void collectRange(std::uint64_t lo, std::uint64_t hi)
    {
        auto add = [&](std::uint64_t a, std::uint64_t b) {
            if (!m_result.sizes.empty() && m_result.sizes.back().hi + 1 >= a)
                m_result.sizes.back().hi = std::max(m_result.sizes.back().hi, b);
            else
                m_result.sizes.push_back({ a, b, false });
        };
        if (hi - lo <= 256) {
            for (std::uint64_t x = lo; x <= hi && !m_budget.expired(); ++x)
                if (compareAt(x).reproduced) {
                    add(x, x);
                    m_result.exact = m_result.exact || m_compared.at(x).exact;
                }
            return;
        }
        // The first size whose number reaches the log's, then the last that has not passed it.
        const std::uint64_t first = smallest(lo, hi, [&](std::uint64_t x) { return order(x) >= 0; });
        if (first > hi || !compareAt(first).reproduced)
            return;
        const std::uint64_t past = smallest(first, hi, [&](std::uint64_t x) { return order(x) > 0; });
        const std::uint64_t last = past - 1;
        if (!compareAt(last).reproduced)
            return;
        add(first, last);
        m_result.exact = m_result.exact || m_compared.at(first).exact;
    }

    // How the emulation's number at `size` compares with the log's, for the first fact of the
    // log that states a number (-1 smaller, 0 equal, 1 larger); 0 when there is nothing to compare.
    int order(std::uint64_t size)
    {
        const FactComparison& c = compareAt(size);
        const std::vector<LogFact> emulated = factsOfLines(c.emulatedLines);
        auto number = [](const LogFact& f) -> std::optional<std::int64_t> {
            for (const auto& v : { f.available, f.count, f.bytes, f.requested })
                if (v)
                    return static_cast<std::int64_t>(*v);
            return std::nullopt;
        };
        for (const LogFact& want : m_attempt.facts) {
            const auto n = number(want);
            if (!n)
                continue;
            for (const LogFact& e : emulated)
                if (e.wording == want.wording && number(e))
                    return *number(e) < *n ? -1 : (*number(e) > *n ? 1 : 0);
            return 0;
        }
        return 0;
    }

    // The large run's events the log's failure points at: an operator's Prepare, the plan, the
    // interpreter's tensors, the model allocation's start.
    std::pair<std::size_t, std::size_t> locatedEvents() const
    {
        auto within = [&](auto pred) {
            std::size_t first = kNone, last = kNone;
            for (std::size_t i = 0; i < m_big.events.size(); ++i)
                if (pred(m_big.events[i])) {
                    first = first == kNone ? i : first;
                    last = i;
                }
            return std::pair { first, last };
        };
        for (const LogFact& f : m_attempt.facts) {
            if (f.kind == FactKind::PrepareFailed && f.index)
                return within(
                    [&](const AllocationEvent& e) { return e.phase == Phase::KernelPrepare && e.op == *f.index; });
            if (f.wording == "init_io_tensor" || f.wording == "populate_persistent")
                return within([](const AllocationEvent& e) { return e.phase == Phase::InterpreterTensors; });
            if (f.wording == "too_many_buffers") {
                // The planner fails right after taking its working memory: one position.
                const auto at = within([](const AllocationEvent& e) { return e.category == Category::PlannerScratch; });
                if (at.first == kNone || m_big.planned.size() <= f.count.value_or(0))
                    return { kNone, kNone }; // this build plans no more buffers than the log's maximum
                return { at.first + 1, at.first + 1 };
            }
            if (f.wording == "memory_planning")
                return within([](const AllocationEvent& e) { return e.phase == Phase::CommitPlan; });
            if (f.wording == "start_allocation" || f.wording == "metadata" || f.wording == "node_and_registrations")
                return within([](const AllocationEvent& e) { return e.phase == Phase::StartAllocation; });
        }
        return { kNone, kNone };
    }

    void solveSuccess()
    {
        const std::uint64_t big = m_big.settings.arenaBytes();
        if (!compareAt(big).reproduced)
            return;
        const std::uint64_t fits = smallest(m_loss + 1, big, [&](std::uint64_t s) { return at(s).ok; });
        // The tail's padding depends on the size modulo 16: the first size from the smallest
        // arena up whose figures read as the log's.
        for (std::uint64_t s = fits; s < fits + 16 && s <= big && !m_budget.expired(); ++s)
            if (compareAt(s).reproduced) {
                m_result.sizes.push_back({ s, 0, true });
                m_result.exact = m_compared.at(s).exact;
                return;
            }
        m_result.sizes.push_back({ big, 0, true });
        m_result.exact = m_compared.at(big).exact;
    }

    const Model& m_model;
    EmulationSettings m_settings;
    const EmulationResult& m_big;
    const AttemptFacts& m_attempt;
    SolveBudget& m_budget;
    const std::uint64_t m_loss;
    const std::uint64_t m_bigInternal;
    std::vector<std::uint64_t> m_need, m_needPrefix;
    std::map<std::uint64_t, EmulationResultPtr> m_cache;
    std::map<std::uint64_t, FactComparison> m_compared;
    AttemptSolution m_result;
};

} // namespace

AttemptSolution solveAttempt(const Model& model, const EmulationSettings& settings, const EmulationResult& bigRun,
    const AttemptFacts& attempt, SolveBudget& budget)
{
    return Solver(model, settings, bigRun, attempt, budget).run();
}

} // namespace arenascope
