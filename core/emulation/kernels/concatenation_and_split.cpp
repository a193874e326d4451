// Joining and splitting tensors along an axis: CONCATENATION, PACK (no Prepare), SPLIT,
// SPLIT_V and UNPACK (no Prepare).
// Sources: tensorflow/lite/micro/kernels/concatenation.cc, pack.cc, split.cc, split_v.cc,
// unpack.cc @90b983c2; CONCATENATION's op data is described member by member in
// math_op_data.h.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kConcatenation = "tensorflow/lite/micro/kernels/concatenation.cc";
constexpr const char* kSplitCc = "tensorflow/lite/micro/kernels/split.cc";
constexpr const char* kSplitVCc = "tensorflow/lite/micro/kernels/split_v.cc";

// ---- CONCATENATION (concatenation.cc: ConcatenationPrepare) ---------------------------------

// TfLiteConcatenationParams::activation from the operator's ConcatenationOptions.
int concatenationActivation(const KernelContext& ctx)
{
    const auto* options
        = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_ConcatenationOptions() : nullptr;
    return options ? static_cast<int>(options->fused_activation_function()) : 0;
}

// The checks on input i while it is held (lines 168..190).
Status concatenationInput(KernelContext& ctx, const Tensor& input, DataType inputType, const Tensor& output)
{
    const Checks check(ctx, kConcatenation);
    ARENASCOPE_TRY(check.typesEq(169, "input->type", "input_type", input.type, inputType));
    if (input.shape.size() > 6)
        return ctx.kernelError(formatString("Op Concatenation does not currently support num dimensions > %d Tensor "
                                            "has %d dimensions.",
            6, static_cast<int>(input.shape.size())));
    const QuantParams in = quantParams(ctx, input);
    const QuantParams out = quantParams(ctx, output);
    if (inputType == D::Int8) {
        // TFLM prints these doubles with %d; only the failure itself is reproduced.
        ARENASCOPE_TRY(check.eq(183, "static_cast<double>(input->params.scale)",
            "static_cast<double>(output_tensor->params.scale)", in.scale == out.scale ? 0 : 1, 0));
        return check.eq(
            185, "input->params.zero_point", "output_tensor->params.zero_point", in.zeroPoint, out.zeroPoint);
    }
    if (inputType == D::Int16)
        return check.eq(189, "input->params.zero_point", "0", in.zeroPoint, 0);
    return okStatus();
}

// Before 50e7e5dbd (2024-12-16; 71fba59b and 4e62ea7b, same lines in both): no per-input type,
// scale or zero-point checks; the output is held a second time for the op data, and int8 keeps
// every input's scale and zero point in two persistent arrays, read in a third pass over the
// inputs. Its own lines, as that source prints them.
Status concatenationPrepareBefore2024_12(KernelContext& ctx)
{
    // Checks the newest no longer has, at the lines of the snapshot's own file.
    const Checks check(ctx, kConcatenation, CheckLines::AsPrinted);
    auto in0 = ctx.tempInput(0);
    if (!in0)
        return in0.error();
    ARENASCOPE_TRY(check.ensure(121, in0.value().valid, "input_tensor != nullptr"));
    auto out0 = ctx.tempOutput(0);
    if (!out0)
        return out0.error();
    ARENASCOPE_TRY(check.ensure(125, out0.value().valid, "output_tensor != nullptr"));
    ctx.releaseTemp(in0.value());
    ctx.releaseTemp(out0.value());
    const DataType inputType = ctx.input(0)->type;
    const DataType outputType = ctx.output(0)->type;
    ARENASCOPE_TRY(check.eq(132, "params->activation", "kTfLiteActNone", concatenationActivation(ctx), 0));
    ARENASCOPE_TRY(check.ensure(133, isOneOf(inputType, { D::Float32, D::Int8, D::Int16, D::Int32, D::Int64, D::Bool }),
        "input_type == kTfLiteFloat32 || input_type == kTfLiteInt8 || input_type == kTfLiteInt16 || "
        "input_type == kTfLiteInt32 || input_type == kTfLiteInt64 || input_type == kTfLiteBool"));
    // TF_LITE_ENSURE_EQ on the two TfLiteType values: printed as numbers.
    ARENASCOPE_TRY(check.eq(139, "output_type", "input_type", tfliteType(outputType).code, tfliteType(inputType).code));
    ARENASCOPE_TRY(check.ensure(143, ctx.inputCount() <= 10, "num_inputs <= kMaxInputNum"));
    const int maxDims = tflmHas(ctx.settings().tflm, TflmChange::RuntimeShapeSixDims) ? 6 : 5;
    for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
        auto in = ctx.tempInput(i);
        if (!in)
            return in.error();
        ARENASCOPE_TRY(check.ensure(148, in.value().valid, "input != nullptr"));
        const int rank = static_cast<int>(ctx.input(i)->shape.size());
        if (rank > maxDims)
            return ctx.kernelError(formatString(
                "Op Concatenation does not currently support num dimensions > %d Tensor has %d dimensions.", maxDims,
                rank));
        ctx.releaseTemp(in.value());
    }
    auto out = ctx.tempOutput(0);
    if (!out)
        return out.error();
    ARENASCOPE_TRY(check.ensure(167, out.value().valid, "output != nullptr"));
    if (outputType == D::Int8) {
        const std::uint64_t n = ctx.inputCount();
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "input_scales"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "input_zero_points"));
        for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
            auto in = ctx.tempInput(i);
            if (!in)
                return in.error();
            ARENASCOPE_TRY(check.ensure(195, in.value().valid, "t != nullptr"));
            ctx.releaseTemp(in.value());
        }
    } else if (!isOneOf(outputType, { D::Bool, D::Float32, D::Int16, D::Int32, D::Int64 })) {
        return ctx.kernelError(
            formatString("Op Concatenation does not currently support Type '%s'.", tfliteType(outputType).name));
    }
    ctx.releaseTemp(out.value());
    return okStatus();
}

Status concatenationPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kConcatenation);
    if (!tflmHas(ctx.settings().tflm, TflmChange::ConcatenationInt8Unscaled))
        return concatenationPrepareBefore2024_12(ctx);
    // Input 0 is released right away; the output stays held until the end.
    auto in0 = ctx.tempInput(0);
    if (!in0)
        return in0.error();
    ARENASCOPE_TRY(check.ensure(137, in0.value().valid, "input_tensor != nullptr"));
    auto out = ctx.tempOutput(0);
    if (!out)
        return out.error();
    ARENASCOPE_TRY(check.ensure(141, out.value().valid, "output_tensor != nullptr"));
    ctx.releaseTemp(in0.value());
    const Status s = [&]() -> Status {
        const DataType inputType = ctx.input(0)->type;
        const Tensor& output = *ctx.output(0);
        ARENASCOPE_TRY(check.eq(147, "params->activation", "kTfLiteActNone", concatenationActivation(ctx), 0));
        ARENASCOPE_TRY(
            check.ensure(148, isOneOf(inputType, { D::Float32, D::Int8, D::Int16, D::Int32, D::Int64, D::Bool }),
                "input_type == kTfLiteFloat32 || input_type == kTfLiteInt8 || input_type == kTfLiteInt16 || "
                "input_type == kTfLiteInt32 || input_type == kTfLiteInt64 || input_type == kTfLiteBool"));
        ARENASCOPE_TRY(check.typesEq(154, "output_type", "input_type", output.type, inputType));
        ARENASCOPE_TRY(check.ensure(158, ctx.inputCount() <= 10, "num_inputs <= kMaxInputNum"));
        for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
            auto in = ctx.tempInput(i);
            if (!in)
                return in.error();
            ARENASCOPE_TRY(check.ensure(168, in.value().valid, "input != nullptr"));
            const Status checked = concatenationInput(ctx, *ctx.input(i), inputType, output);
            ctx.releaseTemp(in.value());
            ARENASCOPE_TRY(checked);
        }
        if (inputType == D::Int16)
            ARENASCOPE_TRY(
                check.eq(205, "output_tensor->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
        return okStatus();
    }();
    ctx.releaseTemp(out.value());
    return s;
}

// ---- SPLIT / SPLIT_V (split.cc, split_v.cc): only the axis tensor is looked at ---------------
Status splitPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSplitCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 73, "axis" } }));
    return constantTensorCheck(ctx, isConstant(*ctx.input(0)), kSplitCc, "Non-constant >axis< tensor is not supported",
        { BeforeConstantCheck::Message, kSplitCc, "Non constant axis tensor not supported" });
}

Status splitVPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSplitVCc);
    ARENASCOPE_TRY(check.eq(75, "NumInputs(node)", "3", static_cast<long long>(ctx.inputCount()), 3));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(2));
    return constantTensorCheck(ctx, isConstant(*ctx.input(2)), kSplitVCc, "Non-constant >axis< tensor is not supported",
        { BeforeConstantCheck::Message, kSplitVCc, "Non constant axis tensor not supported" });
}

constexpr std::array kProfiles = {
    builtin("CONCATENATION", "kernels/concatenation.cc", &options::kConcatenation,
        initStruct<opdata::kOpDataConcatenation>, concatenationPrepare),
    builtin("SPLIT", "kernels/split.cc", &options::kSplit, nullptr, splitPrepare),
    builtin("PACK", "kernels/pack.cc", &options::kPack, nullptr, nullptr),
    builtin("UNPACK", "kernels/unpack.cc", &options::kUnpack, nullptr, nullptr),
    builtin("SPLIT_V", "kernels/split_v.cc", &options::kSplitV, nullptr, splitVPrepare),
};

} // namespace

const std::span<const KernelProfile> concatenationAndSplitProfiles = kProfiles;

} // namespace arenascope::kernels
