// SOFTMAX and LOG_SOFTMAX.
// Sources: tensorflow/lite/micro/kernels/softmax.cc, softmax_common.cc, log_softmax.cc
// @90b983c2; the op data structs are described member by member in math_op_data.h.
// CalculateSoftmaxParams (dense_common.h) is also called by the CMSIS-NN and ESP-NN SOFTMAX.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "checks.h"
#include "dense_common.h"

#include "builtin_options.h"
#include "kernel_file_checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include <array>
#include <string>

namespace arenascope::kernels {

namespace {

constexpr const char* kSoftmaxCommon = "tensorflow/lite/micro/kernels/softmax_common.cc";

// ---- SOFTMAX (softmax.cc, softmax_common.cc) -------------------------------------------------

// InitializeLutForInt16: an int16 input gets its two lookup tables (LUTSize<int16_t>() = 513
// entries each) while input and output are held; then the type pairing and, for int16, the
// output zero point.
Status initializeLutForInt16(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    const Checks check(ctx, kSoftmaxCommon);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ctx.allocatePersistent(2 * 513, "exp_lut"));
        ARENASCOPE_TRY(ctx.allocatePersistent(2 * 513, "one_over_one_plus_x_lut"));
    }
    if (output.type == D::Int16)
        ARENASCOPE_TRY(check.ensure(49, isOneOf(input.type, { D::Int8, D::Int16 }),
            "input->type == kTfLiteInt8 || input->type == kTfLiteInt16"));
    else
        ARENASCOPE_TRY(
            check.eq(52, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
    if (input.type == D::Int16)
        return check.eq(57, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0);
    return okStatus();
}

// CalculateSoftmaxParams after the lookup tables: the quantization each pairing needs.
Status checkSoftmaxQuantization(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    const Checks check(ctx, kSoftmaxCommon);
    const QuantParams in = quantParams(ctx, input);
    const QuantParams out = quantParams(ctx, output);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(check.eq(91, "input->params.zero_point", "0", in.zeroPoint, 0));
        ARENASCOPE_TRY(check.eq(92, "output->params.zero_point", "0", out.zeroPoint, 0));
        return check.near(93, "output->params.scale", "1.f / 32768", out.scale, 1.f / 32768, 0.001f * 1.f / 32768);
    }
    if (input.type == D::Int8 && output.type == D::Int16) {
        ARENASCOPE_TRY(check.eq(98, "output->params.zero_point", "-32768", out.zeroPoint, -32768));
        return check.near(99, "output->params.scale", "1.f / 65536", out.scale, 1.f / 65536, 0.001f * 1.f / 65536);
    }
    if (input.type == D::Int8) {
        ARENASCOPE_TRY(check.typesEq(102, "output->type", "kTfLiteInt8", output.type, D::Int8));
        ARENASCOPE_TRY(check.eq(103, "output->params.zero_point", "-128", out.zeroPoint, -128));
        return check.ensure(104, out.scale == 1.f / 256, "output->params.scale == 1.f / 256");
    }
    ARENASCOPE_TRY(check.typesEq(133, "input->type", "kTfLiteFloat32", input.type, D::Float32));
    return check.typesEq(134, "output->type", "kTfLiteFloat32", output.type, D::Float32);
}

Status softmaxPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdSoftmaxOperands(ctx, Checks(ctx, kSoftmaxCommon), temps, { 148, 149, 152 }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    return calculateSoftmaxParams(ctx, input, output);
}

// ---- LOG_SOFTMAX (log_softmax.cc) -----------------------------------------------------------------
// No Init. For int8, CalculateOpData allocates LogSoftmaxOpData while both tensors are held.

Status logSoftmaxPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("log_softmax.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, 49, 50));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(57, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(check.ensure(59, input.shape == output.shape, "HaveSameShapes(input, output)"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(allocateStruct(ctx, opdata::kLogSoftmaxOpData));
    const QuantParams out = quantParams(ctx, output);
    ARENASCOPE_TRY(check.ensure(72, out.scale == 16.0f / 256.0f, "output->params.scale == kOutputScale"));
    return check.ensure(73, out.zeroPoint == 127, "output->params.zero_point == kOutputZeroPoint");
}

} // namespace

Status holdSoftmaxOperands(KernelContext& ctx, const Checks& check, TempTensors& temps, const SoftmaxOperandLines& at)
{
    ARENASCOPE_TRY(check.counts(at.inputs, 1, at.outputs, 1));
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(check.ensure(at.inputRank, !ctx.input(0)->shape.empty(), "NumDimensions(input) >= 1"));
    return temps.output(0);
}

Status calculateSoftmaxParams(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    ARENASCOPE_TRY(initializeLutForInt16(ctx, input, output));
    return checkSoftmaxQuantization(ctx, input, output);
}

namespace {

const std::array kProfiles = {
    builtin("SOFTMAX", "kernels/softmax.cc, softmax_common.cc", &options::kSoftmax, initStruct<opdata::kSoftmaxParams>,
        softmaxPrepare),
    builtin("LOG_SOFTMAX", "kernels/log_softmax.cc", nullptr, nullptr, logSoftmaxPrepare),
};

} // namespace

const std::span<const KernelProfile> softmaxProfiles = kProfiles;

} // namespace arenascope::kernels
