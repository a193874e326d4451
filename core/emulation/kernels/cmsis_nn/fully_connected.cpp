// CMSIS-NN FULLY_CONNECTED (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/fully_connected.cc with
// kernels/fully_connected_common.cc @90b983c2 (KERNELS_OPTIMIZED_FOR_SPEED, TFLM's default);
// buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/fully_connected.h: OpDataFullyConnected (multiplier, shift, activation range,
// input_quantized_index, three zero points, filter_buffer_index, two per-channel pointers,
// is_per_channel); cmsis_nn/fully_connected.cc adds two buffer indices, kernel_sums, batches,
// accum_depth, output_depth.
constexpr Field kOpDataFullyConnectedFields[] = { i32(9), ptr(2), boolean() };
constexpr StructDef kOpDataFullyConnected { "OpDataFullyConnected", kOpDataFullyConnectedFields };
constexpr Field kFcOpDataFields[] = { nested(kOpDataFullyConnected), i32(2), ptr(), i32(3) };
constexpr StructDef kFcOpData { "OpData (cmsis_nn fully_connected)", kFcOpDataFields };
// Before per-channel support (47b545074, 2024-09-27): the reference op data of that time (nine
// int32), the conv 1x1 path's multiplier and shift pointers, buffer_idx, from 3022d0960
// (2023-09-19) kernel_sums, then batches, accum_depth, output_depth.
constexpr Field kFcOpData2024Fields[] = { nested(opdata::kOpDataFullyConnected2024), ptr(2), i32(), ptr(), i32(3) };
constexpr StructDef kFcOpData2024 { "OpData (cmsis_nn fully_connected)", kFcOpData2024Fields };
constexpr Field kFcOpData2023Fields[] = { nested(opdata::kOpDataFullyConnected2024), ptr(2), i32(), i32(3) };
constexpr StructDef kFcOpData2023 { "OpData (cmsis_nn fully_connected)", kFcOpData2023Fields };

Status fullyConnectedInit(KernelContext& ctx)
{
    const TflmVersion v = ctx.settings().tflm;
    if (tflmHas(v, TflmChange::FullyConnectedPerChannel))
        return allocateStruct(ctx, kFcOpData);
    return allocateStruct(ctx, tflmHas(v, TflmChange::CmsisNnKernelSums) ? kFcOpData2024 : kFcOpData2023);
}

// Before per-channel support (47b545074, 2024-09-27; 71fba59b and 4e62ea7b), at that source's own
// lines: the reference CalculateOpDataFullyConnected of the snapshot, int16 zero-point checks,
// and for int8 with an output of rank > 2 and an accumulation depth that is a multiple of 4 (the
// conv 1x1 path) the multiplier and shift arrays in the tail. From 3022d0960 (2023-09-19) an int4
// filter takes no CMSIS-NN path, and a positive arm_fully_connected_s8 size (MVE) becomes the
// kernel sums, persistent when the weights are constant; before, every CMSIS-NN size is 0
// (e98ee09a) and an int4 filter gets its unpacking scratch.
Status fullyConnectedPrepareBeforePerChannel(KernelContext& ctx)
{
    // Checks the newest no longer has, at the lines of the snapshot's own file.
    const Checks check(ctx, kFullyConnectedFile, CheckLines::AsPrinted);
    const bool kernelSums = tflmHas(ctx.settings().tflm, TflmChange::CmsisNnKernelSums);
    const int typesLine = kernelSums ? 79 : 76;
    const int inputZeroPointLine = kernelSums ? 104 : 101;
    const int outputZeroPointLine = kernelSums ? 105 : 102;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(check.typesEq(typesLine, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(calculateFullyConnectedOpData(ctx, input, filter));
    const std::int64_t accumDepth = lastDim(filter);
    const std::int64_t outputDepth = lastDim(output);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(
            check.eq(inputZeroPointLine, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
        ARENASCOPE_TRY(
            check.eq(outputZeroPointLine, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
    } else if (input.type == D::Int8 && !(kernelSums && filter.type == D::Int4)) {
        if (output.shape.size() > 2 && accumDepth % 4 == 0) {
            const auto bytes = static_cast<std::uint64_t>(outputDepth) * 4;
            ARENASCOPE_TRY(ctx.allocatePersistent(bytes, "per_channel_output_multiplier (conv 1x1)"));
            ARENASCOPE_TRY(ctx.allocatePersistent(bytes, "per_channel_output_shift (conv 1x1)"));
        } else if (kernelSums) {
            const std::int64_t bytes
                = cmsisnn::fullyConnectedS8(cmsisnn::Dims { accumDepth, 1, 1, outputDepth }, extension(ctx));
            if (bytes > 0 && filter.hasData)
                return ctx.allocatePersistent(static_cast<std::uint64_t>(bytes), "kernel sums");
            return requestIfPositive(ctx, bytes, "arm_fully_connected_s8");
        }
    }
    if (!kernelSums && filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    return okStatus();
}

Status fullyConnectedPrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::FullyConnectedPerChannel))
        return fullyConnectedPrepareBeforePerChannel(ctx);
    const char* file = kFullyConnectedFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    const Tensor* bias = ctx.input(2);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typeCodesEq(75, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(requireInputType(check, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(check, input.type, filter.type, true));
    const std::int64_t accumDepth = lastDim(filter);
    const std::int64_t outputDepth = lastDim(output);
    // CalculateOpDataFullyConnected: per-channel filters get their multiplier and shift arrays.
    const bool perChannel = input.type != D::Float32 && filter.quant.present && filter.quant.channels > 1;
    if (perChannel) {
        const std::uint64_t n = filter.quant.channels;
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_multiplier"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_shift"));
        ARENASCOPE_TRY(check.ensure(116, (input.type == D::Int8 && filter.type != D::Int4),
            "!data->reference_op_data.is_per_channel || (data->reference_op_data.is_per_channel "
            "&& input->type == kTfLiteInt8 && filter->type != kTfLiteInt4)"));
    }
    if (input.type != D::Int8 || filter.type == D::Int4)
        return okStatus(); // int16: arm_fully_connected_s16_get_buffer_size is 0 on every CPU
    const CpuExtension ext = extension(ctx);
    if (output.shape.size() > 2 && accumDepth % 4 == 0) {
        // The conv 1x1 path fakes per-channel quantization with a scratch of multipliers and shifts.
        if (!perChannel)
            ARENASCOPE_TRY(ctx.requestScratch(
                static_cast<std::uint64_t>(outputDepth) * 4 * 2, "per-channel quantization for conv 1x1"));
        return requestIfPositive(
            ctx, cmsisnn::convolve1x1S8Fast(cmsisnn::Dims { 1, 1, 1, accumDepth }, ext), "arm_convolve_1x1_s8_fast");
    }
    const std::int64_t bytes = cmsisnn::fullyConnectedS8(cmsisnn::Dims { accumDepth, 1, 1, outputDepth }, ext);
    // Constant weights (and bias): the kernel sums are computed once into a persistent buffer.
    if (bytes > 0 && filter.hasData && (!bias || bias->hasData))
        return ctx.allocatePersistent(static_cast<std::uint64_t>(bytes), "kernel sums");
    return requestIfPositive(ctx, bytes, "arm_fully_connected_s8");
}

constexpr std::array kProfiles = {
    builtin("FULLY_CONNECTED",
        "kernels/cmsis_nn/fully_connected.cc, fully_connected_common.cc; arm_fully_connected_s8_get_buffer_size, "
        "arm_convolve_1x1_s8_fast_get_buffer_size",
        &options::kFullyConnected, fullyConnectedInit, fullyConnectedPrepare),
};

} // namespace

const std::span<const KernelProfile> fullyConnectedProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
