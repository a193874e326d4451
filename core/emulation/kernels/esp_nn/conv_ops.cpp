// ESP-NN kernel profiles: CONV_2D and DEPTHWISE_CONV_2D.
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/conv.cc and
// depthwise_conv.cc (Init: NodeData {OpDataConv; int buffer_idx}; Prepare: TFLM's checks in
// their own order, CalculateOpData* from TFLM, then one scratch request sized by esp-nn for int8
// inputs); scratch sizes in scratch_sizes.cpp.
#include "esp_profiles.h"
#include "scratch_sizes.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_common.h"
#include "core/emulation/kernels/conv_geometry.h"
#include "core/emulation/kernels/kernel_helpers.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"

#include <array>

namespace arenascope::kernels::esp {

namespace {

constexpr const char* kConvFile = "tensorflow/lite/micro/kernels/esp_nn/conv.cc";
constexpr const char* kDepthwiseFile = "tensorflow/lite/micro/kernels/esp_nn/depthwise_conv.cc";

// struct NodeData { OpDataConv op_data; int buffer_idx; } of both files.
constexpr Field kNodeDataFields[] = { nested(opdata::kOpDataConv), i32() };
constexpr StructDef kNodeData { "NodeData (esp_nn conv)", kNodeDataFields };

// esp-nn's data_dims_t of an NHWC tensor (width, height, channels).
Dims dims(const Tensor& t)
{
    return Dims { t.shape[2], t.shape[1], t.shape[3] };
}

// The padding CalculateOpData* stored in OpDataConv (ComputePaddingHeightWidth) and the
// strides from the operator's options: what the kernel hands esp-nn.
ConvParams convParams(const KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const ConvOptions o = convOptions(ctx);
    const PaddingValues p = computePadding(o, input.shape[1], input.shape[2], filter.shape[1], filter.shape[2]);
    ConvParams c;
    c.strideW = o.strideW;
    c.strideH = o.strideH;
    c.padW = p.width;
    c.padH = p.height;
    return c;
}

std::int32_t depthMultiplier(const KernelContext& ctx)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    const auto* o = op ? op->builtin_options_as_DepthwiseConv2DOptions() : nullptr;
    return o ? o->depth_multiplier() : 0;
}

Status requestEspScratch(KernelContext& ctx, std::int32_t bytes, const char* what)
{
    // A size <= 0 leaves buffer_idx at -1: no request.
    if (bytes <= 0)
        return okStatus();
    return ctx.requestScratch(static_cast<std::uint64_t>(bytes), what);
}

Status requestInt4Scratch(KernelContext& ctx, const Tensor& filter)
{
    if (filter.type != D::Int4)
        return okStatus();
    return ctx.requestScratch(filter.elementCount, "unpacked int4 filter");
}

// esp_nn reads every dimension of input, filter and output as NHWC without checking; a tensor
// of another rank is not a model the kernel can run.
Status requireNhwc(KernelContext& ctx)
{
    for (const Tensor* t : { ctx.input(0), ctx.input(1), ctx.output(0) })
        if (t->shape.size() != 4)
            return ctx.kernelError("esp_nn convolution: input, filter and output must be 4-D");
    return okStatus();
}

Status checkPerChannelQuantization(
    KernelContext& ctx, const char* file, int typeLine, int sizeLine, const Tensor& filter, std::size_t dim)
{
    ARENASCOPE_TRY(ensureEq(
        ctx, file, typeLine, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
    const std::int64_t channels = filter.shape[dim];
    const bool ok = filter.quant.channels == 1 || filter.quant.channels == channels;
    const char* condition = dim == 0 ? "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                                       "filter->dims->data[kConvQuantizedDimension]"
                                     : "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                                       "filter->dims->data[kDepthwiseConvQuantizedDimension]";
    return ensure(ctx, ok, file, sizeLine, condition);
}

Status convPrepare(KernelContext& ctx)
{
    const char* file = kConvFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ out(0), in(0), in(1) }));
    ARENASCOPE_TRY(requireNhwc(ctx));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(ensure(ctx, filter.shape[3] > 0, file, 74, "filter_input_channels > 0"));
    ARENASCOPE_TRY(
        ensureEq(ctx, file, 75, "input_channels % filter_input_channels", "0", input.shape[3] % filter.shape[3], 0));
    ARENASCOPE_TRY(ensureEq(
        ctx, file, 77, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
    const bool typesOk = (input.type == D::Float32 && filter.type == D::Float32)
        || (input.type == D::Int16 && filter.type == D::Int8)
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }));
    if (!typesOk)
        return ensureMsgFailed(ctx, file, "Hybrid models are not supported on TFLite Micro.");
    const auto channels = static_cast<std::uint64_t>(static_cast<std::uint32_t>(filter.shape[0]));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(checkPerChannelQuantization(ctx, file, 104, 113, filter, 0));
    ARENASCOPE_TRY(calculateConvOpData(ctx, false));
    ARENASCOPE_TRY(requestInt4Scratch(ctx, filter));
    if (input.type != D::Int8)
        return okStatus();
    const EmulationSettings& s = ctx.settings();
    const std::int32_t bytes = convScratchSize(espNnFamily(s.espChip), s.espNn, dims(input),
        Dims { filter.shape[2], filter.shape[1], filter.shape[3] }, dims(output), convParams(ctx, input, filter));
    return requestEspScratch(ctx, bytes, "esp-nn conv scratch");
}

Status depthwisePrepare(KernelContext& ctx)
{
    const char* file = kDepthwiseFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ out(0), in(0), in(1) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(ensureEq(ctx, file, 184, "input->dims->size", "4", static_cast<long long>(input.shape.size()), 4));
    ARENASCOPE_TRY(ensureEq(ctx, file, 185, "filter->dims->size", "4", static_cast<long long>(filter.shape.size()), 4));
    ARENASCOPE_TRY(ensureEq(ctx, file, 186, "output->dims->size", "4", static_cast<long long>(output.shape.size()), 4));
    const ConvOptions o = convOptions(ctx);
    ARENASCOPE_TRY(ensure(ctx, o.dilationH > 0, file, 187, "params.dilation_height_factor > 0"));
    ARENASCOPE_TRY(ensure(ctx, o.dilationW > 0, file, 188, "params.dilation_width_factor > 0"));
    ARENASCOPE_TRY(ensureEq(ctx, file, 191, "filter->dims->data[0]", "1", filter.shape[0], 1));
    ARENASCOPE_TRY(ensure(ctx, input.shape[3] != 0, file, 196, "num_input_channels != 0"));
    ARENASCOPE_TRY(
        ensureEq(ctx, file, 197, "num_filter_channels % num_input_channels", "0", filter.shape[3] % input.shape[3], 0));
    const auto channels = static_cast<std::uint64_t>(static_cast<std::uint32_t>(filter.shape[3]));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (input.type == D::Int8) {
        ARENASCOPE_TRY(checkPerChannelQuantization(ctx, file, 217, 226, filter, 3));
        ARENASCOPE_TRY(ensureEq(ctx, file, 231, "affine_quantization->scale->size",
            "affine_quantization->zero_point->size", filter.quant.channels, filter.quant.zeroPoints));
    }
    const bool typesOk = input.type == filter.type
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }))
        || (input.type == D::Int16 && filter.type == D::Int8);
    if (!typesOk)
        return ensureMsgFailed(ctx, file, "Hybrid models are not supported on TFLite Micro.");
    ARENASCOPE_TRY(requestInt4Scratch(ctx, filter));
    ARENASCOPE_TRY(calculateConvOpData(ctx, true));
    if (input.type != D::Int8)
        return okStatus();
    const EmulationSettings& s = ctx.settings();
    ConvParams p = convParams(ctx, input, filter);
    p.channelMultiplier = depthMultiplier(ctx);
    const std::int32_t bytes = depthwiseConvScratchSize(espNnFamily(s.espChip), s.espNn, dims(input),
        Dims { filter.shape[2], filter.shape[1], filter.shape[3] }, dims(output), p);
    return requestEspScratch(ctx, bytes, "esp-nn depthwise scratch");
}

// Before esp-tflite-micro a91b8077e (2025-02-17: releases up to 1.3.3, TFLM 10ebaab9 and older),
// conv.cc's Init allocated sizeof(OpDataConv), 4 bytes short of the NodeData its Prepare fills.
Status convInit(KernelContext& ctx)
{
    return allocateStruct(
        ctx, tflmHas(ctx.settings().tflm, TflmChange::EspNnConvInitNodeData) ? kNodeData : opdata::kOpDataConv);
}

constexpr std::array kProfiles = {
    builtin("CONV_2D", "esp-tflite-micro kernels/esp_nn/conv.cc; esp-nn conv scratch", &options::kConv, convInit,
        convPrepare),
    builtin("DEPTHWISE_CONV_2D", "esp-tflite-micro kernels/esp_nn/depthwise_conv.cc; esp-nn depthwise scratch",
        &options::kDepthwiseConv, initStruct<kNodeData>, depthwisePrepare),
};

} // namespace

const std::span<const KernelProfile> convProfiles = kProfiles;

} // namespace arenascope::kernels::esp
