// Slices: SLICE, STRIDED_SLICE and DYNAMIC_UPDATE_SLICE.
// Sources: tensorflow/lite/micro/kernels/slice.cc, strided_slice.cc, strided_slice_common.cc,
// dynamic_update_slice.cc @90b983c2; STRIDED_SLICE's op data is described member by member in
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

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kDynamicUpdateSliceCc = "tensorflow/lite/micro/kernels/dynamic_update_slice.cc";
constexpr const char* kSliceCc = "tensorflow/lite/micro/kernels/slice.cc";
constexpr const char* kStridedSliceCommon = "tensorflow/lite/micro/kernels/strided_slice_common.cc";

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

// ---- STRIDED_SLICE (strided_slice.cc, strided_slice_common.cc: StridedSlicePrepare) --------

Status stridedSlicePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kStridedSliceCommon);
    ARENASCOPE_TRY(check.counts(139, 4, 140, 1));
    // StridedSliceContext takes input, begin, end, strides and output without checking them.
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 4; ++i)
        ARENASCOPE_TRY(temps.input(i, false));
    ARENASCOPE_TRY(temps.output(0, false));
    if (ctx.input(0)->shape.size() > 4)
        return check.msg(false, "input dim should not exceed 4");
    static constexpr std::array<const char*, 3> kNonConstant = { "Non-constant >begin< tensor is not supported",
        "Non-constant >end< tensor is not supported", "Non-constant >strides< tensor is not supported" };
    for (std::size_t i = 1; i < 4; ++i)
        ARENASCOPE_TRY(constantTensorCheck(ctx, ctx.input(i)->hasData, kStridedSliceCommon, kNonConstant[i - 1],
            { BeforeConstantCheck::NullRead, kStridedSliceCommon }));
    // CheckOutputSize compares the output shape with the slice the begin/end/strides data
    // describe; not emulated (the converter sizes outputs that way).
    return okStatus();
}

// ---- DYNAMIC_UPDATE_SLICE (dynamic_update_slice.cc: Prepare) ----------------------------------
Status dynamicUpdateSlicePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kDynamicUpdateSliceCc);
    ARENASCOPE_TRY(check.counts(127, 3, 128, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps,
        { { in(0), 134, "operand" }, { in(1), 138, "update" }, { in(2), 142, "start_indices" },
            { out(0), 146, "output" } }));
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

constexpr std::array kProfiles = {
    builtin("STRIDED_SLICE", "kernels/strided_slice.cc, strided_slice_common.cc", &options::kStridedSlice,
        initStruct<opdata::kStridedSliceParams>, stridedSlicePrepare),
    builtin("SLICE", "kernels/slice.cc", kNone, nullptr, slicePrepare),
    // ParseDynamicUpdateSlice allocates no builtin data.
    builtin("DYNAMIC_UPDATE_SLICE", "kernels/dynamic_update_slice.cc", kNone, nullptr, dynamicUpdateSlicePrepare),
};

} // namespace

const std::span<const KernelProfile> sliceProfiles = kProfiles;

} // namespace arenascope::kernels
