// ADD, MUL, DIV, MINIMUM/MAXIMUM, PAD, RESHAPE, CAST, STRIDED_SLICE, CONCATENATION.
// Sources: tensorflow/lite/micro/kernels/add.cc, add_common.cc, mul.cc, mul_common.cc, div.cc,
// maximum_minimum.cc, pad.cc, reshape.cc, reshape_common.cc, cast.cc, strided_slice.cc,
// strided_slice_common.cc, concatenation.cc @90b983c2.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include <array>

#include <algorithm>

namespace arenascope::kernels {

namespace {
// Prepare that holds inputs 0..n-1 (those present) and output 0, then releases them.
Status holdInputsAndOutput(KernelContext& ctx, std::size_t inputs)
{
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < inputs; ++i)
        ARENASCOPE_TRY(temps.input(i));
    ARENASCOPE_TRY(temps.output(0));
    return okStatus();
}
} // namespace

Status addInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(60, "OpDataAdd");
}
Status mulInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(36, "OpDataMul");
}
Status divInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(28, "OpDataDiv");
}
Status binaryPrepare(KernelContext& ctx)
{
    return holdInputsAndOutput(ctx, 2);
}

Status padInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(56, "OpData (pad)");
}

Status padPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    if (ctx.inputCount() == 3)
        ARENASCOPE_TRY(temps.input(2, false));
    ARENASCOPE_TRY(temps.output(0));
    if (ctx.input(0)->type != ctx.output(0)->type)
        return ctx.kernelError("input->type == output->type was not true.");
    if (ctx.input(0)->shape.size() > 5)
        return ctx.kernelError("PAD supports at most 5 dimensions");
    return okStatus();
}

Status reshapePrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    return okStatus();
}

Status castPrepare(KernelContext& ctx)
{
    return holdInputsAndOutput(ctx, 1);
}

Status stridedSliceInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(84, "StridedSliceParams");
}

Status stridedSlicePrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 4 || ctx.outputCount() != 1)
        return ctx.kernelError("STRIDED_SLICE takes four inputs and one output");
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 4; ++i)
        ARENASCOPE_TRY(temps.input(i, false));
    ARENASCOPE_TRY(temps.output(0, false));
    if (ctx.input(0)->shape.size() > 4)
        return ctx.kernelError("input dim should not exceed 4");
    return okStatus();
}

Status concatenationInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(bySize(ctx, 24, 40), "OpData (concatenation)");
}

Status concatenationPrepare(KernelContext& ctx)
{
    using D = DataType;
    {
        // Input 0 is released right away; the output stays held until the end.
        auto in0 = ctx.tempInput(0);
        if (!in0)
            return in0.error();
        auto out = ctx.tempOutput(0);
        if (!out)
            return out.error();
        ctx.releaseTemp(in0.value());
        const Tensor& input = *ctx.input(0);
        if (!isOneOf(input.type, { D::Float32, D::Int8, D::Int16, D::Int32, D::Int64, D::Bool }))
            return unsupportedType(ctx, input);
        if (ctx.inputCount() > 10)
            return ctx.kernelError("CONCATENATION takes at most 10 inputs");
        for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
            auto in = ctx.tempInput(i);
            if (!in)
                return in.error();
            if (ctx.input(i)->shape.size() > 5)
                return ctx.kernelError("Op Concatenation does not currently support num dimensions > 5");
            ctx.releaseTemp(in.value());
        }
        ctx.releaseTemp(out.value());
    }
    return okStatus();
}

Status svdfInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(36, "OpDataSvdf");
}

Status svdfPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.input(3, false));
    ARENASCOPE_TRY(temps.input(4));
    const Tensor& input = *ctx.input(0);
    const Tensor& weightsFeature = *ctx.input(1);
    if (!isOneOf(input.type, { DataType::Float32, DataType::Int8 }))
        return unsupportedType(ctx, input);
    if (input.shape.size() != 2 || weightsFeature.shape.size() != 2)
        return ctx.kernelError("SVDF needs 2-D input and weights_feature");
    ARENASCOPE_TRY(temps.output(0));
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_SVDFOptions() : nullptr;
    const std::int32_t rank = options ? options->rank() : 0;
    if (rank <= 0 || weightsFeature.shape[0] % rank != 0)
        return ctx.kernelError("num_filters % rank == 0 was not true.");
    const auto batch = static_cast<std::uint64_t>(input.shape[0]);
    const auto filters = static_cast<std::uint64_t>(weightsFeature.shape[0]);
    const std::uint64_t units = filters / static_cast<std::uint64_t>(rank);
    ARENASCOPE_TRY(ctx.requestScratch(batch * filters * 4, "SVDF scratch"));
    if (input.type == DataType::Int8)
        ARENASCOPE_TRY(ctx.requestScratch(batch * units * 4, "SVDF scratch output"));
    return okStatus();
}

namespace {
constexpr std::array kProfiles = {
    builtin("ADD", "kernels/add.cc, add_common.cc", &options::kAdd, addInit, binaryPrepare),
    builtin(
        "CONCATENATION", "kernels/concatenation.cc", &options::kConcatenation, concatenationInit, concatenationPrepare),
    builtin("MUL", "kernels/mul.cc, mul_common.cc", &options::kMul, mulInit, binaryPrepare),
    builtin("RESHAPE", "kernels/reshape.cc, reshape_common.cc", &options::kReshape, nullptr, reshapePrepare),
    builtin("SVDF", "kernels/svdf.cc, svdf_common.cc", &options::kSvdf, svdfInit, svdfPrepare),
    builtin("PAD", "kernels/pad.cc", nullptr, padInit, padPrepare),
    builtin("DIV", "kernels/div.cc", &options::kDiv, divInit, binaryPrepare),
    builtin("STRIDED_SLICE", "kernels/strided_slice.cc, strided_slice_common.cc", &options::kStridedSlice,
        stridedSliceInit, stridedSlicePrepare),
    builtin("CAST", "kernels/cast.cc", &options::kCast, nullptr, castPrepare),
    builtin("MAXIMUM", "kernels/maximum_minimum.cc", nullptr, nullptr, nullptr),
    builtin("MINIMUM", "kernels/maximum_minimum.cc", nullptr, nullptr, nullptr),
    builtin("PADV2", "kernels/pad.cc", nullptr, padInit, padPrepare),
};
} // namespace

std::span<const KernelProfile> elementwiseProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
