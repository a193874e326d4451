// Gathers: GATHER and GATHER_ND.
// Sources: tensorflow/lite/micro/kernels/gather.cc, gather_nd.cc @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kGatherCc = "tensorflow/lite/micro/kernels/gather.cc";
constexpr const char* kGatherNdCc = "tensorflow/lite/micro/kernels/gather_nd.cc";

// ---- GATHER (gather.cc: GatherPrepare) -------------------------------------------------------
Status gatherIndexChecks(KernelContext& ctx, const Checks& check)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& coords = *ctx.input(1);
    // TfLiteGatherParams from GatherOptions: axis (field 0), batch_dims (field 1).
    int axis = shape::optionInt32(ctx, tflite::BuiltinOptions::GatherOptions, 0);
    if (axis < 0)
        axis += rankOf(input);
    ARENASCOPE_TRY(check.ensure(147, 0 <= axis && axis < rankOf(input), "0 <= axis && axis < NumDimensions(input)"));
    int batchDims = shape::optionInt32(ctx, tflite::BuiltinOptions::GatherOptions, 1);
    if (batchDims < 0)
        batchDims += rankOf(coords);
    ARENASCOPE_TRY(check.ensure(155, batchDims <= axis, "batch_dims <= axis"));
    ARENASCOPE_TRY(check.ensure(
        156, 0 <= batchDims && batchDims < rankOf(input), "0 <= batch_dims && batch_dims < NumDimensions(input)"));
    ARENASCOPE_TRY(check.ensure(157, batchDims <= rankOf(coords), "batch_dims <= NumDimensions(coords)"));
    for (int i = 0; i < batchDims; ++i)
        ARENASCOPE_TRY(
            check.eq(159, "input->dims->data[i]", "coords->dims->data[i]", dimOf(input, i), dimOf(coords, i)));
    return okStatus();
}

Status gatherPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kGatherCc);
    ARENASCOPE_TRY(check.counts(103, 2, 104, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 110, "input" }, { in(1), 113, "coords" }, { out(0), 116, "output" } }));
    const DataType coordsType = ctx.input(1)->type;
    if (coordsType != D::Int32)
        return shape::typeMessage(ctx, "Positions of type '%s' are not supported by gather.", coordsType);
    const DataType inputType = ctx.input(0)->type;
    if (!isOneOf(inputType, { D::Float32, D::Int8 }))
        return shape::typeMessage(ctx, "Type '%s' is not supported by gather.", inputType);
    ARENASCOPE_TRY(gatherIndexChecks(ctx, check));
    return shape::writableOutputDims(ctx);
}

// ---- GATHER_ND (gather_nd.cc: GatherNdPrepare) -----------------------------------------------
Status gatherNdPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kGatherNdCc);
    ARENASCOPE_TRY(check.counts(34, 2, 35, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 38, "params" }, { in(1), 41, "indices" }, { out(0), 44, "output" } }));
    const Tensor& params = *ctx.input(0);
    const Tensor& indices = *ctx.input(1);
    if (!isOneOf(params.type, { D::Float32, D::Int8 }))
        return shape::typeMessage(ctx, "Params of type '%s' are not supported by gather_nd.", params.type);
    if (indices.type != D::Int32)
        return shape::typeMessage(ctx, "Indices of type '%s' are not supported by gather_nd.", indices.type);
    // SizeOfDimension(indices, rank - 1): for a scalar that reads dims->size, i.e. 0.
    const long long nd = rankOf(indices) > 0 ? dimOf(indices, rankOf(indices) - 1) : 0;
    if (rankOf(params) < 1)
        return ctx.kernelError("Params must be at least a vector.");
    if (rankOf(indices) < 1)
        return ctx.kernelError("Indices must be at least a vector.");
    if (nd > rankOf(params))
        return ctx.kernelError("Index innermost dimension length must be <= params rank.");
    if (nd > 5)
        return ctx.kernelError("Index innermost dimension length must not exceed 5.");
    return shape::writableOutputDims(ctx);
}

constexpr const StructDef* kNone = nullptr;

constexpr std::array kProfiles = {
    builtin("GATHER", "kernels/gather.cc", &options::kGather, nullptr, gatherPrepare),
    builtin("GATHER_ND", "kernels/gather_nd.cc", kNone, nullptr, gatherNdPrepare),
};

} // namespace

const std::span<const KernelProfile> gatherProfiles = kProfiles;

} // namespace arenascope::kernels
