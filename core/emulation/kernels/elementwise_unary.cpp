// One-input element-wise math and logic: ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT
// (TFLM implements them in elementwise.cc), EXP, CEIL, ROUND, FLOOR and NEG. The activations are
// in activations.cpp, the type conversions in type_conversion.cpp.
// Sources: tensorflow/lite/micro/kernels/elementwise.cc, exp.cc, ceil.cc, round.cc, floor.cc,
// neg.cc @90b983c2; the op data structs are described member by member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "checks.h"
#include "kernel_file_checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <initializer_list>
#include <string>

namespace arenascope::kernels {

namespace {

// ---- Elementwise (elementwise.cc) -------------------------------------------------------------

Status absRsqrtInit(KernelContext& ctx)
{
    return allocateStruct(ctx,
        tflmHas(ctx.settings().tflm, TflmChange::QuantizationTypeInt) ? opdata::kOpDataAbsRsqrt
                                                                      : opdata::kOpDataAbsRsqrt2024);
}

Error elementwiseUnsupported(KernelContext& ctx, const Tensor& t)
{
    const TfLiteTypeInfo info = tfliteType(t.type);
    return ctx.kernelError(formatString("Input data type %s (%d) is not supported.", info.name, info.code));
}

// The start GenericPrepare and PrepareAbsRsqrt share: counts, both tensors, one type, a
// supported type, at their lines in elementwise.cc.
struct CommonLines {
    int inputs, outputs, types;
};
Status elementwiseCommon(
    KernelContext& ctx, TempTensors& temps, CommonLines at, std::initializer_list<DataType> supported)
{
    const Checks check(ctx, kernelFile("elementwise.cc"));
    ARENASCOPE_TRY(countsThenTemps(check, temps, at.inputs, at.outputs));
    const Tensor& input = *ctx.input(0);
    ARENASCOPE_TRY(check.typesEq(at.types, "input->type", "output->type", input.type, ctx.output(0)->type));
    if (!isOneOf(input.type, supported))
        return elementwiseUnsupported(ctx, input);
    return okStatus();
}

Status genericPrepare(KernelContext& ctx, std::initializer_list<DataType> supported)
{
    TempTensors temps(ctx);
    return elementwiseCommon(ctx, temps, { 81, 82, 89 }, supported);
}

Status numericPrepare(KernelContext& ctx)
{
    return genericPrepare(ctx, { D::Float32 });
}
Status logicalPrepare(KernelContext& ctx)
{
    return genericPrepare(ctx, { D::Bool });
}

// PrepareAbsRsqrt: int8, and int16 with quantization, need affine quantization on both tensors
// and, for int16, zero points of 0.
Status absRsqrtPrepare(KernelContext& ctx, std::initializer_list<DataType> supported)
{
    const Checks check(ctx, kernelFile("elementwise.cc"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(elementwiseCommon(ctx, temps, { 105, 106, 111 }, supported));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.type == D::Int8 || (input.type == D::Int16 && input.quant.present)) {
        ARENASCOPE_TRY(
            check.eq(130, "input->quantization.type", "kTfLiteAffineQuantization", quantizationType(input), 1));
        ARENASCOPE_TRY(
            check.eq(132, "output->quantization.type", "kTfLiteAffineQuantization", quantizationType(output), 1));
        if (input.type == D::Int16) {
            ARENASCOPE_TRY(check.eq(149, "op_data->input_offset", "0", quantParams(ctx, input).zeroPoint, 0));
            ARENASCOPE_TRY(check.eq(150, "op_data->output_offset", "0", quantParams(ctx, output).zeroPoint, 0));
        }
    }
    return okStatus();
}

Status absPrepare(KernelContext& ctx)
{
    return absRsqrtPrepare(ctx, { D::Float32, D::Int8, D::Int16 });
}
Status rsqrtPrepare(KernelContext& ctx)
{
    return absRsqrtPrepare(ctx, { D::Float32, D::Int8 });
}

// ---- EXP (exp.cc), CEIL (ceil.cc), ROUND (round.cc) --------------------------------------------
// Float only; the output must match the input's type, bytes and dims.

// The lines of those checks in each file.
struct FloatShapeLines {
    int inputType, outputType, bytes, rank, dim;
};

Status sameFloatShape(const Checks& check, const Tensor& input, const Tensor& output, const FloatShapeLines& at)
{
    ARENASCOPE_TRY(check.typesEq(at.inputType, "input->type", "kTfLiteFloat32", input.type, D::Float32));
    ARENASCOPE_TRY(check.typesEq(at.outputType, "output->type", "input->type", output.type, input.type));
    ARENASCOPE_TRY(check.eq(at.bytes, "output->bytes", "input->bytes", static_cast<long long>(output.bytes),
        static_cast<long long>(input.bytes)));
    ARENASCOPE_TRY(check.eq(at.rank, "output->dims->size", "input->dims->size",
        static_cast<long long>(output.shape.size()), static_cast<long long>(input.shape.size())));
    for (std::size_t i = 0; i < output.shape.size(); ++i)
        ARENASCOPE_TRY(
            check.eq(at.dim, "output->dims->data[i]", "input->dims->data[i]", output.shape[i], input.shape[i]));
    return okStatus();
}

Status expPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kernelFile("exp.cc"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, 33, 34));
    return sameFloatShape(check, *ctx.input(0), *ctx.output(0), { 41, 42, 43, 44, 46 });
}

// CEIL and ROUND take the tensors before checking the counts.
Status ceilRoundPrepare(
    KernelContext& ctx, const Checks& check, int inputsLine, int outputsLine, const FloatShapeLines& at)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    ARENASCOPE_TRY(check.counts(inputsLine, 1, outputsLine, 1));
    return sameFloatShape(check, *ctx.input(0), *ctx.output(0), at);
}

Status ceilPrepare(KernelContext& ctx)
{
    return ceilRoundPrepare(ctx, Checks(ctx, kernelFile("ceil.cc")), 39, 40, { 41, 42, 43, 44, 46 });
}
Status roundPrepare(KernelContext& ctx)
{
    return ceilRoundPrepare(ctx, Checks(ctx, kernelFile("round.cc")), 38, 39, { 40, 41, 42, 43, 45 });
}

const std::array kProfiles = {
    builtin("FLOOR", "kernels/floor.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("EXP", "kernels/exp.cc", nullptr, nullptr, expPrepare),
    builtin("NEG", "kernels/neg.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("SIN", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("LOG", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("SQRT", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("RSQRT", "kernels/elementwise.cc", nullptr, absRsqrtInit, rsqrtPrepare),
    builtin("LOGICAL_NOT", "kernels/elementwise.cc", nullptr, nullptr, logicalPrepare),
    builtin("SQUARE", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("ABS", "kernels/elementwise.cc", nullptr, absRsqrtInit, absPrepare),
    builtin("CEIL", "kernels/ceil.cc", nullptr, nullptr, ceilPrepare),
    builtin("COS", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("ROUND", "kernels/round.cc", nullptr, nullptr, roundPrepare),
};

} // namespace

const std::span<const KernelProfile> elementwiseUnaryProfiles = kProfiles;

} // namespace arenascope::kernels
