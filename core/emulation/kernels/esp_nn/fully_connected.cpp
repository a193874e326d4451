// ESP-NN FULLY_CONNECTED (esp-tflite-micro, -DESP_NN=1).
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/
// fully_connected.cc (TFLM's Prepare with its own type check and message); v1.3.1 (TFLM 71fba59b)
// has the same Init and Prepare, only its Eval differs.
#include "core/emulation/kernels/checks.h"
#include "esp_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/kernel_helpers.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels::esp {

namespace {

constexpr const char* kFullyConnectedFile = "tensorflow/lite/micro/kernels/esp_nn/fully_connected.cc";

// Init allocates sizeof(OpDataFullyConnected) of TFLM's kernels/fully_connected.h as the release
// carries it: esp-tflite-micro v1.3.1 has tflite-micro 71fba59b's, before 47b545074 added the
// per-channel fields (9 ints).
Status fullyConnectedInit(KernelContext& ctx)
{
    return allocateStruct(ctx,
        tflmHas(ctx.settings().tflm, TflmChange::FullyConnectedPerChannel) ? opdata::kOpDataFullyConnected
                                                                           : opdata::kOpDataFullyConnected2024);
}

Status fullyConnectedPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    ARENASCOPE_TRY(
        Checks(ctx, kFullyConnectedFile).typesEq(57, "input->type", "output->type", input.type, ctx.output(0)->type));
    // esp_nn's check names the pairings it refuses (any other input type goes on to
    // CalculateOpDataFullyConnected), and prints "filter type :".
    const bool refused = (input.type == D::Float32 && filter.type != D::Float32)
        || (input.type == D::Int8 && !isOneOf(filter.type, { D::Int8, D::Int4 }))
        || (input.type == D::Int16 && filter.type != D::Int8);
    if (refused)
        return ctx.kernelError(formatString("Input type: %s with filter type : %s not supported.",
            tfliteType(input.type).name, tfliteType(filter.type).name));
    if (filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    return calculateFullyConnectedOpData(ctx, input, filter);
}

constexpr std::array kProfiles = {
    builtin("FULLY_CONNECTED", "esp-tflite-micro kernels/esp_nn/fully_connected.cc", &options::kFullyConnected,
        fullyConnectedInit, fullyConnectedPrepare),
};

} // namespace

const std::span<const KernelProfile> fullyConnectedProfiles = kProfiles;

} // namespace arenascope::kernels::esp
