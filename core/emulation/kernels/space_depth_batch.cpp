// Blocks moved between the spatial dimensions and depth or batch: DEPTH_TO_SPACE,
// SPACE_TO_DEPTH, BATCH_TO_SPACE_ND and SPACE_TO_BATCH_ND.
// Sources: tensorflow/lite/micro/kernels/depth_to_space.cc, space_to_depth.cc,
// batch_to_space_nd.cc, space_to_batch_nd.cc @90b983c2; SPACE_TO_BATCH_ND's op data is
// described in shape_op_data.h.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "shape_op_data.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kBatchToSpaceNdCc = "tensorflow/lite/micro/kernels/batch_to_space_nd.cc";
constexpr const char* kDepthToSpaceCc = "tensorflow/lite/micro/kernels/depth_to_space.cc";
constexpr const char* kSpaceToBatchNdCc = "tensorflow/lite/micro/kernels/space_to_batch_nd.cc";
constexpr const char* kSpaceToDepthCc = "tensorflow/lite/micro/kernels/space_to_depth.cc";

// ---- DEPTH_TO_SPACE / SPACE_TO_DEPTH (depth_to_space.cc, space_to_depth.cc) -----------------
// The lines of the checks both kernels share, in their order.
struct DepthSpaceLines {
    int inputs, outputs, input, output, rank, dataType, typesEq;
};

Status depthSpaceCommon(KernelContext& ctx, const Checks& check, TempTensors& temps, const DepthSpaceLines& l)
{
    ARENASCOPE_TRY(check.counts(l.inputs, 1, l.outputs, 1));
    ARENASCOPE_TRY(check.hold(temps, { { in(0), l.input, "input" }, { out(0), l.output, "output" } }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(l.rank, "NumDimensions(input)", "4", rankOf(input), 4));
    ARENASCOPE_TRY(check.ensure(l.dataType, isOneOf(output.type, { D::Float32, D::Int8 }),
        "data_type == kTfLiteFloat32 || data_type == kTfLiteInt8"));
    return check.typesEq(l.typesEq, "input->type", "output->type", input.type, output.type);
}

Status depthToSpacePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kDepthToSpaceCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(depthSpaceCommon(ctx, check, temps, { 41, 42, 48, 51, 53, 56, 58 }));
    const int block = shape::optionInt32(ctx, tflite::BuiltinOptions::DepthToSpaceOptions, 0);
    ARENASCOPE_TRY(check.ensure(61, block > 0, "block_size > 0"));
    // Lines 69-70 compare h with (h * b) / b: equal for any positive block size.
    const long long channels = dimOf(*ctx.input(0), 3);
    const long long outChannels = channels / block / block;
    ARENASCOPE_TRY(check.eq(
        71, "input_channels", "output_channels * block_size * block_size", channels, outChannels * block * block));
    return shape::writableOutputDims(ctx);
}

Status spaceToDepthPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSpaceToDepthCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(depthSpaceCommon(ctx, check, temps, { 40, 41, 47, 50, 52, 55, 57 }));
    const int block = shape::optionInt32(ctx, tflite::BuiltinOptions::SpaceToDepthOptions, 0);
    if (block == 0) // input_height / block_size: the kernel divides by zero
        return ctx.kernelError("SPACE_TO_DEPTH: block_size 0 (division by zero in the kernel)");
    const long long height = dimOf(*ctx.input(0), 1);
    const long long width = dimOf(*ctx.input(0), 2);
    ARENASCOPE_TRY(check.eq(65, "input_height", "output_height * block_size", height, height / block * block));
    ARENASCOPE_TRY(check.eq(66, "input_width", "output_width * block_size", width, width / block * block));
    return shape::writableOutputDims(ctx);
}

// ---- BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND (batch_to_space_nd.cc, space_to_batch_nd.cc) -----
struct BatchSpaceLines {
    int inputs, outputs, nonNull, inMin, outMin, inMax, outMax, typesEq;
};

Status batchSpacePrepare(KernelContext& ctx, const char* file, const BatchSpaceLines& l)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.counts(l.inputs, 3, l.outputs, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0, false), out(0, false) }));
    ARENASCOPE_TRY(check.ensure(l.nonNull, ctx.input(0) && ctx.output(0), "input != nullptr && output != nullptr"));
    const int in = rankOf(*ctx.input(0));
    const int out = rankOf(*ctx.output(0));
    ARENASCOPE_TRY(check.ensure(l.inMin, in >= 3, "NumDimensions(input) >= kInputOutputMinDimensionNum"));
    ARENASCOPE_TRY(check.ensure(l.outMin, out >= 3, "NumDimensions(output) >= kInputOutputMinDimensionNum"));
    ARENASCOPE_TRY(check.ensure(l.inMax, in <= 4, "NumDimensions(input) <= kInputOutputMaxDimensionNum"));
    ARENASCOPE_TRY(check.ensure(l.outMax, out <= 4, "NumDimensions(output) <= kInputOutputMaxDimensionNum"));
    return check.typesEq(l.typesEq, "input->type", "output->type", ctx.input(0)->type, ctx.output(0)->type);
}

Status batchToSpacePrepare(KernelContext& ctx)
{
    return batchSpacePrepare(ctx, kBatchToSpaceNdCc, { 42, 43, 51, 53, 54, 55, 56, 57 });
}

Status spaceToBatchPrepare(KernelContext& ctx)
{
    return batchSpacePrepare(ctx, kSpaceToBatchNdCc, { 51, 52, 58, 60, 61, 62, 63, 64 });
}

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("DEPTH_TO_SPACE", "kernels/depth_to_space.cc", &options::kDepthToSpace, nullptr, depthToSpacePrepare),
    builtin("SPACE_TO_DEPTH", "kernels/space_to_depth.cc", &options::kSpaceToDepth, nullptr, spaceToDepthPrepare),
    builtin("BATCH_TO_SPACE_ND", "kernels/batch_to_space_nd.cc", kNone, nullptr, batchToSpacePrepare),
    builtin("SPACE_TO_BATCH_ND", "kernels/space_to_batch_nd.cc", kNone, initStruct<opdata::kSpaceToBatchParams>,
        spaceToBatchPrepare),
};

} // namespace

const std::span<const KernelProfile> spaceDepthBatchProfiles = kProfiles;

} // namespace arenascope::kernels
