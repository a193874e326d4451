// TFLM's tail may land on temp memory a kernel still holds (SingleArenaBufferAllocator checks
// a persistent allocation only against the head). ArenaScope notes it, finds the smallest
// arena where it does not happen and recommends that one.
#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/model_builder.h"
#include "core/util/format.h"

#include <gtest/gtest.h>

namespace arenascope::test {
namespace {

using tflite::TensorType;

// One int8 FULLY_CONNECTED with per-channel weights: its Prepare holds four temp tensors while
// it allocates the per-channel multipliers and shifts in the tail.
ModelPtr perChannelFullyConnected()
{
    ModelBuilder b("per-channel fully connected");
    const auto in = b.tensor({ "input", TensorType::INT8, { 1, 16 }, { 0.5f }, { 0 } });
    const auto w
        = b.constant({ "weights", TensorType::INT8, { 4, 16 }, { 0.01f, 0.02f, 0.03f, 0.04f }, { 0, 0, 0, 0 }, 0 });
    const auto bias
        = b.constant({ "bias", TensorType::INT32, { 4 }, { 0.005f, 0.01f, 0.015f, 0.02f }, { 0, 0, 0, 0 }, 0 });
    const auto out = b.tensor({ "output", TensorType::INT8, { 1, 4 }, { 0.25f }, { 0 } });
    b.op(BuiltinOperator::FULLY_CONNECTED, { in, w, bias }, { out })
        .builtin_options.Set(tflite::FullyConnectedOptionsT {});
    b.setIo({ in }, { out });
    auto loaded = loadModelBytes(b.finish(), "per-channel fully connected");
    EXPECT_TRUE(loaded);
    return loaded.value();
}

TEST(TempOverwrite, FoundAtTheMinimumAndAvoidedAboveIt)
{
    const ModelPtr model = perChannelFullyConnected();
    EmulationSettings s;
    s.target = TargetKind::CortexM;
    const AnalysisPtr a = analyze(model, s);
    ASSERT_TRUE(a->minArenaBytes);
    ASSERT_TRUE(a->atMinimum && a->atMinimum->ok);
    ASSERT_TRUE(a->atMinimum->tempOverwrite) << "the tail does not reach live temp memory at the minimum";
    EXPECT_EQ(a->atMinimum->tempOverwrite->op, 0);
    EXPECT_GT(a->atMinimum->tempOverwrite->bytes, 0u);
    ASSERT_TRUE(a->overwriteFreeMinBytes);
    EXPECT_GT(*a->overwriteFreeMinBytes, *a->minArenaBytes);

    EmulationSettings at = s;
    at.arenaSize = *a->overwriteFreeMinBytes;
    const auto free = emulate(*model, at);
    EXPECT_TRUE(free->ok);
    EXPECT_FALSE(free->tempOverwrite);
    at.arenaSize = *a->overwriteFreeMinBytes - 16; // same residue mod 16, 16 bytes less
    EXPECT_TRUE(emulate(*model, at)->tempOverwrite || !emulate(*model, at)->ok);

    const Verdict v = makeVerdict(*a);
    ASSERT_TRUE(v.overwriteFreeMinBytes);
    bool said = false;
    for (const std::string& w : v.warnings)
        said |= w.find("use at least that") != std::string::npos;
    EXPECT_TRUE(said) << "the verdict does not recommend the overwrite-free size";
    // The headline names the size to use first, and where TFLM may still allocate.
    EXPECT_EQ(v.headline.find("Needs an arena of " + formatBytes(*a->overwriteFreeMinBytes)), 0u) << v.headline;
    EXPECT_NE(v.headline.find(formatBytes(*a->minArenaBytes)), std::string::npos) << v.headline;
}

TEST(TempOverwrite, NotReportedWhenTheTailStaysClear)
{
    const ModelPtr model = perChannelFullyConnected();
    EmulationSettings s;
    s.target = TargetKind::CortexM;
    s.arenaSize = 64 * 1024;
    const auto r = emulate(*model, s);
    ASSERT_TRUE(r->ok);
    EXPECT_FALSE(r->tempOverwrite);
    EXPECT_TRUE(r->warnings.empty());
}

} // namespace
} // namespace arenascope::test
