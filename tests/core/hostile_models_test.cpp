// Hostile but well-formed models: each is answered with a clear message or a correct result,
// within the bounds core states (core/model/model_limits.h, core/analysis/analysis_limits.h).
#include "hostile_models.h"

#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/model_limits.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace arenascope::test {
namespace {

ModelPtr load(std::vector<std::uint8_t> bytes)
{
    auto r = loadModelBytes(std::move(bytes), "hostile");
    EXPECT_TRUE(r) << (r ? "" : describe(r.error()));
    return r ? r.value() : nullptr;
}

AnalysisPtr analyzed(const ModelPtr& m, TargetKind target = TargetKind::CortexM)
{
    EmulationSettings s;
    s.target = target;
    return analyze(m, s);
}

TEST(HostileModels, ManyUnusedTensors)
{
    for (std::int32_t n : { 20000, 100000 }) {
        const auto m = load(unusedTensors(n));
        ASSERT_TRUE(m);
        const auto a = analyzed(m);
        ASSERT_TRUE(a->minArenaBytes) << n;
    }
}

TEST(HostileModels, LongOperatorChain)
{
    const auto m = load(reluChain(50000));
    ASSERT_TRUE(m);
    const auto a = analyzed(m);
    ASSERT_TRUE(a->minArenaBytes);
}

TEST(HostileModels, DeepCallOnceChain)
{
    const auto m = load(callOnceChain(20000));
    ASSERT_TRUE(m);
    const auto a = analyzed(m);
    ASSERT_TRUE(a->minArenaBytes);
}

// A failure no arena fixes, with `words` in its message, on every target.
void expectCannotAllocate(const ModelPtr& m, const std::string& words)
{
    for (TargetKind t : { TargetKind::CortexM, TargetKind::Ilp32, TargetKind::X86_64 }) {
        const auto a = analyzed(m, t);
        EXPECT_FALSE(a->minArenaBytes) << targetName(t);
        const Failure* f = a->failure();
        ASSERT_TRUE(f) << targetName(t);
        EXPECT_FALSE(f->capacity) << f->message;
        EXPECT_NE(f->message.find(words), std::string::npos) << f->message;
        EXPECT_EQ(makeVerdict(*a).kind, VerdictKind::CannotAllocate);
    }
}

TEST(HostileModels, DimensionOfInt32Max)
{
    const auto m = load(reluOfShape({ INT32_MAX }));
    ASSERT_TRUE(m);
    expectCannotAllocate(m, "takes buffer sizes as int");
}

TEST(HostileModels, ByteSizesPast32Bits)
{
    const auto m = load(reluOfShape({ 1 << 16, 1 << 16 })); // 16 GiB of float
    ASSERT_TRUE(m);
    expectCannotAllocate(m, "takes buffer sizes as int");
}

TEST(HostileModels, ByteSizeOfTwoToThe64MinusOne)
{
    // 3 x 5 x 17 x 257 x 641 x 65537 x 6700417 = 2^64 - 1 elements: loads (it fits in 64 bits)
    // but no planner takes it; alignment up to 16 would wrap.
    std::vector<std::uint8_t> bytes = reluOfShape({ 3, 5, 17, 257, 641, 65537, 6700417 });
    auto r = loadModelBytes(bytes, "hostile");
    if (!r) {
        EXPECT_NE(describe(r.error()).find("overflows 64 bits"), std::string::npos) << describe(r.error());
        return;
    }
    expectCannotAllocate(r.value(), "takes buffer sizes as int");
}

TEST(HostileModels, ByteSizePast64BitsIsALoadError)
{
    auto r = loadModelBytes(reluOfShape({ INT32_MAX, INT32_MAX, INT32_MAX }), "hostile");
    ASSERT_FALSE(r);
    EXPECT_NE(describe(r.error()).find("overflows 64 bits"), std::string::npos) << describe(r.error());
}

TEST(HostileModels, TwoOverlappingGibibyteActivationsOverflowThePlan)
{
    const auto m = load(reluOfShape({ 1 << 28 })); // 1 GiB in, 1 GiB out, alive together
    ASSERT_TRUE(m);
    expectCannotAllocate(m, "computes offsets as int");
}

TEST(HostileModels, HalfGibibyteActivationsAreMeasuredInALargerArena)
{
    const auto m = load(reluOfShape({ 1 << 27 })); // 512 MiB in, 512 MiB out
    ASSERT_TRUE(m);
    const auto a = analyzed(m);
    ASSERT_TRUE(a->measured->ok);
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_GE(*a->minArenaBytes, 1ULL << 30);
    EXPECT_LT(*a->minArenaBytes, (1ULL << 30) + 4096);
    ASSERT_FALSE(a->notes.empty());
    EXPECT_NE(a->notes[0].find("measuring arena"), std::string::npos) << a->notes[0];
}

TEST(HostileModels, CallOnceCycleIsALoadError)
{
    auto r = loadModelBytes(callOnceCycle(), "hostile");
    ASSERT_FALSE(r);
    EXPECT_NE(describe(r.error()).find("cycle"), std::string::npos) << describe(r.error());
}

TEST(HostileModels, SixteenMebibytesOfMetadata)
{
    const auto m = load(bigMetadata(16u << 20));
    ASSERT_TRUE(m);
    EXPECT_TRUE(analyzed(m)->minArenaBytes);
}

TEST(HostileModels, AnalysisBudgetCutsTheSearchShortAndSaysSo)
{
    const auto m = load(reluChain(2000));
    ASSERT_TRUE(m);
    AnalysisLimits limits;
    limits.budget = std::chrono::milliseconds(0);
    const auto a = analyze(m, EmulationSettings {}, limits);
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_FALSE(a->minArenaExact);
    const auto exact = analyzed(m);
    EXPECT_GE(*a->minArenaBytes, *exact->minArenaBytes);
    bool said = false;
    for (const std::string& w : makeVerdict(*a).warnings)
        said |= w.find("budget") != std::string::npos;
    EXPECT_TRUE(said);
}

TEST(HostileModels, CancelStopsTheSearch)
{
    const auto m = load(reluChain(2000));
    ASSERT_TRUE(m);
    std::atomic<bool> cancel { true };
    AnalysisLimits limits;
    limits.cancel = &cancel;
    const auto a = analyze(m, EmulationSettings {}, limits);
    EXPECT_TRUE(a->cancelled);
    EXPECT_FALSE(a->minArenaExact);
    ASSERT_TRUE(a->minArenaBytes); // the measuring arena works: an upper bound
}

// Offline plans: three float [1,16] tensors (64 bytes each); in and mid are alive together,
// mid and out too.
std::vector<std::string> offlineWarnings(const std::vector<std::int32_t>& offsets, int copies = 1)
{
    const auto m = load(offlinePlanned(offsets, copies));
    if (!m)
        return { "not loaded" };
    EmulationSettings s;
    s.arenaSize = 64 * 1024;
    const auto r = emulate(*m, s);
    if (!r->ok)
        return { "failed: " + r->failure->message };
    return r->warnings;
}

bool anyContains(const std::vector<std::string>& lines, const std::string& words)
{
    return std::any_of(
        lines.begin(), lines.end(), [&](const std::string& l) { return l.find(words) != std::string::npos; });
}

TEST(HostileOfflinePlans, AGoodPlanHasNoWarning)
{
    EXPECT_TRUE(offlineWarnings({ 0, 64, 0 }).empty());
}

TEST(HostileOfflinePlans, NegativeOffsetIsReported)
{
    EXPECT_TRUE(anyContains(offlineWarnings({ -64, 0, -64 }), "before the arena's start"));
}

TEST(HostileOfflinePlans, UnalignedOffsetIsReported)
{
    EXPECT_TRUE(anyContains(offlineWarnings({ 0, 72, 0 }), "not a multiple of 16"));
}

TEST(HostileOfflinePlans, OverlappingLiveBuffersAreReported)
{
    EXPECT_TRUE(anyContains(offlineWarnings({ 0, 32, 128 }), "shared bytes while both are alive"));
}

TEST(HostileOfflinePlans, OutOfRangeOffsetGrowsTheHead)
{
    const auto m = load(offlinePlanned({ 0, 1 << 20, 0 }));
    ASSERT_TRUE(m);
    const auto a = analyzed(m);
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_GT(*a->minArenaBytes, 1u << 20);
}

TEST(HostileOfflinePlans, TooFewOrTooManyOffsetsFailAsInTflm)
{
    for (const auto& offsets : { std::vector<std::int32_t> { 0, 64 }, std::vector<std::int32_t> { 0, 64, 0, 0 } }) {
        const auto lines = offlineWarnings(offsets);
        ASSERT_EQ(lines.size(), 1u);
        EXPECT_NE(lines[0].find("Nbr of offline buffer offsets"), std::string::npos) << lines[0];
    }
}

TEST(HostileOfflinePlans, PresentTwiceUsesTheLastAsTflmDoes)
{
    EXPECT_TRUE(offlineWarnings({ 0, 64, 0 }, 2).empty());
}

} // namespace
} // namespace arenascope::test

namespace arenascope::test {
namespace {

TEST(HostileModels, CountsPastTheLimitsAreRefusedByName)
{
    auto r = loadModelBytes(unusedTensors(static_cast<std::int32_t>(kMaxTensors)), "hostile");
    ASSERT_FALSE(r);
    EXPECT_NE(describe(r.error()).find("more than ArenaScope opens (1,000,000)"), std::string::npos)
        << describe(r.error());
}

} // namespace
} // namespace arenascope::test
