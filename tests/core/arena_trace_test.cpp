// The minimum search answers sizes by replaying one emulation's allocator calls
// (core/arena/arena_trace.h). Here the replay is held to the emulation it stands for: at sizes
// around the smallest arena (where the first failing call moves from allocation to allocation)
// and far below it, for the lessons, the example, synthetic models and a sample of the shared
// models, on builds that allocate differently (targets, CMSIS-NN, ESP-NN, an older snapshot,
// the linear planner, the recording interpreter, split arenas, an unaligned arena start).

#include "model_corpus.h"
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace arenascope {
namespace {

int g_compared = 0; // models x builds whose replay was compared (the tests check some were)

// Replay and emulation agree on every size tried: ok, and the tail landing on live temp memory.
void expectReplayMatches(const Model& model, const test::NamedSettings& build, std::size_t extraSizes)
{
    EmulationSettings measure = build.settings;
    measure.arenaSize = kMeasureArenaBytes;
    ArenaTrace trace;
    const auto measured = emulate(model, measure, nullptr, &trace);
    ASSERT_EQ(trace.complete, measured->ok);
    if (!measured->ok)
        return; // no trace to replay: the search does not run either
    const auto minimum = findMinimumArena(model, build.settings, kMeasureArenaBytes);
    ASSERT_TRUE(minimum.has_value());
    ++g_compared;
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t d = 0; d <= 40; ++d) {
        sizes.push_back(*minimum + d);
        if (*minimum > d)
            sizes.push_back(*minimum - d);
    }
    for (std::size_t k = 1; k <= extraSizes; ++k)
        sizes.push_back(*minimum * k / (extraSizes + 1));
    for (std::uint64_t size : sizes) {
        EmulationSettings at = build.settings;
        at.arenaSize = size;
        const auto r = emulate(model, at);
        const std::uint64_t loss = at.nonPersistentBytes ? 0 : at.arenaStartLoss();
        const ReplayOutcome replayed
            = size < loss ? ReplayOutcome {} : replayTrace(trace, size - loss, at.nonPersistentBytes.value_or(0));
        ASSERT_EQ(replayed.ok, r->ok) << build.name << " at " << size << " B";
        if (r->ok) {
            ASSERT_EQ(replayed.tempOverwrite, r->tempOverwrite.has_value()) << build.name << " at " << size << " B";
        }
    }
}

TEST(ArenaTrace, ReplayEqualsEmulationOnTheShippedModels)
{
    g_compared = 0;
    test::forEachShippedModelAndBuild({ 300, 200, 50 }, 0, true,
        [](const ModelPtr& model, const test::NamedSettings& b) { expectReplayMatches(*model, b, 8); });
    EXPECT_GT(g_compared, 60);
}

TEST(ArenaTrace, ReplayEqualsEmulationOnSharedModels)
{
    const auto models = test::sharedModels();
    if (models.empty())
        GTEST_SKIP() << "../shared/models is absent: the replay is compared on the shipped models only";
    g_compared = 0;
    // Every shared model on one build, rotating through the builds: all builds meet many models.
    test::forEveryNthModelOnOneBuild(models, 1, test::buildVariety(0, true),
        [](const ModelPtr& model, const test::NamedSettings& b) { expectReplayMatches(*model, b, 4); });
    EXPECT_GT(g_compared, static_cast<int>(models.size()) / 2);
}

TEST(ArenaTrace, AFailedRunLeavesNoReplayableTrace)
{
    auto loaded = loadModelBytes(buildExampleModel(), "example");
    ASSERT_TRUE(loaded);
    EmulationSettings s;
    s.arenaSize = 1000;
    ArenaTrace trace;
    EXPECT_FALSE(emulate(*loaded.value(), s, nullptr, &trace)->ok);
    EXPECT_FALSE(trace.complete);
}

} // namespace
} // namespace arenascope
