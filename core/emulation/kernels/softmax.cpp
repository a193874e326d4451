// SOFTMAX and LOG_SOFTMAX.
// Sources: tensorflow/lite/micro/kernels/softmax.cc, softmax_common.cc, log_softmax.cc
// @90b983c2; the op data structs are described member by member in math_op_data.h.
// CalculateSoftmaxParams (dense_common.h) is also called by the CMSIS-NN and ESP-NN SOFTMAX.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
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

// TF_LITE_ENSURE_NEAR(context, a, b, epsilon) on floats.
Status ensureNear(KernelContext& ctx, int line, const char* a, const char* b, float va, float vb, float epsilon)
{
    const float delta = va > vb ? va - vb : vb - va;
    const CheckSite at = checkSite(ctx.settings().tflm, kSoftmaxCommon, line);
    if (delta <= epsilon || !at.present)
        return okStatus();
    return ctx.kernelError(formatString("%.*s:%d %s not near %s (%f != %f)", static_cast<int>(at.file.size()),
        at.file.data(), at.line, a, b, static_cast<double>(va), static_cast<double>(vb)));
}

// InitializeLutForInt16: an int16 input gets its two lookup tables (LUTSize<int16_t>() = 513
// entries each) while input and output are held; then the type pairing and, for int16, the
// output zero point.
Status initializeLutForInt16(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ctx.allocatePersistent(2 * 513, "exp_lut"));
        ARENASCOPE_TRY(ctx.allocatePersistent(2 * 513, "one_over_one_plus_x_lut"));
    }
    if (output.type == D::Int16)
        ARENASCOPE_TRY(ensure(ctx, isOneOf(input.type, { D::Int8, D::Int16 }), kSoftmaxCommon, 49,
            "input->type == kTfLiteInt8 || input->type == kTfLiteInt16"));
    else
        ARENASCOPE_TRY(ensureEq(ctx, kSoftmaxCommon, 52, "input->type", "output->type", tfliteType(input.type).code,
            tfliteType(output.type).code));
    if (input.type == D::Int16)
        return ensureEq(
            ctx, kSoftmaxCommon, 57, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0);
    return okStatus();
}

// CalculateSoftmaxParams after the lookup tables: the quantization each pairing needs.
Status checkSoftmaxQuantization(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    const QuantParams in = quantParams(ctx, input);
    const QuantParams out = quantParams(ctx, output);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ensureEq(ctx, kSoftmaxCommon, 91, "input->params.zero_point", "0", in.zeroPoint, 0));
        ARENASCOPE_TRY(ensureEq(ctx, kSoftmaxCommon, 92, "output->params.zero_point", "0", out.zeroPoint, 0));
        return ensureNear(ctx, 93, "output->params.scale", "1.f / 32768", out.scale, 1.f / 32768, 0.001f * 1.f / 32768);
    }
    if (input.type == D::Int8 && output.type == D::Int16) {
        ARENASCOPE_TRY(ensureEq(ctx, kSoftmaxCommon, 98, "output->params.zero_point", "-32768", out.zeroPoint, -32768));
        return ensureNear(ctx, 99, "output->params.scale", "1.f / 65536", out.scale, 1.f / 65536, 0.001f * 1.f / 65536);
    }
    if (input.type == D::Int8) {
        ARENASCOPE_TRY(ensureTypesEq(ctx, kSoftmaxCommon, 102, "output->type", "kTfLiteInt8", output.type, D::Int8));
        ARENASCOPE_TRY(ensureEq(ctx, kSoftmaxCommon, 103, "output->params.zero_point", "-128", out.zeroPoint, -128));
        return ensure(ctx, out.scale == 1.f / 256, kSoftmaxCommon, 104, "output->params.scale == 1.f / 256");
    }
    ARENASCOPE_TRY(ensureTypesEq(ctx, kSoftmaxCommon, 133, "input->type", "kTfLiteFloat32", input.type, D::Float32));
    return ensureTypesEq(ctx, kSoftmaxCommon, 134, "output->type", "kTfLiteFloat32", output.type, D::Float32);
}

Status softmaxPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdSoftmaxOperands(ctx, temps, kSoftmaxCommon, 148));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    return calculateSoftmaxParams(ctx, input, output);
}

// ---- LOG_SOFTMAX (log_softmax.cc) -----------------------------------------------------------------
// No Init. For int8, CalculateOpData allocates LogSoftmaxOpData while both tensors are held.

Status logSoftmaxPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("log_softmax.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 49));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 57, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(ensure(ctx, input.shape == output.shape, file.c_str(), 59, "HaveSameShapes(input, output)"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(allocateStruct(ctx, opdata::kLogSoftmaxOpData));
    const QuantParams out = quantParams(ctx, output);
    ARENASCOPE_TRY(ensure(ctx, out.scale == 16.0f / 256.0f, file.c_str(), 72, "output->params.scale == kOutputScale"));
    return ensure(ctx, out.zeroPoint == 127, file.c_str(), 73, "output->params.zero_point == kOutputZeroPoint");
}

} // namespace

Status holdSoftmaxOperands(KernelContext& ctx, TempTensors& temps, const char* file, int countsLine)
{
    ARENASCOPE_TRY(ensureCounts(ctx, file, countsLine, countsLine + 1, 1, 1));
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(ensure(ctx, !ctx.input(0)->shape.empty(), file, countsLine + 4, "NumDimensions(input) >= 1"));
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
