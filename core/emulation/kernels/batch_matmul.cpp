// BATCH_MATMUL; op data in kernel_op_data.h.
// Sources: tensorflow/lite/micro/kernels/batch_matmul.cc, batch_matmul_common.cc,
// batch_matmul.h, kernel_util.cc (CreateWritableTensorDimsWithCopy) @90b983c2.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it.
constexpr const char* kBatchMatmulCc = "tensorflow/lite/micro/kernels/batch_matmul.cc";
constexpr const char* kBatchMatmulCommonCc = "tensorflow/lite/micro/kernels/batch_matmul_common.cc";

// ---------------------------------------------------------------------------------------
// BATCH_MATMUL (batch_matmul.cc, batch_matmul_common.cc, batch_matmul.h).
// Prepare holds lhs, rhs and output (PrepareOpContext) until it returns. InitializeTemporaries:
// the quantization struct for int8/int16; for each operand that must be transposed (lhs if
// adj_x, rhs unless adj_y) a TfLiteEvalTensor, its dims and its data; then ReshapeOutputTensor
// makes the output dims writable.

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
    const Checks check(ctx, kBatchMatmulCc);
    ARENASCOPE_TRY(check.ensure(191, isOneOf(lhs.type, { D::Float32, D::Int8, D::Int16 }),
        "lhs_data->type == kTfLiteFloat32 || lhs_data->type == kTfLiteInt8 || lhs_data->type == kTfLiteInt16"));
    ARENASCOPE_TRY(check.ensure(194, isOneOf(rhs.type, { D::Float32, D::Int8, D::Int16 }),
        "rhs_data->type == kTfLiteFloat32 || rhs_data->type == kTfLiteInt8 || rhs_data->type == kTfLiteInt16"));
    ARENASCOPE_TRY(check.ensure(199, lhs.type == rhs.type, "lhs_data->type == rhs_data->type"));
    ARENASCOPE_TRY(check.ensure(201, lhs.type == output.type, "lhs_data->type == output->type"));
    const std::size_t lhsRank = lhs.shape.size();
    const std::size_t rhsRank = rhs.shape.size();
    ARENASCOPE_TRY(check.ensure(206, lhsRank >= 2, "lhs_rank >= 2"));
    ARENASCOPE_TRY(check.ensure(207, lhsRank <= 5, "lhs_rank <= 5"));
    ARENASCOPE_TRY(check.ensure(208, rhsRank >= 2, "rhs_rank >= 2"));
    ARENASCOPE_TRY(check.ensure(209, rhsRank <= 5, "rhs_rank <= 5"));
    return okStatus();
}

// int16 requires symmetric quantization of all three tensors.
Status checkBatchMatmulZeroPoints(KernelContext& ctx, const Tensor& lhs, const Tensor& rhs, const Tensor& output)
{
    const Checks check(ctx, kBatchMatmulCc);
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
            return check.eq(c.line, c.expr, "0", zp, 0);
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
    const Checks check(ctx, kBatchMatmulCc);
    const std::size_t rank = std::max(lhs.shape.size(), rhs.shape.size());
    const auto l = extendedShape(lhs, rank);
    const auto r = extendedShape(rhs, rank);
    std::vector<std::int32_t> outDims(rank);
    for (std::size_t i = 0; i + 2 < rank; ++i) {
        if (l[i] != r[i] && l[i] != 1 && r[i] != 1)
            return check.eq(264, "rhs_dim", "1", r[i], 1);
        outDims[i] = (l[i] != r[i] && l[i] == 1) ? r[i] : l[i];
    }
    const std::int32_t accumL = adjX ? l[rank - 2] : l[rank - 1];
    const std::int32_t accumR = adjY ? r[rank - 1] : r[rank - 2];
    ARENASCOPE_TRY(check.eq(276, "accum_dim_lhs", "accum_dim_rhs", accumL, accumR));
    ARENASCOPE_TRY(Checks(ctx, kBatchMatmulCommonCc)
                       .ensure(38, rank <= output.shape.size(), "output_rank <= NumDimensions(output)"));
    ARENASCOPE_TRY(writableDims(ctx, output));
    outDims[rank - 2] = adjX ? l[rank - 1] : l[rank - 2];
    outDims[rank - 1] = adjY ? r[rank - 2] : r[rank - 1];
    // TF_LITE_ENSURE_EQ(orig_size, NumElements(output)) prints int64 operands through %d:
    // the figures TFLM prints are not reproducible, so the message is ours.
    if (elementsOf(outDims) != output.elementCount)
        return ctx.kernelError("orig_size != NumElements(output) (BATCH_MATMUL output would be resized)");
    return okStatus();
}

Status batchMatmulPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kBatchMatmulCc);
    ARENASCOPE_TRY(check.counts(180, 2, 181, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0, false), in(1, false), out(0, false) }));
    ARENASCOPE_TRY(check.ensure(185, ctx.input(0), "lhs_data != nullptr"));
    ARENASCOPE_TRY(check.ensure(187, ctx.input(1), "rhs_data != nullptr"));
    ARENASCOPE_TRY(check.ensure(189, ctx.output(0), "output != nullptr"));
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

const std::array kProfiles = {
    builtin("BATCH_MATMUL", "kernels/batch_matmul.cc, batch_matmul_common.cc, batch_matmul.h", &options::kBatchMatMul,
        initStruct<od::kBatchMatmulOpData>, batchMatmulPrepare),
};

} // namespace

const std::span<const KernelProfile> batchMatmulProfiles = kProfiles;

} // namespace arenascope::kernels
