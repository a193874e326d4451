// An emulation at another arena size made by moving a kept run (core/emulation/result_at_size.h)
// is held to emulate() at that size, field by field: every event, planned buffer, tensor
// placement, figure, warning and recording category. Around the smallest arena (every residue
// mod 16, sizes that fail and sizes that fit) and far above it, on the shipped models, synthetic
// ones and a sample of the shared models, on builds that allocate differently. Also through
// reanalyzeAtSize, which chooses between moving a run and emulating.

#include "model_corpus.h"
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/arena/arena_trace.h"
#include "core/emulation/emulator.h"
#include "core/emulation/result_at_size.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

namespace arenascope {
namespace {

void expectSameEvents(const EmulationResult& a, const EmulationResult& b)
{
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const AllocationEvent& x = a.events[i];
        const AllocationEvent& y = b.events[i];
        SCOPED_TRACE("event " + std::to_string(i) + " " + y.label);
        ASSERT_EQ(x.kind, y.kind);
        ASSERT_EQ(x.phase, y.phase);
        ASSERT_EQ(x.subgraph, y.subgraph);
        ASSERT_EQ(x.op, y.op);
        ASSERT_EQ(x.category, y.category);
        ASSERT_EQ(x.region, y.region);
        ASSERT_EQ(x.requested, y.requested);
        ASSERT_EQ(x.used, y.used);
        ASSERT_EQ(x.offset, y.offset);
        ASSERT_EQ(x.label, y.label);
        ASSERT_EQ(x.tensor, y.tensor);
        ASSERT_EQ(x.tenant, y.tenant);
        ASSERT_EQ(x.sequence, y.sequence);
        ASSERT_EQ(x.failed, y.failed);
        ASSERT_EQ(x.headEndAfter, y.headEndAfter);
        ASSERT_EQ(x.tempEndAfter, y.tempEndAfter);
        ASSERT_EQ(x.tailBeginAfter, y.tailBeginAfter);
    }
}

// Every field of two results, emulated or moved.
void expectSameResult(const EmulationResult& a, const EmulationResult& b)
{
    ASSERT_EQ(a.settings, b.settings);
    ASSERT_EQ(a.ok, b.ok);
    ASSERT_EQ(a.failure.has_value(), b.failure.has_value());
    if (a.failure) {
        const Failure& x = *a.failure;
        const Failure& y = *b.failure;
        ASSERT_EQ(x.message, y.message);
        ASSERT_EQ(x.log, y.log);
        ASSERT_EQ(x.phase, y.phase);
        ASSERT_EQ(x.subgraph, y.subgraph);
        ASSERT_EQ(x.op, y.op);
        ASSERT_EQ(x.capacity, y.capacity);
        ASSERT_EQ(x.code, y.code);
        ASSERT_EQ(x.requested, y.requested);
        ASSERT_EQ(x.available, y.available);
        ASSERT_EQ(x.missing, y.missing);
        ASSERT_EQ(x.tflmSilent, y.tflmSilent);
        ASSERT_EQ(x.writesThroughNull, y.writesThroughNull);
        ASSERT_EQ(x.plannerOverrun, y.plannerOverrun);
    }
    ASSERT_EQ(a.warnings, b.warnings);
    ASSERT_EQ(a.tempOverwrite.has_value(), b.tempOverwrite.has_value());
    expectSameEvents(a, b);
    ASSERT_EQ(a.planned.size(), b.planned.size());
    for (std::size_t i = 0; i < a.planned.size(); ++i) {
        ASSERT_EQ(a.planned[i].offset, b.planned[i].offset) << "planned " << i;
        ASSERT_EQ(a.planned[i].alignedBytes, b.planned[i].alignedBytes) << "planned " << i;
        ASSERT_EQ(a.planned[i].first, b.planned[i].first) << "planned " << i;
        ASSERT_EQ(a.planned[i].last, b.planned[i].last) << "planned " << i;
    }
    ASSERT_EQ(a.tensors.size(), b.tensors.size());
    for (std::size_t i = 0; i < a.tensors.size(); ++i) {
        ASSERT_EQ(a.tensors[i].offset, b.tensors[i].offset) << "tensor " << i;
        ASSERT_EQ(a.tensors[i].place, b.tensors[i].place) << "tensor " << i;
        ASSERT_EQ(a.tensors[i].planIndex, b.tensors[i].planIndex) << "tensor " << i;
        ASSERT_EQ(a.tensors[i].firstUse, b.tensors[i].firstUse) << "tensor " << i;
    }
    ASSERT_EQ(a.planBytes, b.planBytes);
    ASSERT_EQ(a.arenaUsedBytes, b.arenaUsedBytes);
    ASSERT_EQ(a.headBytes, b.headBytes);
    ASSERT_EQ(a.tailBytes, b.tailBytes);
    ASSERT_EQ(a.tempPeakBytes, b.tempPeakBytes);
    ASSERT_EQ(a.tailOffset, b.tailOffset);
    ASSERT_EQ(a.scopeCount, b.scopeCount);
    for (std::size_t k = 0; k < a.recording.size(); ++k) {
        ASSERT_EQ(a.recording[k].requested, b.recording[k].requested) << "recording " << k;
        ASSERT_EQ(a.recording[k].used, b.recording[k].used) << "recording " << k;
        ASSERT_EQ(a.recording[k].count, b.recording[k].count) << "recording " << k;
    }
    ASSERT_EQ(a.variableArena.has_value(), b.variableArena.has_value());
}

int g_moved = 0; // sizes answered by a moved run (the tests check many were)
int g_movedFailures = 0; // of those, failed runs moved

// At every size tried: reanalyzeAtSize's run (moved or emulated) equals emulate(); where a kept
// run of the same residue exists and the size allocates, shiftedToSize equals emulate() too.
void expectMovedRunsEqualEmulation(const ModelPtr& model, const test::NamedSettings& build, std::size_t farSizes)
{
    const AnalysisPtr base = analyze(model, build.settings);
    if (!base->measured->ok || !base->minArenaBytes)
        return;
    ASSERT_TRUE(base->trace);
    const std::uint64_t minimum = *base->minArenaBytes;
    std::vector<std::uint64_t> sizes;
    for (std::uint64_t d = 0; d < 40; ++d)
        sizes.push_back(minimum + d);
    // Below the smallest arena: every residue two or three times (the second of a residue whose
    // replay fails at the same call is a failed run moved), and a few sizes far below, each twice.
    for (std::uint64_t d = 1; d <= 40 && d < minimum; ++d)
        sizes.push_back(minimum - d);
    for (std::uint64_t k = 1; k <= 4; ++k)
        for (std::uint64_t twice : { 0, 16 })
            sizes.push_back(minimum * k / 5 + twice);
    for (std::size_t k = 1; k <= farSizes; ++k)
        sizes.push_back(minimum + minimum * k / 3 + k);
    for (std::uint64_t size : sizes) {
        SCOPED_TRACE(std::string(build.name) + " at " + std::to_string(size) + " B");
        EmulationSettings at = build.settings;
        at.arenaSize = size;
        const auto emulated = emulate(*model, at);
        const AnalysisPtr moved = reanalyzeAtSize(*base, size);
        expectSameResult(*moved->atSize, *emulated);
        const auto reference = base->sizeReferences->forSize(size);
        if (reference && emulated->ok && !emulated->tempOverwrite) {
            expectSameResult(*shiftedToSize(*reference, at), *emulated);
            ++g_moved;
        }
        const ReplayOutcome replay = replayTrace(*base->trace, size - at.arenaStartLoss());
        const auto failedReference
            = replay.ok ? nullptr : base->sizeReferences->failureForSize(size, replay.failedStep);
        if (failedReference && failedReference->settings.arenaSize != at.arenaSize) {
            expectSameResult(*shiftedFailureToSize(*failedReference, at, replay.failure), *emulated);
            ++g_movedFailures;
        }
    }
}

TEST(ResultAtSize, MovedRunsEqualEmulationOnTheShippedModels)
{
    g_moved = 0;
    test::forEachShippedModelAndBuild({ 200, 100, 20 }, 3, false,
        [](const ModelPtr& model, const test::NamedSettings& b) { expectMovedRunsEqualEmulation(model, b, 3); });
    EXPECT_GT(g_moved, 1000);
    EXPECT_GT(g_movedFailures, 300);
}

TEST(ResultAtSize, MovedRunsEqualEmulationOnSharedModels)
{
    const auto models = test::sharedModels();
    if (models.empty())
        GTEST_SKIP() << "../shared/models is absent: moved runs are compared on the shipped models only";
    g_moved = 0;
    // A sample of the shared models (every third), each on one build, rotating through the builds.
    test::forEveryNthModelOnOneBuild(models, 3, test::buildVariety(3, false),
        [](const ModelPtr& model, const test::NamedSettings& b) { expectMovedRunsEqualEmulation(model, b, 2); });
    EXPECT_GT(g_moved, 100);
    EXPECT_GT(g_movedFailures, 100);
}

// After prepareSizeReferences, a drag across the minimum finds a kept run at its first frame: one
// that fits in every residue above it, and below it one for every size's failing call.
TEST(ResultAtSize, PreparedReferencesCoverTheSizesAroundTheMinimum)
{
    auto loaded = loadModelBytes(buildExampleModel(), "example");
    ASSERT_TRUE(loaded);
    const AnalysisPtr base = analyze(loaded.value(), EmulationSettings {});
    ASSERT_TRUE(base->minArenaBytes);
    const std::uint64_t minimum = *base->minArenaBytes;
    prepareSizeReferences(*base);
    int failedKept = 0;
    for (std::uint64_t d = 0; d < 16; ++d) {
        EXPECT_NE(base->sizeReferences->forSize(minimum + d), nullptr) << minimum + d;
        const ReplayOutcome r = replayTrace(*base->trace, minimum - 1 - d);
        ASSERT_FALSE(r.ok) << minimum - 1 - d;
        failedKept += base->sizeReferences->failureForSize(minimum - 1 - d, r.failedStep) != nullptr;
    }
    EXPECT_EQ(failedKept, 16);
    std::atomic<bool> cancelled { true };
    prepareSizeReferences(*base, &cancelled); // returns at once
}

// What may not serve as a reference: a failed run, one with a temp overwrite, separate arenas.
TEST(ResultAtSize, OnlyCleanSingleArenaRunsAreKept)
{
    auto loaded = loadModelBytes(buildExampleModel(), "example");
    ASSERT_TRUE(loaded);
    EmulationSettings s;
    s.arenaSize = 1000;
    const auto failed = emulate(*loaded.value(), s);
    EXPECT_FALSE(canShift(*failed));
    SizeReferences refs;
    refs.keep(failed);
    EXPECT_EQ(refs.forSize(1000), nullptr);
    s.arenaSize = 1 << 20;
    const auto ok = emulate(*loaded.value(), s);
    EXPECT_TRUE(canShift(*ok));
    refs.keep(ok);
    EXPECT_EQ(refs.forSize((1 << 20) + 32), ok);
    EXPECT_EQ(refs.forSize((1 << 20) + 33), nullptr);
    s.nonPersistentBytes = 1 << 20;
    EXPECT_FALSE(canShift(*emulate(*loaded.value(), s)));
}

} // namespace
} // namespace arenascope
