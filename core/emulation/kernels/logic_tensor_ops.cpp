// Init/Prepare of CUMSUM, TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL and EMBEDDING_LOOKUP, rows of
// logic_ops.cpp's table. Sources (tensorflow/lite/micro/kernels/ @90b983c2): cumsum.cc,
// transpose_conv.cc, l2_pool_2d.cc, batch_matmul.cc, batch_matmul_common.cc, batch_matmul.h,
// embedding_lookup.cc, kernel_util.cc (CreateWritableTensorDimsWithCopy); lite/kernels/
// kernel_util.cc (PopulateConvolutionQuantizationParams, CalculateActivationRangeQuantized).
#include "core/model/flatbuffer_read.h"
#include "logic_op_data.h"
#include "logic_steps.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>

namespace arenascope::kernels {

namespace {

using D = DataType;
namespace od = logicdata;
using logicsteps::ensureCounts;
using logicsteps::heldInput;
using logicsteps::heldOutput;
using logicsteps::writableDims;

// __FILE__ as the reference build prints it.
constexpr const char* kCumsumCc = "tensorflow/lite/micro/kernels/cumsum.cc";
constexpr const char* kTransposeConvCc = "tensorflow/lite/micro/kernels/transpose_conv.cc";
constexpr const char* kLiteKernelUtilCc = "tensorflow/lite/kernels/kernel_util.cc";
constexpr const char* kL2PoolCc = "tensorflow/lite/micro/kernels/l2_pool_2d.cc";
constexpr const char* kBatchMatmulCc = "tensorflow/lite/micro/kernels/batch_matmul.cc";
constexpr const char* kBatchMatmulCommonCc = "tensorflow/lite/micro/kernels/batch_matmul_common.cc";
constexpr const char* kEmbeddingLookupCc = "tensorflow/lite/micro/kernels/embedding_lookup.cc";

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

long long typeCode(DataType t)
{
    return tfliteType(t).code;
}

// TfLiteTensor.params.zero_point of a temp tensor: the flatbuffer's first zero point when the
// tensor has both scales and zero points (PopulateTfLiteTensorFromFlatbuffer), else 0.
long long zeroPoint(const KernelContext& ctx, const Tensor& t)
{
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.quant.present || !model || !model->subgraphs())
        return 0;
    const std::uint32_t sg = ctx.subgraph().id.value;
    if (sg >= model->subgraphs()->size())
        return 0;
    const auto* tensors = model->subgraphs()->Get(sg)->tensors();
    if (!tensors || t.id.value >= tensors->size())
        return 0;
    const auto* q = tensors->Get(t.id.value)->quantization();
    if (!q || !q->zero_point() || q->zero_point()->size() == 0)
        return 0;
    return static_cast<long long>(int64At(*q->zero_point(), 0));
}

} // namespace

// ---------------------------------------------------------------------------------------
// CUMSUM (cumsum.cc: CalculateOpData). No Init; the OpData is allocated in Prepare, for int8
// only. The kernel does not null-check its input and axis (an omitted one would crash).

Status cumsumPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kCumsumCc, 48, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    if (!isOneOf(input.type, { D::Float32, D::Int8 }))
        return ensureFailed(ctx, kCumsumCc, 58, "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8");
    if (axis.type != D::Int32)
        return ensureEqFailed(ctx, kCumsumCc, 60, "axis->type", "kTfLiteInt32", typeCode(axis.type), 2);
    if (axis.elementCount != 1)
        return ensureEqFailed(
            ctx, kCumsumCc, 62, "NumElements(axis)", "1", static_cast<long long>(axis.elementCount), 1);
    if (input.shape.empty())
        return ensureFailed(ctx, kCumsumCc, 64, "NumDimensions(input) >= 1");
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    if (input.type != output.type)
        return ensureEqFailed(
            ctx, kCumsumCc, 69, "input->type", "output->type", typeCode(input.type), typeCode(output.type));
    if (input.shape != output.shape)
        return ensureFailed(ctx, kCumsumCc, 70, "HaveSameShapes(input, output)");
    if (output.type == D::Int8)
        ARENASCOPE_TRY(allocateStruct(ctx, od::kCumsumOpData));
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// TRANSPOSE_CONV (transpose_conv.cc). Inputs: 0 output shape (ignored), 1 filter, 2 input,
// 3 bias (optional).

Status transposeConvInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kTransposeConvOpData);
}

namespace {

// The filter checks of TransposeConvPrepare for int8/int16 inputs.
Status checkTransposeConvFilter(KernelContext& ctx, const Tensor& filter, std::uint64_t channels)
{
    if (!filter.quant.present)
        return ensureEqFailed(
            ctx, kTransposeConvCc, 213, "filter->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    if (filter.quant.channels != 1 && filter.quant.channels != channels)
        return ensureFailed(ctx, kTransposeConvCc, 222,
            "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
            "filter->dims->data[kTransposeConvQuantizedDimension]");
    return okStatus();
}

// PopulateConvolutionQuantizationParams (lite/kernels/kernel_util.cc), per-axis version with
// the filter's output channels.
Status checkConvolutionQuantization(
    KernelContext& ctx, const Tensor& input, const Tensor& filter, const Tensor& output, std::uint64_t channels)
{
    if (!input.quant.present)
        return ensureEqFailed(
            ctx, kLiteKernelUtilCc, 221, "input->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    if (!filter.quant.present)
        return ensureEqFailed(
            ctx, kLiteKernelUtilCc, 223, "filter->quantization.type", "kTfLiteAffineQuantization", 0, 1);
    if (filter.quant.channels > 1) {
        if (!isOneOf(input.type, { D::Int8, D::Int16 }))
            return ensureFailed(
                ctx, kLiteKernelUtilCc, 239, "input->type == kTfLiteInt8 || input->type == kTfLiteInt16");
        if (!isOneOf(filter.type, { D::Int8, D::Int4 }))
            return ensureFailed(
                ctx, kLiteKernelUtilCc, 241, "filter->type == kTfLiteInt8 || filter->type == kTfLiteInt4");
        if (filter.quant.channels != channels)
            return ensureEqFailed(ctx, kLiteKernelUtilCc, 243, "affine_quantization->scale->size", "num_channels",
                filter.quant.channels, static_cast<long long>(channels));
    }
    // CalculateActivationRangeQuantized: only uint8, int8 and int16 outputs have a range.
    if (isOneOf(input.type, { D::Int8, D::UInt8, D::Int16 }) && !isOneOf(output.type, { D::UInt8, D::Int8, D::Int16 }))
        return ensureFailed(ctx, kLiteKernelUtilCc, 405, "false");
    return okStatus();
}

// CalculateOpData: for quantized inputs it holds input, filter, bias and output again.
Status transposeConvCalculateOpData(KernelContext& ctx, std::uint64_t channels)
{
    const std::size_t inputs = ctx.inputCount();
    if (inputs != 4 && inputs != 3)
        return ensureFailed(ctx, kTransposeConvCc, 78, "has_bias || node->inputs->size == 3");
    if (ctx.outputCount() != 1)
        return ensureEqFailed(
            ctx, kTransposeConvCc, 79, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1);
    const Tensor& input = *ctx.input(2);
    if (input.type == D::Float32)
        return okStatus();
    TempTensors q(ctx);
    ARENASCOPE_TRY(heldInput(q, ctx, 2, kTransposeConvCc, 102, "input != nullptr"));
    ARENASCOPE_TRY(heldInput(q, ctx, 1, kTransposeConvCc, 105, "filter != nullptr"));
    ARENASCOPE_TRY(q.input(3, false));
    ARENASCOPE_TRY(heldOutput(q, ctx, 0, kTransposeConvCc, 110, "output != nullptr"));
    ARENASCOPE_TRY(checkConvolutionQuantization(ctx, input, *ctx.input(1), *ctx.output(0), channels));
    const Tensor* bias = ctx.input(3);
    if (input.type == D::Int16 && bias && bias->type == D::Int16)
        ARENASCOPE_TRY(ctx.requestScratch(bias->elementCount * 8, "bias converted to int64"));
    return okStatus();
}

} // namespace

Status transposeConvPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(heldOutput(temps, ctx, 0, kTransposeConvCc, 164, "output != nullptr"));
    ARENASCOPE_TRY(heldInput(temps, ctx, 2, kTransposeConvCc, 167, "input != nullptr"));
    ARENASCOPE_TRY(heldInput(temps, ctx, 1, kTransposeConvCc, 170, "filter != nullptr"));
    const Tensor& output = *ctx.output(0);
    const Tensor& input = *ctx.input(2);
    const Tensor& filter = *ctx.input(1);
    if (!(input.type == filter.type || (input.type == D::Int16 && filter.type == D::Int8)))
        return ensureMsgFailed(ctx, kTransposeConvCc, "Hybrid models are not supported on TFLite Micro.");
    // SizeOfDimension(output, 2) and filter->dims->data[0] read past smaller shapes.
    if (filter.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("TRANSPOSE_CONV needs 4-D filter and output");
    const auto channels = static_cast<std::uint64_t>(std::max<std::int32_t>(filter.shape[0], 0));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_shift"));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 4, "int32 accumulators"));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(ctx.requestScratch(output.elementCount * 8, "int64 accumulators"));
    if (isOneOf(input.type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(checkTransposeConvFilter(ctx, filter, channels));
    return transposeConvCalculateOpData(ctx, channels);
}

// ---------------------------------------------------------------------------------------
// L2_POOL_2D (l2_pool_2d.cc). No Init; Prepare: temp output 0, temp input 0, float32 only,
// then the output dims are made writable (4 + 4 * 4 = 20 bytes).

Status l2PoolPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kL2PoolCc, 44, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(heldOutput(temps, ctx, 0, kL2PoolCc, 48, "output != nullptr"));
    ARENASCOPE_TRY(heldInput(temps, ctx, 0, kL2PoolCc, 51, "input != nullptr"));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.shape.size() != 4)
        return ensureEqFailed(ctx, kL2PoolCc, 52, "NumDimensions(input)", "kTensorShapeRank",
            static_cast<long long>(input.shape.size()), 4);
    if (output.shape.size() != 4)
        return ensureEqFailed(ctx, kL2PoolCc, 53, "NumDimensions(output)", "kTensorShapeRank",
            static_cast<long long>(output.shape.size()), 4);
    if (input.type != output.type)
        return ensureTypesEqFailed(ctx, kL2PoolCc, 54, "input->type", "output->type", input.type, output.type);
    if (input.type != D::Float32)
        return ensureTypesEqFailed(ctx, kL2PoolCc, 71, "input->type", "kTfLiteFloat32", input.type, D::Float32);
    return writableDims(ctx, output);
}

// ---------------------------------------------------------------------------------------
// BATCH_MATMUL (batch_matmul.cc, batch_matmul_common.cc, batch_matmul.h).
// Prepare holds lhs, rhs and output (PrepareOpContext) until it returns. InitializeTemporaries:
// the quantization struct for int8/int16; for each operand that must be transposed (lhs if
// adj_x, rhs unless adj_y) a TfLiteEvalTensor, its dims and its data; then ReshapeOutputTensor
// makes the output dims writable.

Status batchMatmulInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kBatchMatmulOpData);
}

namespace {

// AllocInitTransposeTensorFromTfLiteTensor: a TfLiteEvalTensor, its dims and its data.
Status transposedOperand(KernelContext& ctx, const Tensor& t, const char* which)
{
    const std::string w(which);
    const std::uint64_t evalTensor = ctx.target().layout(tflm::kTfLiteEvalTensor).size;
    ARENASCOPE_TRY(ctx.allocatePersistent(evalTensor, w + " transposed TfLiteEvalTensor"));
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), w + " transposed dims"));
    return ctx.allocatePersistent(t.elementCount * typeBytes(t.type), w + " transposed data");
}

Status checkBatchMatmulTypes(KernelContext& ctx, const Tensor& lhs, const Tensor& rhs, const Tensor& output)
{
    if (!isOneOf(lhs.type, { D::Float32, D::Int8, D::Int16 }))
        return ensureFailed(ctx, kBatchMatmulCc, 191,
            "lhs_data->type == kTfLiteFloat32 || lhs_data->type == kTfLiteInt8 || lhs_data->type == kTfLiteInt16");
    if (!isOneOf(rhs.type, { D::Float32, D::Int8, D::Int16 }))
        return ensureFailed(ctx, kBatchMatmulCc, 194,
            "rhs_data->type == kTfLiteFloat32 || rhs_data->type == kTfLiteInt8 || rhs_data->type == kTfLiteInt16");
    if (lhs.type != rhs.type)
        return ensureFailed(ctx, kBatchMatmulCc, 199, "lhs_data->type == rhs_data->type");
    if (lhs.type != output.type)
        return ensureFailed(ctx, kBatchMatmulCc, 201, "lhs_data->type == output->type");
    const std::size_t lhsRank = lhs.shape.size();
    const std::size_t rhsRank = rhs.shape.size();
    if (lhsRank < 2)
        return ensureFailed(ctx, kBatchMatmulCc, 206, "lhs_rank >= 2");
    if (lhsRank > 5)
        return ensureFailed(ctx, kBatchMatmulCc, 207, "lhs_rank <= 5");
    if (rhsRank < 2)
        return ensureFailed(ctx, kBatchMatmulCc, 208, "rhs_rank >= 2");
    if (rhsRank > 5)
        return ensureFailed(ctx, kBatchMatmulCc, 209, "rhs_rank <= 5");
    return okStatus();
}

// int16 requires symmetric quantization of all three tensors.
Status checkBatchMatmulZeroPoints(KernelContext& ctx, const Tensor& lhs, const Tensor& rhs, const Tensor& output)
{
    const struct {
        const Tensor& t;
        int line;
        const char* expr;
    } checks[] = {
        { lhs, 242, "lhs_data->params.zero_point" },
        { rhs, 243, "rhs_data->params.zero_point" },
        { output, 244, "output->params.zero_point" },
    };
    for (const auto& c : checks)
        if (const long long zp = zeroPoint(ctx, c.t); zp != 0)
            return ensureEqFailed(ctx, kBatchMatmulCc, c.line, c.expr, "0", zp, 0);
    return okStatus();
}

std::vector<std::int32_t> extendedShape(const Tensor& t, std::size_t rank)
{
    std::vector<std::int32_t> s(rank - t.shape.size(), 1);
    s.insert(s.end(), t.shape.begin(), t.shape.end());
    return s;
}

// The broadcast and accumulation checks, then ReshapeOutputTensor.
Status batchMatmulOutput(
    KernelContext& ctx, const Tensor& lhs, const Tensor& rhs, const Tensor& output, bool adjX, bool adjY)
{
    const std::size_t rank = std::max(lhs.shape.size(), rhs.shape.size());
    const auto l = extendedShape(lhs, rank);
    const auto r = extendedShape(rhs, rank);
    std::vector<std::int32_t> outDims(rank);
    for (std::size_t i = 0; i + 2 < rank; ++i) {
        if (l[i] != r[i] && l[i] != 1 && r[i] != 1)
            return ensureEqFailed(ctx, kBatchMatmulCc, 264, "rhs_dim", "1", r[i], 1);
        outDims[i] = (l[i] != r[i] && l[i] == 1) ? r[i] : l[i];
    }
    const std::int32_t accumL = adjX ? l[rank - 2] : l[rank - 1];
    const std::int32_t accumR = adjY ? r[rank - 1] : r[rank - 2];
    if (accumL != accumR)
        return ensureEqFailed(ctx, kBatchMatmulCc, 276, "accum_dim_lhs", "accum_dim_rhs", accumL, accumR);
    if (rank > output.shape.size())
        return ensureFailed(ctx, kBatchMatmulCommonCc, 38, "output_rank <= NumDimensions(output)");
    ARENASCOPE_TRY(writableDims(ctx, output));
    outDims[rank - 2] = adjX ? l[rank - 1] : l[rank - 2];
    outDims[rank - 1] = adjY ? r[rank - 2] : r[rank - 1];
    // TF_LITE_ENSURE_EQ(orig_size, NumElements(output)) prints int64 operands through %d:
    // the figures TFLM prints are not reproducible, so the message is ours.
    if (elementsOf(outDims) != output.elementCount)
        return ctx.kernelError("orig_size != NumElements(output) (BATCH_MATMUL output would be resized)");
    return okStatus();
}

} // namespace

Status batchMatmulPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kBatchMatmulCc, 180, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0, false));
    ARENASCOPE_TRY(temps.input(1, false));
    ARENASCOPE_TRY(temps.output(0, false));
    if (!ctx.input(0))
        return ensureFailed(ctx, kBatchMatmulCc, 185, "lhs_data != nullptr");
    if (!ctx.input(1))
        return ensureFailed(ctx, kBatchMatmulCc, 187, "rhs_data != nullptr");
    if (!ctx.output(0))
        return ensureFailed(ctx, kBatchMatmulCc, 189, "output != nullptr");
    const Tensor& lhs = *ctx.input(0);
    const Tensor& rhs = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(checkBatchMatmulTypes(ctx, lhs, rhs, output));
    // BatchMatMulOptions {adj_x: bool; adj_y: bool; ...}: read from the table by field slot
    // (vtable offsets 4 and 6), as the bundled schema does not name the fields.
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_BatchMatMulOptions() : nullptr;
    const auto* table = reinterpret_cast<const flatbuffers::Table*>(options);
    const bool adjX = table && table->GetField<std::uint8_t>(4, 0) != 0;
    const bool adjY = table && table->GetField<std::uint8_t>(6, 0) != 0;
    const bool quantized = isOneOf(lhs.type, { D::Int8, D::Int16 });
    if (quantized)
        ARENASCOPE_TRY(allocateStruct(ctx, od::kBatchMatmulQuantization));
    if (adjX)
        ARENASCOPE_TRY(transposedOperand(ctx, lhs, "lhs"));
    if (!adjY)
        ARENASCOPE_TRY(transposedOperand(ctx, rhs, "rhs"));
    if (lhs.type == D::Int16)
        ARENASCOPE_TRY(checkBatchMatmulZeroPoints(ctx, lhs, rhs, output));
    return batchMatmulOutput(ctx, lhs, rhs, output, adjX, adjY);
}

// ---------------------------------------------------------------------------------------
// EMBEDDING_LOOKUP (embedding_lookup.cc). No Init. Prepare: temp lookup, temp value, temp
// output; writable output dims (4 + 4 * rank); then CalculateOpData allocates the OpData.

namespace {

Status checkEmbeddingValue(KernelContext& ctx, const Tensor& value)
{
    if (value.shape.size() < 2)
        return ensureFailed(ctx, kEmbeddingLookupCc, 83, "NumDimensions(value) >= 2");
    if (!isOneOf(value.type, { D::Float32, D::Int8 }))
        return ensureFailed(ctx, kEmbeddingLookupCc, 84, "value->type == kTfLiteFloat32 || value->type == kTfLiteInt8");
    return okStatus();
}

Status checkEmbeddingOutput(KernelContext& ctx, const Tensor& value, const Tensor& output)
{
    if (value.type == D::Float32 && output.type != D::Float32)
        return ensureFailed(ctx, kEmbeddingLookupCc, 91, "output->type == kTfLiteFloat32");
    if (value.type != D::Float32 && !isOneOf(output.type, { D::Float32, D::Int8 }))
        return ensureFailed(
            ctx, kEmbeddingLookupCc, 93, "output->type == kTfLiteFloat32 || output->type == kTfLiteInt8");
    if (output.shape.size() < value.shape.size())
        return ensureFailed(ctx, kEmbeddingLookupCc, 98, "output->dims->size >= NumDimensions(value)");
    return okStatus();
}

} // namespace

Status embeddingLookupPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kEmbeddingLookupCc, 69, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(heldInput(temps, ctx, 0, kEmbeddingLookupCc, 76, "lookup != nullptr"));
    const Tensor& lookup = *ctx.input(0);
    if (lookup.shape.size() != 1)
        return ensureEqFailed(
            ctx, kEmbeddingLookupCc, 77, "NumDimensions(lookup)", "1", static_cast<long long>(lookup.shape.size()), 1);
    if (lookup.type != D::Int32)
        return ensureEqFailed(ctx, kEmbeddingLookupCc, 78, "lookup->type", "kTfLiteInt32", typeCode(lookup.type), 2);
    ARENASCOPE_TRY(heldInput(temps, ctx, 1, kEmbeddingLookupCc, 82, "value != nullptr"));
    const Tensor& value = *ctx.input(1);
    ARENASCOPE_TRY(checkEmbeddingValue(ctx, value));
    ARENASCOPE_TRY(heldOutput(temps, ctx, 0, kEmbeddingLookupCc, 89, "output != nullptr"));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(checkEmbeddingOutput(ctx, value, output));
    ARENASCOPE_TRY(writableDims(ctx, output));
    std::vector<std::int32_t> dims = output.shape;
    dims[0] = lookup.shape[0];
    for (std::size_t i = 1; i < value.shape.size(); ++i)
        dims[i] = value.shape[i];
    if (elementsOf(dims) * typeBytes(output.type) > output.bytes)
        return ensureFailed(ctx, kEmbeddingLookupCc, 112, "new_dims_size <= output->bytes");
    // CalculateOpData.
    ARENASCOPE_TRY(allocateStruct(ctx, od::kEmbeddingLookupOpData));
    if (value.type == D::Int8 && output.type == D::Float32)
        if (const long long zp = zeroPoint(ctx, value); zp != 0)
            return ensureEqFailed(ctx, kEmbeddingLookupCc, 59, "tensor_1->params.zero_point", "0", zp, 0);
    return okStatus();
}

} // namespace arenascope::kernels
