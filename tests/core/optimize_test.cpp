// Finding a smaller plan and writing it back as TFLM's offline memory plan.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/model/offline_plan_writer.h"
#include "core/model/synthetic_model.h"
#include "core/planner/greedy_planner.h"
#include "core/planner/plan_optimizer.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>

#include <random>

namespace arenascope {
namespace {

void expectNoOverlap(const std::vector<BufferRequest>& requests, const std::vector<std::int32_t>& offsets)
{
    for (std::size_t i = 0; i < requests.size(); ++i)
        for (std::size_t j = i + 1; j < requests.size(); ++j) {
            const bool timeOverlap = !(requests[i].first > requests[j].last || requests[j].first > requests[i].last);
            const bool spaceOverlap
                = offsets[i] < offsets[j] + requests[j].size && offsets[j] < offsets[i] + requests[i].size;
            EXPECT_FALSE(timeOverlap && spaceOverlap) << "buffers " << i << " and " << j;
        }
}

TEST(PlanOptimizer, NeverWorseThanGreedyAndNeverOverlapping)
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 200; ++trial) {
        const int n = 2 + static_cast<int>(rng() % 40);
        std::vector<BufferRequest> requests;
        std::vector<bool> placeable;
        for (int i = 0; i < n; ++i) {
            const auto first = static_cast<std::int32_t>(rng() % 30);
            requests.push_back({ static_cast<std::int32_t>(16 * (1 + rng() % 64)), first,
                first + static_cast<std::int32_t>(rng() % 6), kOnlinePlanned });
            placeable.push_back(rng() % 5 != 0); // some stay online, like scratch buffers
        }
        const OptimizedPlan plan = optimizePlan(requests, placeable);
        EXPECT_LE(plan.maxBytes, planGreedy(requests).maxBytes);
        EXPECT_EQ(plan.baselineBytes, planGreedy(requests).maxBytes);
        expectNoOverlap(requests, plan.offsets);
    }
}

// Plans with no byte to spare, as a model's buffers: the orderings leave gaps in most, the
// exact search behind "Find a smaller plan" closes them, and TFLM's greedy planner given those
// offsets as an offline plan (how the candidate is scored) needs exactly the lower bound.
TEST(PlanOptimizer, ExactSearchFindsWhatTheOrderingsMiss)
{
    int orderingsMissed = 0;
    for (unsigned seed = 1; seed <= 6; ++seed) {
        const BufferSet set = test::perfectPacking(seed, 120, 1024);
        std::vector<BufferRequest> requests;
        for (const SolverBuffer& b : set.buffers)
            requests.push_back({ static_cast<std::int32_t>(b.size), static_cast<std::int32_t>(b.lower),
                static_cast<std::int32_t>(b.upper - 1), kOnlinePlanned });
        const std::vector<bool> placeable(requests.size(), true);
        const OptimizedPlan orderings = optimizePlan(requests, placeable);
        orderingsMissed += orderings.maxBytes > 1024 ? 1 : 0;
        const OptimizedPlan plan = optimizeOffsets(requests, placeable, std::chrono::seconds(60));
        EXPECT_EQ(plan.maxBytes, 1024) << "seed " << seed << ": " << plan.strategy;
        EXPECT_EQ(planWithOfflineCandidate(requests, placeable, plan.offsets).maxBytes, plan.maxBytes);
        expectNoOverlap(requests, plan.offsets);
        if (orderings.maxBytes > 1024) {
            EXPECT_EQ(plan.strategy, "exact search (proven smallest)") << seed;
        }
    }
    EXPECT_GE(orderingsMissed, 2) << "too easy to test the exact search";
}

TEST(Optimize, ChainModelReachesItsLowerBoundAndTheWrittenModelProvesIt)
{
    auto model = loadModelBytes(buildChainModel(20, 1), "chain20").value();
    EmulationSettings s;
    auto r = optimizeModel(*model, s);
    ASSERT_TRUE(r) << describe(r.error());
    const OptimizationResult& o = r.value();
    ASSERT_TRUE(o.improved()) << "greedy " << o.headBefore;
    EXPECT_FALSE(o.modelBytes.empty());
    // The written model: loads, carries the plan, and TFLM's flow gives the smaller head.
    auto written = loadModelBytes(o.modelBytes, "chain20 optimized");
    ASSERT_TRUE(written) << describe(written.error());
    ASSERT_TRUE(written.value()->offlinePlan());
    EXPECT_EQ(written.value()->offlinePlan()->offsets, o.offsets);
    const auto a = analyze(written.value(), s);
    ASSERT_TRUE(a->measured->ok);
    EXPECT_EQ(a->measured->planBytes, o.headAfter);
    EXPECT_EQ(static_cast<std::uint64_t>(o.headAfter), a->lowerBoundBytes); // optimal for this model
    ASSERT_TRUE(o.minArenaBefore && o.minArenaAfter);
    EXPECT_LT(*o.minArenaAfter, *o.minArenaBefore);
    EXPECT_EQ(a->minArenaBytes, o.minArenaAfter);
    // Offline-placed buffers are reported as such.
    int offline = 0;
    for (const auto& b : a->measured->planned)
        offline += b.kind == BufferKind::OfflinePlaced ? 1 : 0;
    EXPECT_GT(offline, 0);
    // Everything else in the model is unchanged.
    EXPECT_EQ(written.value()->tensorCount(), model->tensorCount());
    EXPECT_EQ(written.value()->constantBytes(), model->constantBytes());
}

TEST(Optimize, NothingWrittenWhenGreedyIsAlreadyBest)
{
    auto model = loadModelBytes(buildExampleModel(), "example").value();
    auto r = optimizeModel(*model, EmulationSettings {});
    ASSERT_TRUE(r);
    EXPECT_FALSE(r.value().improved());
    EXPECT_TRUE(r.value().modelBytes.empty());
}

TEST(Optimize, RefusesWhatTflmWouldIgnore)
{
    auto model = loadModelBytes(buildExampleModel(), "example").value();
    EmulationSettings linear;
    linear.planner = PlannerKind::Linear;
    EXPECT_FALSE(optimizeModel(*model, linear));
    EXPECT_FALSE(withOfflinePlan(*model, std::vector<std::int32_t>(model->tensorCount() + 1, -1)));
}

// TFLM reads one offset per tensor of every subgraph, subgraph by subgraph
// (AllocationInfoBuilder::InitializeAllocationInfo): a plan can place another subgraph's tensors.
TEST(Optimize, OfflinePlansCoverEverySubgraphInOrder)
{
    std::vector<std::uint8_t> bytes;
    for (const Lesson& l : lessons())
        if (l.id == "control_flow")
            bytes = l.build();
    auto model = loadModelBytes(bytes, "control_flow").value();
    ASSERT_EQ(model->subgraphs().size(), 3u);
    const std::size_t first = model->subgraphs()[0].tensors.size() + model->subgraphs()[1].tensors.size();
    std::vector<std::int32_t> offsets(model->tensorCount(), -1);
    offsets[first] = 4096; // subgraph 2's x
    offsets[first + 1] = 8192; // subgraph 2's y
    auto written = withOfflinePlan(*model, offsets);
    ASSERT_TRUE(written) << describe(written.error());
    auto reloaded = loadModelBytes(written.value(), "with plan").value();
    EXPECT_EQ(reloaded->offlinePlan()->subgraphs, 3u);
    const auto r = emulate(*reloaded, EmulationSettings {});
    ASSERT_TRUE(r->ok);
    int placed = 0;
    for (const PlannedBuffer& b : r->planned)
        if (b.subgraph == 2) {
            EXPECT_EQ(b.kind, BufferKind::OfflinePlaced);
            EXPECT_EQ(b.offset, b.tensor == 0 ? 4096 : 8192);
            ++placed;
        }
    EXPECT_EQ(placed, 2);
    // And the optimizer takes multi-subgraph models (here TFLM's plan is already the best).
    auto opt = optimizeModel(*model, EmulationSettings {});
    ASSERT_TRUE(opt) << describe(opt.error());
    EXPECT_FALSE(opt.value().improved());
}

TEST(Optimize, ReplacesAnExistingPlan)
{
    auto model = loadModelBytes(buildExampleModel(), "example").value();
    const std::vector<std::int32_t> first(model->tensorCount(), -1);
    auto once = loadModelBytes(withOfflinePlan(*model, first).value(), "once").value();
    std::vector<std::int32_t> second(model->tensorCount(), -1);
    second[0] = 0;
    auto twice = loadModelBytes(withOfflinePlan(*once, second).value(), "twice").value();
    int plans = 0;
    for (const auto& md : twice->metadata())
        plans += md.name == "OfflineMemoryAllocation" ? 1 : 0;
    EXPECT_EQ(plans, 1);
    EXPECT_EQ(twice->offlinePlan()->offsets, second);
}

} // namespace
} // namespace arenascope
