// The lesson models: the shipped files are what the builder writes today, and each model
// teaches what its guide says.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"
#include "core/analysis/shared_arena_analysis.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace arenascope {
namespace {

const Lesson& lesson(std::string_view id)
{
    for (const Lesson& l : lessons())
        if (l.id == id)
            return l;
    throw std::runtime_error("no lesson " + std::string(id));
}

ModelPtr load(std::string_view id)
{
    auto m = loadModelBytes(lesson(id).build(), std::string(id) + ".tflite");
    return m ? m.value() : nullptr;
}

TEST(Lessons, ShippedFilesAreTheBuildersOutput)
{
    ASSERT_GE(lessons().size(), 8u);
    for (const Lesson& l : lessons()) {
        SCOPED_TRACE(std::string(l.id));
        const auto path
            = std::filesystem::path(ARENASCOPE_SOURCE_DIR) / "models" / "lessons" / (std::string(l.id) + ".tflite");
        EXPECT_EQ(test::readFile(path), l.build()) << "regenerate with: arenascope make-lessons models/lessons";
        EXPECT_EQ(l.build(), l.build()); // deterministic
        EXPECT_FALSE(l.guide.empty());
        EXPECT_FALSE(l.title.empty());
    }
}

TEST(Lessons, FlashVsRamNeedsFarMoreRamThanFlash)
{
    const ModelPtr m = load("flash_vs_ram");
    ASSERT_TRUE(m);
    const auto a = analyze(m, EmulationSettings {});
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_LT(m->fileSize(), 4096u);
    EXPECT_GT(*a->minArenaBytes, 20 * m->fileSize());
    // At 40 KiB the plan does not fit: the memory plan is committed too large.
    const auto small = analyze(m, EmulationSettings {}.withArena(40 * 1024));
    ASSERT_TRUE(small->atSize->failure);
    EXPECT_EQ(small->atSize->failure->phase, Phase::CommitPlan);
}

TEST(Lessons, GreedyGapIsClosedByTheOfflinePlan)
{
    const ModelPtr m = load("greedy_gap");
    const auto a = analyze(m, EmulationSettings {});
    EXPECT_GT(a->measured->headBytes, a->lowerBoundBytes);
    auto opt = optimizeModel(*m, EmulationSettings {});
    ASSERT_TRUE(opt) << describe(opt.error());
    EXPECT_TRUE(opt.value().improved());
    EXPECT_EQ(opt.value().headAfter, a->lowerBoundBytes);
}

TEST(Lessons, ScratchStatefulOfflineAndControlFlow)
{
    const auto scratch = analyze(load("scratch_buffer"), EmulationSettings {});
    EXPECT_TRUE(std::any_of(scratch->measured->planned.begin(), scratch->measured->planned.end(),
        [](const PlannedBuffer& b) { return b.kind == BufferKind::Scratch; }));
    const auto stateful = analyze(load("stateful_svdf"), EmulationSettings {});
    EXPECT_TRUE(std::any_of(stateful->measured->events.begin(), stateful->measured->events.end(),
        [](const AllocationEvent& e) { return e.category == Category::Variables; }));
    const auto offline = analyze(load("offline_plan"), EmulationSettings {});
    EXPECT_TRUE(std::any_of(offline->measured->planned.begin(), offline->measured->planned.end(),
        [](const PlannedBuffer& b) { return b.kind == BufferKind::OfflinePlaced; }));
    const ModelPtr flow = load("control_flow");
    EXPECT_EQ(flow->subgraphs().size(), 3u);
    EXPECT_TRUE(analyze(flow, EmulationSettings {})->measured->ok);
}

TEST(Lessons, FailuresNoArenaSizeFixes)
{
    const auto unregistered = analyze(load("unregistered_op"), EmulationSettings {});
    ASSERT_TRUE(unregistered->failure());
    EXPECT_FALSE(unregistered->failure()->capacity);
    // TFLM's first line (then "Failed to get registration from op code REDUCE_PROD"), measured.
    EXPECT_EQ(unregistered->failure()->message, "Didn't find op for builtin opcode 'REDUCE_PROD'");
    const auto hybrid = analyze(load("unsupported_type"), EmulationSettings {});
    ASSERT_TRUE(hybrid->failure());
    EXPECT_FALSE(hybrid->failure()->capacity);
    EXPECT_FALSE(hybrid->minArenaBytes.has_value());
}

// The guide's figures: the arena sized with esp-nn 1.1.2 fails with 1.2.3, by the bytes it says.
TEST(Lessons, EspNnUpgradeBreaksTheArenaSizedForTheOldVersion)
{
    const ModelPtr m = load("esp_nn_upgrade");
    ASSERT_TRUE(m);
    EmulationSettings s;
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = EspChip::Esp32S3;
    s.espNn = EspNnVersion::V1_1_2;
    const auto old = analyze(m, s);
    ASSERT_TRUE(old->minArenaBytes);
    EXPECT_EQ(*old->minArenaBytes, 22736u);
    s.espNn = EspNnVersion::V1_2_3;
    const auto upgraded = analyze(m, s.withArena(22736));
    ASSERT_TRUE(upgraded->atSize->failure);
    EXPECT_EQ(upgraded->atSize->failure->message,
        "Failed to resize buffer. Requested: 33312, available 21264, missing: 12048");
    EXPECT_EQ(upgraded->minArenaBytes.value_or(0), 34928u);
}

TEST(Lessons, SharedArenaOrderChangesTheSmallestArena)
{
    // The guide's figures: the planner model first needs 57,356 B, the state model first 81,256 B.
    const Lesson& planner = lesson("shared_arena_planner");
    ASSERT_EQ(planner.sharesArenaWith, "shared_arena_state");
    ASSERT_EQ(lesson("shared_arena_state").sharesArenaWith, "shared_arena_planner");
    const std::vector<Tenant> plannerFirst
        = { { load("shared_arena_planner"), "planner" }, { load("shared_arena_state"), "state" } };
    const auto a = analyzeSharedArena(plannerFirst, EmulationSettings {});
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_EQ(*a->minArenaBytes, 57356u);
    EXPECT_FALSE(a->bestOrder); // already the best order
    const auto b = analyzeSharedArena({ plannerFirst[1], plannerFirst[0] }, EmulationSettings {});
    ASSERT_TRUE(b->minArenaBytes);
    EXPECT_EQ(*b->minArenaBytes, 81256u);
    ASSERT_TRUE(b->bestOrder);
    EXPECT_EQ(b->bestOrder->order, (std::vector<std::size_t> { 1, 0 }));
    EXPECT_EQ(b->bestOrder->minArenaBytes, 57356u);
    // One byte below, the planner's working arrays (a temp allocation) are what no longer fit.
    ASSERT_TRUE(b->belowMinimum);
    const TenantOutcome* broken = b->belowMinimum->firstFailure();
    ASSERT_TRUE(broken);
    EXPECT_EQ(broken - b->belowMinimum->tenants.data(), 1);
}

} // namespace
} // namespace arenascope
