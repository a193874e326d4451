// FULLY_CONNECTED, AVERAGE_POOL_2D / MAX_POOL_2D, SOFTMAX, QUANTIZE.
// Sources: tensorflow/lite/micro/kernels/fully_connected.cc, fully_connected_common.cc,
// pooling.cc, pooling_common.cc, softmax.cc, softmax_common.cc, quantize.cc,
// quantize_common.cc @90b983c2, and lite/kernels/kernel_util.cc for the shared checks.
#include "dense_common.h"

#include "builtin_options.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <cmath>

namespace arenascope::kernels {

namespace {

using D = DataType;

constexpr const char* kFullyConnected = "tensorflow/lite/micro/kernels/fully_connected.cc";
constexpr const char* kFullyConnectedCommon = "tensorflow/lite/micro/kernels/fully_connected_common.cc";
constexpr const char* kPoolingCommon = "tensorflow/lite/micro/kernels/pooling_common.cc";
constexpr const char* kSoftmaxCommon = "tensorflow/lite/micro/kernels/softmax_common.cc";
constexpr const char* kQuantizeCommon = "tensorflow/lite/micro/kernels/quantize_common.cc";

// ---- FULLY_CONNECTED ------------------------------------------------------------------------

// kernel_util.cc GetQuantizedConvolutionMultipler (per-tensor filters): the bias scale must be
// close to input scale x filter scale, relative to the output scale.
Status checkPerTensorMultiplier(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const QuantParams in = quantParams(ctx, input);
    const QuantParams w = quantParams(ctx, filter);
    const QuantParams out = quantParams(ctx, *ctx.output(0));
    if (const Tensor* bias = ctx.input(2)) {
        const double product = static_cast<double>(in.scale) * static_cast<double>(w.scale);
        const double diff = std::abs(product - static_cast<double>(quantParams(ctx, *bias).scale));
        ARENASCOPE_TRY(ensure(
            ctx, diff / static_cast<double>(out.scale) <= 0.02, kKernelUtil, 322, "scale_diff / output_scale <= 0.02"));
    }
    return ensure(ctx, static_cast<double>(in.scale * w.scale) >= 0, kKernelUtil, 335, "input_product_scale >= 0");
}

// Before per-channel support: a per-channel filter fails with a message from 71fba59b5
// (2024-05-28) and, before that, runs with its first channel's scale (the per-tensor path).
Status calculateFullyConnectedBeforePerChannel(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const TflmVersion v = ctx.settings().tflm;
    if (tflmHas(v, TflmChange::FullyConnectedPerChannelRejected) && filter.quant.present && filter.quant.channels != 1)
        return ensureMsgFailed(ctx, kFullyConnectedCommon,
            "FullyConnected per-channel quantization not yet supported. Please set "
            "converter._experimental_disable_per_channel_quantization_for_dense_layers = True.");
    if (input.type == D::Float32)
        return okStatus();
    ARENASCOPE_TRY(checkPerTensorMultiplier(ctx, input, filter));
    return activationRangeQuantized(ctx, *ctx.output(0));
}

// fully_connected_common.cc: CalculateOpDataFullyConnected, called while input, filter, bias
// and output are held: per-channel filters get their multiplier and shift arrays here.
Status calculateFullyConnected(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const TflmVersion v = ctx.settings().tflm;
    if (!tflmHas(v, TflmChange::FullyConnectedPerChannel))
        return calculateFullyConnectedBeforePerChannel(ctx, input, filter);
    if (input.type == D::Float32)
        return okStatus();
    if (filter.quant.present && filter.quant.channels > 1) {
        if (tflmHas(v, TflmChange::FullyConnectedPerChannelInt16)) {
            const bool ok = isOneOf(input.type, { D::Int8, D::Int16 }) && filter.type != D::Int4;
            ARENASCOPE_TRY(ensure(ctx, ok, kFullyConnectedCommon, 99,
                "(input->type == kTfLiteInt8 && filter->type != kTfLiteInt4) || (input->type == kTfLiteInt16 && "
                "filter->type != kTfLiteInt4)"));
        } else if (input.type != D::Int8 || filter.type == D::Int4) {
            // The int8-only condition, at its own line of that snapshot.
            return ensureFailedAsIs(
                ctx, kFullyConnectedCommon, 99, "input->type == kTfLiteInt8 && filter->type != kTfLiteInt4");
        }
        const auto dim = static_cast<std::size_t>(filter.quant.quantizedDimension);
        const std::int64_t dimSize = dim < filter.shape.size() ? filter.shape[dim] : 0;
        ARENASCOPE_TRY(ensureEq(ctx, kFullyConnectedCommon, 107, "per_channel_quantization_size",
            "filter->dims->data[affine_quantization->quantized_dimension]", filter.quant.channels, dimSize));
        const std::uint64_t n = filter.quant.channels;
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_multiplier"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_shift"));
    } else {
        ARENASCOPE_TRY(checkPerTensorMultiplier(ctx, input, filter));
    }
    return activationRangeQuantized(ctx, *ctx.output(0));
}

Status fullyConnectedInit(KernelContext& ctx)
{
    return allocateStruct(ctx,
        tflmHas(ctx.settings().tflm, TflmChange::FullyConnectedPerChannel) ? opdata::kOpDataFullyConnected
                                                                           : opdata::kOpDataFullyConnected2024);
}

Status fullyConnectedPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2, false));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    ARENASCOPE_TRY(
        ensureTypesEq(ctx, kFullyConnected, 57, "input->type", "output->type", input.type, ctx.output(0)->type));
    const bool supported = (input.type == D::Float32 && filter.type == D::Float32)
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int8, D::Int4 }))
        || (input.type == D::Int16 && filter.type == D::Int8);
    const TflmVersion v = ctx.settings().tflm;
    if (!supported && tflmHas(v, TflmChange::FullyConnectedFilterTypeCheck))
        return ctx.kernelError(
            formatString("Input type: %s with filter type%s %s not supported.", tfliteType(input.type).name,
                tflmHas(v, TflmChange::FullyConnectedTypeMessage) ? ":" : " :", tfliteType(filter.type).name));
    if (filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    return calculateFullyConnectedOpData(ctx, input, filter);
}

// ---- AVERAGE_POOL_2D / MAX_POOL_2D ----------------------------------------------------------

Status poolInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataPooling);
}

// pooling_common.cc: PoolingPrepare.
Status poolPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    if (isOneOf(input.type, { D::Int8, D::Int16 })) {
        const QuantParams in = quantParams(ctx, input);
        const QuantParams out = quantParams(ctx, *ctx.output(0));
        const auto scaleDiff = static_cast<double>(std::abs(in.scale - out.scale));
        ARENASCOPE_TRY(ensure(ctx, scaleDiff <= 1.0e-6, kPoolingCommon, 73, "scale_diff <= 1.0e-6"));
        ARENASCOPE_TRY(ensure(ctx, in.zeroPoint == out.zeroPoint, kPoolingCommon, 74,
            "input->params.zero_point == output->params.zero_point"));
    }
    if (!isOneOf(input.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, input);
    return okStatus();
}

// ---- SOFTMAX (softmax.cc, softmax_common.cc) -------------------------------------------------

Status softmaxInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kSoftmaxParams);
}

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
    ARENASCOPE_TRY(ensureCounts(ctx, kSoftmaxCommon, 148, 149, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(ensure(ctx, !ctx.input(0)->shape.empty(), kSoftmaxCommon, 152, "NumDimensions(input) >= 1"));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    return calculateSoftmaxParams(ctx, input, output);
}

// ---- QUANTIZE (quantize.cc, quantize_common.cc: PrepareQuantizeReference) -------------------

Status quantizeInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataQuantizeReference);
}

Status quantizePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kQuantizeCommon, 36, 37, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensureEq(ctx, kQuantizeCommon, 48, "output->quantization.type", "kTfLiteAffineQuantization",
        quantizationType(output), 1));
    ARENASCOPE_TRY(
        ensure(ctx, output.quant.channels == 1, kQuantizeCommon, 54, "affine_quantization->scale->size == 1"));
    ARENASCOPE_TRY(
        ensure(ctx, isOneOf(input.type, { D::Float32, D::Int32, D::Int16, D::Int8, D::UInt8 }), kQuantizeCommon, 56,
            "input->type == kTfLiteFloat32 || input->type == kTfLiteInt32 || input->type == kTfLiteInt16 || "
            "input->type == kTfLiteInt8 || input->type == kTfLiteUInt8"));
    return ensure(ctx, isOneOf(output.type, { D::Int8, D::Int16, D::Int32, D::UInt8 }), kQuantizeCommon, 60,
        "output->type == kTfLiteInt8 || output->type == kTfLiteInt16 || output->type == kTfLiteInt32 || "
        "output->type == kTfLiteUInt8");
}

} // namespace

Status calculateFullyConnectedOpData(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    return calculateFullyConnected(ctx, input, filter);
}

Status calculateSoftmaxParams(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    ARENASCOPE_TRY(initializeLutForInt16(ctx, input, output));
    return checkSoftmaxQuantization(ctx, input, output);
}

namespace {
constexpr std::array kProfiles = {
    builtin("AVERAGE_POOL_2D", "kernels/pooling.cc, pooling_common.cc", &options::kPool, poolInit, poolPrepare),
    builtin("FULLY_CONNECTED", "kernels/fully_connected.cc, fully_connected_common.cc", &options::kFullyConnected,
        fullyConnectedInit, fullyConnectedPrepare),
    builtin("MAX_POOL_2D", "kernels/pooling.cc, pooling_common.cc", &options::kPool, poolInit, poolPrepare),
    builtin("SOFTMAX", "kernels/softmax.cc, softmax_common.cc", &options::kSoftmax, softmaxInit, softmaxPrepare),
    builtin("QUANTIZE", "kernels/quantize.cc, quantize_common.cc", nullptr, quantizeInit, quantizePrepare),
};
} // namespace

std::span<const KernelProfile> denseProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
