// FULLY_CONNECTED, AVERAGE_POOL_2D / MAX_POOL_2D, SOFTMAX, QUANTIZE.
// Sources: tensorflow/lite/micro/kernels/fully_connected.cc, fully_connected_common.cc,
// pooling.cc, pooling_common.cc, softmax.cc, softmax_common.cc, quantize.cc,
// quantize_common.cc @90b983c2.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

Status fullyConnectedInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(bySize(ctx, 48, 64), "OpDataFullyConnected");
}

Status fullyConnectedPrepare(KernelContext& ctx)
{
    using D = DataType;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2, false));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    if (input.type != ctx.output(0)->type)
        return ctx.kernelError("input->type == output->type was not true.");
    const bool supported = (input.type == D::Float32 && filter.type == D::Float32)
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int8, D::Int4 }))
        || (input.type == D::Int16 && filter.type == D::Int8);
    if (!supported)
        return ctx.kernelError(formatString("Input type: %s with filter type: %s not supported.",
            std::string(dataTypeName(input.type)).c_str(), std::string(dataTypeName(filter.type)).c_str()));
    if (filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    if (input.type == D::Float32)
        return okStatus();
    if (filter.quant.present && filter.quant.channels > 1) {
        const std::uint64_t n = filter.quant.channels;
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_multiplier"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_shift"));
    }
    return okStatus();
}

Status poolInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(32, "OpDataPooling");
}

Status poolPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    if (!isOneOf(input.type, { DataType::Float32, DataType::Int8, DataType::Int16 }))
        return unsupportedType(ctx, input);
    return okStatus();
}

Status softmaxInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(bySize(ctx, 56, 80), "SoftmaxParams");
}

Status softmaxPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 1 || ctx.outputCount() != 1)
        return ctx.kernelError("SOFTMAX takes one input and one output");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    if (input.type == DataType::Int16) {
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "exp_lut"));
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "one_over_one_plus_x_lut"));
    }
    return okStatus();
}

Status quantizeInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(32, "OpDataQuantizeReference");
}

Status quantizePrepare(KernelContext& ctx)
{
    using D = DataType;
    if (ctx.inputCount() != 1 || ctx.outputCount() != 1)
        return ctx.kernelError("QUANTIZE takes one input and one output");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (!output.quant.present || output.quant.channels != 1)
        return ctx.kernelError("QUANTIZE needs a per-tensor quantized output");
    if (!isOneOf(input.type, { D::Float32, D::Int32, D::Int16, D::Int8, D::UInt8 }))
        return unsupportedType(ctx, input);
    if (!isOneOf(output.type, { D::Int8, D::Int16, D::Int32, D::UInt8 }))
        return unsupportedType(ctx, output);
    return okStatus();
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
