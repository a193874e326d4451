// Replaying the allocation log: the arena after each event agrees with the allocator's own
// state recorded at that event, temps come and go with each operator's Prepare, and the
// last snapshot is the arena TFLM reports.
#include "test_support.h"

#include "core/analysis/replay.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace arenascope {
namespace {

ModelPtr example()
{
    auto m = loadModelBytes(buildExampleModel(), "example.tflite");
    return m ? m.value() : nullptr;
}

void checkEveryEvent(const Model& model, const EmulationResult& r)
{
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(r.events.size()); ++i) {
        SCOPED_TRACE("event " + std::to_string(i));
        const ArenaSnapshot s = replayArena(r, i);
        const AllocationEvent& e = r.events[static_cast<std::size_t>(i)];
        if (e.failed) {
            ASSERT_TRUE(s.failed.has_value());
            EXPECT_EQ(s.failed->requested, e.requested);
            continue;
        }
        EXPECT_EQ(s.event, i);
        if (!s.tail.empty()) {
            const auto lowest = std::min_element(
                s.tail.begin(), s.tail.end(), [](const auto& a, const auto& b) { return a.begin < b.begin; });
            EXPECT_EQ(lowest->begin, s.tailBegin);
        }
        for (const ReplayBlock& t : s.temps) {
            EXPECT_GE(t.begin, s.headEnd);
            EXPECT_LE(t.end, s.tempEnd);
        }
        if (e.kind == EventKind::TempReset) {
            EXPECT_TRUE(s.temps.empty());
            EXPECT_EQ(s.tempEnd, s.headEnd);
        }
        EXPECT_FALSE(describeEvent(model, r, i).empty());
    }
}

TEST(Replay, EveryEventAgreesWithTheAllocator)
{
    const ModelPtr m = example();
    ASSERT_TRUE(m);
    const auto r = emulate(*m, EmulationSettings {});
    ASSERT_TRUE(r->ok);
    checkEveryEvent(*m, *r);
    const ArenaSnapshot last = replayArena(*r, static_cast<std::int32_t>(r->events.size()) - 1);
    EXPECT_TRUE(last.planCommitted);
    EXPECT_EQ(r->settings.arenaBytes() - last.tailBegin, r->tailBytes);
    EXPECT_EQ(last.headEnd, r->headBytes);
    // Temps appear during Prepare and are released at each operator's end.
    const bool anyReset = std::any_of(
        r->events.begin(), r->events.end(), [](const AllocationEvent& e) { return e.kind == EventKind::TempReset; });
    EXPECT_TRUE(anyReset);
}

TEST(Replay, StopsOnTheFailingEventAndShowsWhatDidNotFit)
{
    const ModelPtr m = example();
    EmulationSettings s;
    s.arenaSize = 20000;
    const auto r = emulate(*m, s);
    ASSERT_FALSE(r->ok);
    checkEveryEvent(*m, *r);
    const auto failing = std::find_if(r->events.begin(), r->events.end(), [](const auto& e) { return e.failed; });
    ASSERT_NE(failing, r->events.end());
    const auto index = static_cast<std::int32_t>(failing - r->events.begin());
    const ArenaSnapshot snap = replayArena(*r, index);
    ASSERT_TRUE(snap.failed.has_value());
    EXPECT_EQ(snap.failed->requested, failing->requested);
    EXPECT_NE(describeEvent(*m, *r, index).find("could not allocate"), std::string::npos);
}

TEST(Replay, SharedModelsReplayConsistently)
{
    ARENASCOPE_REQUIRE_SHARED();
    for (const char* name : { "person_detect.tflite", "micro_speech_quantized.tflite" }) {
        SCOPED_TRACE(name);
        auto m = loadModelFile((test::sharedModelsDir() / name).string());
        ASSERT_TRUE(m);
        const auto r = emulate(*m.value(), EmulationSettings {});
        ASSERT_TRUE(r->ok);
        checkEveryEvent(*m.value(), *r);
    }
}

} // namespace
} // namespace arenascope
