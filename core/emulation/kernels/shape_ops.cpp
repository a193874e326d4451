// Kernel profiles: data movement, reductions and resize (see profile_groups.h).
// Sources: tensorflow/lite/micro/kernels/*.cc @90b983c2 (reference kernels), each cited in
// its row. Builtin-options sizes: TfLite*Params of compiler/mlir/lite/core/c/builtin_op_data.h
// as ParseXxx in micro/flatbuffer_conversions.cc allocates them (ABI-independent).
//
// Not in the table because python_ops_resolver.cc does not register them: REDUCE_MIN,
// REDUCE_PROD (TFLM has no REDUCE_PROD kernel at all).
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <array>
#include <optional>
#include <vector>

namespace arenascope::kernels {

namespace {

using D = DataType;

std::string typeName(DataType t)
{
    return std::string(dataTypeName(t));
}

std::size_t rankOf(const Tensor& t)
{
    return t.shape.size();
}

// IsConstantTensor: the tensor has data in the flatbuffer (kTfLiteMmapRo).
bool isConstant(const Tensor& t)
{
    return t.hasData;
}

// TfLiteIntArrayGetSizeInBytes(rank): what CreateWritableTensorDimsWithCopy allocates.
std::uint64_t intArrayBytes(std::size_t rank)
{
    return 4 + 4 * static_cast<std::uint64_t>(rank);
}

// micro::CreateWritableTensorDimsWithCopy(output): AllocatePersistentBuffer of the output's
// dims array (its rank as stored in the model), then both dims pointers move there.
Status writableOutputDims(KernelContext& ctx)
{
    return ctx.allocatePersistent(intArrayBytes(rankOf(*ctx.output(0))), "writable output dims");
}

Status ensure(KernelContext& ctx, bool condition, const char* what)
{
    if (!condition)
        return ctx.kernelError(formatString("%s was not true.", what));
    return okStatus();
}

Status ensureTypesEq(KernelContext& ctx, DataType a, DataType b, const char* what)
{
    if (a != b)
        return ctx.kernelError(formatString("%s (%s != %s)", what, typeName(a).c_str(), typeName(b).c_str()));
    return okStatus();
}

// A scalar field of a builtin-options table the trimmed schema declares without fields,
// read by its schema field id; `def` when absent, out of the table, or another options type.
template <typename T> T optionField(const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId, T def)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    if (!op || op->builtin_options_type() != type || !op->builtin_options())
        return def;
    const auto* table = static_cast<const flatbuffers::Table*>(op->builtin_options());
    const auto field = static_cast<flatbuffers::voffset_t>(4 + 2 * fieldId);
    const flatbuffers::voffset_t offset = table->GetOptionalFieldOffset(field);
    const auto objectSize = flatbuffers::ReadScalar<flatbuffers::voffset_t>(table->GetVTable() + 2);
    if (offset == 0 || static_cast<std::size_t>(offset) + sizeof(T) > objectSize)
        return def;
    return table->GetField<T>(field, def);
}

// The int32 values of a constant tensor stored in the flatbuffer, when readable.
std::optional<std::vector<std::int32_t>> constantInt32(const KernelContext& ctx, const Tensor& t)
{
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.hasData || t.type != D::Int32 || !model || !model->buffers() || t.buffer >= model->buffers()->size())
        return std::nullopt;
    const tflite::Buffer* buffer = model->buffers()->Get(t.buffer);
    if (!buffer || !buffer->data() || buffer->data()->size() < 4 * t.elementCount)
        return std::nullopt;
    std::vector<std::int32_t> values(t.elementCount);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = flatbuffers::ReadScalar<std::int32_t>(buffer->data()->data() + 4 * i);
    return values;
}

// ---- MEAN / SUM / REDUCE_MAX (reduce.cc, reduce_common.cc) -------------------------------
// OpDataReduce: multiplier, shift, temp_buffer_idx, resolved_axis_idx, input_zp, input_scale,
// output_zp, output_scale, num_output_elements, num_axis: 10 x 4 bytes on both targets.
Status reduceInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(40, "OpDataReduce");
}

// PrepareSimple: input, (counts), axis, then the output only for int8 input.
Status reducePrepareSimple(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0, false));
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "REDUCE"));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(ensureTypesEq(ctx, ctx.input(1)->type, D::Int32, "axis->type != kTfLiteInt32"));
    if (ctx.input(0) && ctx.input(0)->type == D::Int8)
        ARENASCOPE_TRY(temps.output(0, false));
    return okStatus();
}

// PrepareMeanOrSumHelper: input, output, axis held; an int32 accumulator scratch buffer of
// the output's element count for int8/int16; then PrepareSimple's own temps.
Status meanOrSumPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& input = *ctx.input(0);
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(ctx.requestScratch(4 * ctx.output(0)->elementCount, "reduce accumulator"));
    return reducePrepareSimple(ctx);
}

// PrepareMaxHelper: PrepareSimple first, then input, output, axis held and two scratch
// buffers: sizeof(int) x input rank, sizeof(int) x axis element count.
Status reduceMaxPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(reducePrepareSimple(ctx));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(ctx.requestScratch(4 * rankOf(*ctx.input(0)), "reduce temp index"));
    ARENASCOPE_TRY(ctx.requestScratch(4 * ctx.input(1)->elementCount, "reduce resolved axis"));
    return okStatus();
}

// ---- TRANSPOSE (transpose.cc, transpose_common.cc) -----------------------------------------
Status transposePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "TRANSPOSE"));
    TempTensors temps(ctx); // TransposeContext: input, perm, output; released by its destructor
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& perm = *ctx.input(1);
    if (rankOf(input) > 5)
        return ctx.kernelError("Transpose op only supports 1D-5D input arrays.");
    ARENASCOPE_TRY(ensureTypesEq(ctx, input.type, ctx.output(0)->type, "input->type != output->type"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(perm) == 1, "NumDimensions(perm) == 1"));
    ARENASCOPE_TRY(
        ensure(ctx, perm.shape[0] == static_cast<std::int32_t>(rankOf(input)), "perm->dims->data[0] == dims"));
    if (auto values = constantInt32(ctx, perm))
        for (std::int32_t p : *values)
            if (p < 0 || p >= static_cast<std::int32_t>(rankOf(input)))
                return ctx.kernelError("Transpose op permutations array is out of bounds.");
    return okStatus();
}

// ---- GATHER (gather.cc) ----------------------------------------------------------------------
Status gatherPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "GATHER"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& coords = *ctx.input(1);
    if (coords.type != D::Int32)
        return ctx.kernelError(
            formatString("Positions of type '%s' are not supported by gather.", typeName(coords.type).c_str()));
    if (!isOneOf(input.type, { D::Float32, D::Int8 }))
        return ctx.kernelError(formatString("Type '%s' is not supported by gather.", typeName(input.type).c_str()));
    const auto inRank = static_cast<std::int32_t>(rankOf(input));
    const auto coordsRank = static_cast<std::int32_t>(rankOf(coords));
    std::int32_t axis = optionField<std::int32_t>(ctx, tflite::BuiltinOptions::GatherOptions, 0, 0);
    if (axis < 0)
        axis += inRank;
    ARENASCOPE_TRY(ensure(ctx, 0 <= axis && axis < inRank, "0 <= axis && axis < NumDimensions(input)"));
    std::int32_t batchDims = optionField<std::int32_t>(ctx, tflite::BuiltinOptions::GatherOptions, 1, 0);
    if (batchDims < 0)
        batchDims += coordsRank;
    ARENASCOPE_TRY(ensure(ctx, batchDims <= axis, "batch_dims <= axis"));
    ARENASCOPE_TRY(
        ensure(ctx, 0 <= batchDims && batchDims < inRank, "0 <= batch_dims && batch_dims < NumDimensions(input)"));
    ARENASCOPE_TRY(ensure(ctx, batchDims <= coordsRank, "batch_dims <= NumDimensions(coords)"));
    for (std::int32_t i = 0; i < batchDims; ++i)
        if (input.shape[static_cast<std::size_t>(i)] != coords.shape[static_cast<std::size_t>(i)])
            return ctx.kernelError("input->dims->data[i] != coords->dims->data[i]");
    return writableOutputDims(ctx);
}

// ---- GATHER_ND (gather_nd.cc) ----------------------------------------------------------------
Status gatherNdPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "GATHER_ND"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& params = *ctx.input(0);
    const Tensor& indices = *ctx.input(1);
    if (!isOneOf(params.type, { D::Float32, D::Int8 }))
        return ctx.kernelError(
            formatString("Params of type '%s' are not supported by gather_nd.", typeName(params.type).c_str()));
    if (indices.type != D::Int32)
        return ctx.kernelError(
            formatString("Indices of type '%s' are not supported by gather_nd.", typeName(indices.type).c_str()));
    if (rankOf(params) < 1)
        return ctx.kernelError("Params must be at least a vector.");
    if (rankOf(indices) < 1)
        return ctx.kernelError("Indices must be at least a vector.");
    const std::int32_t nd = indices.shape.back();
    if (nd > static_cast<std::int32_t>(rankOf(params)))
        return ctx.kernelError("Index innermost dimension length must be <= params rank.");
    if (nd > 5)
        return ctx.kernelError("Index innermost dimension length must not exceed 5.");
    return okStatus();
}

// ---- SLICE (slice.cc) ------------------------------------------------------------------------
Status slicePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 3, 1, "SLICE"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& begin = *ctx.input(1);
    const Tensor& size = *ctx.input(2);
    ARENASCOPE_TRY(ensureTypesEq(ctx, input.type, ctx.output(0)->type, "input->type != output->type"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, begin.type, size.type, "begin->type != size->type"));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(begin.type, { D::Int32, D::Int64 }),
        "begin->type == kTfLiteInt32 || begin->type == kTfLiteInt64"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(begin) == 1, "NumDimensions(begin) == 1"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(size) == 1, "NumDimensions(size) == 1"));
    ARENASCOPE_TRY(ensure(ctx, begin.elementCount == rankOf(input), "NumElements(begin) == NumDimensions(input)"));
    ARENASCOPE_TRY(ensure(ctx, size.elementCount == rankOf(input), "NumElements(size) == NumDimensions(input)"));
    return ensure(ctx, rankOf(input) <= 5, "NumDimensions(input) <= kMaxDim");
}

// ---- SPLIT / SPLIT_V (split.cc, split_v.cc): only the axis tensor is looked at ---------------
Status constantAxis(KernelContext& ctx, std::size_t index)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(index));
    if (!isConstant(*ctx.input(index)))
        return ctx.kernelError("Non-constant >axis< tensor is not supported");
    return okStatus();
}

Status splitPrepare(KernelContext& ctx)
{
    return constantAxis(ctx, 0);
}

Status splitVPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 3)
        return ctx.kernelError(formatString("SPLIT_V: NumInputs(node) != 3 (%zu != 3)", ctx.inputCount()));
    return constantAxis(ctx, 2);
}

// ---- SQUEEZE (squeeze.cc) --------------------------------------------------------------------
Status squeezePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1, "SQUEEZE"));
    TempTensors temps(ctx); // SqueezeContext: input, output (no null checks)
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    return ensure(ctx, rankOf(*ctx.input(0)) <= 8, "input_num_dims <= max_squeeze_dims");
}

// ---- EXPAND_DIMS (expand_dims.cc) --------------------------------------------------------------
Status expandDimsPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "EXPAND_DIMS"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (!isConstant(axis))
        return ctx.kernelError("Non-constant >axis< tensor is not supported");
    if (rankOf(axis) > 1)
        return ctx.kernelError("Axis has only one element for Expand_Dims.");
    if (axis.type != D::Int32)
        return ctx.kernelError(formatString("Axis type %s (%d) not supported by Expand_Dims.",
            typeName(axis.type).c_str(), static_cast<int>(axis.type)));
    const auto inRank = static_cast<std::int32_t>(rankOf(input));
    const auto values = constantInt32(ctx, axis);
    if (!values || values->empty())
        return okStatus();
    std::int32_t a = values->front();
    if (a < 0)
        a = inRank + 1 + a;
    ARENASCOPE_TRY(ensure(ctx, a <= inRank, "axis_value <= input_shape.DimensionsCount()"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(output) == rankOf(input) + 1,
        "output_shape.DimensionsCount() == input_shape.DimensionsCount() + 1"));
    for (std::int32_t i = 0; i < inRank + 1; ++i) {
        const std::int32_t want = i < a ? input.shape[static_cast<std::size_t>(i)]
                                        : (i == a ? 1 : input.shape[static_cast<std::size_t>(i - 1)]);
        if (output.shape[static_cast<std::size_t>(i)] != want)
            return ctx.kernelError("output_shape.Dims(i) == expected was not true.");
    }
    return okStatus();
}

// ---- BROADCAST_TO (broadcast_to.cc) ----------------------------------------------------------
Status broadcastToPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "BROADCAST_TO"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& shape = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (rankOf(input) > 5)
        return ctx.kernelError("BroadcastTo only supports 1-5D tensor.");
    ARENASCOPE_TRY(ensure(ctx, isOneOf(shape.type, { D::Int32, D::Int64 }),
        "shape->type == kTfLiteInt32 || shape->type == kTfLiteInt64"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, input.type, output.type, "input->type != output->type"));
    ARENASCOPE_TRY(ensure(ctx, input.type != D::String, "input->type != kTfLiteString"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(shape) == 1, "NumDimensions(shape) == 1"));
    if (static_cast<std::int32_t>(rankOf(output)) != shape.shape[0])
        return ctx.kernelError("Output must match with the expected shape dimension.");
    if (rankOf(input) > rankOf(output))
        return ctx.kernelError("Output shape must be broadcastable from input shape.");
    if (rankOf(output) > 5)
        return ctx.kernelError("BroadcastTo only supports 1-5D tensor.");
    const std::size_t extend = rankOf(output) - rankOf(input);
    for (std::size_t i = 0; i < rankOf(input); ++i)
        if (input.shape[i] != 1 && input.shape[i] != output.shape[extend + i])
            return ctx.kernelError("Output shape must be broadcastable from input shape.");
    return okStatus();
}

// ---- BROADCAST_ARGS (broadcast_args.cc) --------------------------------------------------------
Status broadcastArgsPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, "BROADCAST_ARGS"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& s1 = *ctx.input(0);
    const Tensor& s2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensure(
        ctx, isOneOf(s1.type, { D::Int32, D::Int64 }), "shape1->type == kTfLiteInt32 || shape1->type == kTfLiteInt64"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, s1.type, s2.type, "shape1->type != shape2->type"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, s1.type, output.type, "shape1->type != output->type"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(s1) == 1, "NumDimensions(shape1) == 1"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(s2) == 1, "NumDimensions(shape2) == 1"));
    return ensure(ctx, rankOf(output) == 1, "NumDimensions(output) == 1");
}

// ---- FILL (fill.cc) --------------------------------------------------------------------------
Status fillPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& dims = *ctx.input(0);
    const Tensor& value = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensure(ctx, rankOf(value) == 0, "NumDimensions(value) == 0"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, value.type, output.type, "value->type != output->type"));
    // A dims tensor with data in the model must equal the output shape (EnsureEq).
    if (isConstant(dims)) {
        ARENASCOPE_TRY(ensure(ctx, rankOf(dims) == 1, "NumDimensions(dims) == 1"));
        ARENASCOPE_TRY(
            ensure(ctx, dims.shape[0] == static_cast<std::int32_t>(rankOf(output)), "array->size == tensor_len"));
        if (!isOneOf(dims.type, { D::Int8, D::Int16, D::Int32, D::Int64 }))
            return ctx.kernelError(
                formatString("cannot compare int array to tensor of type %d.", static_cast<int>(dims.type)));
        if (auto values = constantInt32(ctx, dims))
            for (std::size_t i = 0; i < values->size(); ++i)
                if ((*values)[i] != output.shape[i])
                    return ctx.kernelError("array->data[i] != dims[i]");
    }
    return okStatus();
}

// ---- ZEROS_LIKE (zeros_like.cc) --------------------------------------------------------------
Status zerosLikePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1, "ZEROS_LIKE"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    return okStatus();
}

// ---- SHAPE (shape.cc): count checks only -----------------------------------------------------
Status shapePrepare(KernelContext& ctx)
{
    return requireCounts(ctx, 1, 1, "SHAPE");
}

// ---- DEPTH_TO_SPACE / SPACE_TO_DEPTH (depth_to_space.cc, space_to_depth.cc) -----------------
Status depthSpacePrepare(KernelContext& ctx, bool toSpace)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1, toSpace ? "DEPTH_TO_SPACE" : "SPACE_TO_DEPTH"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensure(ctx, rankOf(input) == 4, "NumDimensions(input) == 4"));
    ARENASCOPE_TRY(ensure(
        ctx, isOneOf(output.type, { D::Float32, D::Int8 }), "data_type == kTfLiteFloat32 || data_type == kTfLiteInt8"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, input.type, output.type, "input->type != output->type"));
    const std::int32_t block = optionField<std::int32_t>(
        ctx, toSpace ? tflite::BuiltinOptions::DepthToSpaceOptions : tflite::BuiltinOptions::SpaceToDepthOptions, 0, 0);
    if (toSpace) {
        ARENASCOPE_TRY(ensure(ctx, block > 0, "block_size > 0"));
        ARENASCOPE_TRY(ensure(
            ctx, input.shape[3] % (block * block) == 0, "input_channels == output_channels * block_size * block_size"));
    } else {
        if (block == 0)
            return ctx.kernelError("SPACE_TO_DEPTH: block_size 0 (division by zero in the kernel)");
        ARENASCOPE_TRY(ensure(ctx, input.shape[1] % block == 0, "input_height == output_height * block_size"));
        ARENASCOPE_TRY(ensure(ctx, input.shape[2] % block == 0, "input_width == output_width * block_size"));
    }
    return writableOutputDims(ctx);
}

Status depthToSpacePrepare(KernelContext& ctx)
{
    return depthSpacePrepare(ctx, true);
}
Status spaceToDepthPrepare(KernelContext& ctx)
{
    return depthSpacePrepare(ctx, false);
}

// ---- BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND (batch_to_space_nd.cc, space_to_batch_nd.cc) -----
Status batchSpacePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 3, 1, "BATCH_TO_SPACE_ND / SPACE_TO_BATCH_ND"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0, false));
    ARENASCOPE_TRY(temps.output(0, false));
    ARENASCOPE_TRY(ensure(ctx, ctx.input(0) && ctx.output(0), "input != nullptr && output != nullptr"));
    const std::size_t in = rankOf(*ctx.input(0));
    const std::size_t out = rankOf(*ctx.output(0));
    ARENASCOPE_TRY(ensure(ctx, in >= 3, "NumDimensions(input) >= kInputOutputMinDimensionNum"));
    ARENASCOPE_TRY(ensure(ctx, out >= 3, "NumDimensions(output) >= kInputOutputMinDimensionNum"));
    ARENASCOPE_TRY(ensure(ctx, in <= 4, "NumDimensions(input) <= kInputOutputMaxDimensionNum"));
    ARENASCOPE_TRY(ensure(ctx, out <= 4, "NumDimensions(output) <= kInputOutputMaxDimensionNum"));
    return ensureTypesEq(ctx, ctx.input(0)->type, ctx.output(0)->type, "input->type != output->type");
}

// SpaceToBatchParams {int32 output_offset}: 4 bytes on both targets.
Status spaceToBatchInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(4, "SpaceToBatchParams");
}

// ---- MIRROR_PAD (mirror_pad.cc) --------------------------------------------------------------
// OpDataMirrorPad: input_dims, output_size, offset and two scratch indices: 5 x 4 bytes.
Status mirrorPadInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(20, "OpDataMirrorPad");
}

Status mirrorPadPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& padding = *ctx.input(1);
    ARENASCOPE_TRY(ensure(ctx, rankOf(padding) == 2, "NumDimensions(padding_matrix) == 2"));
    ARENASCOPE_TRY(ensure(ctx, padding.shape[0] == static_cast<std::int32_t>(rankOf(input)),
        "SizeOfDimension(padding_matrix, 0) == NumDimensions(input_tensor)"));
    ARENASCOPE_TRY(ctx.requestScratch(4 * rankOf(input), "output_dims_num_elements"));
    ARENASCOPE_TRY(ctx.requestScratch(4 * rankOf(input), "input_dims_num_elements"));
    return okStatus();
}

// ---- RESIZE_BILINEAR / RESIZE_NEAREST_NEIGHBOR (resize_bilinear.cc, resize_nearest_neighbor.cc)
Status resizePrepare(KernelContext& ctx, bool bilinear)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1, bilinear ? "RESIZE_BILINEAR" : "RESIZE_NEAREST_NEIGHBOR"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(ensure(ctx, rankOf(input) == 4, "NumDimensions(input) == 4"));
    ARENASCOPE_TRY(ensure(ctx, rankOf(size) == 1, "NumDimensions(size) == 1"));
    ARENASCOPE_TRY(ensureTypesEq(ctx, size.type, D::Int32, "size->type != kTfLiteInt32"));
    if (!bilinear)
        ARENASCOPE_TRY(ensure(ctx, size.shape[0] == 2, "size->dims->data[0] == 2"));
    if (!isConstant(size))
        return ctx.kernelError(
            bilinear ? "Non constant size tensor not supported" : "Non-constant >size< tensor is not supported");
    if (bilinear) {
        // ResizeBilinearOptions: new_height (0), new_width (1), align_corners (2), half_pixel_centers (3).
        const auto align = optionField<std::uint8_t>(ctx, tflite::BuiltinOptions::ResizeBilinearOptions, 2, 0);
        const auto halfPixel = optionField<std::uint8_t>(ctx, tflite::BuiltinOptions::ResizeBilinearOptions, 3, 0);
        if (align && halfPixel)
            return ctx.kernelError("If half_pixel_centers is True, align_corners must be False.");
    }
    return okStatus();
}

Status resizeBilinearPrepare(KernelContext& ctx)
{
    return resizePrepare(ctx, true);
}
Status resizeNearestPrepare(KernelContext& ctx)
{
    return resizePrepare(ctx, false);
}

constexpr const StructDef* kReducer = &options::kReducer;
constexpr const StructDef* kNone = nullptr;

constexpr std::array kShapeProfiles = {
    builtin("DEPTH_TO_SPACE", "kernels/depth_to_space.cc", &options::kDepthToSpace, nullptr, depthToSpacePrepare),
    builtin("RESIZE_BILINEAR", "kernels/resize_bilinear.cc", &options::kResizeBilinear, nullptr, resizeBilinearPrepare),
    builtin("SPACE_TO_DEPTH", "kernels/space_to_depth.cc", &options::kSpaceToDepth, nullptr, spaceToDepthPrepare),
    builtin("GATHER", "kernels/gather.cc", &options::kGather, nullptr, gatherPrepare),
    builtin("BATCH_TO_SPACE_ND", "kernels/batch_to_space_nd.cc", kNone, nullptr, batchSpacePrepare),
    builtin("SPACE_TO_BATCH_ND", "kernels/space_to_batch_nd.cc", kNone, spaceToBatchInit, batchSpacePrepare),
    builtin("TRANSPOSE", "kernels/transpose.cc, transpose_common.cc", kNone, nullptr, transposePrepare),
    builtin("MEAN", "kernels/reduce.cc, reduce_common.cc", kReducer, reduceInit, meanOrSumPrepare),
    builtin("SQUEEZE", "kernels/squeeze.cc", &options::kSqueeze, nullptr, squeezePrepare),
    builtin("SPLIT", "kernels/split.cc", &options::kSplit, nullptr, splitPrepare),
    builtin("ARG_MAX", "kernels/arg_min_max.cc", &options::kArgMax, nullptr, nullptr),
    builtin("SLICE", "kernels/slice.cc", kNone, nullptr, slicePrepare),
    builtin("EXPAND_DIMS", "kernels/expand_dims.cc", kNone, nullptr, expandDimsPrepare),
    builtin("SUM", "kernels/reduce.cc, reduce_common.cc", kReducer, reduceInit, meanOrSumPrepare),
    builtin("SHAPE", "kernels/shape.cc", &options::kShape, nullptr, shapePrepare),
    builtin("ARG_MIN", "kernels/arg_min_max.cc", &options::kArgMin, nullptr, nullptr),
    builtin("REDUCE_MAX", "kernels/reduce.cc, reduce_common.cc", kReducer, reduceInit, reduceMaxPrepare),
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
};

} // namespace

std::span<const KernelProfile> shapeProfiles()
{
    return kShapeProfiles;
}

} // namespace arenascope::kernels
