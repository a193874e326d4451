// The TFLM snapshot as a setting (--tflm): names, what an older snapshot cannot register, the
// reductions before their 2026 rewrite, and the verdict saying that an older snapshot's figures
// are read from source until they are measured.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/emulation/provenance.h"
#include "core/emulation/tflm_registry.h"
#include "core/model/loader.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace arenascope {
namespace {

TEST(TflmVersion, ParsesCommitsDatesAndNewest)
{
    EXPECT_EQ(parseTflmVersion("10ebaab9"), TflmVersion::V2025_01);
    EXPECT_EQ(parseTflmVersion("4e62ea7b821c1e6af004912132395fb81922ea8d"), TflmVersion::V2023_02);
    EXPECT_EQ(parseTflmVersion("71fba59"), TflmVersion::V2024_05);
    EXPECT_EQ(parseTflmVersion("2025-01"), TflmVersion::V2025_01);
    EXPECT_EQ(parseTflmVersion("newest"), kNewestTflm);
    EXPECT_EQ(parseTflmVersion("10ebaab"), TflmVersion::V2025_01); // 7 hex digits: a commit prefix
}

TEST(TflmVersion, UnknownNamesAreRejected)
{
    EXPECT_FALSE(parseTflmVersion("deadbeef"));
    EXPECT_FALSE(parseTflmVersion("10eb"));
    EXPECT_FALSE(parseTflmVersion("2022"));
    EXPECT_EQ(tflmVersionChoices(), "90b983c2|b8c7ecc1|10ebaab9|71fba59b|4e62ea7b");
}

TEST(TflmVersion, OperatorsAddedLaterDoNotResolve)
{
    EXPECT_TRUE(tflmRegistersBuiltin(89)); // REDUCE_MIN (3d4cdc19f, 2025-08-05)
    EXPECT_TRUE(tflmRegistersBuiltin(89, TflmVersion::V2025_11));
    EXPECT_FALSE(tflmRegistersBuiltin(89, TflmVersion::V2025_01));
    EXPECT_FALSE(tflmRegistersBuiltin(140, TflmVersion::V2025_11)); // REDUCE_ALL (ef382bdaa, 2026-01-08)
    EXPECT_TRUE(tflmRegistersCustom("TFLM_DECODE", TflmVersion::V2025_11));
    EXPECT_FALSE(tflmRegistersCustom("TFLM_DECODE", TflmVersion::V2025_01));
    EXPECT_TRUE(tflmRegistersBuiltin(126, TflmVersion::V2024_05)); // BATCH_MATMUL
    EXPECT_FALSE(tflmRegistersBuiltin(126, TflmVersion::V2023_02));
    EXPECT_FALSE(tflmRegistersCustom("SignalFramer", TflmVersion::V2023_02));
    EXPECT_TRUE(tflmRegistersCustom("SignalFramer", TflmVersion::V2024_05));
    EXPECT_EQ(unresolvedBuiltinMessage("REDUCE_MIN", 1, TflmVersion::V2025_01),
        "Didn't find op for builtin opcode 'REDUCE_MIN'");
    EXPECT_EQ(unresolvedBuiltinMessage("BATCH_MATMUL", 2, TflmVersion::V2023_02),
        "Didn't find op for builtin opcode 'BATCH_MATMUL' version '2'. An older version of this builtin might be "
        "supported. Are you using an old TFLite binary with a newer model?");
}

std::shared_ptr<const Analysis> analyzeOp(const std::string& name, TflmVersion v)
{
    auto m = loadModelFile((test::sharedDir() / "models" / "ops" / name).string());
    EXPECT_TRUE(m) << name;
    EmulationSettings s;
    s.tflm = v;
    return analyze(m.value(), s);
}

TEST(TflmVersion, SharedOpsModelsAtOlderSnapshots)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto minNow = analyzeOp("reduce_min_float32.tflite", kNewestTflm);
    EXPECT_TRUE(minNow->measured->ok);
    const auto min2025 = analyzeOp("reduce_min_float32.tflite", TflmVersion::V2025_01);
    ASSERT_TRUE(min2025->failure());
    EXPECT_EQ(min2025->failure()->message, "Didn't find op for builtin opcode 'REDUCE_MIN'");
    // MEAN before the 2026 rewrite: the accumulator only, no index buffers.
    auto scratchCount = [](const Analysis& a) {
        return std::count_if(a.measured->planned.begin(), a.measured->planned.end(),
            [](const PlannedBuffer& b) { return b.kind == BufferKind::Scratch; });
    };
    EXPECT_EQ(scratchCount(*analyzeOp("mean_int8.tflite", kNewestTflm)), 3);
    EXPECT_EQ(scratchCount(*analyzeOp("mean_int8.tflite", TflmVersion::V2025_01)), 1);
    EXPECT_EQ(scratchCount(*analyzeOp("mean_float32.tflite", TflmVersion::V2025_01)), 0);
}

TEST(TflmVersion, OlderSnapshotsSayWhetherTheyAreMeasured)
{
    // Every snapshot, b8c7ecc1 too: the reference kernels measured on cortex-m and x86_64 (measured/tflm_<id>);
    // CMSIS-NN with each snapshot's own pin on Cortex-M4/M3; ilp32 at every snapshot
    // (measured/tflm_<id>/abi32arm).
    EmulationSettings s;
    s.tflm = TflmVersion::V2025_01;
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured);
    EXPECT_NE(provenance(s).text.find("10ebaab9"), std::string::npos) << provenance(s).text;
    s.target = TargetKind::Ilp32;
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured) << provenance(s).text;
    s.tflm = TflmVersion::V2024_05;
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured) << provenance(s).text;
    s.tflm = TflmVersion::V2023_02;
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured) << provenance(s).text;
    s.tflm = TflmVersion::V2025_01;
    s.target = TargetKind::CortexM;
    s.kernels = KernelSet::CmsisNn; // its own CMSIS-NN pin, measured on Cortex-M4
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured) << provenance(s).text;
    EmulationSettings old;
    old.tflm = TflmVersion::V2023_02;
    old.target = TargetKind::CortexM;
    EXPECT_EQ(provenance(old).level, ProvenanceLevel::Measured) << provenance(old).text;
    old.kernels = KernelSet::CmsisNn; // 4e62ea7b's own CMSIS-NN pin was measured on Cortex-M4
    EXPECT_EQ(provenance(old).level, ProvenanceLevel::Measured) << provenance(old).text;
    old.cpu = Cpu::CortexM55; // and on an MVE CPU (measured/tflm_4e62ea7b/cm55_cmsisnn.json)
    EXPECT_EQ(provenance(old).level, ProvenanceLevel::Measured) << provenance(old).text;
    old.nonPersistentBytes = 4096; // no measured build used separate arenas
    EXPECT_EQ(provenance(old).level, ProvenanceLevel::Source);
    EXPECT_NE(provenance(old).text.find("read from source, not yet measured"), std::string::npos);
}

TEST(TflmVersion, CliRejectsAnUnknownVersionListingTheKnownOnes)
{
    const auto bad = test::arenascope(
        { "plan", std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite", "--tflm", "1234567" });
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.out.find("90b983c2|b8c7ecc1|10ebaab9|71fba59b|4e62ea7b"), std::string::npos) << bad.out;
    const auto ok = test::arenascope(
        { "plan", std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite", "--tflm", "71fba59b" });
    EXPECT_EQ(ok.exitCode, 0) << ok.out;
    EXPECT_NE(ok.out.find("measured against real TFLM (tflite-micro 71fba59b"), std::string::npos) << ok.out;
}

// The upgrade diff names the upstream commits between the two snapshots, and only those.
TEST(TflmVersion, CompareListsTheCommitsBetweenTheSnapshots)
{
    const std::string model = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    const auto diff = test::arenascope({ "compare", model, "--tflm", "10ebaab9", "--b-tflm", "90b983c2" });
    EXPECT_EQ(diff.exitCode, 0) << diff.out;
    EXPECT_NE(diff.out.find("2026-01-16 0efdd51a3: MEAN/SUM"), std::string::npos) << diff.out;
    EXPECT_EQ(diff.out.find("50e7e5dbd"), std::string::npos) << diff.out; // 2024-12, in both
    const auto same = test::arenascope({ "compare", model, "--tflm", "10ebaab9", "--b-tflm", "10ebaab9" });
    EXPECT_EQ(same.out.find("TFLM commits between"), std::string::npos) << same.out;
    // Rows of the CMSIS-NN glue are listed only when a side builds with CMSIS-NN.
    const auto reference = test::arenascope({ "compare", model, "--tflm", "4e62ea7b", "--b-tflm", "90b983c2" });
    EXPECT_EQ(reference.out.find("3022d0960"), std::string::npos) << reference.out;
    const auto cmsis = test::arenascope({ "compare", model, "--tflm", "4e62ea7b", "--b-tflm", "90b983c2", "--kernels",
        "cmsis-nn", "--cpu", "cortex-m4" });
    EXPECT_EQ(cmsis.exitCode, 0) << cmsis.out;
    EXPECT_NE(cmsis.out.find("2023-09-19 3022d0960: CMSIS-NN FULLY_CONNECTED"), std::string::npos) << cmsis.out;
}

} // namespace
} // namespace arenascope
