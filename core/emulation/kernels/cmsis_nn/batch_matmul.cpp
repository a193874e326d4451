// CMSIS-NN BATCH_MATMUL (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/batch_matmul.cc with
// kernels/batch_matmul_common.cc @90b983c2; buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/batch_matmul.h: OpDataBatchMatmul (quantization, lhs and rhs transposed tensors,
// three flags); cmsis_nn/batch_matmul.cc adds the output cmsis_nn_dims and a buffer index.
constexpr Field kOpDataBatchMatmulFields[] = { ptr(3), boolean(3) };
constexpr StructDef kOpDataBatchMatmul { "OpDataBatchMatmul", kOpDataBatchMatmulFields };
constexpr Field kBatchMatmulOpDataFields[] = { nested(kOpDataBatchMatmul), i32(4), i32() };
constexpr StructDef kBatchMatmulOpData { "OpData (cmsis_nn batch_matmul)", kBatchMatmulOpDataFields };
// QuantizationOpDataBatchMatmul: multiplier, shift, activation range, three zero points.
constexpr Field kBatchMatmulQuantFields[] = { i32(7) };
constexpr StructDef kBatchMatmulQuant { "QuantizationOpDataBatchMatmul", kBatchMatmulQuantFields };

// AllocInitTransposeTensorFromTfLiteTensor: an eval tensor, its dims, its data.
Status transposedCopy(KernelContext& ctx, const Tensor& t, const char* which)
{
    const std::string w(which);
    ARENASCOPE_TRY(ctx.allocatePersistent(
        ctx.target().layout(RuntimeStruct::TfLiteEvalTensor).size, w + " transposed TfLiteEvalTensor"));
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), w + " transposed dims"));
    return ctx.allocatePersistent(t.elementCount * tflmTypeSize(t.type).value_or(0), w + " transposed data");
}

Status batchMatmulPrepare(KernelContext& ctx)
{
    const char* file = kBatchMatmulFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& lhs = *ctx.input(0);
    const Tensor& rhs = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(207, "lhs_input->type", "rhs_input->type", lhs.type, rhs.type));
    ARENASCOPE_TRY(check.typeCodesEq(208, "lhs_input->type", "output->type", lhs.type, output.type));
    ARENASCOPE_TRY(requireInputType(check, lhs.type, { D::Float32, D::Int16, D::Int8 }));
    const auto lhsRank = static_cast<std::int64_t>(lhs.shape.size());
    const auto rhsRank = static_cast<std::int64_t>(rhs.shape.size());
    ARENASCOPE_TRY(check.ensure(218, lhsRank >= 2, "lhs_rank >= 2"));
    ARENASCOPE_TRY(check.ensure(219, lhsRank <= 4, "lhs_rank <= 4"));
    ARENASCOPE_TRY(check.ensure(220, rhsRank >= 2, "rhs_rank >= 2"));
    ARENASCOPE_TRY(check.ensure(221, rhsRank <= 4, "rhs_rank <= 4"));
    const std::int64_t rank = std::max(lhsRank, rhsRank);
    // RuntimeShape::ExtendedShape: leading 1s up to the output rank.
    auto extended = [rank](const Tensor& t) {
        std::vector<std::int64_t> d(static_cast<std::size_t>(rank) - t.shape.size(), 1);
        d.insert(d.end(), t.shape.begin(), t.shape.end());
        return d;
    };
    const auto l = extended(lhs);
    const auto r = extended(rhs);
    for (std::size_t i = 0; i + 2 < l.size(); ++i)
        if (l[i] != r[i] && l[i] != 1 && r[i] != 1)
            return check.eq(242, "rhs_dim", "1", r[i], 1);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_BatchMatMulOptions() : nullptr;
    const bool adjX = options && options->adj_x();
    const bool adjY = options && options->adj_y();
    const std::size_t last = static_cast<std::size_t>(rank) - 1;
    const std::int64_t accumLhs = adjX ? l[last - 1] : l[last];
    const std::int64_t accumRhs = adjY ? r[last] : r[last - 1];
    ARENASCOPE_TRY(check.eq(255, "accum_dim_lhs", "accum_dim_rhs", accumLhs, accumRhs));
    if (adjX)
        ARENASCOPE_TRY(transposedCopy(ctx, lhs, "lhs"));
    if (!adjY)
        ARENASCOPE_TRY(transposedCopy(ctx, rhs, "rhs"));
    // ReshapeOutputTensor: CreateWritableTensorDimsWithCopy of the output's dims.
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(output.shape.size()), "writable output dims"));
    if (lhs.type == D::Float32)
        return okStatus();
    ARENASCOPE_TRY(allocateStruct(ctx, kBatchMatmulQuant));
    if (lhs.type != D::Int8)
        return okStatus();
    const std::int64_t columns = adjY ? r[last - 1] : r[last];
    return requestIfPositive(
        ctx, cmsisnn::fullyConnectedS8(cmsisnn::Dims { 1, 1, 1, columns }, extension(ctx)), "arm_fully_connected_s8");
}

constexpr std::array kProfiles = {
    builtin("BATCH_MATMUL",
        "kernels/cmsis_nn/batch_matmul.cc, batch_matmul_common.cc; arm_fully_connected_s8_get_buffer_size",
        &options::kBatchMatMul, initStruct<kBatchMatmulOpData>, batchMatmulPrepare),
};

} // namespace

const std::span<const KernelProfile> batchMatmulProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
