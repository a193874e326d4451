// Comparisons, logic, select, control flow, resource variables and a few misc operators:
// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL, LOGICAL_AND, LOGICAL_OR,
// SELECT_V2, CUMSUM, TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL, EMBEDDING_LOOKUP, VAR_HANDLE,
// READ_VARIABLE, ASSIGN_VARIABLE, IF, WHILE, CALL_ONCE, and the custom operators
// CIRCULAR_BUFFER and TFLite_Detection_PostProcess.
// Sources (tensorflow/lite/micro/kernels/ @90b983c2, read from the nearest stored copies):
// comparisons.cc, logical.cc, logical_common.cc, select.cc, cumsum.cc, transpose_conv.cc,
// l2_pool_2d.cc, batch_matmul.cc, batch_matmul.h, embedding_lookup.cc, kernel_util.cc
// (CreateWritableTensorDimsWithCopy), var_handle.cc, read_variable.cc, assign_variable.cc,
// if.cc, while.cc, call_once.cc, circular_buffer.cc, circular_buffer_common.cc,
// detection_postprocess.cc; kernels/internal/types.h (ComparisonParams, ConvParams).
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <array>
#include <optional>

namespace arenascope::kernels {

namespace {

using D = DataType;

// ---------------------------------------------------------------------------------------
// Shared pieces.

std::uint64_t elementsOf(const std::vector<std::int32_t>& dims)
{
    std::uint64_t n = 1;
    for (std::int32_t d : dims)
        n *= static_cast<std::uint64_t>(std::max<std::int32_t>(d, 0));
    return n;
}

std::uint64_t typeBytes(DataType t)
{
    return tflmTypeSize(t).value_or(0);
}

// tflite::micro::CreateWritableTensorDimsWithCopy: the output's dims move to a persistent
// TfLiteIntArray of the same rank (4 + 4 * rank bytes).
Status writableDims(KernelContext& ctx, const Tensor& t)
{
    return ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), "writable output dims");
}

// The subgraph at `index`, or nullptr when out of range.
const Subgraph* subgraphAt(const KernelContext& ctx, std::int32_t index)
{
    const auto& sgs = ctx.model().subgraphs();
    if (index < 0 || static_cast<std::size_t>(index) >= sgs.size())
        return nullptr;
    return &sgs[static_cast<std::size_t>(index)];
}

// ---------------------------------------------------------------------------------------
// EQUAL .. LESS_EQUAL (comparisons.cc).
// Init: OpData{ComparisonParams} = 7 x int32 + bool is_broadcast = 32 bytes on both targets.
// Prepare: temp input 0, temp input 1 (each must exist), quantized parameters for int8/int16,
// release both. Type support is only checked in Eval.

Status comparisonInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(32, "OpData (ComparisonParams)");
}

Status comparisonPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// SELECT_V2 (select.cc, after tflite-micro PR #2013/#2015: OpData is {bool requires_broadcast},
// and the all-scalar case releases its temps too).

Status selectInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(1, "OpData (select)");
}

Status selectPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 3 || ctx.outputCount() != 1)
        return ctx.kernelError("NumInputs(node) != 3 or NumOutputs(node) != 1 (SELECT_V2)");
    TempTensors temps(ctx);
    // No null checks in the kernel: an omitted tensor would crash, report it instead.
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& cond = *ctx.input(0);
    const Tensor& x = *ctx.input(1);
    const Tensor& y = *ctx.input(2);
    const Tensor& out = *ctx.output(0);
    if (cond.type != D::Bool)
        return ctx.kernelError("input_condition->type != kTfLiteBool");
    if (x.type != y.type)
        return ctx.kernelError("input_x->type != input_y->type");
    const bool allScalar
        = cond.elementCount == 1 && x.elementCount == 1 && y.elementCount == 1 && out.elementCount == 1;
    const bool sameShape = cond.shape == x.shape && x.shape == y.shape;
    if (allScalar || sameShape)
        return okStatus();
    // CheckBroadcastShape against the output's (static) dims.
    const std::size_t rank = std::max({ cond.shape.size(), x.shape.size(), y.shape.size() });
    if (rank != out.shape.size())
        return ctx.kernelError("out_dims != output_shape->size (SELECT_V2)");
    auto dimAt
        = [](const Tensor& t, std::size_t i) { return i >= t.shape.size() ? 1 : t.shape[t.shape.size() - i - 1]; };
    for (std::size_t i = 0; i < rank; ++i) {
        const std::int32_t d1 = dimAt(cond, i), d2 = dimAt(x, i), d3 = dimAt(y, i);
        std::int32_t maxValue = std::max({ d1, d2, d3 });
        if (std::min({ d1, d2, d3 }) == 0)
            maxValue = 0;
        if (!(d1 == 1 || d1 == maxValue) || !(d2 == 1 || d2 == maxValue) || !(d3 == 1 || d3 == maxValue))
            return ctx.kernelError("Given shapes are not broadcastable.");
        if (out.shape[rank - i - 1] != maxValue)
            return ctx.kernelError("output dimension does not match the broadcast shape (SELECT_V2)");
    }
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// CUMSUM (cumsum.cc). No Init; Prepare allocates OpData (9 x int32 = 36) only for int8.

Status cumsumPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 2 || ctx.outputCount() != 1)
        return ctx.kernelError("NumInputs(node) != 2 or NumOutputs(node) != 1 (CUMSUM)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    if (!isOneOf(input.type, { D::Float32, D::Int8 }))
        return ctx.kernelError("input->type == kTfLiteFloat32 || input->type == kTfLiteInt8 was not true.");
    if (axis.type != D::Int32)
        return ctx.kernelError("axis->type != kTfLiteInt32");
    if (axis.elementCount != 1)
        return ctx.kernelError("NumElements(axis) != 1");
    if (input.shape.empty())
        return ctx.kernelError("NumDimensions(input) >= 1 was not true.");
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    if (input.type != output.type)
        return ctx.kernelError("input->type != output->type");
    if (input.shape != output.shape)
        return ctx.kernelError("HaveSameShapes(input, output) was not true.");
    if (output.type == D::Int8)
        ARENASCOPE_TRY(ctx.allocatePersistent(36, "OpData (cumsum)"));
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// TRANSPOSE_CONV (transpose_conv.cc). Inputs: 0 output shape (ignored), 1 filter, 2 input,
// 3 bias (optional). OpData = ConvParams (56: padding type + 4 x int16 padding + 4 x int16
// strides/dilations + 9 x 4-byte fields) + scratch_buffer_index + bias_converted_buffer_index
// + 2 x int32* = 72 on cortex-m, 80 on x86_64.

Status transposeConvInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(bySize(ctx, 72, 80), "OpData (transpose_conv)");
}

Status transposeConvPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& output = *ctx.output(0);
    const Tensor& input = *ctx.input(2);
    const Tensor& filter = *ctx.input(1);
    if (filter.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("TRANSPOSE_CONV needs 4-D filter and output");
    const auto channels = static_cast<std::uint64_t>(std::max<std::int32_t>(filter.shape[0], 0));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 4, "int32 accumulators"));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 8, "int64 accumulators"));
    if (isOneOf(input.type, { D::Int8, D::Int16 })) {
        if (!filter.quant.present)
            return ctx.kernelError("filter->quantization.type != kTfLiteAffineQuantization");
        if (filter.quant.channels != 1 && filter.quant.channels != channels)
            return ctx.kernelError(
                "affine_quantization->scale->size == 1 || ... == filter->dims->data[0] was not true.");
    }
    // CalculateOpData.
    const std::size_t inputs = ctx.inputCount();
    if ((inputs != 3 && inputs != 4) || ctx.outputCount() != 1)
        return ctx.kernelError("TRANSPOSE_CONV takes 3 or 4 inputs and one output");
    if (input.type != D::Float32) {
        TempTensors q(ctx);
        ARENASCOPE_TRY(q.input(2));
        ARENASCOPE_TRY(q.input(1));
        ARENASCOPE_TRY(q.input(3, false));
        ARENASCOPE_TRY(q.output(0));
        // PopulateConvolutionQuantizationParams.
        if (!input.quant.present || !filter.quant.present)
            return ctx.kernelError("input and filter must be affine-quantized (TRANSPOSE_CONV)");
        if (filter.quant.channels > 1) {
            if (!isOneOf(input.type, { D::Int8, D::Int16 }) || filter.type != D::Int8)
                return ctx.kernelError("per-channel quantization needs an int8 filter (TRANSPOSE_CONV)");
        }
        if (!isOneOf(output.type, { D::UInt8, D::Int8, D::Int16 }))
            return unsupportedType(ctx, output);
        const Tensor* bias = ctx.input(3);
        if (input.type == D::Int16 && bias && bias->type == D::Int16)
            ARENASCOPE_TRY(ctx.requestScratch(bias->elementCount * 8, "bias converted to int64"));
    }
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// L2_POOL_2D (l2_pool_2d.cc). No Init; Prepare: temp output 0, temp input 0, float32 only,
// then the output dims are made writable (4 + 4 * 4 = 20 bytes).

Status l2PoolPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 1 || ctx.outputCount() != 1)
        return ctx.kernelError("NumInputs(node) != 1 or NumOutputs(node) != 1 (L2_POOL_2D)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(temps.input(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.shape.size() != 4 || output.shape.size() != 4)
        return ctx.kernelError("NumDimensions != 4 (L2_POOL_2D)");
    if (input.type != output.type)
        return ctx.kernelError("input->type != output->type");
    if (input.type != D::Float32)
        return ctx.kernelError("input->type != kTfLiteFloat32 (L2_POOL_2D has no quantized kernel)");
    return writableDims(ctx, output);
}

// ---------------------------------------------------------------------------------------
// BATCH_MATMUL (batch_matmul.cc, batch_matmul.h).
// Init: OpDataBatchMatmul = 3 pointers + 3 bools = 16 (cortex-m) / 32 (x86_64).
// Prepare (InitializeTemporaries): quantization params (7 x 4 = 28) for int8/int16; for each
// operand that must be transposed (lhs if adj_x, rhs unless adj_y) a TfLiteEvalTensor
// (12 / 24), its dims (4 + 4 * rank) and its data (elements x type size); then the output
// dims are made writable.

Status batchMatmulInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(bySize(ctx, 16, 32), "OpDataBatchMatmul");
}

Status transposedOperand(KernelContext& ctx, const Tensor& t, const char* which)
{
    const std::string w(which);
    ARENASCOPE_TRY(ctx.allocatePersistent(bySize(ctx, 12, 24), w + " transposed TfLiteEvalTensor"));
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), w + " transposed dims"));
    return ctx.allocatePersistent(t.elementCount * typeBytes(t.type), w + " transposed data");
}

Status batchMatmulPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 2 || ctx.outputCount() != 1)
        return ctx.kernelError("NumInputs(node) != 2 or NumOutputs(node) != 1 (BATCH_MATMUL)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& lhs = *ctx.input(0);
    const Tensor& rhs = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (!isOneOf(lhs.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, lhs);
    if (!isOneOf(rhs.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, rhs);
    if (lhs.type != rhs.type)
        return ctx.kernelError("lhs_data->type == rhs_data->type was not true.");
    if (lhs.type != output.type)
        return ctx.kernelError("lhs_data->type == output->type was not true.");
    const std::size_t lhsRank = lhs.shape.size();
    const std::size_t rhsRank = rhs.shape.size();
    if (lhsRank < 2 || lhsRank > 5 || rhsRank < 2 || rhsRank > 5)
        return ctx.kernelError("BATCH_MATMUL supports ranks 2 to 5");
    // BatchMatMulOptions {adj_x: bool; adj_y: bool; ...}: read from the table by field slot
    // (vtable offsets 4 and 6), as the bundled schema does not name the fields.
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_BatchMatMulOptions() : nullptr;
    const auto* table = reinterpret_cast<const flatbuffers::Table*>(options);
    const bool adjX = table && table->GetField<std::uint8_t>(4, 0) != 0;
    const bool adjY = table && table->GetField<std::uint8_t>(6, 0) != 0;
    if (isOneOf(lhs.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(ctx.allocatePersistent(28, "QuantizationOpDataBatchMatmul"));
    if (adjX)
        ARENASCOPE_TRY(transposedOperand(ctx, lhs, "lhs"));
    if (!adjY)
        ARENASCOPE_TRY(transposedOperand(ctx, rhs, "rhs"));
    // Broadcast and accumulation-dimension checks on the rank-extended shapes.
    const std::size_t rank = std::max(lhsRank, rhsRank);
    auto extended = [rank](const Tensor& t) {
        std::vector<std::int32_t> s(rank - t.shape.size(), 1);
        s.insert(s.end(), t.shape.begin(), t.shape.end());
        return s;
    };
    const auto l = extended(lhs);
    const auto r = extended(rhs);
    std::vector<std::int32_t> outDims(rank);
    for (std::size_t i = 0; i + 2 < rank; ++i) {
        if (l[i] != r[i] && l[i] != 1 && r[i] != 1)
            return ctx.kernelError("rhs_dim != 1 (BATCH_MATMUL batch dimensions do not broadcast)");
        outDims[i] = (l[i] != r[i] && l[i] == 1) ? r[i] : l[i];
    }
    const std::int32_t accumL = adjX ? l[rank - 2] : l[rank - 1];
    const std::int32_t accumR = adjY ? r[rank - 1] : r[rank - 2];
    if (accumL != accumR)
        return ctx.kernelError("accum_dim_lhs != accum_dim_rhs (BATCH_MATMUL)");
    // ReshapeOutputTensor.
    if (rank > output.shape.size())
        return ctx.kernelError("output_rank <= NumDimensions(output) was not true.");
    ARENASCOPE_TRY(writableDims(ctx, output));
    outDims[rank - 2] = adjX ? l[rank - 1] : l[rank - 2];
    outDims[rank - 1] = adjY ? r[rank - 2] : r[rank - 1];
    if (elementsOf(outDims) != output.elementCount)
        return ctx.kernelError("orig_size != NumElements(output) (BATCH_MATMUL output would be resized)");
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// EMBEDDING_LOOKUP (embedding_lookup.cc). No Init. Prepare: temp lookup, temp value, temp
// output; writable output dims (4 + 4 * rank); then OpData {float scale; size_t num_columns}
// = 8 (cortex-m) / 16 (x86_64).

Status embeddingLookupPrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 2 || ctx.outputCount() != 1)
        return ctx.kernelError("NumInputs(node) != 2 or NumOutputs(node) != 1 (EMBEDDING_LOOKUP)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    const Tensor& lookup = *ctx.input(0);
    if (lookup.shape.size() != 1)
        return ctx.kernelError("NumDimensions(lookup) != 1");
    if (lookup.type != D::Int32)
        return ctx.kernelError("lookup->type != kTfLiteInt32");
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& value = *ctx.input(1);
    if (value.shape.size() < 2)
        return ctx.kernelError("NumDimensions(value) >= 2 was not true.");
    if (!isOneOf(value.type, { D::Float32, D::Int8 }))
        return ctx.kernelError("value->type == kTfLiteFloat32 || value->type == kTfLiteInt8 was not true.");
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    const bool outputOk
        = value.type == D::Float32 ? output.type == D::Float32 : isOneOf(output.type, { D::Float32, D::Int8 });
    if (!outputOk)
        return ctx.kernelError("EMBEDDING_LOOKUP output type not supported for this value type");
    if (output.shape.size() < value.shape.size())
        return ctx.kernelError("output->dims->size >= NumDimensions(value) was not true.");
    ARENASCOPE_TRY(writableDims(ctx, output));
    std::vector<std::int32_t> dims = output.shape;
    dims[0] = lookup.shape[0];
    for (std::size_t i = 1; i < value.shape.size(); ++i)
        dims[i] = value.shape[i];
    if (elementsOf(dims) * typeBytes(output.type) > output.bytes)
        return ctx.kernelError("new_dims_size <= output->bytes was not true.");
    return ctx.allocatePersistent(bySize(ctx, 8, 16), "OpData (embedding_lookup)");
}

// ---------------------------------------------------------------------------------------
// Resource variables (var_handle.cc, read_variable.cc, assign_variable.cc,
// micro_resource_variable.cc). Without MicroResourceVariables (the interpreter's default),
// VAR_HANDLE's Prepare fails as TFLM's does.

Status varHandleInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(4, "OpData (var_handle)");
}

Status varHandlePrepare(KernelContext& ctx)
{
    ResourceVariables* vars = ctx.resourceVariables();
    if (!vars)
        return ctx.kernelError("VAR_HANDLE requires resource variables. Please create ResourceVariables and pass it "
                               "to the interpreter.");
    // ParseVarHandle: absent strings become null names.
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_VarHandleOptions() : nullptr;
    std::optional<std::string> container;
    std::string sharedName;
    if (options && options->container())
        container = options->container()->str();
    if (options && options->shared_name())
        sharedName = options->shared_name()->str();
    const std::int32_t id = vars->createIdIfNoneFound(container, sharedName);
    if (id < 0)
        return ctx.kernelError(formatString(
            "Failed to allocate resource variable. Maximum resource variable count (%u) reached.", vars->capacity()));
    // The output's eval tensor now points at the id: ASSIGN_VARIABLE's Prepare can read it.
    if (!ctx.op().outputs.empty())
        vars->bindTensor(static_cast<std::int32_t>(ctx.subgraph().id.value), ctx.op().outputs[0], id);
    return okStatus();
}

Status readVariablePrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    return okStatus();
}

// The resource id input 0 holds during Prepare: a constant's value, or the id VAR_HANDLE's
// Prepare pointed its output at; nullopt while the tensor has no data yet.
std::optional<std::int32_t> resourceIdDuringPrepare(KernelContext& ctx)
{
    const Tensor* t = ctx.input(0);
    if (!t)
        return std::nullopt;
    if (const auto values = constantInt32Values(ctx, *t); values && !values->empty())
        return values->front();
    const ResourceVariables* vars = ctx.resourceVariables();
    if (!vars)
        return std::nullopt;
    return vars->boundId(static_cast<std::int32_t>(ctx.subgraph().id.value), ctx.op().inputs[0]);
}

Status assignVariablePrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 2 || ctx.outputCount() != 0)
        return ctx.kernelError("NumInputs(node) != 2 or NumOutputs(node) != 0 (ASSIGN_VARIABLE)");
    const Tensor* idTensor = ctx.input(0);
    if (!idTensor || !isOneOf(idTensor->type, { D::Resource, D::Int32 }))
        return ctx.kernelError("input_resource_id_tensor->type must be resource or int32");
    if (idTensor->elementCount != 1)
        return ctx.kernelError("NumElements(input_resource_id_tensor->dims) != 1");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(1));
    const auto id = resourceIdDuringPrepare(ctx);
    if (!id)
        return okStatus();
    // MicroResourceVariables::Allocate: the variable's buffer, once, in the tail.
    ResourceVariables* vars = ctx.resourceVariables();
    if (!vars || *id < 0 || *id >= vars->count())
        return ctx.kernelError(formatString("Attempting to read non-existent resource variable %d", *id));
    if (!vars->hasBuffer(*id)) {
        ARENASCOPE_TRY(ctx.allocatePersistent(ctx.input(1)->bytes, "resource variable " + std::to_string(*id)));
        vars->setBuffer(*id);
    }
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// Control flow (if.cc, while.cc, call_once.cc). Init allocates the two-int OpData; Prepare
// only checks the called subgraphs (IF also holds its condition tensor while checking it).

Status twoIntInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "OpData (subgraph indices)");
}

Status ifPrepare(KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_IfOptions() : nullptr;
    const std::int32_t thenIndex = options ? options->then_subgraph_index() : 0;
    const std::int32_t elseIndex = options ? options->else_subgraph_index() : 0;
    if (ctx.inputCount() == 0)
        return ctx.kernelError("node->inputs->size > 0 was not true.");
    {
        TempTensors temps(ctx);
        ARENASCOPE_TRY(temps.input(0));
        const Tensor& cond = *ctx.input(0);
        if (cond.type != D::Bool)
            return ctx.kernelError("cond->type != kTfLiteBool");
        if (cond.elementCount != 1)
            return ctx.kernelError("NumElements(cond) != 1");
    }
    const Subgraph* thenSg = subgraphAt(ctx, thenIndex);
    if (!thenSg || !subgraphAt(ctx, elseIndex))
        return ctx.kernelError("IF branch subgraph index out of range");
    if (ctx.inputCount() - 1 != thenSg->inputs.size())
        return ctx.kernelError("IF inputs do not match the then-subgraph's inputs");
    if (ctx.outputCount() != thenSg->outputs.size())
        return ctx.kernelError("IF outputs do not match the then-subgraph's outputs");
    return okStatus();
}

Status whilePrepare(KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_WhileOptions() : nullptr;
    const Subgraph* cond = subgraphAt(ctx, options ? options->cond_subgraph_index() : 0);
    const Subgraph* body = subgraphAt(ctx, options ? options->body_subgraph_index() : 0);
    if (!cond || !body)
        return ctx.kernelError("WHILE subgraph index out of range");
    const std::size_t n = ctx.inputCount();
    if (n != cond->inputs.size() || n != body->inputs.size() || n != ctx.outputCount()
        || ctx.outputCount() != body->outputs.size())
        return ctx.kernelError("WHILE inputs/outputs do not match its cond and body subgraphs");
    return okStatus();
}

Status callOnceInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "OpData (call_once)");
}

Status callOncePrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 0 || ctx.outputCount() != 0)
        return ctx.kernelError("CALL_ONCE takes no inputs and no outputs");
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_CallOnceOptions() : nullptr;
    const std::int32_t index = options ? options->init_subgraph_index() : 0;
    if (index >= static_cast<std::int32_t>(ctx.model().subgraphs().size()))
        return ctx.kernelError("init_subgraph_index < graph_info->NumSubgraphs() was not true.");
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// CIRCULAR_BUFFER (circular_buffer.cc, circular_buffer_common.cc): OpDataCircularBuffer
// {int cycles_until_run; int cycles_max} = 8. Prepare holds input 0 and output 0.

Status circularBufferInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "OpDataCircularBuffer");
}

Status circularBufferPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("CIRCULAR_BUFFER expects 4-D input and output");
    if (input.shape[0] != output.shape[0] || input.shape[1] != 1 || input.shape[2] != output.shape[2]
        || input.shape[3] != output.shape[3])
        return ctx.kernelError("CIRCULAR_BUFFER input/output dimensions do not match");
    if (input.type != output.type)
        return ctx.kernelError("input->type != output->type");
    if (input.type != D::Int8)
        return ctx.kernelError("input->type != kTfLiteInt8 (CIRCULAR_BUFFER)");
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// TFLite_Detection_PostProcess (detection_postprocess.cc). OpData: 6 x 4-byte fields + bool
// (padded) + CenterSizeEncoding (4 floats) + 11 scratch indices + 3 x TfLiteQuantizationParams
// = 112 on both targets. Prepare: temp inputs 0..2, eleven scratch requests, release.

Status detectionPostprocessInit(KernelContext& ctx)
{
    if (!customOptionsMap(ctx))
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    return ctx.allocatePersistent(112, "OpData (detection_postprocess)");
}

Status detectionPostprocessPrepare(KernelContext& ctx)
{
    const auto map = customOptionsMap(ctx);
    if (!map)
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    const std::int64_t maxDetections = (*map)["max_detections"].AsInt64();
    const std::int64_t numClasses = (*map)["num_classes"].AsInt64();
    if (maxDetections < 0 || numClasses < 0)
        return ctx.kernelError("negative max_detections or num_classes (TFLite_Detection_PostProcess)");
    if (ctx.inputCount() != 3)
        return ctx.kernelError("NumInputs(node) != 3 (TFLite_Detection_PostProcess)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    const Tensor& boxes = *ctx.input(0);
    const Tensor& scores = *ctx.input(1);
    const Tensor& anchors = *ctx.input(2);
    if (boxes.shape.size() != 3 || scores.shape.size() != 3 || anchors.shape.size() != 2)
        return ctx.kernelError("box encodings and class predictions must be 3-D, anchors 2-D");
    if (ctx.outputCount() != 4)
        return ctx.kernelError("NumOutputs(node) != 4 (TFLite_Detection_PostProcess)");
    const auto boxesN = static_cast<std::uint64_t>(std::max<std::int32_t>(boxes.shape[1], 0));
    const auto maxDet = static_cast<std::uint64_t>(maxDetections);
    const auto classes = static_cast<std::uint64_t>(numClasses);
    const auto scoreCells = static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[1], 0))
        * static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[2], 0));
    const std::array<std::pair<std::uint64_t, const char*>, 11> requests = { {
        { boxesN, "active_candidate" },
        { boxesN * 4 * 4, "decoded_boxes" },
        { scoreCells * 4, "scores" },
        { boxesN * 4, "score_buffer" },
        { boxesN * 4, "keep_scores" },
        { maxDet * boxesN * 4, "scores_after_regular_non_max_suppression" },
        { maxDet * boxesN * 4, "sorted_values" },
        { boxesN * 4, "keep_indices" },
        { maxDet * boxesN * 4, "sorted_indices" },
        { std::max(classes, maxDet) * boxesN * 4, "buffer" },
        { std::min(boxesN, maxDet) * boxesN * 4, "selected" },
    } };
    for (const auto& [bytes, label] : requests)
        ARENASCOPE_TRY(ctx.requestScratch(bytes, label));
    return okStatus();
}

// ---------------------------------------------------------------------------------------

constexpr const StructDef* kNoOptions = nullptr;

const std::array kLogicProfiles = {
    builtin("EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("NOT_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("GREATER", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("GREATER_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LESS", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LESS_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LOGICAL_AND", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
    builtin("LOGICAL_OR", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
    builtin("SELECT_V2", "kernels/select.cc", kNoOptions, selectInit, selectPrepare),
    builtin("CUMSUM", "kernels/cumsum.cc", &options::kCumsum, nullptr, cumsumPrepare),
    builtin("TRANSPOSE_CONV", "kernels/transpose_conv.cc", &options::kTransposeConv, transposeConvInit,
        transposeConvPrepare),
    builtin("L2_POOL_2D", "kernels/l2_pool_2d.cc, kernel_util.cc", &options::kPool, nullptr, l2PoolPrepare),
    builtin("BATCH_MATMUL", "kernels/batch_matmul.cc, batch_matmul.h", &options::kBatchMatMul, batchMatmulInit,
        batchMatmulPrepare),
    builtin(
        "EMBEDDING_LOOKUP", "kernels/embedding_lookup.cc, kernel_util.cc", kNoOptions, nullptr, embeddingLookupPrepare),
    // TfLiteVarHandleParams holds two const char*: 8/4 on cortex-m, 16/8 on x86_64.
    builtin("VAR_HANDLE", "kernels/var_handle.cc", &options::kVarHandle, varHandleInit, varHandlePrepare),
    builtin("READ_VARIABLE", "kernels/read_variable.cc", kNoOptions, nullptr, readVariablePrepare),
    builtin("ASSIGN_VARIABLE", "kernels/assign_variable.cc", kNoOptions, nullptr, assignVariablePrepare),
    builtin("IF", "kernels/if.cc", &options::kIf, twoIntInit, ifPrepare),
    builtin("WHILE", "kernels/while.cc", &options::kWhile, twoIntInit, whilePrepare),
    builtin("CALL_ONCE", "kernels/call_once.cc", &options::kCallOnce, callOnceInit, callOncePrepare),
    custom("CIRCULAR_BUFFER", "kernels/circular_buffer.cc, circular_buffer_common.cc", kNoOptions, circularBufferInit,
        circularBufferPrepare),
    custom("TFLite_Detection_PostProcess", "kernels/detection_postprocess.cc", kNoOptions, detectionPostprocessInit,
        detectionPostprocessPrepare),
};

} // namespace

std::span<const KernelProfile> logicProfiles()
{
    return kLogicProfiles;
}

} // namespace arenascope::kernels
