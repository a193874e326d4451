// One-input element-wise math and logic: ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT
// (TFLM implements them in elementwise.cc), EXP, CEIL, ROUND, FLOOR and NEG. The activations are
// in activations.cpp, the type conversions in type_conversion.cpp.
// Sources: tensorflow/lite/micro/kernels/elementwise.cc, exp.cc, ceil.cc, round.cc, floor.cc,
// neg.cc @90b983c2; the op data structs are described member by member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
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

// The start GenericPrepare and PrepareAbsRsqrt share: counts (lines 81/82 resp. 105/106),
// both tensors, one type (89 resp. 111), a supported type.
Status elementwiseCommon(
    KernelContext& ctx, TempTensors& temps, int countsLine, int typesLine, std::initializer_list<DataType> supported)
{
    const std::string file = kernelFile("elementwise.cc");
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, countsLine));
    const Tensor& input = *ctx.input(0);
    ARENASCOPE_TRY(typesEq(ctx, file, typesLine, "input->type", "output->type", input.type, ctx.output(0)->type));
    if (!isOneOf(input.type, supported))
        return elementwiseUnsupported(ctx, input);
    return okStatus();
}

Status genericPrepare(KernelContext& ctx, std::initializer_list<DataType> supported)
{
    TempTensors temps(ctx);
    return elementwiseCommon(ctx, temps, 81, 89, supported);
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
    const std::string file = kernelFile("elementwise.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(elementwiseCommon(ctx, temps, 105, 111, supported));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.type == D::Int8 || (input.type == D::Int16 && input.quant.present)) {
        ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), 130, "input->quantization.type", "kTfLiteAffineQuantization",
            quantizationType(input), 1));
        ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), 132, "output->quantization.type", "kTfLiteAffineQuantization",
            quantizationType(output), 1));
        if (input.type == D::Int16) {
            ARENASCOPE_TRY(zeroPointEq(ctx, file, 149, input, "op_data->input_offset", "0", 0));
            ARENASCOPE_TRY(zeroPointEq(ctx, file, 150, output, "op_data->output_offset", "0", 0));
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
// Float only; the output must match the input's type, bytes and dims. `line` is the line of
// TF_LITE_ENSURE_TYPES_EQ(context, input->type, kTfLiteFloat32); the checks follow it line
// by line, the per-dimension one a line further down.

Status sameFloatShape(KernelContext& ctx, const std::string& file, int line)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, line, "input->type", "kTfLiteFloat32", input.type, D::Float32));
    ARENASCOPE_TRY(typesEq(ctx, file, line + 1, "output->type", "input->type", output.type, input.type));
    ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), line + 2, "output->bytes", "input->bytes",
        static_cast<long long>(output.bytes), static_cast<long long>(input.bytes)));
    ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), line + 3, "output->dims->size", "input->dims->size",
        static_cast<long long>(output.shape.size()), static_cast<long long>(input.shape.size())));
    for (std::size_t i = 0; i < output.shape.size(); ++i)
        ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), line + 5, "output->dims->data[i]", "input->dims->data[i]",
            output.shape[i], input.shape[i]));
    return okStatus();
}

Status expPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("exp.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 33));
    return sameFloatShape(ctx, file, 41);
}

// CEIL and ROUND take the tensors before checking the counts.
Status ceilRoundPrepare(KernelContext& ctx, const std::string& file, int countsLine)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    ARENASCOPE_TRY(ensureCounts(ctx, file.c_str(), countsLine, countsLine + 1, 1, 1));
    return sameFloatShape(ctx, file, countsLine + 2);
}

Status ceilPrepare(KernelContext& ctx)
{
    return ceilRoundPrepare(ctx, kernelFile("ceil.cc"), 39);
}
Status roundPrepare(KernelContext& ctx)
{
    return ceilRoundPrepare(ctx, kernelFile("round.cc"), 38);
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
