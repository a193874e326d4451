// Planners beyond TFLM's (core/solver) and MiniMalloc's CSV.
#include "test_support.h"

#include "cli/cli.h"
#include "core/solver/exact_search.h"
#include "core/solver/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

namespace arenascope::test {
namespace {

// MiniMalloc's README example: fits in 12 exactly.
const char* kExample = "id,lower,upper,size\n"
                       "b1,0,3,4\n"
                       "b2,3,9,4\n"
                       "b3,0,9,4\n"
                       "b4,9,21,4\n"
                       "b5,0,21,4\n";

std::string errorOf(const std::string& csv)
{
    auto r = readBufferCsv(csv, "in.csv");
    return r ? std::string() : describe(r.error());
}

TEST(BufferCsv, ReadsAndWritesMiniMallocsFormat)
{
    auto r = readBufferCsv(kExample, "in.csv");
    ASSERT_TRUE(r) << describe(r.error());
    ASSERT_EQ(r.value().buffers.size(), 5u);
    EXPECT_EQ(r.value().buffers[3].id, "b4");
    EXPECT_EQ(r.value().buffers[3].lower, 9);
    EXPECT_EQ(r.value().buffers[3].upper, 21);
    EXPECT_EQ(lowerBound(r.value()), 12);
    EXPECT_EQ(writeBufferCsv(r.value()), kExample);
    const std::vector<std::int64_t> offsets = { 8, 8, 4, 4, 0 };
    EXPECT_NE(writeBufferCsv(r.value(), offsets).find("b1,0,3,4,8\n"), std::string::npos);
    EXPECT_EQ(firstConflict(r.value(), offsets), "");
    EXPECT_EQ(firstConflict(r.value(), std::vector<std::int64_t> { 0, 8, 4, 4, 0 }), "b1 and b5");
}

TEST(BufferCsv, MalformedInputIsLocated)
{
    EXPECT_NE(errorOf("").find("no header"), std::string::npos);
    EXPECT_NE(errorOf("a,b\n1,2\n").find("id, lower, upper and size"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,0,3\n").find("in.csv:2"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,0,3,4\nx,1,2,4\n").find("duplicate id x"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,3,3,4\n").find("empty or inverted lifetime [3, 3)"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,5,3,4\n").find("inverted"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,0,3,four\n").find("integers"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\nx,0,3,-4\n").find("negative"), std::string::npos);
    EXPECT_NE(errorOf("id,lower,upper,size\n").find("no buffers"), std::string::npos);
}

TEST(Solver, ExactFitsTheExampleInItsCapacity)
{
    const auto set = readBufferCsv(kExample, "in.csv").value();
    SolveOptions o;
    o.capacity = 12;
    const Solution s = solve(set, o);
    EXPECT_EQ(s.peakBytes, 12);
    EXPECT_TRUE(s.optimal);
    EXPECT_TRUE(*s.fits);
    EXPECT_EQ(firstConflict(set, s.offsets), "");
}

// The best peak over every order of placing buffers at the lowest free offset: every
// "pushed down" plan arises this way, so this is the optimum (small sets only).
std::int64_t bruteForceOptimum(const BufferSet& set)
{
    std::vector<std::size_t> order(set.buffers.size());
    std::iota(order.begin(), order.end(), std::size_t { 0 });
    std::int64_t best = INT64_MAX;
    do {
        std::vector<std::int64_t> offsets(order.size(), 0);
        std::vector<std::size_t> placed;
        for (std::size_t id : order) {
            const SolverBuffer& b = set.buffers[id];
            std::vector<std::pair<std::int64_t, std::int64_t>> busy;
            for (std::size_t p : placed) {
                const SolverBuffer& o = set.buffers[p];
                if (b.lower < o.upper && o.lower < b.upper)
                    busy.emplace_back(offsets[p], offsets[p] + o.size);
            }
            std::sort(busy.begin(), busy.end());
            std::int64_t at = 0;
            for (const auto& [begin, end] : busy) {
                if (begin - at >= b.size)
                    break;
                at = std::max(at, end);
            }
            offsets[id] = at;
            placed.push_back(id);
        }
        best = std::min(best, peakOf(set, offsets));
    } while (std::next_permutation(order.begin(), order.end()));
    return best;
}

// Seven buffers, each alive from a random step 0..8 for 1..6 steps, of `unit` times 1..`units`
// bytes.
BufferSet randomSmallSet(std::mt19937& rng, std::int64_t unit, int units)
{
    BufferSet set;
    for (int i = 0; i < 7; ++i) {
        const std::int64_t lower = std::uniform_int_distribution<int>(0, 8)(rng);
        const std::int64_t length = std::uniform_int_distribution<int>(1, 6)(rng);
        set.buffers.push_back(SolverBuffer {
            std::to_string(i), lower, lower + length, unit * std::uniform_int_distribution<int>(1, units)(rng) });
    }
    return set;
}

TEST(Solver, ExactMatchesBruteForceOnRandomSmallSets)
{
    std::mt19937 rng(7);
    for (int round = 0; round < 150; ++round) {
        const BufferSet set = randomSmallSet(rng, 16, 6);
        const std::int64_t optimum = bruteForceOptimum(set);
        const Solution s = solve(set, SolveOptions {});
        EXPECT_EQ(firstConflict(set, s.offsets), "") << round;
        EXPECT_EQ(s.peakBytes, optimum) << "round " << round << "\n" << writeBufferCsv(set);
        EXPECT_TRUE(s.optimal) << round;
        EXPECT_EQ(s.provenBoundBytes, optimum) << round; // above the lower bound: proven by the search
        SolveOptions heuristic;
        heuristic.planner = SolverKind::Heuristic;
        const Solution h = solve(set, heuristic);
        EXPECT_GE(h.peakBytes, optimum);
        EXPECT_EQ(firstConflict(set, h.offsets), "");
    }
}

// Other random orders (a later pass of solve()) search the same space: just below the optimum
// each proves there is no plan, at it each finds one; and the proven bound is a whole number of
// size steps (every size here a multiple of 48, the bound never between two steps).
TEST(Solver, EveryOrderProvesTheSameAndBoundsComeInSizeSteps)
{
    std::mt19937 rng(11);
    for (int round = 0; round < 60; ++round) {
        const BufferSet set = randomSmallSet(rng, 48, 5);
        const std::int64_t optimum = bruteForceOptimum(set);
        for (std::uint32_t seed : { 0u, 1u, 7u }) {
            std::vector<std::int64_t> offsets;
            std::uint64_t nodes = 0;
            const SearchLimits limits { std::chrono::steady_clock::now() + std::chrono::seconds(20) };
            EXPECT_EQ(decideWithRestarts(set, optimum - 1, limits, offsets, nodes, seed), Decision::Infeasible)
                << "round " << round << " seed " << seed;
            ASSERT_EQ(decideWithRestarts(set, optimum, limits, offsets, nodes, seed), Decision::Found)
                << "round " << round << " seed " << seed;
            EXPECT_EQ(firstConflict(set, offsets), "") << round;
            EXPECT_LE(peakOf(set, offsets), optimum) << round;
        }
        const Solution s = solve(set, SolveOptions {});
        EXPECT_EQ(s.provenBoundBytes % 48, 0) << round;
        EXPECT_EQ(s.provenBoundBytes, optimum) << round;
    }
}

TEST(Solver, ExactFindsPlansWithNoByteToSpare)
{
    // The heuristic orders leave gaps on most of these; the exact search must close every one.
    int heuristicFits = 0;
    for (unsigned seed = 1; seed <= 12; ++seed) {
        const BufferSet set = perfectPacking(seed, 120, 1024);
        ASSERT_EQ(set.buffers.size(), 120u);
        ASSERT_EQ(lowerBound(set), 1024);
        SolveOptions o;
        o.capacity = 1024;
        o.timeLimit = std::chrono::seconds(60);
        const Solution s = solve(set, o);
        EXPECT_TRUE(*s.fits) << "seed " << seed << ": " << s.peakBytes << " B\n" << writeBufferCsv(set);
        EXPECT_TRUE(s.optimal) << seed;
        EXPECT_EQ(firstConflict(set, s.offsets), "") << seed;
        SolveOptions heuristic = o;
        heuristic.planner = SolverKind::Heuristic;
        heuristicFits += *solve(set, heuristic).fits ? 1 : 0;
    }
    EXPECT_LE(heuristicFits, 6) << "too easy to test the exact search";
}

// Sanitizer builds run the search about ten times slower: there, three of the sets show that
// the search is free of undefined behaviour; the normal build fits all eleven.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

TEST(Solver, ExactFitsAllElevenChallengingMiniMallocInstances)
{
    const auto shared = sharedDir();
    if (shared.empty())
        GTEST_SKIP() << "../shared is absent: the MiniMalloc instances are there";
    const std::vector<const char*> all { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K" };
    const std::vector<const char*> fast { "A", "H", "K" };
    for (const char* name : kSanitized ? fast : all) {
        std::ifstream in(shared / "planner" / "minimalloc" / (std::string(name) + ".1048576.csv"));
        std::ostringstream text;
        text << in.rdbuf();
        const auto set = readBufferCsv(text.str(), name);
        ASSERT_TRUE(set);
        SolveOptions tflm;
        tflm.planner = SolverKind::TflmGreedy;
        tflm.capacity = 1 << 20;
        EXPECT_FALSE(*solve(set.value(), tflm).fits) << name << ": too easy to test the exact search";
        // The decision at the capacity (what solve() runs first); 120 s is far more than the
        // search needs here (a few seconds each, see the README) even in a sanitizer build.
        std::vector<std::int64_t> offsets;
        std::uint64_t nodes = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        const Decision d = decideWithRestarts(set.value(), 1 << 20, SearchLimits { deadline }, offsets, nodes);
        ASSERT_EQ(d, Decision::Found) << name << " after " << nodes << " nodes";
        EXPECT_EQ(firstConflict(set.value(), offsets), "") << name;
        std::int64_t peak = 0;
        for (std::size_t b = 0; b < offsets.size(); ++b)
            peak = std::max(peak, offsets[b] + set.value().buffers[b].size);
        EXPECT_LE(peak, 1 << 20) << name;
    }
}

TEST(Solver, CancelStopsTheSearchWithTheBestPlanSoFar)
{
    const auto shared = sharedDir();
    if (shared.empty())
        GTEST_SKIP() << "../shared is absent";
    std::ifstream in(shared / "planner" / "minimalloc" / "K.1048576.csv");
    std::ostringstream text;
    text << in.rdbuf();
    const auto set = readBufferCsv(text.str(), "K.csv");
    ASSERT_TRUE(set);
    std::atomic<bool> cancel { true };
    SolveOptions o;
    o.cancel = &cancel;
    const Solution s = solve(set.value(), o);
    EXPECT_TRUE(s.stoppedEarly);
    EXPECT_FALSE(s.optimal);
    EXPECT_EQ(s.provenBoundBytes, s.lowerBoundBytes); // nothing proven beyond it
    EXPECT_GT(s.peakBytes, s.provenBoundBytes); // the gap left open
    EXPECT_EQ(firstConflict(set.value(), s.offsets), "");
}

TEST(SolveCommand, PrintsWritesAndExitsByFit)
{
    const auto dir = std::filesystem::temp_directory_path() / "arenascope-solve-test";
    std::filesystem::create_directories(dir);
    const auto csv = (dir / "in.csv").string();
    std::ofstream(csv) << kExample;
    std::ostringstream out, err;
    const auto plan = (dir / "plan.csv").string();
    EXPECT_EQ(runCli({ "solve", csv, "--capacity", "12", "--out", plan }, out, err), kExitOk) << err.str();
    EXPECT_NE(out.str().find("proven optimal"), std::string::npos) << out.str();
    std::ifstream written(plan);
    std::string header;
    std::getline(written, header);
    EXPECT_EQ(header, "id,lower,upper,size,offset");
    out.str("");
    EXPECT_EQ(runCli({ "solve", csv, "--capacity", "11", "--json" }, out, err), kExitDoesNotFit);
    EXPECT_NE(out.str().find("\"fits\": false"), std::string::npos) << out.str();
    EXPECT_EQ(runCli({ "solve", csv, "--planner", "magic" }, out, err), kExitBadInput);
    std::ofstream(csv) << "id,lower,upper,size\nx,4,2,8\n";
    err.str("");
    EXPECT_EQ(runCli({ "solve", csv }, out, err), kExitBadInput);
    EXPECT_NE(err.str().find("in.csv:2"), std::string::npos) << err.str();
    // A model's buffers, every planner in one table.
    out.str("");
    EXPECT_EQ(
        runCli({ "solve", std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite", "--planner", "all" },
            out, err),
        kExitOk)
        << err.str();
    for (const char* row : { "tflm-greedy", "heuristic", "exact", "lower bound:" })
        EXPECT_NE(out.str().find(row), std::string::npos) << out.str();
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace arenascope::test
