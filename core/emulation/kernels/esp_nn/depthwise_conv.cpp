// ESP-NN DEPTHWISE_CONV_2D (esp-tflite-micro, -DESP_NN=1).
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/
// depthwise_conv.cc (Init: NodeData {OpDataConv; int buffer_idx}; Prepare: TFLM's checks in its
// own order, CalculateOpDataDepthwiseConv from TFLM, then one scratch request sized by esp-nn for
// int8 inputs); scratch sizes in scratch_sizes.cpp.
#include "conv_helpers.h"
#include "core/emulation/kernels/checks.h"
#include "esp_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_common.h"
#include "core/emulation/kernels/conv_geometry.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels::esp {

namespace {

constexpr const char* kDepthwiseFile = "tensorflow/lite/micro/kernels/esp_nn/depthwise_conv.cc";

std::int32_t depthMultiplier(const KernelContext& ctx)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    const auto* o = op ? op->builtin_options_as_DepthwiseConv2DOptions() : nullptr;
    return o ? o->depth_multiplier() : 0;
}

Status depthwisePrepare(KernelContext& ctx)
{
    const char* file = kDepthwiseFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    // The 2023 wrapper (tflite-micro-esp-examples fbea7c12) held input, filter, bias and output;
    // esp-tflite-micro 96b2a4094 (2024-01-08) dropped the bias, 30f24e6a (2024-06-03, with v1.3.1's
    // sync of 71fba59b) put the output first; no snapshot lies between them.
    if (tflmHas(ctx.settings().tflm, TflmChange::EspNnConvInitOpDataConv))
        ARENASCOPE_TRY(temps.hold({ out(0), in(0), in(1) }));
    else
        ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(check.eq(184, "input->dims->size", "4", static_cast<long long>(input.shape.size()), 4));
    ARENASCOPE_TRY(check.eq(185, "filter->dims->size", "4", static_cast<long long>(filter.shape.size()), 4));
    ARENASCOPE_TRY(check.eq(186, "output->dims->size", "4", static_cast<long long>(output.shape.size()), 4));
    const ConvOptions o = convOptions(ctx);
    ARENASCOPE_TRY(check.ensure(187, o.dilationH > 0, "params.dilation_height_factor > 0"));
    ARENASCOPE_TRY(check.ensure(188, o.dilationW > 0, "params.dilation_width_factor > 0"));
    ARENASCOPE_TRY(check.eq(191, "filter->dims->data[0]", "1", filter.shape[0], 1));
    ARENASCOPE_TRY(check.ensure(196, input.shape[3] != 0, "num_input_channels != 0"));
    ARENASCOPE_TRY(check.eq(197, "num_filter_channels % num_input_channels", "0", filter.shape[3] % input.shape[3], 0));
    const auto channels = static_cast<std::uint64_t>(static_cast<std::uint32_t>(filter.shape[3]));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (input.type == D::Int8) {
        ARENASCOPE_TRY(checkPerChannelQuantization(ctx, file, 217, 226, filter, 3));
        ARENASCOPE_TRY(check.eq(231, "affine_quantization->scale->size", "affine_quantization->zero_point->size",
            filter.quant.channels, filter.quant.zeroPoints));
    }
    const bool typesOk = input.type == filter.type
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }))
        || (input.type == D::Int16 && filter.type == D::Int8);
    if (!typesOk)
        return check.msg(false, "Hybrid models are not supported on TFLite Micro.");
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

constexpr std::array kProfiles = {
    builtin("DEPTHWISE_CONV_2D", "esp-tflite-micro kernels/esp_nn/depthwise_conv.cc; esp-nn depthwise scratch",
        &options::kDepthwiseConv, initStruct<kNodeData>, depthwisePrepare),
};

} // namespace

const std::span<const KernelProfile> depthwiseConvProfiles = kProfiles;

} // namespace arenascope::kernels::esp
