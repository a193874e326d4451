// Tensors of one value: FILL and ZEROS_LIKE.
// Sources: tensorflow/lite/micro/kernels/fill.cc, zeros_like.cc @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kFillCc = "tensorflow/lite/micro/kernels/fill.cc";
constexpr const char* kZerosLikeCc = "tensorflow/lite/micro/kernels/zeros_like.cc";

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
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 73, "dims" }, { in(1), 76, "value" }, { out(0), 79, "output" } }));
    const Tensor& value = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(82, "NumDimensions(value)", "0", rankOf(value), 0));
    ARENASCOPE_TRY(check.typeCodesEq(85, "value->type", "output->type", value.type, ctx.output(0)->type));
    // Before: the dims are compared with the output only when their data is there.
    if (!isConstant(*ctx.input(0)) && !tflmHas(ctx.settings().tflm, TflmChange::ConstTensorChecks))
        return okStatus();
    ARENASCOPE_TRY(check.msg(isConstant(*ctx.input(0)), "Non-constant >dims< tensor is not supported"));
    return fillDimsMatchOutput(ctx, check);
}

// ---- ZEROS_LIKE (zeros_like.cc) ---------------------------------------------------------------
Status zerosLikePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kZerosLikeCc);
    ARENASCOPE_TRY(check.counts(31, 1, 32, 1));
    TempTensors temps(ctx);
    return check.hold(temps, { { in(0), 35, "input" }, { out(0), 38, "output" } });
}

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("ZEROS_LIKE", "kernels/zeros_like.cc", kNone, nullptr, zerosLikePrepare),
    builtin("FILL", "kernels/fill.cc", kNone, nullptr, fillPrepare),
};

} // namespace

const std::span<const KernelProfile> fillProfiles = kProfiles;

} // namespace arenascope::kernels
