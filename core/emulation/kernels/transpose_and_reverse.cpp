// Element order: TRANSPOSE and REVERSE_V2.
// Sources: tensorflow/lite/micro/kernels/transpose.cc, transpose_common.cc, reverse.cc
// @90b983c2.
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
constexpr const char* kReverseCc = "tensorflow/lite/micro/kernels/reverse.cc";
constexpr const char* kTransposeCommonCc = "tensorflow/lite/micro/kernels/transpose_common.cc";

// ---- TRANSPOSE (transpose.cc, transpose_common.cc: TransposePrepare) -----------------------
Status transposePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kTransposeCommonCc);
    ARENASCOPE_TRY(check.counts(27, 2, 28, 1));
    TempTensors temps(ctx); // TransposeContext: input, perm, output, no null checks
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
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

// ---- REVERSE_V2 (reverse.cc: ReverseV2Prepare) -------------------------------------------------
Status reverseV2Prepare(KernelContext& ctx)
{
    const Checks check(ctx, kReverseCc);
    ARENASCOPE_TRY(check.counts(47, 2, 48, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 53, "input" }, { in(1), 56, "axis" }, { out(0), 59, "output" } }));
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

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("TRANSPOSE", "kernels/transpose.cc, transpose_common.cc", kNone, nullptr, transposePrepare),
    // ParseReverseV2 allocates no builtin data.
    builtin("REVERSE_V2", "kernels/reverse.cc", kNone, nullptr, reverseV2Prepare),
};

} // namespace

const std::span<const KernelProfile> transposeAndReverseProfiles = kProfiles;

} // namespace arenascope::kernels
