// ESP-NN CONV_2D (esp-tflite-micro, -DESP_NN=1).
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/conv.cc
// (Init: NodeData {OpDataConv; int buffer_idx}; Prepare: TFLM's checks in its own order,
// CalculateOpDataConv from TFLM, then one scratch request sized by esp-nn for int8 inputs);
// scratch sizes in scratch_sizes.cpp.
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

constexpr const char* kConvFile = "tensorflow/lite/micro/kernels/esp_nn/conv.cc";

Status convPrepare(KernelContext& ctx)
{
    const char* file = kConvFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    // The 2023 wrapper (tflite-micro-esp-examples fbea7c12) took input, filter, output; the
    // esp-tflite-micro sync 0a9143dd (2024-01-15, a week after 96b2a4094) put the output first.
    if (tflmHas(ctx.settings().tflm, TflmChange::EspNnConvInitOpDataConv))
        ARENASCOPE_TRY(temps.hold({ out(0), in(0), in(1) }));
    else
        ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    ARENASCOPE_TRY(requireNhwc(ctx));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(check.ensure(74, filter.shape[3] > 0, "filter_input_channels > 0"));
    ARENASCOPE_TRY(check.eq(75, "input_channels % filter_input_channels", "0", input.shape[3] % filter.shape[3], 0));
    ARENASCOPE_TRY(
        check.eq(77, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
    const bool typesOk = (input.type == D::Float32 && filter.type == D::Float32)
        || (input.type == D::Int16 && filter.type == D::Int8)
        || (input.type == D::Int8 && isOneOf(filter.type, { D::Int4, D::Int8 }));
    if (!typesOk)
        return check.msg(false, "Hybrid models are not supported on TFLite Micro.");
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

// From esp-tflite-micro 96b2a4094 (2024-01-08) to a91b8077e (2025-02-17: releases 1.3.0 to 1.3.3,
// TFLM 71fba59b and 10ebaab9), conv.cc's Init allocated sizeof(OpDataConv), 4 bytes short of the
// NodeData its Prepare fills; before, in tflite-micro-esp-examples of 2023 (components/tflite-lib,
// TFLM 4e62ea7b), and after, it allocates the NodeData.
Status convInit(KernelContext& ctx)
{
    const TflmVersion v = ctx.settings().tflm;
    const bool opDataConv
        = tflmHas(v, TflmChange::EspNnConvInitOpDataConv) && !tflmHas(v, TflmChange::EspNnConvInitNodeData);
    return allocateStruct(ctx, opDataConv ? opdata::kOpDataConv : kNodeData);
}

constexpr std::array kProfiles = {
    builtin("CONV_2D", "esp-tflite-micro kernels/esp_nn/conv.cc; esp-nn conv scratch", &options::kConv, convInit,
        convPrepare),
};

} // namespace

const std::span<const KernelProfile> convProfiles = kProfiles;

} // namespace arenascope::kernels::esp
