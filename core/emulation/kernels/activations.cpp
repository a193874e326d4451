// Activation functions: RELU, RELU6, LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, PRELU, ELU.
// Sources: tensorflow/lite/micro/kernels/activations.cc, activations_common.cc, logistic.cc,
// logistic_common.cc, tanh.cc, hard_swish.cc, hard_swish_common.cc, leaky_relu.cc,
// leaky_relu_common.cc, prelu.cc, prelu_common.cc, elu.cc @90b983c2; the op data structs are
// described member by member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "checks.h"
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
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.eq(lines[0], "input->params.zero_point", "0", quantParams(ctx, in).zeroPoint, 0));
    ARENASCOPE_TRY(check.eq(lines[1], "output->params.zero_point", "0", quantParams(ctx, out).zeroPoint, 0));
    int log2 = 0;
    ARENASCOPE_TRY(check.ensure(lines[2], checkedLog2(quantParams(ctx, out).scale, log2),
        "CheckedLog2(output->params.scale, &output_scale_log2_rounded)"));
    return check.eq(lines[3], "output_scale_log2_rounded", "-kOutputFractionalBits", log2, -15);
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
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    if (ctx.input(0)->type == D::Int16) {
        ARENASCOPE_TRY(check.eq(103, "input->params.zero_point", "0", quantParams(ctx, *ctx.input(0)).zeroPoint, 0));
        ARENASCOPE_TRY(check.eq(104, "output->params.zero_point", "0", quantParams(ctx, *ctx.output(0)).zeroPoint, 0));
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
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(44, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(check.eq(46, "output->params.zero_point", "std::numeric_limits<int8_t>::min()",
            quantParams(ctx, output).zeroPoint, -128));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 70, 71, 101, 103 }, input, output));
    return okStatus();
}

// ---- TANH (tanh.cc) --------------------------------------------------------------------------
// TanhPrepare holds input 0, then CalculateArithmeticOpData takes input 0 and output 0 again.

Status tanhPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("tanh.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(countsThenTemps(check, temps, 52, 53));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(61, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 89, 90, 123, 125 }, input, output));
    return okStatus();
}

// ---- HARD_SWISH (hard_swish.cc, hard_swish_common.cc) ---------------------------------------

Status hardSwishPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("hard_swish_common.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, 38, 39));
    const Tensor& input = *ctx.input(0);
    if (input.type == D::Int8) {
        const float hiresInputScale = (1.0f / 128.0f) * quantParams(ctx, input).scale;
        const float outputScale = quantParams(ctx, *ctx.output(0)).scale;
        const double multiplier = static_cast<double>(hiresInputScale / outputScale);
        ARENASCOPE_TRY(
            check.ensure(68, quantizeMultiplierShift(multiplier) <= 0, "params->output_multiplier_exponent <= 0"));
    }
    return okStatus();
}

// ---- LEAKY_RELU (leaky_relu.cc, leaky_relu_common.cc), ELU (elu.cc) ---------------------------

// CalculateOpDataLeakyRelu / elu.cc CalculateOpData: counts, both tensors, one type, at
// their lines in `file`.
struct UnaryTypesLines {
    int inputs, outputs, types;
};
Status unaryTypesEqualPrepare(KernelContext& ctx, const std::string& file, UnaryTypesLines at)
{
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, at.inputs, at.outputs));
    return check.typesEq(at.types, "input->type", "output->type", ctx.input(0)->type, ctx.output(0)->type);
}

Status leakyReluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("leaky_relu_common.cc"), { 35, 36, 43 });
}

Status eluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("elu.cc"), { 85, 86, 93 });
}

// ---- PRELU (prelu.cc, prelu_common.cc) -------------------------------------------------------

Status preluPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kernelFile("prelu_common.cc"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    if (ctx.output(0)->type == D::Int16)
        return check.ensure(101, ctx.input(1)->type == D::Int8, "alpha->type == kTfLiteInt8");
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
