#include "size_solver_internal.h"

#include "log_parser.h"

#include <algorithm>

namespace arenascope::detail {

void Solver::solveFailure()
{
    const std::uint64_t big = m_big.settings.arenaBytes();
    if (compareAt(big).reproduced) {
        // The same failure at every size that reaches it.
        const std::uint64_t lo = smallest(m_loss + 1, big, [&](std::uint64_t s) { return compareAt(s).reproduced; });
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
    const std::uint64_t hiBound = std::min<std::uint64_t>(m_big.settings.arenaBytes(), 2 * m_needPrefix.back() + 65536);
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
void Solver::collectRange(std::uint64_t lo, std::uint64_t hi)
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
// log that states a number (-1 smaller or not printed yet, 0 equal, 1 larger); 0 when there is
// nothing to compare.
int Solver::order(std::uint64_t size)
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
        // The step fails otherwise at this size: below the sizes that print the log's line (the
        // greedy planner's count wraps, so it writes past the arena, until the memory left
        // between head and tail holds its first buffer; "max is N" grows from there).
        return -1;
    }
    return 0;
}

// The large run's events the log's failure points at: an operator's Prepare, the plan, the
// interpreter's tensors, the model allocation's start.
std::pair<std::size_t, std::size_t> Solver::locatedEvents() const
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

void Solver::solveSuccess()
{
    const std::uint64_t big = m_big.settings.arenaBytes();
    if (!compareAt(big).reproduced)
        return;
    const std::uint64_t fits = smallest(m_loss + 1, big, [&](std::uint64_t s) { return at(s).ok; });
    // The tail's padding depends on the size modulo 16: the residues whose figures read as the
    // log's, from the smallest arena up.
    SizeRange range { 0, 0, true, 0 };
    for (std::uint64_t s = fits; s < fits + 16 && s <= big && !m_budget.expired(); ++s)
        if (compareAt(s).reproduced) {
            if (range.residues == 0)
                range.lo = s;
            range.residues = static_cast<std::uint16_t>(range.residues | (1U << (s % 16)));
            m_result.exact = m_result.exact || m_compared.at(s).exact;
        }
    if (range.residues != 0)
        m_result.sizes.push_back(range);
}

} // namespace arenascope::detail
