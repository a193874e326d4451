// CMSIS-NN TRANSPOSE_CONV (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/transpose_conv.cc @90b983c2; buffer sizes from
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

// kernels/internal/types.h: ConvParams (padding type, int16 padding values, strides and
// dilations, offsets, multiplier and shift, quantized and float activation ranges).
constexpr Field kInt16PaddingFields[] = { i16(4) };
constexpr StructDef kPaddingValues { "PaddingValues", kInt16PaddingFields };
constexpr Field kConvParamsFields[] = { i8(), nested(kPaddingValues), i16(4), i32(4), i32(), i32(2), f32(2) };
constexpr StructDef kConvParams { "ConvParams", kConvParamsFields };
// cmsis_nn/transpose_conv.cc: ConvParams, three buffer indices, two per-channel pointers.
constexpr Field kTransposeConvOpDataFields[] = { nested(kConvParams), i32(3), ptr(2) };
constexpr StructDef kTransposeConvOpData { "OpData (cmsis_nn transpose_conv)", kTransposeConvOpDataFields };

Status transposeConvPrepare(KernelContext& ctx)
{
    const char* file = kTransposeConvFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ out(0), in(2), in(1) }));
    const Tensor& output = *ctx.output(0);
    const Tensor& input = *ctx.input(2);
    const Tensor& filter = *ctx.input(1);
    ARENASCOPE_TRY(check.typeCodesEq(177, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(requireInputType(check, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(check, input.type, filter.type, false));
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
    ARENASCOPE_TRY(
        check.ensure(81, ctx.inputCount() == 3 || ctx.inputCount() == 4, "has_bias || node->inputs->size == 3"));
    ARENASCOPE_TRY(check.eq(82, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
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
    builtin("TRANSPOSE_CONV",
        "kernels/cmsis_nn/transpose_conv.cc; arm_transpose_conv_s8_get_buffer_size, "
        "arm_transpose_conv_s8_get_reverse_conv_buffer_size",
        &options::kTransposeConv, initStruct<kTransposeConvOpData>, transposeConvPrepare),
};

} // namespace

const std::span<const KernelProfile> transposeConvProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
