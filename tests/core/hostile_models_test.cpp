// Hostile but well-formed models: each is answered with a clear message or a correct result,
// within the bounds core states (core/model/model_limits.h, core/analysis/analysis_limits.h).
#include "hostile_models.h"

#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

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

} // namespace
} // namespace arenascope::test
