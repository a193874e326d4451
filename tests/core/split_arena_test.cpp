// The four-argument MicroAllocator::Create: the tail in one arena, head and temp in another.
// No oracle measured this path, so the tests pin down TFLM's construction (allocator objects
// in the persistent arena, the end of that arena aligned down to 16) and its failures.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"
#include "core/util/format.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

ModelPtr example()
{
    auto m = loadModelBytes(buildExampleModel(), "example");
    return m.value();
}

EmulationSettings split(std::uint64_t persistent, std::uint64_t nonPersistent, TargetKind target = TargetKind::CortexM)
{
    EmulationSettings s;
    s.target = target;
    s.arenaSize = persistent;
    s.nonPersistentBytes = nonPersistent;
    return s;
}

TEST(SplitArena, SameHeadAsOneArenaAndTheAllocatorObjectsInTheTail)
{
    const auto model = example();
    for (TargetKind target : { TargetKind::CortexM, TargetKind::X86_64 }) {
        EmulationSettings single;
        single.target = target;
        single.arenaSize = 1 << 20;
        const auto one = emulate(*model, single);
        const auto two = emulate(*model, split(1 << 20, 1 << 20, target));
        ASSERT_TRUE(one->ok);
        ASSERT_TRUE(two->ok) << two->failure->message;
        EXPECT_EQ(two->headBytes, one->headBytes);
        EXPECT_EQ(two->planBytes, one->planBytes);
        // The first four tail events are TFLM's construction order for this form.
        std::vector<std::string> labels;
        for (const auto& e : two->events)
            if (e.phase == Phase::CreateAllocator)
                labels.push_back(e.label);
        EXPECT_EQ(labels,
            (std::vector<std::string> { "PersistentArenaBufferAllocator", "NonPersistentArenaBufferAllocator",
                "GreedyMemoryPlanner", "MicroAllocator" }));
        // Every planned offset is inside the non-persistent arena, every tail offset inside the other.
        for (const auto& b : two->planned)
            EXPECT_LE(static_cast<std::uint64_t>(b.offset) + b.alignedBytes, two->headBytes);
        for (const auto& e : two->events) {
            if (e.region == Region::Tail) {
                EXPECT_LT(e.offset, std::uint64_t(1) << 20);
            }
        }
    }
}

TEST(SplitArena, PersistentEndIsAlignedDownTo16)
{
    const auto model = example();
    const auto a = emulate(*model, split((1 << 20) + 7, 1 << 20));
    const auto b = emulate(*model, split(1 << 20, 1 << 20));
    ASSERT_TRUE(a->ok && b->ok);
    // The 7 extra bytes are cut off before anything is allocated: same tail usage.
    EXPECT_EQ(a->tailBytes, b->tailBytes);
}

TEST(SplitArena, TooSmallHeadArenaFailsInTheHead)
{
    const auto model = example();
    const auto ok = emulate(*model, split(1 << 20, 1 << 20));
    ASSERT_TRUE(ok->ok);
    const auto r = emulate(*model, split(1 << 20, ok->headBytes - 1));
    ASSERT_FALSE(r->ok);
    EXPECT_EQ(r->failure->message.rfind("Failed to resize buffer.", 0), 0u) << r->failure->message;
    EXPECT_EQ(r->failure->missing, 1u);
}

TEST(SplitArena, TooSmallTailArenaFailsInTheTail)
{
    const auto model = example();
    const auto r = emulate(*model, split(256, 1 << 20));
    ASSERT_FALSE(r->ok);
    EXPECT_EQ(r->failure->message.rfind("Failed to allocate tail memory.", 0), 0u) << r->failure->message;
}

TEST(SplitArena, AlwaysGreedyAndPlain)
{
    EmulationSettings s = split(1 << 20, 1 << 20);
    s.planner = PlannerKind::Linear;
    s.preserveAllTensors = true;
    s.interpreter = InterpreterKind::Recording;
    EXPECT_EQ(s.effectivePlanner(), PlannerKind::Greedy);
    EXPECT_EQ(s.effectiveInterpreter(), InterpreterKind::Plain);
    const auto r = emulate(*example(), s);
    ASSERT_TRUE(r->ok);
    bool greedy = false;
    for (const auto& e : r->events)
        greedy = greedy || e.label == "GreedyMemoryPlanner";
    EXPECT_TRUE(greedy);
}

TEST(SplitArena, CliTakesTheSecondSize)
{
    const std::string cli = ARENASCOPE_CLI;
    const std::string model = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    auto run = [](const std::string& cmd) { return WEXITSTATUS(std::system((cmd + " >/dev/null 2>&1").c_str())); };
    EXPECT_EQ(run(cli + " plan '" + model + "' --arena-size 8K --non-persistent-arena-size 64K"), 0);
    EXPECT_EQ(run(cli + " plan '" + model + "' --arena-size 8K --non-persistent-arena-size 1K"), 1);
    EXPECT_EQ(run(cli + " plan '" + model + "' --non-persistent-arena-size lots"), 2);
}

} // namespace
} // namespace arenascope

namespace arenascope {
namespace {

// Each arena has its own smallest size: both together work, one byte less in either fails,
// and the verdict adds up what both arenas lack or have to spare.
TEST(SplitArena, EachArenaHasItsSmallestSizeAndTheVerdictAddsThemUp)
{
    const auto model = example();
    const auto a = analyze(model, split(1 << 20, 1 << 20));
    ASSERT_TRUE(a->minArenaBytes);
    ASSERT_TRUE(a->minNonPersistentBytes);
    const std::uint64_t p = *a->minArenaBytes, np = *a->minNonPersistentBytes;
    EXPECT_TRUE(emulate(*model, split(p, np))->ok);
    EXPECT_FALSE(emulate(*model, split(p - 1, np))->ok);
    EXPECT_FALSE(emulate(*model, split(p, np - 1))->ok);
    EXPECT_TRUE(a->atMinimum && a->atMinimum->ok);

    const Verdict fits = makeVerdict(*analyze(model, split(p + 100, np + 20)));
    EXPECT_EQ(fits.kind, VerdictKind::Fits);
    EXPECT_EQ(fits.headroomBytes, 120u);
    EXPECT_EQ(fits.budgetArenaBytes, p + 100 + np + 20);
    EXPECT_NE(fits.headline.find("more than the smallest arenas"), std::string::npos) << fits.headline;

    const Verdict shortOfBoth = makeVerdict(*analyze(model, split(p - 8, np - 64)));
    EXPECT_EQ(shortOfBoth.kind, VerdictKind::DoesNotFit);
    EXPECT_EQ(shortOfBoth.shortfallBytes, 72u);
    EXPECT_EQ(shortOfBoth.budgetArenaBytes, p + np);
    EXPECT_EQ(shortOfBoth.headline,
        "Does not fit: 72 B short of the smallest arenas (persistent " + formatBytes(p) + ", non-persistent "
            + formatBytes(np) + ")");

    // Dragging either size is a size change: the minimums carry over.
    EmulationSettings sizes = split(p, np + 4);
    const auto dragged = reanalyzeAtSize(*a, sizes);
    EXPECT_EQ(dragged->minNonPersistentBytes, a->minNonPersistentBytes);
    EXPECT_TRUE(dragged->fits().value_or(false));
    EXPECT_TRUE(sameExceptSize(a->settings, sizes));
}

} // namespace
} // namespace arenascope
