// Broadcasting: BROADCAST_TO and BROADCAST_ARGS.
// Sources: tensorflow/lite/micro/kernels/broadcast_to.cc, broadcast_args.cc @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "tflm_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kBroadcastArgsCc = "tensorflow/lite/micro/kernels/broadcast_args.cc";
constexpr const char* kBroadcastToCc = "tensorflow/lite/micro/kernels/broadcast_to.cc";

// ---- BROADCAST_TO (broadcast_to.cc: BroadcastToPrepare, ValidateOutputTensor) ---------------
Status broadcastToValidate(KernelContext& ctx, const Checks& check)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& shape = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(37, "NumDimensions(shape)", "1", rankOf(shape), 1));
    const int inRank = rankOf(input);
    const int outRank = rankOf(output);
    ARENASCOPE_TRY(check.msg(outRank == dimOf(shape, 0), "Output must match with the expected shape dimension."));
    ARENASCOPE_TRY(check.msg(inRank <= outRank, "Output shape must be broadcastable from input shape."));
    ARENASCOPE_TRY(check.msg(outRank <= 5, "BroadcastTo only supports 1-5D tensor."));
    const auto values = shape::constantInts(ctx, shape);
    if (!values || values->size() < static_cast<std::size_t>(outRank))
        return okStatus();
    const int extend = outRank - inRank;
    for (int i = 0; i < inRank; ++i)
        ARENASCOPE_TRY(
            check.msg(dimOf(input, i) == 1 || dimOf(input, i) == (*values)[static_cast<std::size_t>(extend + i)],
                "Output shape must be broadcastable from input shape."));
    for (int i = 0; i < outRank; ++i)
        ARENASCOPE_TRY(check.ensure(71, dimOf(output, i) == (*values)[static_cast<std::size_t>(i)],
            "output_shape.Dims(idx) == get_shape_data(idx)"));
    return okStatus();
}

Status broadcastToPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kBroadcastToCc);
    ARENASCOPE_TRY(check.ensure(77, ctx.inputCount() == 2, "NumInputs(node) == 2"));
    ARENASCOPE_TRY(check.eq(78, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& shape = *ctx.input(1);
    ARENASCOPE_TRY(check.msg(rankOf(input) <= 5, "BroadcastTo only supports 1-5D tensor."));
    ARENASCOPE_TRY(check.ensure(
        90, isOneOf(shape.type, { D::Int32, D::Int64 }), "shape->type == kTfLiteInt32 || shape->type == kTfLiteInt64"));
    ARENASCOPE_TRY(check.typeCodesEq(92, "input->type", "output->type", input.type, ctx.output(0)->type));
    ARENASCOPE_TRY(check.ensure(96, input.type != D::String, "input->type != kTfLiteString"));
    ARENASCOPE_TRY(constantTensorCheck(ctx, isConstant(shape), kBroadcastToCc,
        "Non-constant >shape< tensor is not supported", { BeforeConstantCheck::NullRead, kBroadcastToCc }));
    return broadcastToValidate(ctx, check);
}

// ---- BROADCAST_ARGS (broadcast_args.cc: BroadcastArgsPrepare) --------------------------------
Status broadcastArgsPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kBroadcastArgsCc);
    ARENASCOPE_TRY(check.ensure(32, ctx.inputCount() == 2, "NumInputs(node) == 2"));
    ARENASCOPE_TRY(check.eq(33, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& s1 = *ctx.input(0);
    const Tensor& s2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.ensure(
        43, isOneOf(s1.type, { D::Int32, D::Int64 }), "shape1->type == kTfLiteInt32 || shape1->type == kTfLiteInt64"));
    ARENASCOPE_TRY(check.typeCodesEq(45, "shape1->type", "shape2->type", s1.type, s2.type));
    ARENASCOPE_TRY(check.typeCodesEq(46, "shape1->type", "output->type", s1.type, output.type));
    ARENASCOPE_TRY(check.eq(49, "NumDimensions(shape1)", "1", rankOf(s1), 1));
    ARENASCOPE_TRY(check.eq(50, "NumDimensions(shape2)", "1", rankOf(s2), 1));
    return check.eq(53, "NumDimensions(output)", "1", rankOf(output), 1);
}

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("BROADCAST_TO", "kernels/broadcast_to.cc", kNone, nullptr, broadcastToPrepare),
    builtin("BROADCAST_ARGS", "kernels/broadcast_args.cc", kNone, nullptr, broadcastArgsPrepare),
};

} // namespace

const std::span<const KernelProfile> broadcastProfiles = kProfiles;

} // namespace arenascope::kernels
