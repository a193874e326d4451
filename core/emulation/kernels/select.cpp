// SELECT_V2; op data in kernel_op_data.h.
// Source: tensorflow/lite/micro/kernels/select.cc @90b983c2.
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kSelectCc = "tensorflow/lite/micro/kernels/select.cc";

// ---------------------------------------------------------------------------------------
// SELECT_V2 (select.cc): OpData is {bool requires_broadcast}; the all-scalar case releases its
// temps too. The kernel does not null-check its tensors (an omitted one would crash).

Status selectInit(KernelContext& ctx)
{
    return allocateStruct(
        ctx, tflmHas(ctx.settings().tflm, TflmChange::SelectOpDataOneBool) ? od::kSelectOpData : od::kSelectOpData2023);
}

// CheckBroadcastShape against the output's (static) dims.
Status selectBroadcast(KernelContext& ctx, const Tensor& cond, const Tensor& x, const Tensor& y, const Tensor& out)
{
    const Checks check(ctx, kSelectCc);
    const std::size_t rank = std::max({ cond.shape.size(), x.shape.size(), y.shape.size() });
    ARENASCOPE_TRY(check.eq(
        55, "out_dims", "output_shape->size", static_cast<long long>(rank), static_cast<long long>(out.shape.size())));
    auto dimAt
        = [](const Tensor& t, std::size_t i) { return i >= t.shape.size() ? 1 : t.shape[t.shape.size() - i - 1]; };
    for (std::size_t i = 0; i < rank; ++i) {
        const std::int32_t d1 = dimAt(cond, i), d2 = dimAt(x, i), d3 = dimAt(y, i);
        std::int32_t maxValue = std::max({ d1, d2, d3 });
        if (std::min({ d1, d2, d3 }) == 0)
            maxValue = 0;
        if (!(d1 == 1 || d1 == maxValue) || !(d2 == 1 || d2 == maxValue) || !(d3 == 1 || d3 == maxValue))
            return ctx.kernelError("Given shapes are not broadcastable.");
        ARENASCOPE_TRY(
            check.eq(70, "output_shape->data[out_dims - i - 1]", "max_value", out.shape[rank - i - 1], maxValue));
    }
    return okStatus();
}

Status selectPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kSelectCc);
    ARENASCOPE_TRY(check.counts(78, 3, 79, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2), out(0) }));
    const Tensor& cond = *ctx.input(0);
    const Tensor& x = *ctx.input(1);
    const Tensor& y = *ctx.input(2);
    const Tensor& out = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(95, "input_condition->type", "kTfLiteBool", cond.type, D::Bool));
    ARENASCOPE_TRY(check.typesEq(96, "input_x->type", "input_y->type", x.type, y.type));
    const bool allScalar
        = cond.elementCount == 1 && x.elementCount == 1 && y.elementCount == 1 && out.elementCount == 1;
    const bool sameShape = cond.shape == x.shape && x.shape == y.shape;
    if (allScalar && !tflmHas(ctx.settings().tflm, TflmChange::SelectScalarReleasesTemps))
        temps.leak();
    if (allScalar || sameShape)
        return okStatus();
    return selectBroadcast(ctx, cond, x, y, out);
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    builtin("SELECT_V2", "kernels/select.cc", kNoOptions, selectInit, selectPrepare),
};

} // namespace

const std::span<const KernelProfile> selectProfiles = kProfiles;

} // namespace arenascope::kernels
