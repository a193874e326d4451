// CONV_2D and DEPTHWISE_CONV_2D.
// Source: tensorflow/lite/micro/kernels/conv.cc, conv_common.cc, depthwise_conv.cc,
// depthwise_conv_common.cc @90b983c2 (reference kernels), and
// PopulateConvolutionQuantizationParams in tensorflow/lite/kernels/kernel_util.cc.
#include "checks.h"
#include "conv_common.h"

#include "builtin_options.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels {

namespace {

constexpr const char* kConvCommon = "tensorflow/lite/micro/kernels/conv_common.cc";
constexpr const char* kDepthwiseCommon = "tensorflow/lite/micro/kernels/depthwise_conv_common.cc";

// What differs between the two kernels' Prepare.
struct ConvKind {
    bool depthwise;
    const char* file; // the *_common.cc holding Prepare and CalculateOpData*
    std::size_t quantizedDimension; // kConvQuantizedDimension 0, kDepthwiseConvQuantizedDimension 3
};
constexpr ConvKind kConv { false, kConvCommon, 0 };
constexpr ConvKind kDepthwise { true, kDepthwiseCommon, 3 };

// conv_common.cc: ConvInit; depthwise_conv.cc: DepthwiseConvInit (both sizeof(OpDataConv)).
constexpr KernelStep initConvOpData = initStruct<opdata::kOpDataConv>;

// TF_LITE_ENSURE_MSG on the input/filter type pair (conv_common.cc:159,
// depthwise_conv_common.cc:194).
Status checkHybrid(KernelContext& ctx, const ConvKind& kind, const Tensor& input, const Tensor& filter)
{
    bool ok = (input.type == D::Int16 && filter.type == D::Int8)
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }));
    if (kind.depthwise)
        ok = ok || input.type == filter.type;
    else
        ok = ok || (input.type == D::Float32 && filter.type == D::Float32);
    if (!ok)
        return Checks(ctx, kind.file).msg(false, "Hybrid models are not supported on TFLite Micro.");
    return okStatus();
}

[[maybe_unused]] std::int64_t quantizedDimSize(const Tensor& filter)
{
    const auto dim = static_cast<std::size_t>(filter.quant.quantizedDimension);
    return dim < filter.shape.size() ? filter.shape[dim] : 0;
}

// kernel_util.cc: PopulateConvolutionQuantizationParams (per-axis and per-tensor), the checks
// that can fail; the multipliers it writes do not move the arena.
Status populateConvolutionQuantization(
    KernelContext& ctx, const Tensor& input, const Tensor& filter, const Tensor& output, std::int64_t channels)
{
    const Checks check(ctx, kKernelUtil);
    ARENASCOPE_TRY(check.eq(221, "input->quantization.type", "kTfLiteAffineQuantization", quantizationType(input), 1));
    ARENASCOPE_TRY(
        check.eq(223, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
    if (filter.quant.channels > 1) {
        ARENASCOPE_TRY(check.ensure(239, isOneOf(input.type, { D::Int8, D::Int16 }),
            "input->type == kTfLiteInt8 || input->type == kTfLiteInt16"));
        ARENASCOPE_TRY(check.ensure(241, isOneOf(filter.type, { D::Int8, D::Int4 }),
            "filter->type == kTfLiteInt8 || filter->type == kTfLiteInt4"));
        ARENASCOPE_TRY(
            check.eq(243, "affine_quantization->scale->size", "num_channels", filter.quant.channels, channels));
        const auto dim = static_cast<std::size_t>(filter.quant.quantizedDimension);
        ARENASCOPE_TRY(check.eq(244, "num_channels", "filter->dims->data[affine_quantization->quantized_dimension]",
            channels, dim < filter.shape.size() ? filter.shape[dim] : 0));
    }
    if (isOneOf(input.type, { D::Int8, D::UInt8, D::Int16 }))
        return activationRangeQuantized(ctx, output);
    return okStatus();
}

// The int8 (conv: and int16) per-channel checks of the filter's quantization.
Status checkFilterQuantization(KernelContext& ctx, const ConvKind& kind, const Tensor& filter)
{
    const int typeLine = kind.depthwise ? 176 : 185;
    ARENASCOPE_TRY(
        Checks(ctx, kind.file)
            .eq(typeLine, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
    const std::int64_t channels = filter.shape[kind.quantizedDimension];
    const bool sizeOk = filter.quant.channels == 1 || filter.quant.channels == channels;
    if (kind.depthwise)
        return Checks(ctx, kind.file)
            .ensure(185, sizeOk,
                "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                "filter->dims->data[kDepthwiseConvQuantizedDimension]");
    return Checks(ctx, kind.file)
        .ensure(194, sizeOk,
            "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
            "filter->dims->data[kConvQuantizedDimension]");
}

Status requestInt4Scratch(KernelContext& ctx, const Tensor& filter)
{
    if (filter.type != D::Int4)
        return okStatus();
    return ctx.requestScratch(filter.elementCount, "unpacked int4 filter");
}

// ConvPrepare (conv_common.cc) and DepthwiseConvPrepare (depthwise_conv_common.cc): output,
// input and filter held throughout; the per-channel arrays are allocated while they are.
Status prepareConvLike(KernelContext& ctx, const ConvKind& kind)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ out(0), in(0), in(1) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    if (!kind.depthwise) {
        ARENASCOPE_TRY(
            Checks(ctx, kind.file)
                .eq(158, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
        ARENASCOPE_TRY(checkHybrid(ctx, kind, input, filter));
    }
    // TFLM indexes filter->dims->data[0..3] unchecked; a filter of fewer dims is not a model
    // TFLM can run.
    if (filter.shape.size() < 4)
        return ctx.kernelError("filter must be 4-D");
    const auto channels = static_cast<std::uint64_t>(filter.shape[kind.quantizedDimension]);
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    const bool perChannelChecked = kind.depthwise ? input.type == D::Int8 : isOneOf(input.type, { D::Int8, D::Int16 });
    if (perChannelChecked)
        ARENASCOPE_TRY(checkFilterQuantization(ctx, kind, filter));
    if (kind.depthwise) {
        ARENASCOPE_TRY(checkHybrid(ctx, kind, input, filter));
        ARENASCOPE_TRY(requestInt4Scratch(ctx, filter));
        return calculateConvOpData(ctx, kind.depthwise);
    }
    ARENASCOPE_TRY(calculateConvOpData(ctx, kind.depthwise));
    return requestInt4Scratch(ctx, filter);
}

// CalculateOpDataConv / CalculateOpDataDepthwiseConv: input, filter, bias, output held together.
Status calculateOpDataImpl(KernelContext& ctx, const ConvKind& kind)
{
    const bool hasBias = ctx.inputCount() == 3;
    ARENASCOPE_TRY(
        Checks(ctx, kind.file).ensure(88, hasBias || ctx.inputCount() == 2, "has_bias || node->inputs->size == 2"));
    ARENASCOPE_TRY(
        Checks(ctx, kind.file).eq(89, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    if (input.type != D::Float32)
        ARENASCOPE_TRY(
            populateConvolutionQuantization(ctx, input, filter, *ctx.output(0), filter.shape[kind.quantizedDimension]));
    const TflmChange optionalBias = kind.depthwise ? TflmChange::DepthwiseBiasOptional : TflmChange::ConvBiasOptional;
    // An omitted bias (index -1, or no third input) gives a null temp tensor either way.
    const bool biasHeld = hasBias && ctx.input(2) != nullptr;
    if (!biasHeld && !tflmHas(ctx.settings().tflm, optionalBias))
        return silentFailure(ctx,
            formatString("%s without a bias: this TFLM releases the bias temp tensor unconditionally and "
                         "reads through its null pointer (%s, fixed by %s on %s); a host crashes, a "
                         "microcontroller reads address 0",
                kind.depthwise ? "DEPTHWISE_CONV_2D" : "CONV_2D", kind.file,
                std::string(tflmChangeInfo(optionalBias).commit).c_str(),
                std::string(tflmChangeInfo(optionalBias).date).c_str()));
    return okStatus();
}

} // namespace

Status calculateConvOpData(KernelContext& ctx, bool depthwise)
{
    return calculateOpDataImpl(ctx, depthwise ? kDepthwise : kConv);
}

Status convInit(KernelContext& ctx)
{
    return initConvOpData(ctx);
}
Status convPrepare(KernelContext& ctx)
{
    return prepareConvLike(ctx, kConv);
}
Status depthwiseConvPrepare(KernelContext& ctx)
{
    return prepareConvLike(ctx, kDepthwise);
}

namespace {
constexpr std::array kProfiles = {
    builtin("CONV_2D", "kernels/conv.cc, conv_common.cc", &options::kConv, convInit, convPrepare),
    builtin("DEPTHWISE_CONV_2D", "kernels/depthwise_conv.cc, depthwise_conv_common.cc", &options::kDepthwiseConv,
        convInit, depthwiseConvPrepare),
};
} // namespace

const std::span<const KernelProfile> convProfiles = kProfiles;

} // namespace arenascope::kernels
