// CMSIS-NN CONV_2D (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/conv.cc with kernels/conv_common.cc
// (CalculateOpDataConv) @90b983c2; buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
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

// Before TFLM moved its CMSIS-NN pin past e98ee09a (6f2828619, 2023-06-15; 4e62ea7b), its own
// lines: input, filter and output held (no bias), an int4 filter's scratch, the per-channel
// arrays, the reference CalculateOpDataConv of that snapshot, then the CMSIS-NN buffer of the
// 2022 library for int8, and for int16 after its zero-point checks.
Status convPrepareBefore2023_06(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdFourDimOperands(ctx, temps));
    const auto [input, filter, output] = weightedOperands(ctx);
    // Checks the newest no longer has, at the lines of the snapshot's own file.
    const Checks asPrinted(ctx, kConvFile, CheckLines::AsPrinted);
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
    ARENASCOPE_TRY(asPrinted.eq(134, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
    ARENASCOPE_TRY(asPrinted.eq(135, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
    return requestIfPositive(ctx, cmsisnn::v2022::convolveWrapperS16(g, extension(ctx)), "arm_convolve_wrapper_s16");
}

Status convPrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPin2023))
        return convPrepareBefore2023_06(ctx);
    const char* file = kConvFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    // The bias is looked up in the node's outputs (index 2): with one output, nothing is held.
    ARENASCOPE_TRY(temps.output(2, false));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(check.typeCodesEq(69, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(requireInputType(check, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(check, input.type, filter.type, true));
    for (const auto& [t, name, line] : { std::tuple { &input, "input->dims->size", 85 },
             std::tuple { &filter, "filter->dims->size", 86 }, std::tuple { &output, "output->dims->size", 87 } })
        ARENASCOPE_TRY(check.eq(line, name, "4", static_cast<long long>(t->shape.size()), 4));
    ARENASCOPE_TRY(check.eq(89, "input->dims->data[0]", "output->dims->data[0]", input.shape[0], output.shape[0]));
    ARENASCOPE_TRY(check.ensure(91, filter.shape[3] > 0, "filter->dims->data[3] > 0"));
    ARENASCOPE_TRY(
        check.eq(92, "input->dims->data[3] % filter->dims->data[3]", "0", input.shape[3] % filter.shape[3], 0));
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

constexpr std::array kProfiles = {
    builtin("CONV_2D", "kernels/cmsis_nn/conv.cc, conv_common.cc; arm_convolve_wrapper_s8/s16_get_buffer_size",
        &options::kConv, initStruct<kConvOpData>, convPrepare),
};

} // namespace

const std::span<const KernelProfile> convProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
