#pragma once
// Internal to core/devicelog: the search solveAttempt runs for one configuration and one attempt
// (size_solver.h says what it finds). size_solver.cpp: the caches and the search from an
// allocator failure's numbers; size_solver_steps.cpp: the search without them (a step or
// operator the log names, a failure no size changes, a successful run).

#include "size_solver.h"

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace arenascope::detail {

inline constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
inline constexpr std::int64_t kSlack = 32; // how far the estimate from the large run may be off (alignment)

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

    AttemptSolution run();

private:
    // Emulation at a device size, cached.
    const EmulationResult& at(std::uint64_t size);

    const FactComparison& compareAt(std::uint64_t size);

    // Keeps the closest miss.
    void consider(std::uint64_t size, const FactComparison& c);

    // The failed event's index at `size`, kNone when the emulation allocates.
    std::size_t failedIndex(std::uint64_t size);

    // Device bytes each event of the large run needs to succeed, and the running maximum.
    void computeNeeds();

    std::uint64_t needBefore(std::size_t i) const { return i == 0 ? 0 : m_needPrefix[i - 1]; }

    static bool eventMatches(const AllocationEvent& e, const LogFact& p);

    // The device size at which event i, failing, would report `available`, from the state before it.
    std::uint64_t estimate(std::size_t i, const LogFact& p) const;

    void solvePrimary(const LogFact& p);

    // Emulates from the estimate until event i fails with the log's numbers; the size, if any.
    std::optional<std::uint64_t> converge(std::size_t i, const LogFact& p);

    // The sizes around `size` whose first allocator failure reads as the log's, compared in full.
    void collectWindow(std::uint64_t size, const LogFact& p, std::set<std::uint64_t>& matching);

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

    void solveFailure();
    // Within [lo, hi] (one failing allocation), the sizes whose lines read as the log's.
    void collectRange(std::uint64_t lo, std::uint64_t hi);
    // How the emulation's number at `size` compares with the log's (-1, 0, 1).
    int order(std::uint64_t size);
    // The large run's events the log's failure points at.
    std::pair<std::size_t, std::size_t> locatedEvents() const;
    void solveSuccess();

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

} // namespace arenascope::detail
