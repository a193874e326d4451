// The check engine every kernel profile writes its TF_LITE_ENSURE* with
// (core/emulation/kernels/checks.h): TFLM's wording, the snapshot's file:line from the
// check-site table, a check the snapshot lacks passing, and lines as printed.
#include "core/emulation/kernels/checks.h"
#include "core/emulation/kernels/kernel_file_checks.h"

#include "core/emulation/target.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace arenascope::kernels {
namespace {

// A context with nothing but settings, the operator's tensor counts and kernelError.
class CheckContext : public KernelContext {
public:
    explicit CheckContext(TflmVersion v, std::size_t inputs = 1, std::size_t outputs = 1)
    {
        m_settings.tflm = v;
        m_op.inputs.assign(inputs, -1);
        m_op.outputs.assign(outputs, -1);
    }
    const Target& target() const override { return targetFor(TargetKind::CortexM); }
    const EmulationSettings& settings() const override { return m_settings; }
    const Model& model() const override { throw std::logic_error("not used"); }
    const Subgraph& subgraph() const override { throw std::logic_error("not used"); }
    const Operator& op() const override { return m_op; }
    Status allocatePersistent(std::uint64_t, std::string) override { return okStatus(); }
    Result<TempTensor> tempInput(std::size_t) override { return TempTensor {}; }
    Result<TempTensor> tempOutput(std::size_t) override { return TempTensor {}; }
    Result<TempTensor> tempIntermediate(std::size_t) override { return TempTensor {}; }
    void releaseTemp(const TempTensor&) override { }
    Result<std::uint64_t> allocateTempBuffer(std::uint64_t, std::uint64_t, std::string) override { return 0u; }
    void releaseTempBuffer(std::uint64_t) override { }
    Status requestScratch(std::uint64_t, std::string) override { return okStatus(); }
    ResourceVariables* resourceVariables() override { return nullptr; }
    Error kernelError(std::string message) override { return makeError(ErrorCode::Unsupported, std::move(message)); }

private:
    EmulationSettings m_settings;
    Operator m_op;
};

std::string failure(const Status& s)
{
    return s ? std::string("(passed)") : s.error().message;
}

const std::string kActivations = std::string(kKernels) + "activations_common.cc";
const std::string kPadCommon = std::string(kKernels) + "pad_common.cc";

TEST(KernelChecks, TflmWordingAtTheNewestSnapshot)
{
    CheckContext ctx(kNewestTflm, 2, 1);
    const Checks check(ctx, kActivations);
    EXPECT_TRUE(check.ensure(95, true, "x"));
    EXPECT_EQ(failure(check.ensure(95, false, "input->type == output->type")),
        kActivations + ":95 input->type == output->type was not true.");
    EXPECT_EQ(failure(check.eq(95, "a", "b", 3, -4)), kActivations + ":95 a != b (3 != -4)");
    // %d prints the low 32 bits, as TFLM's printf does.
    EXPECT_EQ(failure(check.eq(95, "a", "b", 0x100000002LL, 1)), kActivations + ":95 a != b (2 != 1)");
    EXPECT_EQ(failure(check.typesEq(95, "input->type", "kTfLiteInt8", DataType::Float32, DataType::Int8)),
        kActivations + ":95 input->type != kTfLiteInt8 (FLOAT32 != INT8)");
    EXPECT_EQ(failure(check.typeCodesEq(95, "input->type", "kTfLiteInt8", DataType::Float32, DataType::Int8)),
        kActivations + ":95 input->type != kTfLiteInt8 (1 != 9)");
    EXPECT_TRUE(check.near(95, "s", "1.f / 256", 1.0f / 256, 1.0f / 256, 0.0f));
    EXPECT_EQ(
        failure(check.near(95, "s", "t", 0.5f, 0.25f, 0.1f)), kActivations + ":95 s not near t (0.500000 != 0.250000)");
    EXPECT_EQ(failure(check.msg(false, "Type not supported.")), kActivations + " Type not supported.");
    EXPECT_EQ(failure(check.counts(40, 1, 41, 1)), kActivations + ":40 NumInputs(node) != 1 (2 != 1)");
    EXPECT_TRUE(check.counts(40, 2, 41, 1));
    EXPECT_EQ(failure(check.notNull(60, nullptr, "cond")), kActivations + ":60 cond != nullptr was not true.");
}

TEST(KernelChecks, OlderSnapshotsPrintTheirOwnSite)
{
    CheckContext ctx(TflmVersion::V2025_01);
    // Moved (tflm_changes_test: activations_common.cc 95 -> 112) and added later (103).
    EXPECT_EQ(failure(Checks(ctx, kActivations).ensure(95, false, "c")), kActivations + ":112 c was not true.");
    EXPECT_TRUE(Checks(ctx, kActivations).eq(103, "a", "b", 1, 2));
    // Renamed: pad_common.cc was pad.cc, for the line-bearing checks and the message ones.
    CheckContext old(TflmVersion::V2023_02);
    EXPECT_EQ(
        failure(Checks(old, kPadCommon).ensure(36, false, "c")), std::string(kKernels) + "pad.cc:130 c was not true.");
    EXPECT_EQ(failure(Checks(old, kPadCommon).msg(false, "m")), std::string(kKernels) + "pad.cc m");
    // A check only that snapshot has, at its own line.
    EXPECT_EQ(failure(Checks(old, kPadCommon, CheckLines::AsPrinted).ensure(36, false, "c")),
        kPadCommon + ":36 c was not true.");
}

} // namespace
} // namespace arenascope::kernels
