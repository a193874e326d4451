// CMSIS-NN kernel profiles: CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV.
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/conv.cc, depthwise_conv.cc, transpose_conv.cc,
// with kernels/conv_common.cc and depthwise_conv_common.cc (CalculateOpData*) @90b983c2; buffer
// sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_common.h"
#include "core/emulation/kernels/conv_geometry.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/conv.h: OpDataConv (padding, zero points, multiplier and shift, two per-channel
// pointers, activation range, filter_buffer_index); cmsis_nn/conv.cc and depthwise_conv.cc
// wrap it with their scratch buffer index.
constexpr Field kOpDataConvFields[] = { nested(tflm::kTfLitePaddingValues), i32(5), ptr(2), i32(3) };
constexpr StructDef kOpDataConv { "OpDataConv", kOpDataConvFields };
constexpr Field kConvOpDataFields[] = { nested(kOpDataConv), i32() };
constexpr StructDef kConvOpData { "OpData (cmsis_nn conv)", kConvOpDataFields };

// kernels/internal/types.h: ConvParams (padding type, int16 padding values, strides and
// dilations, offsets, multiplier and shift, quantized and float activation ranges).
constexpr Field kInt16PaddingFields[] = { i16(4) };
constexpr StructDef kPaddingValues { "PaddingValues", kInt16PaddingFields };
constexpr Field kConvParamsFields[] = { i8(), nested(kPaddingValues), i16(4), i32(4), i32(), i32(2), f32(2) };
constexpr StructDef kConvParams { "ConvParams", kConvParamsFields };
// cmsis_nn/transpose_conv.cc: ConvParams, three buffer indices, two per-channel pointers.
constexpr Field kTransposeConvOpDataFields[] = { nested(kConvParams), i32(3), ptr(2) };
constexpr StructDef kTransposeConvOpData { "OpData (cmsis_nn transpose_conv)", kTransposeConvOpDataFields };

Status ensureTypesMatch(KernelContext& ctx, const char* file, int line, const Tensor& input, const Tensor& output)
{
    if (input.type != output.type)
        return ensureEqFailed(
            ctx, file, line, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code);
    return okStatus();
}

// CalculateOpDataConv / CalculateOpDataDepthwiseConv: input, filter, bias and output held
// while the quantization parameters are computed.
Status calculateOpData(KernelContext& ctx, const char* file)
{
    if (ctx.inputCount() != 2 && ctx.inputCount() != 3)
        return ensureFailed(ctx, file, 88, "has_bias || node->inputs->size == 2");
    if (ctx.outputCount() != 1)
        return ensureEqFailed(ctx, file, 89, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    return okStatus();
}

cmsisnn::ConvGeometry geometry(const KernelContext& ctx, const cmsisnn::Dims& filter)
{
    const ConvOptions o = convOptions(ctx);
    const cmsisnn::Dims input = nhwc(*ctx.input(0));
    const PaddingValues p = computePadding(o, input.h, input.w, filter.h, filter.w);
    cmsisnn::ConvGeometry g;
    g.input = input;
    g.filter = filter;
    g.output = nhwc(*ctx.output(0));
    g.stride = { o.strideW, o.strideH };
    g.padding = { p.width, p.height };
    g.dilation = { o.dilationW, o.dilationH };
    return g;
}

Status perChannelBuffers(KernelContext& ctx, std::uint64_t channels)
{
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    return ctx.allocatePersistent(4 * channels, "per_channel_output_shift");
}

// TFLM indexes the four dimensions of each unchecked in the 2023 Prepare steps: a tensor of
// another rank is not a model TFLM can run.
// Both 2022 Prepares open by holding input, filter and output (no bias).
Status holdFourDimOperands(KernelContext& ctx, TempTensors& temps)
{
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    if (filter.shape.size() != 4 || input.shape.size() != 4 || output.shape.size() != 4)
        return ctx.kernelError("input, filter and output must be 4-D");
    return okStatus();
}

// Before TFLM moved its CMSIS-NN pin past e98ee09a (6f2828619, 2023-06-15; 4e62ea7b), its own
// lines: input, filter and output held (no bias), an int4 filter's scratch, the per-channel
// arrays, the reference CalculateOpDataConv of that snapshot, then the CMSIS-NN buffer of the
// 2022 library for int8, and for int16 after its zero-point checks.
Status convPrepareBefore2023_06(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdFourDimOperands(ctx, temps));
    const auto [input, filter, output] = weightedOperands(ctx);
    const char* file = kConvFile;
    if (filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    const bool quantized = isOneOf(input.type, { D::Int8, D::Int16 });
    if (quantized)
        ARENASCOPE_TRY(perChannelBuffers(ctx, static_cast<std::uint64_t>(filter.shape[0])));
    ARENASCOPE_TRY(calculateConvOpData(ctx, false));
    if (!quantized)
        return okStatus();
    const cmsisnn::ConvGeometry g
        = geometry(ctx, cmsisnn::Dims { output.shape[3], filter.shape[1], filter.shape[2], input.shape[3] });
    if (input.type == D::Int8)
        return requestIfPositive(ctx, cmsisnn::v2022::convolveWrapperS8(g, extension(ctx)), "arm_convolve_wrapper_s8");
    ARENASCOPE_TRY(ensureEqAsIs(ctx, file, 134, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
    ARENASCOPE_TRY(
        ensureEqAsIs(ctx, file, 135, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
    return requestIfPositive(ctx, cmsisnn::v2022::convolveWrapperS16(g, extension(ctx)), "arm_convolve_wrapper_s16");
}

Status convPrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPin2023))
        return convPrepareBefore2023_06(ctx);
    const char* file = kConvFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    // The bias is looked up in the node's outputs (index 2): with one output, nothing is held.
    ARENASCOPE_TRY(temps.output(2, false));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(ensureTypesMatch(ctx, file, 69, input, output));
    ARENASCOPE_TRY(requireInputType(ctx, file, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(ctx, file, input.type, filter.type, true));
    for (const auto& [t, name, line] : { std::tuple { &input, "input->dims->size", 85 },
             std::tuple { &filter, "filter->dims->size", 86 }, std::tuple { &output, "output->dims->size", 87 } })
        if (t->shape.size() != 4)
            return ensureEqFailed(ctx, file, line, name, "4", static_cast<long long>(t->shape.size()), 4);
    if (input.shape[0] != output.shape[0])
        return ensureEqFailed(
            ctx, file, 89, "input->dims->data[0]", "output->dims->data[0]", input.shape[0], output.shape[0]);
    if (filter.shape[3] <= 0)
        return ensureFailed(ctx, file, 91, "filter->dims->data[3] > 0");
    if (input.shape[3] % filter.shape[3] != 0)
        return ensureEqFailed(
            ctx, file, 92, "input->dims->data[3] % filter->dims->data[3]", "0", input.shape[3] % filter.shape[3], 0);
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(perChannelBuffers(ctx, static_cast<std::uint64_t>(filter.shape[0])));
    ARENASCOPE_TRY(calculateOpData(ctx, "tensorflow/lite/micro/kernels/conv_common.cc"));
    // filter_dims = {1, h, w, c}: CMSIS-NN sizes its im2col buffer from the input depth.
    const cmsisnn::ConvGeometry g
        = geometry(ctx, cmsisnn::Dims { 1, filter.shape[1], filter.shape[2], filter.shape[3] });
    if (input.type == D::Int8)
        return requestIfPositive(ctx,
            cmsisnn::convolveWrapperS8(
                g, extension(ctx), tflmHas(ctx.settings().tflm, TflmChange::CmsisNnGroupedConvDispatch)),
            "arm_convolve_wrapper_s8");
    if (input.type == D::Int16)
        return requestIfPositive(ctx, cmsisnn::convolveWrapperS16(g, extension(ctx)), "arm_convolve_wrapper_s16");
    return okStatus();
}

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
    const char* file = kDepthwiseFile;
    if (isOneOf(input.type, { D::Int8, D::Int16 })) {
        ARENASCOPE_TRY(ensureEqAsIs(
            ctx, file, 87, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
        if (input.type == D::Int16) {
            ARENASCOPE_TRY(
                ensureEqAsIs(ctx, file, 91, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
            ARENASCOPE_TRY(
                ensureEqAsIs(ctx, file, 92, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
        }
        const std::int64_t channels = filter.shape[3];
        if (filter.quant.channels != 1 && filter.quant.channels != channels)
            return ensureFailedAsIs(ctx, file, 102,
                "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                "filter->dims->data[kDepthwiseConvQuantizedDimension]");
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
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(ensureTypesMatch(ctx, file, 78, input, output));
    ARENASCOPE_TRY(requireInputType(ctx, file, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(ctx, file, input.type, filter.type, true));
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
    if (filter.type == D::Int8)
        return requestIfPositive(
            ctx, cmsisnn::depthwiseConvWrapperS8(g, extension(ctx)), "arm_depthwise_conv_wrapper_s8");
    if (filter.type == D::Int4)
        return requestIfPositive(
            ctx, cmsisnn::depthwiseConvWrapperS4(g, extension(ctx)), "arm_depthwise_conv_wrapper_s4");
    return okStatus();
}

Status transposeConvPrepare(KernelContext& ctx)
{
    const char* file = kTransposeConvFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ out(0), in(2), in(1) }));
    const Tensor& output = *ctx.output(0);
    const Tensor& input = *ctx.input(2);
    const Tensor& filter = *ctx.input(1);
    ARENASCOPE_TRY(ensureTypesMatch(ctx, file, 177, input, output));
    ARENASCOPE_TRY(requireInputType(ctx, file, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(ctx, file, input.type, filter.type, false));
    if (filter.shape.size() < 4 || input.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("TRANSPOSE_CONV tensors must be 4-D");
    ARENASCOPE_TRY(perChannelBuffers(ctx, static_cast<std::uint64_t>(filter.shape[0])));
    const CpuExtension ext = extension(ctx);
    if (input.type == D::Int8) {
        const ConvOptions o = convOptions(ctx);
        cmsisnn::ConvGeometry g;
        g.input = nhwc(input);
        g.filter = cmsisnn::Dims { output.shape[3], filter.shape[1], filter.shape[2], input.shape[3] };
        g.output = nhwc(output);
        g.stride = { o.strideW, o.strideH };
        // Both requests are made even at 0 bytes (inside TFLITE_DCHECK).
        if (tflmHas(ctx.settings().tflm, TflmChange::CmsisNnTransposeConvReverse)) {
            ARENASCOPE_TRY(ctx.requestScratch(
                static_cast<std::uint64_t>(cmsisnn::transposeConvS8(g, ext)), "arm_transpose_conv_s8"));
            ARENASCOPE_TRY(ctx.requestScratch(static_cast<std::uint64_t>(cmsisnn::transposeConvS8Reverse(g, ext)),
                "arm_transpose_conv_s8 reverse conv"));
        } else {
            // Before: every filter tap over the input plane, then the output plane, in int32.
            ARENASCOPE_TRY(ctx.requestScratch(
                static_cast<std::uint64_t>(cmsisnn::v2024::transposeConvS8(g)), "arm_transpose_conv_s8"));
            ARENASCOPE_TRY(
                ctx.requestScratch(static_cast<std::uint64_t>(cmsisnn::v2024::transposeConvOutput(g)), "int32 output"));
        }
    } else if (input.type == D::Int16) {
        ARENASCOPE_TRY(ctx.requestScratch(8 * output.elementCount, "int64 output accumulator"));
    }
    // CalculateOpData: input, filter, bias, output held while quantizing.
    if (ctx.inputCount() != 3 && ctx.inputCount() != 4)
        return ensureFailed(ctx, file, 81, "has_bias || node->inputs->size == 3");
    if (ctx.outputCount() != 1)
        return ensureEqFailed(ctx, file, 82, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1);
    if (input.type != D::Float32) {
        TempTensors q(ctx);
        ARENASCOPE_TRY(q.hold({ in(2), in(1), in(3, false), out(0) }));
        const Tensor* bias = ctx.input(3);
        if (input.type == D::Int16 && bias && bias->type == D::Int16)
            ARENASCOPE_TRY(ctx.requestScratch(8 * bias->elementCount, "int64 bias"));
    }
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("CONV_2D", "kernels/cmsis_nn/conv.cc, conv_common.cc; arm_convolve_wrapper_s8/s16_get_buffer_size",
        &options::kConv, initStruct<kConvOpData>, convPrepare),
    builtin("DEPTHWISE_CONV_2D",
        "kernels/cmsis_nn/depthwise_conv.cc, depthwise_conv_common.cc; "
        "arm_depthwise_conv_wrapper_s8/s4_get_buffer_size",
        &options::kDepthwiseConv, initStruct<kConvOpData>, depthwisePrepare),
    builtin("TRANSPOSE_CONV",
        "kernels/cmsis_nn/transpose_conv.cc; arm_transpose_conv_s8_get_buffer_size, "
        "arm_transpose_conv_s8_get_reverse_conv_buffer_size",
        &options::kTransposeConv, initStruct<kTransposeConvOpData>, transposeConvPrepare),
};

} // namespace

const std::span<const KernelProfile> convProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
