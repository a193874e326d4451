// FULLY_CONNECTED.
// Sources: tensorflow/lite/micro/kernels/fully_connected.cc, fully_connected_common.cc
// @90b983c2, and lite/kernels/kernel_util.cc for the shared checks; the op data struct is
// described member by member in math_op_data.h. CalculateOpDataFullyConnected
// (dense_common.h) is also called by the CMSIS-NN and ESP-NN FULLY_CONNECTED.
#include "checks.h"
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

constexpr const char* kFullyConnected = "tensorflow/lite/micro/kernels/fully_connected.cc";
constexpr const char* kFullyConnectedCommon = "tensorflow/lite/micro/kernels/fully_connected_common.cc";

// ---- FULLY_CONNECTED ------------------------------------------------------------------------

// kernel_util.cc GetQuantizedConvolutionMultipler (per-tensor filters): the bias scale must be
// close to input scale x filter scale, relative to the output scale.
Status checkPerTensorMultiplier(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const Checks check(ctx, kKernelUtil);
    const QuantParams in = quantParams(ctx, input);
    const QuantParams w = quantParams(ctx, filter);
    const QuantParams out = quantParams(ctx, *ctx.output(0));
    if (const Tensor* bias = ctx.input(2)) {
        const double product = static_cast<double>(in.scale) * static_cast<double>(w.scale);
        const double diff = std::abs(product - static_cast<double>(quantParams(ctx, *bias).scale));
        ARENASCOPE_TRY(
            check.ensure(322, diff / static_cast<double>(out.scale) <= 0.02, "scale_diff / output_scale <= 0.02"));
    }
    return check.ensure(335, static_cast<double>(in.scale * w.scale) >= 0, "input_product_scale >= 0");
}

// Before per-channel support: a per-channel filter fails with a message from 71fba59b5
// (2024-05-28) and, before that, runs with its first channel's scale (the per-tensor path).
Status calculateFullyConnectedBeforePerChannel(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const Checks check(ctx, kFullyConnectedCommon);
    const TflmVersion v = ctx.settings().tflm;
    if (tflmHas(v, TflmChange::FullyConnectedPerChannelRejected) && filter.quant.present && filter.quant.channels != 1)
        return check.msg(false,
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
    const Checks check(ctx, kFullyConnectedCommon);
    const TflmVersion v = ctx.settings().tflm;
    if (!tflmHas(v, TflmChange::FullyConnectedPerChannel))
        return calculateFullyConnectedBeforePerChannel(ctx, input, filter);
    if (input.type == D::Float32)
        return okStatus();
    if (filter.quant.present && filter.quant.channels > 1) {
        if (tflmHas(v, TflmChange::FullyConnectedPerChannelInt16)) {
            const bool ok = isOneOf(input.type, { D::Int8, D::Int16 }) && filter.type != D::Int4;
            ARENASCOPE_TRY(check.ensure(99, ok,
                "(input->type == kTfLiteInt8 && filter->type != kTfLiteInt4) || (input->type == kTfLiteInt16 && "
                "filter->type != kTfLiteInt4)"));
        } else {
            // The int8-only condition, at its own line of that snapshot.
            const bool ok = input.type == D::Int8 && filter.type != D::Int4;
            ARENASCOPE_TRY(Checks(ctx, kFullyConnectedCommon, CheckLines::AsPrinted)
                               .ensure(99, ok, "input->type == kTfLiteInt8 && filter->type != kTfLiteInt4"));
        }
        const auto dim = static_cast<std::size_t>(filter.quant.quantizedDimension);
        const std::int64_t dimSize = dim < filter.shape.size() ? filter.shape[dim] : 0;
        ARENASCOPE_TRY(check.eq(107, "per_channel_quantization_size",
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
    const Checks check(ctx, kFullyConnected);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    ARENASCOPE_TRY(check.typesEq(57, "input->type", "output->type", input.type, ctx.output(0)->type));
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

} // namespace

Status calculateFullyConnectedOpData(KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    return calculateFullyConnected(ctx, input, filter);
}

namespace {
constexpr std::array kProfiles = {
    builtin("FULLY_CONNECTED", "kernels/fully_connected.cc, fully_connected_common.cc", &options::kFullyConnected,
        fullyConnectedInit, fullyConnectedPrepare),
};

} // namespace

const std::span<const KernelProfile> fullyConnectedProfiles = kProfiles;

} // namespace arenascope::kernels
