// CMSIS-NN kernel profiles: ADD, AVERAGE_POOL_2D, MAX_POOL_2D, SOFTMAX.
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/add.cc, pooling.cc, softmax.cc with
// kernels/pooling_common.cc and softmax_common.cc @90b983c2; buffer sizes from CMSIS-NN
// @4ab83cc3 (buffer_sizes.h).
//
// MUL, MAXIMUM, MINIMUM, PAD, PADV2 and TRANSPOSE also have CMSIS-NN files in TFLM, but their
// Init and Prepare are the reference ones (mul_common.cc, pad_common.cc, transpose_common.cc;
// maximum_minimum has none): the reference profiles apply unchanged.
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// cmsis_nn/add.cc OpData: requires_broadcast, shifts, activation range, multipliers, shifts,
// offsets, float activation range (the layout of the reference OpDataAdd).
constexpr Field kAddOpDataFields[] = { boolean(), i32(12), f32(2) };
constexpr StructDef kAddOpData { "OpData (cmsis_nn add)", kAddOpDataFields };
// kernels/pooling.h OpDataPooling (padding, activation ranges) and the scratch buffer index.
constexpr Field kOpDataPoolingFields[] = { nested(tflm::kTfLitePaddingValues), i32(2), f32(2) };
constexpr StructDef kOpDataPooling { "OpDataPooling", kOpDataPoolingFields };
constexpr Field kPoolOpDataFields[] = { nested(kOpDataPooling), i32() };
constexpr StructDef kPoolOpData { "OpData (cmsis_nn pooling)", kPoolOpDataFields };
// kernels/internal/types.h SoftmaxParams (beta, multipliers, diff_min, zero_point, scale, five
// table pointers) and cmsis_nn/softmax.cc's num_rows, row_size.
constexpr Field kSoftmaxParamsFields[] = { f64(), i32(6), f32(), ptr(5) };
constexpr StructDef kSoftmaxParams { "SoftmaxParams", kSoftmaxParamsFields };
constexpr Field kCmsisSoftmaxFields[] = { nested(kSoftmaxParams), i32(2) };
constexpr StructDef kCmsisSoftmax { "CMSISNNSoftmaxParams", kCmsisSoftmaxFields };

Status addPrepare(KernelContext& ctx)
{
    const char* file = kAddFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (input1.type != output.type)
        return ensureEqFailed(
            ctx, file, 304, "input1->type", "output->type", tfliteType(input1.type).code, tfliteType(output.type).code);
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPrepareChecks))
        return okStatus(); // no type messages yet: any type pairing passes Prepare
    ARENASCOPE_TRY(requireInputType(ctx, file, input1.type, { D::Float32, D::Int32, D::Int16, D::Int8 }));
    if (input1.type != input2.type)
        return ensureMsgFailed(ctx, file, "Hybrid models are not supported on TFLite Micro.");
    return okStatus();
}

// PoolingPrepare (pooling_common.cc): input and output held while the padding and activation
// range are computed; an unsupported type returns before they are released.
Status poolingPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    if (!isOneOf(input.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, input);
    return okStatus();
}

Status maxPoolPrepare(KernelContext& ctx)
{
    return poolingPrepare(ctx);
}

Status averagePoolPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(poolingPrepare(ctx));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0, false), out(0, false) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (!isOneOf(input.type, { D::Int8, D::Int16 }) || output.shape.size() < 4)
        return okStatus();
    const std::int64_t depth = std::min<std::int64_t>(input.shape.size() > 3 ? input.shape[3] : 1, output.shape[3]);
    return requestIfPositive(ctx, cmsisnn::avgpool(output.shape[2], depth, extension(ctx)), "arm_avgpool");
}

Status softmaxPrepare(KernelContext& ctx)
{
    const char* file = kSoftmaxFile;
    if (ctx.inputCount() != 1)
        return ensureEqFailed(ctx, file, 47, "NumInputs(node)", "1", static_cast<long long>(ctx.inputCount()), 1);
    if (ctx.outputCount() != 1)
        return ensureEqFailed(ctx, file, 48, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    const Tensor& input = *ctx.input(0);
    if (input.shape.empty())
        return ensureFailed(ctx, file, 51, "NumDimensions(input) >= 1");
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    // Before its own type messages, an unsupported pairing failed in softmax_common.cc.
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPrepareChecks))
        return calculateSoftmaxParams(ctx, input, output);
    if (!(input.type == output.type || (input.type == D::Int8 && output.type == D::Int16)))
        return ensureMsgFailed(ctx, file, "Input and output data types are not supported together.");
    ARENASCOPE_TRY(requireInputType(ctx, file, input.type, { D::Float32, D::Int16, D::Int8 }));
    // CalculateSoftmaxParams: an int16 input gets its two lookup tables first.
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "exp_lut"));
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "one_over_one_plus_x_lut"));
    }
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("ADD", "kernels/cmsis_nn/add.cc", &options::kAdd, initStruct<kAddOpData>, addPrepare),
    builtin("AVERAGE_POOL_2D", "kernels/cmsis_nn/pooling.cc, pooling_common.cc; arm_avgpool_s8/s16_get_buffer_size",
        &options::kPool, initStruct<kPoolOpData>, averagePoolPrepare),
    builtin("MAX_POOL_2D", "kernels/cmsis_nn/pooling.cc, pooling_common.cc", &options::kPool, initStruct<kPoolOpData>,
        maxPoolPrepare),
    builtin("SOFTMAX", "kernels/cmsis_nn/softmax.cc, softmax_common.cc", &options::kSoftmax, initStruct<kCmsisSoftmax>,
        softmaxPrepare),
};

} // namespace

const std::span<const KernelProfile> miscProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
