// CMSIS-NN DEPTHWISE_CONV_2D (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/depthwise_conv.cc with
// kernels/depthwise_conv_common.cc (CalculateOpDataDepthwiseConv) @90b983c2; buffer sizes from
// CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_profiles.h"
#include "conv_helpers.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_geometry.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// An int8 depthwise Prepare asserted a batch of 1 (TFLITE_DCHECK_EQ, active in TFLM's default
// build) until cc99d0597 (2026-05-27): the device aborts without a message.
Status batchOfOne(KernelContext& ctx, const Tensor& input)
{
    if (tflmHas(ctx.settings().tflm, TflmChange::CmsisNnDepthwiseAnyBatch) || nhwc(input).n == 1)
        return okStatus();
    const TflmChangeInfo& fix = tflmChangeInfo(TflmChange::CmsisNnDepthwiseAnyBatch);
    return silentFailure(ctx,
        formatString("a CMSIS-NN int8 DEPTHWISE_CONV_2D with a batch of %lld: this TFLM's Prepare asserts a batch of 1 "
                     "(TFLITE_DCHECK_EQ in kernels/cmsis_nn/depthwise_conv.cc), and the assertion aborts; removed "
                     "by %s (%s)",
            static_cast<long long>(nhwc(input).n), std::string(fix.commit).c_str(), std::string(fix.date).c_str()));
}

// Before 6f2828619 (2023-06-15; 4e62ea7b), its own lines: input, filter and output held; for
// int8 and int16 the filter's quantization checks and the per-channel arrays; an int4 filter's
// scratch; the reference CalculateOpDataDepthwiseConv of that snapshot; a CMSIS-NN buffer (the
// 2022 library) for int8 only.
Status depthwisePrepareBefore2023_06(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdFourDimOperands(ctx, temps));
    const auto [input, filter, output] = weightedOperands(ctx);
    // Checks the newest no longer has, at the lines of the snapshot's own file.
    const Checks asPrinted(ctx, kDepthwiseFile, CheckLines::AsPrinted);
    if (isOneOf(input.type, { D::Int8, D::Int16 })) {
        ARENASCOPE_TRY(
            asPrinted.eq(87, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
        if (input.type == D::Int16) {
            ARENASCOPE_TRY(asPrinted.eq(91, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
            ARENASCOPE_TRY(asPrinted.eq(92, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
        }
        const std::int64_t channels = filter.shape[3];
        ARENASCOPE_TRY(asPrinted.ensure(102, filter.quant.channels == 1 || filter.quant.channels == channels,
            "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
            "filter->dims->data[kDepthwiseConvQuantizedDimension]"));
        ARENASCOPE_TRY(perChannelBuffers(ctx, static_cast<std::uint64_t>(channels)));
    }
    if (filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    ARENASCOPE_TRY(calculateConvOpData(ctx, true));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(batchOfOne(ctx, input));
    const cmsisnn::ConvGeometry g
        = geometry(ctx, cmsisnn::Dims { 1, filter.shape[1], filter.shape[2], output.shape[3] });
    return requestIfPositive(
        ctx, cmsisnn::v2022::depthwiseConvWrapperS8(g, extension(ctx)), "arm_depthwise_conv_wrapper_s8");
}

Status depthwisePrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPin2023))
        return depthwisePrepareBefore2023_06(ctx);
    const char* file = kDepthwiseFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(check.typeCodesEq(78, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(requireInputType(check, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(check, input.type, filter.type, true));
    if (filter.shape.size() < 4)
        return ctx.kernelError("filter must be 4-D");
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(perChannelBuffers(ctx, static_cast<std::uint64_t>(filter.shape[3])));
    ARENASCOPE_TRY(calculateOpData(ctx, "tensorflow/lite/micro/kernels/depthwise_conv_common.cc"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(batchOfOne(ctx, input));
    // filter_dims = {1, h, w, output depth}; the geometry's stride is never set by TFLM here
    // and only matters for MVE's one-input-channel 1xN case: the options' stride is used.
    const cmsisnn::ConvGeometry g
        = geometry(ctx, cmsisnn::Dims { 1, filter.shape[1], filter.shape[2], nhwc(output).c });
    // 182c8c770 (2024-11-12) moved TFLM's CMSIS-NN pin from f2cb41ca to 22080c68, past e8db23a6
    // (arm_depthwise_conv_get_buffer_sizes_s8.c: one input channel run as a convolution on MVE).
    const bool oneInputChannelAsConv = tflmHas(ctx.settings().tflm, TflmChange::CmsisNnTransposeConvReverse);
    if (filter.type == D::Int8)
        return requestIfPositive(ctx, cmsisnn::depthwiseConvWrapperS8(g, extension(ctx), oneInputChannelAsConv),
            "arm_depthwise_conv_wrapper_s8");
    if (filter.type == D::Int4)
        return requestIfPositive(
            ctx, cmsisnn::depthwiseConvWrapperS4(g, extension(ctx)), "arm_depthwise_conv_wrapper_s4");
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("DEPTHWISE_CONV_2D",
        "kernels/cmsis_nn/depthwise_conv.cc, depthwise_conv_common.cc; "
        "arm_depthwise_conv_wrapper_s8/s4_get_buffer_size",
        &options::kDepthwiseConv, initStruct<kConvOpData>, depthwisePrepare),
};

} // namespace

const std::span<const KernelProfile> depthwiseConvProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
