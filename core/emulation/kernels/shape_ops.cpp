// Kernel profiles: data movement and resize (see profile_groups.h); the reductions are in
// reduce_ops.cpp. Sources: tensorflow/lite/micro/kernels/*.cc @90b983c2 (reference kernels),
// each cited in its row. Checks run in the kernel's order and fail with what it prints:
// TF_LITE_ENSURE* with the file and line (shape_checks.h), MicroPrintf texts verbatim.
// Builtin-options sizes: TfLite*Params of compiler/mlir/lite/core/c/builtin_op_data.h as
// ParseXxx in core/api/flatbuffer_conversions.cc allocates them (builtin_options.h).
#include "builtin_options.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "shape_op_data.h"
#include "tflm_checks.h"

#include <array>
#include <string>

namespace arenascope::kernels {

namespace {

using D = DataType;
using shape::Checks;
using shape::dimOf;
using shape::isConstant;
using shape::rankOf;

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kBatchToSpaceNdCc = "tensorflow/lite/micro/kernels/batch_to_space_nd.cc";
constexpr const char* kBroadcastArgsCc = "tensorflow/lite/micro/kernels/broadcast_args.cc";
constexpr const char* kBroadcastToCc = "tensorflow/lite/micro/kernels/broadcast_to.cc";
constexpr const char* kDepthToSpaceCc = "tensorflow/lite/micro/kernels/depth_to_space.cc";
constexpr const char* kDynamicUpdateSliceCc = "tensorflow/lite/micro/kernels/dynamic_update_slice.cc";
constexpr const char* kExpandDimsCc = "tensorflow/lite/micro/kernels/expand_dims.cc";
constexpr const char* kFillCc = "tensorflow/lite/micro/kernels/fill.cc";
constexpr const char* kGatherCc = "tensorflow/lite/micro/kernels/gather.cc";
constexpr const char* kGatherNdCc = "tensorflow/lite/micro/kernels/gather_nd.cc";
constexpr const char* kMirrorPadCc = "tensorflow/lite/micro/kernels/mirror_pad.cc";
constexpr const char* kResizeBilinearCc = "tensorflow/lite/micro/kernels/resize_bilinear.cc";
constexpr const char* kResizeNearestNeighborCc = "tensorflow/lite/micro/kernels/resize_nearest_neighbor.cc";
constexpr const char* kReverseCc = "tensorflow/lite/micro/kernels/reverse.cc";
constexpr const char* kShapeCc = "tensorflow/lite/micro/kernels/shape.cc";
constexpr const char* kSliceCc = "tensorflow/lite/micro/kernels/slice.cc";
constexpr const char* kSpaceToBatchNdCc = "tensorflow/lite/micro/kernels/space_to_batch_nd.cc";
constexpr const char* kSpaceToDepthCc = "tensorflow/lite/micro/kernels/space_to_depth.cc";
constexpr const char* kSplitCc = "tensorflow/lite/micro/kernels/split.cc";
constexpr const char* kSplitVCc = "tensorflow/lite/micro/kernels/split_v.cc";
constexpr const char* kSqueezeCc = "tensorflow/lite/micro/kernels/squeeze.cc";
constexpr const char* kTransposeCommonCc = "tensorflow/lite/micro/kernels/transpose_common.cc";
constexpr const char* kZerosLikeCc = "tensorflow/lite/micro/kernels/zeros_like.cc";

// ---- TRANSPOSE (transpose.cc, transpose_common.cc: TransposePrepare) -----------------------
Status transposePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kTransposeCommonCc);
    ARENASCOPE_TRY(check.counts(27, 2, 28, 1));
    TempTensors temps(ctx); // TransposeContext: input, perm, output, no null checks
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& perm = *ctx.input(1);
    ARENASCOPE_TRY(check.msg(rankOf(input) <= 5, "Transpose op only supports 1D-5D input arrays."));
    ARENASCOPE_TRY(
        check.typesEq(35, "op_context.input->type", "op_context.output->type", input.type, ctx.output(0)->type));
    ARENASCOPE_TRY(
        constantTensorCheck(ctx, isConstant(perm), kTransposeCommonCc, "Non-constant >perm< tensor is not supported",
            { BeforeConstantCheck::NullRead, "tensorflow/lite/micro/kernels/transpose.cc" }));
    const int dims = rankOf(input);
    ARENASCOPE_TRY(check.eq(44, "NumDimensions(op_context.perm)", "1", rankOf(perm), 1));
    ARENASCOPE_TRY(check.eq(45, "op_context.perm->dims->data[0]", "dims", dimOf(perm, 0), dims));
    const auto values = perm.type == D::Int32 ? shape::constantInts(ctx, perm) : std::nullopt;
    for (std::size_t i = 0; values && i < values->size() && i < static_cast<std::size_t>(dims); ++i)
        ARENASCOPE_TRY(
            check.msg((*values)[i] >= 0 && (*values)[i] < dims, "Transpose op permutations array is out of bounds."));
    return okStatus();
}

// ---- GATHER (gather.cc: GatherPrepare) -------------------------------------------------------
Status gatherIndexChecks(KernelContext& ctx, const Checks& check)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& coords = *ctx.input(1);
    // TfLiteGatherParams from GatherOptions: axis (field 0), batch_dims (field 1).
    int axis = shape::optionInt32(ctx, tflite::BuiltinOptions::GatherOptions, 0);
    if (axis < 0)
        axis += rankOf(input);
    ARENASCOPE_TRY(check.ensure(147, 0 <= axis && axis < rankOf(input), "0 <= axis && axis < NumDimensions(input)"));
    int batchDims = shape::optionInt32(ctx, tflite::BuiltinOptions::GatherOptions, 1);
    if (batchDims < 0)
        batchDims += rankOf(coords);
    ARENASCOPE_TRY(check.ensure(155, batchDims <= axis, "batch_dims <= axis"));
    ARENASCOPE_TRY(check.ensure(
        156, 0 <= batchDims && batchDims < rankOf(input), "0 <= batch_dims && batch_dims < NumDimensions(input)"));
    ARENASCOPE_TRY(check.ensure(157, batchDims <= rankOf(coords), "batch_dims <= NumDimensions(coords)"));
    for (int i = 0; i < batchDims; ++i)
        ARENASCOPE_TRY(
            check.eq(159, "input->dims->data[i]", "coords->dims->data[i]", dimOf(input, i), dimOf(coords, i)));
    return okStatus();
}

Status gatherPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kGatherCc);
    ARENASCOPE_TRY(check.counts(103, 2, 104, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 110, "input"));
    ARENASCOPE_TRY(check.input(temps, 1, 113, "coords"));
    ARENASCOPE_TRY(check.output(temps, 0, 116, "output"));
    const DataType coordsType = ctx.input(1)->type;
    if (coordsType != D::Int32)
        return shape::typeMessage(ctx, "Positions of type '%s' are not supported by gather.", coordsType);
    const DataType inputType = ctx.input(0)->type;
    if (!isOneOf(inputType, { D::Float32, D::Int8 }))
        return shape::typeMessage(ctx, "Type '%s' is not supported by gather.", inputType);
    ARENASCOPE_TRY(gatherIndexChecks(ctx, check));
    return shape::writableOutputDims(ctx);
}

// ---- GATHER_ND (gather_nd.cc: GatherNdPrepare) -----------------------------------------------
Status gatherNdPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kGatherNdCc);
    ARENASCOPE_TRY(check.counts(34, 2, 35, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 38, "params"));
    ARENASCOPE_TRY(check.input(temps, 1, 41, "indices"));
    ARENASCOPE_TRY(check.output(temps, 0, 44, "output"));
    const Tensor& params = *ctx.input(0);
    const Tensor& indices = *ctx.input(1);
    if (!isOneOf(params.type, { D::Float32, D::Int8 }))
        return shape::typeMessage(ctx, "Params of type '%s' are not supported by gather_nd.", params.type);
    if (indices.type != D::Int32)
        return shape::typeMessage(ctx, "Indices of type '%s' are not supported by gather_nd.", indices.type);
    // SizeOfDimension(indices, rank - 1): for a scalar that reads dims->size, i.e. 0.
    const long long nd = rankOf(indices) > 0 ? dimOf(indices, rankOf(indices) - 1) : 0;
    if (rankOf(params) < 1)
        return ctx.kernelError("Params must be at least a vector.");
    if (rankOf(indices) < 1)
        return ctx.kernelError("Indices must be at least a vector.");
    if (nd > rankOf(params))
        return ctx.kernelError("Index innermost dimension length must be <= params rank.");
    if (nd > 5)
        return ctx.kernelError("Index innermost dimension length must not exceed 5.");
    return shape::writableOutputDims(ctx);
}

// ---- SLICE (slice.cc: SlicePrepare) ------------------------------------------------------------
// The tensor checks are TFLITE_DCHECKs: no message; a debug build aborts, NDEBUG skips them.
// A failed one is reported (as an abort) with the condition.
Status sliceDcheck(KernelContext& ctx, bool ok, const char* condition)
{
    if (!ok)
        return ctx.kernelError(formatString("%s TFLITE_DCHECK(%s) failed (a debug build aborts)", kSliceCc, condition));
    return okStatus();
}

Status slicePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSliceCc);
    ARENASCOPE_TRY(check.counts(50, 3, 51, 1));
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 3; ++i)
        ARENASCOPE_TRY(temps.input(i));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& begin = *ctx.input(1);
    const Tensor& size = *ctx.input(2);
    ARENASCOPE_TRY(sliceDcheck(ctx, input.type == ctx.output(0)->type, "input->type == output->type"));
    ARENASCOPE_TRY(sliceDcheck(ctx, begin.type == size.type, "begin->type == size->type"));
    ARENASCOPE_TRY(sliceDcheck(ctx, isOneOf(begin.type, { D::Int32, D::Int64 }),
        "begin->type == kTfLiteInt32 || begin->type == kTfLiteInt64"));
    ARENASCOPE_TRY(sliceDcheck(ctx, rankOf(begin) == 1, "NumDimensions(begin) == 1"));
    ARENASCOPE_TRY(sliceDcheck(ctx, rankOf(size) == 1, "NumDimensions(size) == 1"));
    ARENASCOPE_TRY(
        sliceDcheck(ctx, begin.elementCount == size.elementCount, "NumElements(begin) == NumElements(size)"));
    return sliceDcheck(ctx, rankOf(input) <= 5, "NumDimensions(input) <= kMaxDim");
}

// ---- SPLIT / SPLIT_V (split.cc, split_v.cc): only the axis tensor is looked at ---------------
Status splitPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSplitCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 73, "axis"));
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
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
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
    ARENASCOPE_TRY(check.input(temps, 0, 94, "input"));
    ARENASCOPE_TRY(check.input(temps, 1, 97, "axis"));
    ARENASCOPE_TRY(check.output(temps, 0, 100, "output"));
    // Before: an IsDynamicTensor test that is never true in TFLM, then the axis value is read.
    ARENASCOPE_TRY(constantTensorCheck(ctx, isConstant(*ctx.input(1)), kExpandDimsCc,
        "Non-constant >axis< tensor is not supported", { BeforeConstantCheck::NullRead, kExpandDimsCc }));
    return expandDimsVerify(ctx, check);
}

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
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
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
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
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

// ---- FILL (fill.cc: FillPrepare, EnsureEq) -----------------------------------------------------
// The constant dims tensor must equal the output's shape.
Status fillDimsMatchOutput(KernelContext& ctx, const Checks& check)
{
    const Tensor& dims = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(43, "NumDimensions(tensor)", "1", rankOf(dims), 1));
    ARENASCOPE_TRY(check.eq(45, "array->size", "tensor_len", rankOf(output), dimOf(dims, 0)));
    if (!isOneOf(dims.type, { D::Int8, D::Int16, D::Int32, D::Int64 }))
        return ctx.kernelError(
            formatString("cannot compare int array to tensor of type %d.", tfliteType(dims.type).code));
    const auto values = shape::constantInts(ctx, dims);
    for (int i = 0; values && i < rankOf(output) && static_cast<std::size_t>(i) < values->size(); ++i)
        ARENASCOPE_TRY(check.eq(34, "array->data[i]", "GetTensorData<T>(tensor)[i]", dimOf(output, i),
            (*values)[static_cast<std::size_t>(i)]));
    return okStatus();
}

Status fillPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kFillCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 73, "dims"));
    ARENASCOPE_TRY(check.input(temps, 1, 76, "value"));
    ARENASCOPE_TRY(check.output(temps, 0, 79, "output"));
    const Tensor& value = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(82, "NumDimensions(value)", "0", rankOf(value), 0));
    ARENASCOPE_TRY(check.typeCodesEq(85, "value->type", "output->type", value.type, ctx.output(0)->type));
    // Before: the dims are compared with the output only when their data is there.
    if (!isConstant(*ctx.input(0)) && !tflmHas(ctx.settings().tflm, TflmChange::ConstTensorChecks))
        return okStatus();
    ARENASCOPE_TRY(check.msg(isConstant(*ctx.input(0)), "Non-constant >dims< tensor is not supported"));
    return fillDimsMatchOutput(ctx, check);
}

// ---- ZEROS_LIKE (zeros_like.cc), SHAPE (shape.cc) ---------------------------------------------
Status zerosLikePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kZerosLikeCc);
    ARENASCOPE_TRY(check.counts(31, 1, 32, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 35, "input"));
    return check.output(temps, 0, 38, "output");
}

Status shapePrepare(KernelContext& ctx)
{
    return Checks(ctx, kShapeCc).counts(39, 1, 40, 1);
}

// ---- DEPTH_TO_SPACE / SPACE_TO_DEPTH (depth_to_space.cc, space_to_depth.cc) -----------------
// The lines of the checks both kernels share, in their order.
struct DepthSpaceLines {
    int inputs, outputs, input, output, rank, dataType, typesEq;
};

Status depthSpaceCommon(KernelContext& ctx, const Checks& check, TempTensors& temps, const DepthSpaceLines& l)
{
    ARENASCOPE_TRY(check.counts(l.inputs, 1, l.outputs, 1));
    ARENASCOPE_TRY(check.input(temps, 0, l.input, "input"));
    ARENASCOPE_TRY(check.output(temps, 0, l.output, "output"));
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
    ARENASCOPE_TRY(temps.input(0, false));
    ARENASCOPE_TRY(temps.output(0, false));
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

// SpaceToBatchNDInit: AllocatePersistentBuffer(sizeof(SpaceToBatchParams)).
Status spaceToBatchInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kSpaceToBatchParams);
}

// ---- MIRROR_PAD (mirror_pad.cc: MirrorPadInit, MirrorPadPrepare) ----------------------------
Status mirrorPadInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataMirrorPad);
}

Status mirrorPadPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kMirrorPadCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& padding = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(181, "NumDimensions(padding_matrix)", "2", rankOf(padding), 2));
    ARENASCOPE_TRY(check.eq(
        182, "SizeOfDimension(padding_matrix, 0)", "NumDimensions(input_tensor)", dimOf(padding, 0), rankOf(input)));
    // input_dims * sizeof(int), twice: output and input dims_num_elements buffers.
    const auto bytes = 4 * static_cast<std::uint64_t>(rankOf(input));
    ARENASCOPE_TRY(ctx.requestScratch(bytes, "output_dims_num_elements"));
    return ctx.requestScratch(bytes, "input_dims_num_elements");
}

// ---- RESIZE_BILINEAR / RESIZE_NEAREST_NEIGHBOR (resize_bilinear.cc, resize_nearest_neighbor.cc)
Status resizeCommon(KernelContext& ctx, const Checks& check, int firstLine)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(firstLine, "NumDimensions(input)", "4", rankOf(input), 4));
    return check.eq(firstLine + 1, "NumDimensions(size)", "1", rankOf(size), 1);
}

Status holdResizeTensors(TempTensors& temps)
{
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    return temps.output(0);
}

Status resizeBilinearPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kResizeBilinearCc);
    ARENASCOPE_TRY(check.counts(36, 2, 37, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdResizeTensors(temps));
    ARENASCOPE_TRY(resizeCommon(ctx, check, 46));
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.typeCodesEq(49, "size->type", "kTfLiteInt32", size.type, D::Int32));
    ARENASCOPE_TRY(
        constantTensorCheck(ctx, isConstant(size), kResizeBilinearCc, "Non-constant >size< tensor is not supported",
            { BeforeConstantCheck::Message, kResizeBilinearCc, "Non constant size tensor not supported" }));
    // ResizeBilinearOptions: align_corners (field 2), half_pixel_centers (field 3).
    const auto type = tflite::BuiltinOptions::ResizeBilinearOptions;
    if (shape::optionBool(ctx, type, 2) && shape::optionBool(ctx, type, 3))
        return ctx.kernelError("If half_pixel_centers is True, align_corners must be False.");
    return okStatus();
}

Status resizeNearestPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kResizeNearestNeighborCc);
    ARENASCOPE_TRY(check.counts(38, 2, 39, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdResizeTensors(temps));
    ARENASCOPE_TRY(resizeCommon(ctx, check, 50));
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.typeCodesEq(52, "size->type", "kTfLiteInt32", size.type, D::Int32));
    ARENASCOPE_TRY(check.eq(53, "size->dims->data[0]", "2", dimOf(size, 0), 2));
    return constantTensorCheck(ctx, isConstant(size), kResizeNearestNeighborCc,
        "Non-constant >size< tensor is not supported",
        { BeforeConstantCheck::Print, kResizeNearestNeighborCc, "Dynamic tensors are unsupported in tfmicro." });
}

// ---- REVERSE_V2 (reverse.cc: ReverseV2Prepare) -------------------------------------------------
Status reverseV2Prepare(KernelContext& ctx)
{
    const Checks check(ctx, kReverseCc);
    ARENASCOPE_TRY(check.counts(47, 2, 48, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 53, "input"));
    ARENASCOPE_TRY(check.input(temps, 1, 56, "axis"));
    ARENASCOPE_TRY(check.output(temps, 0, 59, "output"));
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(60, "NumDimensions(axis)", "1", rankOf(axis), 1));
    // kMaxDimensions = RuntimeShape::kMaxSmallSize (6).
    ARENASCOPE_TRY(check.ensure(61, rankOf(input) <= 6, "NumDimensions(input) <= kMaxDimensions"));
    ARENASCOPE_TRY(check.ensure(62, static_cast<std::uint64_t>(rankOf(input)) >= axis.elementCount,
        "NumDimensions(input) >= NumElements(axis)"));
    if (!isOneOf(input.type, { D::Int32, D::Float32, D::UInt8, D::Int8, D::Int16, D::Int64, D::Bool }))
        return shape::typeMessage(ctx, "Type '%s' is not supported by reverse.", input.type);
    if (axis.type != D::Int32)
        return shape::typeMessage(ctx, "Axis Type '%s' is not supported by reverse.", axis.type);
    return check.typeCodesEq(79, "input->type", "output->type", input.type, ctx.output(0)->type);
}

// ---- DYNAMIC_UPDATE_SLICE (dynamic_update_slice.cc: Prepare) ----------------------------------
Status dynamicUpdateSlicePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kDynamicUpdateSliceCc);
    ARENASCOPE_TRY(check.counts(127, 3, 128, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.input(temps, 0, 134, "operand"));
    ARENASCOPE_TRY(check.input(temps, 1, 138, "update"));
    ARENASCOPE_TRY(check.input(temps, 2, 142, "start_indices"));
    ARENASCOPE_TRY(check.output(temps, 0, 146, "output"));
    const Tensor& operand = *ctx.input(0);
    const Tensor& update = *ctx.input(1);
    const Tensor& indices = *ctx.input(2);
    ARENASCOPE_TRY(check.typesEq(149, "operand->type", "update->type", operand.type, update.type));
    ARENASCOPE_TRY(check.ensure(150, isOneOf(indices.type, { D::Int32, D::Int64 }),
        "start_indices->type == kTfLiteInt32 || start_indices->type == kTfLiteInt64"));
    ARENASCOPE_TRY(check.eq(153, "NumDimensions(start_indices)", "1", rankOf(indices), 1));
    ARENASCOPE_TRY(check.eq(
        154, "SizeOfDimension(start_indices, 0)", "NumDimensions(operand)", dimOf(indices, 0), rankOf(operand)));
    ARENASCOPE_TRY(check.eq(157, "NumDimensions(update)", "NumDimensions(operand)", rankOf(update), rankOf(operand)));
    for (int i = 0; i < rankOf(operand); ++i)
        ARENASCOPE_TRY(check.ensure(
            160, dimOf(update, i) <= dimOf(operand, i), "SizeOfDimension(update, i) <= SizeOfDimension(operand, i)"));
    return okStatus();
}

constexpr const StructDef* kNone = nullptr;

// ParseReverseV2 and ParseDynamicUpdateSlice allocate no builtin data.
constexpr std::array kShapeProfiles = {
    builtin("DEPTH_TO_SPACE", "kernels/depth_to_space.cc", &options::kDepthToSpace, nullptr, depthToSpacePrepare),
    builtin("RESIZE_BILINEAR", "kernels/resize_bilinear.cc", &options::kResizeBilinear, nullptr, resizeBilinearPrepare),
    builtin("SPACE_TO_DEPTH", "kernels/space_to_depth.cc", &options::kSpaceToDepth, nullptr, spaceToDepthPrepare),
    builtin("GATHER", "kernels/gather.cc", &options::kGather, nullptr, gatherPrepare),
    builtin("BATCH_TO_SPACE_ND", "kernels/batch_to_space_nd.cc", kNone, nullptr, batchToSpacePrepare),
    builtin("SPACE_TO_BATCH_ND", "kernels/space_to_batch_nd.cc", kNone, spaceToBatchInit, spaceToBatchPrepare),
    builtin("TRANSPOSE", "kernels/transpose.cc, transpose_common.cc", kNone, nullptr, transposePrepare),
    builtin("SQUEEZE", "kernels/squeeze.cc", &options::kSqueeze, nullptr, squeezePrepare),
    builtin("SPLIT", "kernels/split.cc", &options::kSplit, nullptr, splitPrepare),
    builtin("ARG_MAX", "kernels/arg_min_max.cc", &options::kArgMax, nullptr, nullptr),
    builtin("SLICE", "kernels/slice.cc", kNone, nullptr, slicePrepare),
    builtin("EXPAND_DIMS", "kernels/expand_dims.cc", kNone, nullptr, expandDimsPrepare),
    builtin("SHAPE", "kernels/shape.cc", &options::kShape, nullptr, shapePrepare),
    builtin("ARG_MIN", "kernels/arg_min_max.cc", &options::kArgMin, nullptr, nullptr),
    builtin("PACK", "kernels/pack.cc", &options::kPack, nullptr, nullptr),
    builtin("UNPACK", "kernels/unpack.cc", &options::kUnpack, nullptr, nullptr),
    builtin("ZEROS_LIKE", "kernels/zeros_like.cc", kNone, nullptr, zerosLikePrepare),
    builtin("FILL", "kernels/fill.cc", kNone, nullptr, fillPrepare),
    builtin("RESIZE_NEAREST_NEIGHBOR", "kernels/resize_nearest_neighbor.cc", &options::kResizeNearestNeighbor, nullptr,
        resizeNearestPrepare),
    builtin("MIRROR_PAD", "kernels/mirror_pad.cc", &options::kMirrorPadding, mirrorPadInit, mirrorPadPrepare),
    builtin("SPLIT_V", "kernels/split_v.cc", &options::kSplitV, nullptr, splitVPrepare),
    builtin("GATHER_ND", "kernels/gather_nd.cc", kNone, nullptr, gatherNdPrepare),
    builtin("BROADCAST_TO", "kernels/broadcast_to.cc", kNone, nullptr, broadcastToPrepare),
    builtin("BROADCAST_ARGS", "kernels/broadcast_args.cc", kNone, nullptr, broadcastArgsPrepare),
    builtin("REVERSE_V2", "kernels/reverse.cc", kNone, nullptr, reverseV2Prepare),
    builtin("DYNAMIC_UPDATE_SLICE", "kernels/dynamic_update_slice.cc", kNone, nullptr, dynamicUpdateSlicePrepare),
};

} // namespace

std::span<const KernelProfile> shapeProfiles()
{
    return kShapeProfiles;
}

} // namespace arenascope::kernels
