// Before b15beb9d4 (2025-03-17) MicroAllocator::AllocateTempTfLiteTensor does not check the temp
// allocation of the TfLiteTensor struct: past the allocator's "Failed to allocate temp memory"
// line, TFLM writes through the null pointer and the device crashes instead of AllocateTensors
// returning an error (docs/tflm-snapshots/source-reading.md; the harness hung there, see
// tests/fidelity/measured/README.md). The verdict says so at the older snapshots only.
#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

// The largest arena below the smallest working one where the first failure is the temp
// TfLiteTensor struct of a kernel's Prepare, at `version`.
std::optional<std::uint64_t> sizeWhereTheTempTensorFails(const ModelPtr& model, TflmVersion version)
{
    EmulationSettings s;
    s.tflm = version;
    const auto a = analyze(model, s);
    if (!a->minArenaBytes)
        return std::nullopt;
    for (std::uint64_t size = *a->minArenaBytes - 1; size > 0; --size) {
        s.arenaSize = size;
        const auto r = emulate(*model, s);
        if (r->failure && r->failure->message.rfind("Failed to allocate temp memory", 0) == 0
            && r->failure->phase == Phase::KernelPrepare && r->failure->writesThroughNull == (version != kNewestTflm))
            return size;
    }
    return std::nullopt;
}

TEST(TempTensorNull, OlderSnapshotsCrashWhereTheNewestReports)
{
    auto model = loadModelFile(std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite");
    ASSERT_TRUE(model);
    const auto old = sizeWhereTheTempTensorFails(model.value(), TflmVersion::V2025_01);
    ASSERT_TRUE(old) << "no arena size where the temp TfLiteTensor struct is the first failure";
    EmulationSettings s;
    s.tflm = TflmVersion::V2025_01;
    s.arenaSize = *old;
    const AnalysisPtr analysis = analyze(model.value(), s);
    const Verdict& v = *analysis->verdict;
    EXPECT_EQ(v.kind, VerdictKind::DoesNotFit);
    EXPECT_NE(v.plainWords.find("writes through the null pointer"), std::string::npos) << v.plainWords;
    EXPECT_NE(v.plainWords.find("10ebaab9"), std::string::npos) << v.plainWords;

    // The same size at the newest snapshot: TFLM reports the failure and returns an error.
    s.tflm = kNewestTflm;
    const auto newest = emulate(*model.value(), s);
    ASSERT_TRUE(newest->failure);
    EXPECT_FALSE(newest->failure->writesThroughNull);
    EXPECT_EQ(analyze(model.value(), s)->verdict->plainWords.find("null pointer"), std::string::npos);
}

// A failure of the head or the tail is checked at every snapshot.
TEST(TempTensorNull, OtherFailuresAreCheckedEverywhere)
{
    auto model = loadModelFile(std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite");
    ASSERT_TRUE(model);
    EmulationSettings s;
    s.tflm = TflmVersion::V2023_02;
    s.arenaSize = 1024;
    const auto r = emulate(*model.value(), s);
    ASSERT_TRUE(r->failure);
    EXPECT_FALSE(r->failure->writesThroughNull) << r->failure->message;
}

} // namespace
} // namespace arenascope
