// Activation functions: RELU, RELU6, LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, PRELU, ELU.
// Sources: tensorflow/lite/micro/kernels/activations.cc, activations_common.cc, logistic.cc,
// logistic_common.cc, tanh.cc, hard_swish.cc, hard_swish_common.cc, leaky_relu.cc,
// leaky_relu_common.cc, prelu.cc, prelu_common.cc, elu.cc @90b983c2; the op data structs are
// described member by member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "kernel_file_checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <cmath>
#include <string>

namespace arenascope::kernels {

namespace {

// TFLM's CheckedLog2 (kernels/kernel_util.h): the rounded log2 of x, and whether x is
// (nearly) a power of two.
bool checkedLog2(float x, int& log2Rounded)
{
    const float l = std::log(x) * (1.0f / std::log(2.0f));
    const float r = std::round(l);
    // TFLM converts the rounded log2 to int unchecked; for a scale of 0, a negative one or
    // infinity the fraction is NaN and the check fails anyway, so the value does not matter.
    if (!std::isfinite(r) || std::abs(r) > 1e9f) {
        log2Rounded = 0;
        return false;
    }
    log2Rounded = static_cast<int>(r);
    return std::abs(l - r) < 1e-3f;
}

// The int16 checks LOGISTIC and TANH share: symmetric tensors and an output scale of 2^-15.
// `lines` are the kernel's lines of: input zero point, output zero point, CheckedLog2,
// the log2 equality.
Status checkInt16Pot(
    KernelContext& ctx, const std::string& file, const std::array<int, 4>& lines, const Tensor& in, const Tensor& out)
{
    ARENASCOPE_TRY(zeroPointEq(ctx, file, lines[0], in, "input->params.zero_point", "0", 0));
    ARENASCOPE_TRY(zeroPointEq(ctx, file, lines[1], out, "output->params.zero_point", "0", 0));
    int log2 = 0;
    ARENASCOPE_TRY(ensure(ctx, checkedLog2(quantParams(ctx, out).scale, log2), file.c_str(), lines[2],
        "CheckedLog2(output->params.scale, &output_scale_log2_rounded)"));
    return ensureEq(ctx, file.c_str(), lines[3], "output_scale_log2_rounded", "-kOutputFractionalBits", log2, -15);
}

// Exponent of TFLM's QuantizeMultiplier(m) (kernels/internal/quantization_util.cc).
int quantizeMultiplierShift(double m)
{
    // An infinite or NaN scale (a damaged model) has no exponent; TFLM's conversion of it is
    // undefined. Treated as no shift.
    if (m == 0.0 || !std::isfinite(m))
        return 0;
    int shift = 0;
    const double q = std::frexp(m, &shift);
    auto fixed = static_cast<std::int64_t>(std::round(q * static_cast<double>(1LL << 31)));
    if (fixed == (1LL << 31))
        ++shift;
    if (shift < -31)
        shift = 0;
    return shift;
}

// ---- RELU / RELU6 (activations.cc, activations_common.cc) ----------------------------------

Status reluPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("activations_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    if (ctx.input(0)->type == D::Int16) {
        ARENASCOPE_TRY(zeroPointEq(ctx, file, 103, *ctx.input(0), "input->params.zero_point", "0", 0));
        ARENASCOPE_TRY(zeroPointEq(ctx, file, 104, *ctx.output(0), "output->params.zero_point", "0", 0));
    }
    return okStatus();
}

Status relu6Init(KernelContext& ctx)
{
    return allocateStruct(
        ctx, tflmHas(ctx.settings().tflm, TflmChange::Relu6Int16) ? opdata::kRelu6OpData : opdata::kRelu6OpData2024);
}

Status relu6Prepare(KernelContext& ctx)
{
    // Only the input is held; FloatToQuantizedType clamps "six" to the type's range, so the
    // range checks that follow cannot fail.
    TempTensors temps(ctx);
    return temps.input(0);
}

// ---- LOGISTIC (logistic.cc, logistic_common.cc: CalculateArithmeticOpDataLogistic) --------

Status logisticPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("logistic_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 44, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(zeroPointEq(
            ctx, file, 46, output, "output->params.zero_point", "std::numeric_limits<int8_t>::min()", -128));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 70, 71, 101, 103 }, input, output));
    return okStatus();
}

// ---- TANH (tanh.cc) --------------------------------------------------------------------------
// TanhPrepare holds input 0, then CalculateArithmeticOpData takes input 0 and output 0 again.

Status tanhPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("tanh.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 52));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 61, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 89, 90, 123, 125 }, input, output));
    return okStatus();
}

// ---- HARD_SWISH (hard_swish.cc, hard_swish_common.cc) ---------------------------------------

Status hardSwishPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("hard_swish_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 38));
    const Tensor& input = *ctx.input(0);
    if (input.type == D::Int8) {
        const float hiresInputScale = (1.0f / 128.0f) * quantParams(ctx, input).scale;
        const float outputScale = quantParams(ctx, *ctx.output(0)).scale;
        const double multiplier = static_cast<double>(hiresInputScale / outputScale);
        ARENASCOPE_TRY(ensure(ctx, quantizeMultiplierShift(multiplier) <= 0, file.c_str(), 68,
            "params->output_multiplier_exponent <= 0"));
    }
    return okStatus();
}

// ---- LEAKY_RELU (leaky_relu.cc, leaky_relu_common.cc), ELU (elu.cc) ---------------------------

// CalculateOpDataLeakyRelu / elu.cc CalculateOpData: counts, both tensors, one type.
Status unaryTypesEqualPrepare(KernelContext& ctx, const std::string& file, int countsLine, int typesLine)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, countsLine));
    return typesEq(ctx, file, typesLine, "input->type", "output->type", ctx.input(0)->type, ctx.output(0)->type);
}

Status leakyReluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("leaky_relu_common.cc"), 35, 43);
}

Status eluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("elu.cc"), 85, 93);
}

// ---- PRELU (prelu.cc, prelu_common.cc) -------------------------------------------------------

Status preluPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    if (ctx.output(0)->type == D::Int16)
        return ensure(ctx, ctx.input(1)->type == D::Int8, kernelFile("prelu_common.cc").c_str(), 101,
            "alpha->type == kTfLiteInt8");
    return okStatus();
}

const std::array kProfiles = {
    builtin("LOGISTIC", "kernels/logistic.cc, logistic_common.cc", nullptr, initStruct<opdata::kOpDataLogistic>,
        logisticPrepare),
    builtin(
        "RELU", "kernels/activations.cc, activations_common.cc", nullptr, initStruct<opdata::kReluOpData>, reluPrepare),
    builtin("RELU6", "kernels/activations.cc, activations_common.cc", nullptr, relu6Init, relu6Prepare),
    builtin("TANH", "kernels/tanh.cc", nullptr, initStruct<opdata::kOpDataTanh>, tanhPrepare),
    builtin("PRELU", "kernels/prelu.cc, prelu_common.cc", nullptr, initStruct<opdata::kPreluParams>, preluPrepare),
    builtin("LEAKY_RELU", "kernels/leaky_relu.cc, leaky_relu_common.cc", &options::kLeakyRelu,
        initStruct<opdata::kLeakyReluOpData>, leakyReluPrepare),
    builtin("ELU", "kernels/elu.cc", nullptr, initStruct<opdata::kOpDataElu>, eluPrepare),
    builtin("HARD_SWISH", "kernels/hard_swish.cc, hard_swish_common.cc", nullptr, initStruct<opdata::kHardSwishParams>,
        hardSwishPrepare),
};

} // namespace

const std::span<const KernelProfile> activationProfiles = kProfiles;

} // namespace arenascope::kernels
