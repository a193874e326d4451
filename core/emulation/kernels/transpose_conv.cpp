// TRANSPOSE_CONV; op data in kernel_op_data.h.
// Sources: tensorflow/lite/micro/kernels/transpose_conv.cc @90b983c2; lite/kernels/
// kernel_util.cc (PopulateConvolutionQuantizationParams, CalculateActivationRangeQuantized).
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it.
constexpr const char* kTransposeConvCc = "tensorflow/lite/micro/kernels/transpose_conv.cc";
constexpr const char* kLiteKernelUtilCc = "tensorflow/lite/kernels/kernel_util.cc";

// ---------------------------------------------------------------------------------------
// TRANSPOSE_CONV (transpose_conv.cc). Inputs: 0 output shape (ignored), 1 filter, 2 input,
// 3 bias (optional).

// The filter checks of TransposeConvPrepare for int8/int16 inputs.
Status checkTransposeConvFilter(KernelContext& ctx, const Tensor& filter, std::uint64_t channels)
{
    const Checks check(ctx, kTransposeConvCc);
    if (!filter.quant.present)
        return check.eq(213, "filter->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    ARENASCOPE_TRY(check.ensure(222, filter.quant.channels == 1 || filter.quant.channels == channels,
        "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
        "filter->dims->data[kTransposeConvQuantizedDimension]"));
    return okStatus();
}

// PopulateConvolutionQuantizationParams (lite/kernels/kernel_util.cc), per-axis version with
// the filter's output channels.
Status checkConvolutionQuantization(
    KernelContext& ctx, const Tensor& input, const Tensor& filter, const Tensor& output, std::uint64_t channels)
{
    const Checks check(ctx, kLiteKernelUtilCc);
    if (!input.quant.present)
        return check.eq(221, "input->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    if (!filter.quant.present)
        return check.eq(223, "filter->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    if (filter.quant.channels > 1) {
        ARENASCOPE_TRY(check.ensure(239, isOneOf(input.type, { D::Int8, D::Int16 }),
            "input->type == kTfLiteInt8 || input->type == kTfLiteInt16"));
        ARENASCOPE_TRY(check.ensure(241, isOneOf(filter.type, { D::Int8, D::Int4 }),
            "filter->type == kTfLiteInt8 || filter->type == kTfLiteInt4"));
        ARENASCOPE_TRY(check.eq(243, "affine_quantization->scale->size", "num_channels", filter.quant.channels,
            static_cast<long long>(channels)));
    }
    // CalculateActivationRangeQuantized: only uint8, int8 and int16 outputs have a range.
    if (isOneOf(input.type, { D::Int8, D::UInt8, D::Int16 }) && !isOneOf(output.type, { D::UInt8, D::Int8, D::Int16 }))
        return check.ensure(405, false, "false");
    return okStatus();
}

// CalculateOpData: for quantized inputs it holds input, filter, bias and output again.
Status transposeConvCalculateOpData(KernelContext& ctx, std::uint64_t channels)
{
    const Checks check(ctx, kTransposeConvCc);
    const std::size_t inputs = ctx.inputCount();
    ARENASCOPE_TRY(check.ensure(78, inputs == 4 || inputs == 3, "has_bias || node->inputs->size == 3"));
    ARENASCOPE_TRY(check.eq(79, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    const Tensor& input = *ctx.input(2);
    if (input.type == D::Float32)
        return okStatus();
    TempTensors q(ctx);
    ARENASCOPE_TRY(check.hold(q, { { in(2), 102, "input" } }));
    ARENASCOPE_TRY(check.hold(q, { { in(1), 105, "filter" } }));
    ARENASCOPE_TRY(q.input(3, false));
    ARENASCOPE_TRY(check.hold(q, { { out(0), 110, "output" } }));
    ARENASCOPE_TRY(checkConvolutionQuantization(ctx, input, *ctx.input(1), *ctx.output(0), channels));
    const Tensor* bias = ctx.input(3);
    if (input.type == D::Int16 && bias && bias->type == D::Int16)
        ARENASCOPE_TRY(ctx.requestScratch(bias->elementCount * 8, "bias converted to int64"));
    return okStatus();
}

Status transposeConvPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kTransposeConvCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { out(0), 164, "output" } }));
    ARENASCOPE_TRY(check.hold(temps, { { in(2), 167, "input" } }));
    ARENASCOPE_TRY(check.hold(temps, { { in(1), 170, "filter" } }));
    const Tensor& output = *ctx.output(0);
    const Tensor& input = *ctx.input(2);
    const Tensor& filter = *ctx.input(1);
    if (!(input.type == filter.type || (input.type == D::Int16 && filter.type == D::Int8)))
        return check.msg(false, "Hybrid models are not supported on TFLite Micro.");
    // SizeOfDimension(output, 2) and filter->dims->data[0] read past smaller shapes.
    if (filter.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("TRANSPOSE_CONV needs 4-D filter and output");
    const auto channels = static_cast<std::uint64_t>(std::max<std::int32_t>(filter.shape[0], 0));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 4, "int32 accumulators"));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 8, "int64 accumulators"));
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(checkTransposeConvFilter(ctx, filter, channels));
    return transposeConvCalculateOpData(ctx, channels);
}

const std::array kProfiles = {
    builtin("TRANSPOSE_CONV", "kernels/transpose_conv.cc", &options::kTransposeConv,
        initStruct<od::kTransposeConvOpData>, transposeConvPrepare),
};

} // namespace

const std::span<const KernelProfile> transposeConvProfiles = kProfiles;

} // namespace arenascope::kernels
