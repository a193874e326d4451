// Reshapes: RESHAPE, SQUEEZE and EXPAND_DIMS.
// Sources: tensorflow/lite/micro/kernels/reshape.cc, reshape_common.cc, squeeze.cc,
// expand_dims.cc @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "tflm_checks.h"

#include <array>
#include <vector>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kReshapeCommon = "tensorflow/lite/micro/kernels/reshape_common.cc";
constexpr const char* kExpandDimsCc = "tensorflow/lite/micro/kernels/expand_dims.cc";
constexpr const char* kSqueezeCc = "tensorflow/lite/micro/kernels/squeeze.cc";

// ---- RESHAPE (reshape.cc, reshape_common.cc: PrepareReshapeReference, ReshapeOutput) -------

Status reshapePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kReshapeCommon);
    const std::size_t inputs = ctx.inputCount();
    ARENASCOPE_TRY(check.ensure(88, inputs == 1 || inputs == 2, "NumInputs(node) == 1 || NumInputs(node) == 2"));
    ARENASCOPE_TRY(check.eq(89, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    int stretchDims = 0;
    for (std::int32_t d : output.shape)
        stretchDims += d == -1 ? 1 : 0;
    if (stretchDims > 1)
        return check.eq(61, "stretch_dim", "-1", 0, -1);
    // A -1 dimension: CreateWritableTensorDimsWithCopy (micro/kernels/kernel_util.cc) gives the
    // output a TfLiteIntArray of its own in the tail.
    if (stretchDims == 1)
        ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(output.shape.size()), "reshape output dims"));
    return check.typesEq(77, "input->type", "output->type", input.type, output.type);
}

// ---- SQUEEZE (squeeze.cc: SqueezePrepare) ------------------------------------------------------
// TfLiteSqueezeParams::squeeze_dims: SqueezeOptions field 0 (ParseSqueeze copies at most 8).
std::vector<std::int32_t> squeezeDims(const KernelContext& ctx)
{
    std::vector<std::int32_t> dims;
    const tflite::Operator* op = ctx.op().flatbuffer;
    if (!op || op->builtin_options_type() != tflite::BuiltinOptions::SqueezeOptions || !op->builtin_options())
        return dims;
    const auto* table = static_cast<const flatbuffers::Table*>(op->builtin_options());
    const auto* vec = table->GetPointer<const flatbuffers::Vector<std::int32_t>*>(4);
    for (flatbuffers::uoffset_t i = 0; vec && i < vec->size() && i < 8; ++i)
        dims.push_back(vec->Get(i));
    return dims;
}

Status squeezePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSqueezeCc);
    ARENASCOPE_TRY(check.counts(48, 1, 49, 1));
    TempTensors temps(ctx); // SqueezeContext: input, output (no null checks)
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    const int rank = rankOf(input);
    ARENASCOPE_TRY(check.ensure(61, rank <= 8, "input_num_dims <= max_squeeze_dims"));
    for (std::int32_t d : squeezeDims(ctx)) {
        const int current = d < 0 ? d + rank : d;
        ARENASCOPE_TRY(check.ensure(74, current >= 0 && current < rank && dimOf(input, current) == 1,
            "current >= 0 && current < input_num_dims && input_dims->data[current] == 1"));
    }
    return okStatus();
}

// ---- EXPAND_DIMS (expand_dims.cc: ExpandDimsPrepare, VerifyTensorDim) -----------------------
Status expandDimsVerify(KernelContext& ctx, const Checks& check)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (rankOf(axis) > 1) // GetAxisValueFromTensor
        return ctx.kernelError("Axis has only one element for Expand_Dims.");
    if (axis.type != D::Int32)
        return ctx.kernelError(formatString(
            "Axis type %s (%d) not supported by Expand_Dims.", tfliteType(axis.type).name, tfliteType(axis.type).code));
    const auto values = shape::constantInts(ctx, axis);
    if (!values || values->empty())
        return okStatus();
    const int inRank = rankOf(input);
    int a = static_cast<int>(values->front());
    if (a < 0)
        a = inRank + 1 + a;
    ARENASCOPE_TRY(check.ensure(66, a <= inRank, "axis_value <= input_shape.DimensionsCount()"));
    ARENASCOPE_TRY(check.ensure(
        73, rankOf(output) == inRank + 1, "output_shape.DimensionsCount() == input_shape.DimensionsCount() + 1"));
    for (int i = 0; i < rankOf(output); ++i) {
        if (i < a)
            ARENASCOPE_TRY(
                check.ensure(77, dimOf(output, i) == dimOf(input, i), "output_shape.Dims(i) == input_shape.Dims(i)"));
        else if (i == a)
            ARENASCOPE_TRY(check.ensure(79, dimOf(output, i) == 1, "output_shape.Dims(i) == 1"));
        else
            ARENASCOPE_TRY(check.ensure(
                81, dimOf(output, i) == dimOf(input, i - 1), "output_shape.Dims(i) == input_shape.Dims(i - 1)"));
    }
    return okStatus();
}

Status expandDimsPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kExpandDimsCc);
    ARENASCOPE_TRY(check.counts(90, 2, 91, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 94, "input" }, { in(1), 97, "axis" }, { out(0), 100, "output" } }));
    // Before: an IsDynamicTensor test that is never true in TFLM, then the axis value is read.
    ARENASCOPE_TRY(constantTensorCheck(ctx, isConstant(*ctx.input(1)), kExpandDimsCc,
        "Non-constant >axis< tensor is not supported", { BeforeConstantCheck::NullRead, kExpandDimsCc }));
    return expandDimsVerify(ctx, check);
}

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("RESHAPE", "kernels/reshape.cc, reshape_common.cc", &options::kReshape, nullptr, reshapePrepare),
    builtin("SQUEEZE", "kernels/squeeze.cc", &options::kSqueeze, nullptr, squeezePrepare),
    builtin("EXPAND_DIMS", "kernels/expand_dims.cc", kNone, nullptr, expandDimsPrepare),
};

} // namespace

const std::span<const KernelProfile> reshapeProfiles = kProfiles;

} // namespace arenascope::kernels
