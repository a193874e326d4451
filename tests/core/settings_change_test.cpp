// The one-line note a settings change gets: the arena's difference and its cause.
#include "test_support.h"

#include "core/analysis/settings_change.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"
#include "core/util/format.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

ModelPtr example()
{
    const auto bytes = buildExampleModel();
    auto m = loadModelBytes(bytes, "example.tflite");
    return m ? m.value() : nullptr;
}

TEST(SettingsChange, TargetChangeGivesTheDifferenceAndWhy)
{
    const ModelPtr m = example();
    ASSERT_TRUE(m);
    EmulationSettings cm;
    EmulationSettings x64 = cm;
    x64.target = TargetKind::X86_64;
    const auto a = analyze(m, cm);
    const auto b = analyze(m, x64);
    ASSERT_TRUE(a->minArenaBytes && b->minArenaBytes);
    const std::string note = describeSettingsChange(*a, *b);
    const auto delta = *b->minArenaBytes - *a->minArenaBytes;
    EXPECT_EQ(note.rfind("+" + formatBytes(delta) + " smallest arena vs cortex-m: 64-bit pointers", 0), 0u) << note;
}

TEST(SettingsChange, PreserveAllTensorsWithTheLinearPlannerChangesNothing)
{
    const ModelPtr m = example();
    EmulationSettings linear;
    linear.planner = PlannerKind::Linear;
    EmulationSettings preserve = linear;
    preserve.preserveAllTensors = true;
    const std::string note = describeSettingsChange(*analyze(m, linear), *analyze(m, preserve));
    EXPECT_EQ(note,
        "No change to the smallest arena: preserve_all_tensors changes nothing here: the planner is already linear");
}

TEST(SettingsChange, OnlyTheSizeChangedSaysNothing)
{
    const ModelPtr m = example();
    EmulationSettings a;
    EmulationSettings b;
    b.arenaSize = 30000;
    EXPECT_EQ(describeSettingsChange(*analyze(m, a), *analyze(m, b)), "");
}

TEST(SettingsChange, MinimumPerTargetOrdersTheAbis)
{
    const ModelPtr m = example();
    const auto costs = minimumPerTarget(*m, EmulationSettings {});
    ASSERT_EQ(costs.size(), 3u);
    ASSERT_TRUE(costs[0].minArenaBytes && costs[1].minArenaBytes && costs[2].minArenaBytes);
    EXPECT_LE(*costs[0].minArenaBytes, *costs[1].minArenaBytes); // short enums <= int enums
    EXPECT_LT(*costs[1].minArenaBytes, *costs[2].minArenaBytes); // 32-bit < 64-bit
}

} // namespace
} // namespace arenascope
