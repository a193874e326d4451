// The planners' step-by-step trace ends on exactly the planners' offsets, and says why.
#include "test_support.h"

#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/planner/greedy_planner.h"
#include "core/planner/linear_planner.h"
#include "core/planner/planner_trace.h"

#include <gtest/gtest.h>

#include <random>

namespace arenascope {
namespace {

std::vector<BufferRequest> randomRequests(std::mt19937& rng, int n, bool offline)
{
    std::vector<BufferRequest> v;
    for (int i = 0; i < n; ++i) {
        BufferRequest r;
        r.size = 16 * static_cast<std::int32_t>(1 + rng() % 16);
        r.first = static_cast<std::int32_t>(rng() % 20);
        r.last = r.first + static_cast<std::int32_t>(rng() % 6);
        if (offline && rng() % 4 == 0)
            r.offlineOffset = 16 * static_cast<std::int32_t>(rng() % 8);
        v.push_back(r);
    }
    return v;
}

TEST(PlannerTrace, EndsOnThePlannersOffsets)
{
    std::mt19937 rng(42);
    for (int trial = 0; trial < 300; ++trial) {
        const auto requests = randomRequests(rng, 1 + trial % 40, trial % 3 == 0);
        const PlannerTrace g = traceGreedy(requests);
        const Plan greedy = planGreedy(requests);
        ASSERT_EQ(g.plan.offsets, greedy.offsets) << "trial " << trial;
        EXPECT_EQ(g.plan.maxBytes, greedy.maxBytes);
        EXPECT_EQ(g.steps.size(), requests.size());
        EXPECT_EQ(g.steps.back().headAfter, greedy.maxBytes);
        const PlannerTrace l = traceLinear(requests);
        EXPECT_EQ(l.plan.offsets, planLinear(requests).offsets);
    }
}

TEST(PlannerTrace, ExplainsTheRejectedGaps)
{
    // A (32 B, steps 0-1) at 0; B (16 B, steps 2-3) fits at 0 too (A is dead);
    // C (48 B, steps 1-2) overlaps both: the gap below is empty, it goes on top.
    const std::vector<BufferRequest> r = { { 32, 0, 1 }, { 16, 2, 3 }, { 48, 1, 2 } };
    const PlannerTrace t = traceGreedy(r);
    ASSERT_EQ(t.steps.size(), 3u);
    EXPECT_EQ(t.steps[0].request, 2); // largest first
    EXPECT_EQ(t.steps[1].request, 0);
    EXPECT_EQ(t.steps[1].offset, 48);
    EXPECT_EQ(t.steps[1].ontop, 2);
    EXPECT_EQ(explainPlacement(r, t.steps[1]), "Buffer 0 (32 B, steps 0-1): placed at 48 B on top of buffer 2.");
    // A small buffer and a gap that is too small before a fitting one.
    const std::vector<BufferRequest> gap = { { 64, 0, 9 }, { 32, 0, 9 }, { 16, 0, 9 } };
    std::vector<BufferRequest> withHole = gap;
    withHole[0].offlineOffset = 48; // a 48-byte hole below it
    const PlannerTrace h = traceGreedy(withHole);
    ASSERT_EQ(h.steps[1].request, 1);
    ASSERT_EQ(h.steps[1].gaps.size(), 1u);
    EXPECT_TRUE(h.steps[1].gaps[0].fits);
    EXPECT_EQ(h.steps[1].offset, 0);
}

TEST(PlannerTrace, SharedModelsPlanTheSame)
{
    ARENASCOPE_REQUIRE_SHARED();
    for (const auto& path : test::sharedModels()) {
        auto m = loadModelFile(path.string());
        ASSERT_TRUE(m);
        const auto r = emulate(*m.value(), EmulationSettings {});
        if (!r->ok)
            continue;
        std::vector<BufferRequest> requests;
        for (const PlannedBuffer& b : r->planned)
            requests.push_back(
                BufferRequest { static_cast<std::int32_t>(b.alignedBytes), b.first, b.last, b.offlineOffset });
        const PlannerTrace t = traceGreedy(requests);
        for (std::size_t i = 0; i < requests.size(); ++i)
            EXPECT_EQ(t.plan.offsets[i], r->planned[i].offset) << path << " buffer " << i;
    }
}

} // namespace
} // namespace arenascope
