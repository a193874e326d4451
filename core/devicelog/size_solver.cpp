#include "size_solver.h"

#include "size_solver_internal.h"

#include "core/emulation/emulator.h"
#include "core/util/format.h"

#include <algorithm>
#include <cstdlib>

namespace arenascope {

namespace detail {

AttemptSolution Solver::run()
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

const EmulationResult& Solver::at(std::uint64_t size)
{
    auto it = m_cache.find(size);
    if (it == m_cache.end()) {
        if (m_budget.emulations)
            ++*m_budget.emulations;
        it = m_cache.emplace(size, emulate(m_model, m_settings.withArena(size))).first;
    }
    return *it->second;
}

const FactComparison& Solver::compareAt(std::uint64_t size)
{
    auto it = m_compared.find(size);
    if (it == m_compared.end())
        it = m_compared.emplace(size, compareAttempt(m_attempt, at(size))).first;
    consider(size, it->second);
    return it->second;
}

void Solver::consider(std::uint64_t size, const FactComparison& c)
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

std::size_t Solver::failedIndex(std::uint64_t size)
{
    const EmulationResult& r = at(size);
    if (r.ok)
        return kNone;
    for (std::size_t i = r.events.size(); i-- > 0;)
        if (r.events[i].failed)
            return i;
    return r.events.size();
}

void Solver::computeNeeds()
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

bool Solver::eventMatches(const AllocationEvent& e, const LogFact& p)
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

std::uint64_t Solver::estimate(std::size_t i, const LogFact& p) const
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

void Solver::solvePrimary(const LogFact& p)
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
            ? "this build asks for " + formatBytes(*p.requested) + " there, but never with " + formatBytes(*p.available)
                + " free"
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

std::optional<std::uint64_t> Solver::converge(std::size_t i, const LogFact& p)
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

void Solver::collectWindow(std::uint64_t size, const LogFact& p, std::set<std::uint64_t>& matching)
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

} // namespace detail

AttemptSolution solveAttempt(const Model& model, const EmulationSettings& settings, const EmulationResult& bigRun,
    const AttemptFacts& attempt, SolveBudget& budget)
{
    return detail::Solver(model, settings, bigRun, attempt, budget).run();
}

} // namespace arenascope
