// CONV_2D and DEPTHWISE_CONV_2D.
// Source: tensorflow/lite/micro/kernels/conv.cc, conv_common.cc, depthwise_conv.cc,
// depthwise_conv_common.cc @90b983c2 (reference kernels).
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {

// OpDataConv (kernels/conv.h): padding, input/filter/output zero points, output multiplier
// and shift, the two per-channel pointers, activation min/max, filter_buffer_index.
constexpr Field kOpDataConvFields[] = { nested(tflm::kTfLitePaddingValues), i32(5), ptr(2), i32(3) };
constexpr StructDef kOpDataConv { "OpDataConv", kOpDataConvFields };

Status initConvOpData(KernelContext& ctx)
{
    return allocateStruct(ctx, kOpDataConv);
}

Status checkHybrid(KernelContext& ctx, const Tensor& input, const Tensor& filter, bool depthwise)
{
    using D = DataType;
    bool ok = false;
    if (depthwise)
        ok = input.type == filter.type || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }));
    else
        ok = (input.type == D::Float32 && filter.type == D::Float32)
            || (input.type == D::Int16 && filter.type == D::Int8)
            || (input.type == D::Int8 && isOneOf(filter.type, { D::Int8, D::Int4 }));
    if (!ok)
        return ctx.kernelError("Hybrid models are not supported on TFLite Micro.");
    return okStatus();
}

// CalculateOpDataConv / CalculateOpDataDepthwiseConv: input, filter, bias, output held together.
Status calculateOpData(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2, false));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor* output = ctx.output(0);
    if (ctx.input(0)->type != DataType::Float32
        && !isOneOf(output->type, { DataType::UInt8, DataType::Int8, DataType::Int16 }))
        return unsupportedType(ctx, *output);
    return okStatus();
}

Status prepareConvLike(KernelContext& ctx, bool depthwise)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (!depthwise) {
        if (input.type != output.type)
            return ctx.kernelError("input->type == output->type was not true.");
        ARENASCOPE_TRY(checkHybrid(ctx, input, filter, false));
    }
    if (filter.shape.size() < 4)
        return ctx.kernelError("filter must be 4-D");
    const auto channels = static_cast<std::uint64_t>(filter.shape[depthwise ? 3 : 0]);
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (depthwise) {
        ARENASCOPE_TRY(checkHybrid(ctx, input, filter, true));
        if (filter.type == DataType::Int4)
            ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
        ARENASCOPE_TRY(calculateOpData(ctx));
    } else {
        ARENASCOPE_TRY(calculateOpData(ctx));
        if (filter.type == DataType::Int4)
            ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    }
    return okStatus();
}

} // namespace

Status convInit(KernelContext& ctx)
{
    return initConvOpData(ctx);
}
Status convPrepare(KernelContext& ctx)
{
    return prepareConvLike(ctx, false);
}
Status depthwiseConvPrepare(KernelContext& ctx)
{
    return prepareConvLike(ctx, true);
}

namespace {
constexpr std::array kProfiles = {
    builtin("CONV_2D", "kernels/conv.cc, conv_common.cc", &options::kConv, convInit, convPrepare),
    builtin("DEPTHWISE_CONV_2D", "kernels/depthwise_conv.cc, depthwise_conv_common.cc", &options::kDepthwiseConv,
        convInit, depthwiseConvPrepare),
};
} // namespace

std::span<const KernelProfile> convProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
