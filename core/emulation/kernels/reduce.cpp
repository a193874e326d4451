// Reductions: MEAN, SUM, REDUCE_MAX, REDUCE_MIN, REDUCE_ALL.
// Source: tensorflow/lite/micro/kernels/reduce.cc (registrations, InitReduce) and
// reduce_common.cc (the Prepare helpers) @90b983c2, reference kernels. Every reduction
// allocates an OpDataReduce in Init and requests its index scratch buffers in Prepare; MEAN
// and SUM add an int32 accumulator for int8/int16 inputs.
#include "builtin_options.h"
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "shape_op_data.h"

#include "core/emulation/tflm_changes.h"

#include <array>

namespace arenascope::kernels {

namespace {

constexpr const char* kReduceCommon = "tensorflow/lite/micro/kernels/reduce_common.cc";

// The reductions were rewritten in 0efdd51a3 (2026-01-16): snapshots before it (every older
// TFLM ArenaScope knows) have a smaller OpDataReduce and MEAN/SUM request one buffer only.
bool before2026Rewrite(const KernelContext& ctx)
{
    return !tflmHas(ctx.settings().tflm, TflmChange::ReduceRewrite);
}

// InitReduce (reduce.cc): AllocatePersistentBuffer(sizeof(OpDataReduce)).
Status reduceInit(KernelContext& ctx)
{
    return allocateStruct(ctx, before2026Rewrite(ctx) ? opdata::kOpDataReduce2025 : opdata::kOpDataReduce);
}

// PrepareSimple (reduce_common.cc): input, then the count checks, the axis (non-null,
// int32), and the output only for an int8 input (its scale sets the multiplier).
Status prepareSimple(KernelContext& ctx)
{
    const Checks check(ctx, kReduceCommon);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(check.eq(46, "node->inputs->size", "2", static_cast<long long>(ctx.inputCount()), 2));
    ARENASCOPE_TRY(check.eq(47, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    ARENASCOPE_TRY(check.hold(temps, { { in(1), 51, "axis" } }));
    ARENASCOPE_TRY(check.typesEq(52, "axis->type", "kTfLiteInt32", ctx.input(1)->type, D::Int32));
    if (ctx.input(0)->type == D::Int8)
        ARENASCOPE_TRY(temps.output(0));
    return okStatus();
}

// The input, output and axis every helper holds (none null-checked by the kernel).
Status holdInputOutputAxis(TempTensors& temps)
{
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    return temps.input(1);
}

// The two index buffers of the generic reduction: sizeof(int) x input rank (input_iter) and
// sizeof(int) x axis element count (resolved_axis).
Status requestIndexScratch(KernelContext& ctx)
{
    const auto rank = static_cast<std::uint64_t>(rankOf(*ctx.input(0)));
    ARENASCOPE_TRY(ctx.requestScratch(4 * rank, "reduce input_iter"));
    return ctx.requestScratch(4 * ctx.input(1)->elementCount, "reduce resolved_axis");
}

// PrepareMeanOrSumHelper: input, output and axis held; for int8/int16 an int32 accumulator
// per output element first, then the two index buffers, then PrepareSimple's own temps.
Status meanOrSumPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdInputOutputAxis(temps));
    if (isOneOf(ctx.input(0)->type, { D::Int8, D::Int16 }))
        ARENASCOPE_TRY(ctx.requestScratch(4 * ctx.output(0)->elementCount, "reduce accumulator"));
    // Before 2026-01 the index arrays lived on Eval's stack: no more requests.
    if (!before2026Rewrite(ctx))
        ARENASCOPE_TRY(requestIndexScratch(ctx));
    return prepareSimple(ctx);
}

// PrepareMinMaxHelper (REDUCE_MAX, REDUCE_MIN): PrepareSimple first, then input, output and
// axis held while the two index buffers are requested.
Status minMaxPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(prepareSimple(ctx));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdInputOutputAxis(temps));
    return requestIndexScratch(ctx);
}

// PrepareAllHelper (REDUCE_ALL): input, output and axis held, a bool input required, then
// PrepareSimple and the two index buffers.
Status allPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kReduceCommon);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdInputOutputAxis(temps));
    ARENASCOPE_TRY(check.typesEq(268, "input->type", "kTfLiteBool", ctx.input(0)->type, D::Bool));
    ARENASCOPE_TRY(prepareSimple(ctx));
    return requestIndexScratch(ctx);
}

constexpr const StructDef* kReducer = &options::kReducer; // ParseReducer for all five
constexpr const char* kSource = "kernels/reduce.cc, reduce_common.cc";

constexpr std::array kReduceProfiles = {
    builtin("MEAN", kSource, kReducer, reduceInit, meanOrSumPrepare),
    builtin("SUM", kSource, kReducer, reduceInit, meanOrSumPrepare),
    builtin("REDUCE_MAX", kSource, kReducer, reduceInit, minMaxPrepare),
    builtin("REDUCE_MIN", kSource, kReducer, reduceInit, minMaxPrepare),
    builtin("REDUCE_ALL", kSource, kReducer, reduceInit, allPrepare),
};

} // namespace

const std::span<const KernelProfile> reduceProfiles = kReduceProfiles;

} // namespace arenascope::kernels
