// Activations, elementwise math, DEQUANTIZE, normalisations and the simple binary ops:
// RELU, RELU6, LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, PRELU, ELU, ABS, RSQRT, SIN, COS, LOG,
// SQRT, SQUARE, LOGICAL_NOT, EXP, CEIL, ROUND, FLOOR, NEG, DEQUANTIZE, L2_NORMALIZATION,
// LOG_SOFTMAX, SUB, SQUARED_DIFFERENCE, FLOOR_DIV, FLOOR_MOD, ADD_N.
// Sources: tensorflow/lite/micro/kernels/*.cc @90b983c2 (each row names its files); the op
// data structs are described member by member in math_op_data.h. Failures print what the
// kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <cmath>
#include <limits>
#include <string>

namespace arenascope::kernels {

namespace {

using D = DataType;

// ---- Shared helpers -----------------------------------------------------------------------

constexpr const char* kKernels = "tensorflow/lite/micro/kernels/";

std::string kernelFile(const char* name)
{
    return std::string(kKernels) + name;
}

// TF_LITE_ENSURE_TYPES_EQ(context, input->type, output->type) and friends.
Status typesEq(
    KernelContext& ctx, const std::string& file, int line, const char* a, const char* b, DataType ta, DataType tb)
{
    return ensureTypesEq(ctx, file.c_str(), line, a, b, ta, tb);
}

// TF_LITE_ENSURE_EQ(context, <role>->params.zero_point, <expected>).
Status zeroPointEq(KernelContext& ctx, const std::string& file, int line, const Tensor& t, const char* a, const char* b,
    std::int32_t expected)
{
    return ensureEq(ctx, file.c_str(), line, a, b, quantParams(ctx, t).zeroPoint, expected);
}

// TFLM's CheckedLog2 (kernels/kernel_util.h): the rounded log2 of x, and whether x is
// (nearly) a power of two.
bool checkedLog2(float x, int& log2Rounded)
{
    const float l = std::log(x) * (1.0f / std::log(2.0f));
    const float r = std::round(l);
    // TFLM converts the rounded log2 to int unchecked; for a scale of 0, a negative one or
    // infinity the fraction is NaN and the check fails anyway, so the value does not matter.
    if (!std::isfinite(r) || std::abs(r) > 1e9f) {
        log2Rounded = 0;
        return false;
    }
    log2Rounded = static_cast<int>(r);
    return std::abs(l - r) < 1e-3f;
}

// The int16 checks LOGISTIC and TANH share: symmetric tensors and an output scale of 2^-15.
// `lines` are the kernel's lines of: input zero point, output zero point, CheckedLog2,
// the log2 equality.
Status checkInt16Pot(
    KernelContext& ctx, const std::string& file, const std::array<int, 4>& lines, const Tensor& in, const Tensor& out)
{
    ARENASCOPE_TRY(zeroPointEq(ctx, file, lines[0], in, "input->params.zero_point", "0", 0));
    ARENASCOPE_TRY(zeroPointEq(ctx, file, lines[1], out, "output->params.zero_point", "0", 0));
    int log2 = 0;
    ARENASCOPE_TRY(ensure(ctx, checkedLog2(quantParams(ctx, out).scale, log2), file.c_str(), lines[2],
        "CheckedLog2(output->params.scale, &output_scale_log2_rounded)"));
    return ensureEq(ctx, file.c_str(), lines[3], "output_scale_log2_rounded", "-kOutputFractionalBits", log2, -15);
}

// Exponent of TFLM's QuantizeMultiplier(m) (kernels/internal/quantization_util.cc).
int quantizeMultiplierShift(double m)
{
    // An infinite or NaN scale (a damaged model) has no exponent; TFLM's conversion of it is
    // undefined. Treated as no shift.
    if (m == 0.0 || !std::isfinite(m))
        return 0;
    int shift = 0;
    const double q = std::frexp(m, &shift);
    auto fixed = static_cast<std::int64_t>(std::round(q * static_cast<double>(1LL << 31)));
    if (fixed == (1LL << 31))
        ++shift;
    if (shift < -31)
        shift = 0;
    return shift;
}

// The common start of a one-in, one-out Prepare: the counts (at `countsLine` and the next
// line), then input 0 and output 0 held by `temps`.
Status countsThenTemps(KernelContext& ctx, TempTensors& temps, const std::string& file, int countsLine)
{
    ARENASCOPE_TRY(ensureCounts(ctx, file.c_str(), countsLine, countsLine + 1, 1, 1));
    ARENASCOPE_TRY(temps.input(0));
    return temps.output(0);
}

// ---- RELU / RELU6 (activations.cc, activations_common.cc) ----------------------------------

Status reluInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kReluOpData);
}

Status reluPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("activations_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    if (ctx.input(0)->type == D::Int16) {
        ARENASCOPE_TRY(zeroPointEq(ctx, file, 103, *ctx.input(0), "input->params.zero_point", "0", 0));
        ARENASCOPE_TRY(zeroPointEq(ctx, file, 104, *ctx.output(0), "output->params.zero_point", "0", 0));
    }
    return okStatus();
}

Status relu6Init(KernelContext& ctx)
{
    return allocateStruct(
        ctx, tflmHas(ctx.settings().tflm, TflmChange::Relu6Int16) ? opdata::kRelu6OpData : opdata::kRelu6OpData2024);
}

Status relu6Prepare(KernelContext& ctx)
{
    // Only the input is held; FloatToQuantizedType clamps "six" to the type's range, so the
    // range checks that follow cannot fail.
    TempTensors temps(ctx);
    return temps.input(0);
}

// ---- LOGISTIC (logistic.cc, logistic_common.cc: CalculateArithmeticOpDataLogistic) --------

Status logisticInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataLogistic);
}

Status logisticPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("logistic_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 44, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(zeroPointEq(
            ctx, file, 46, output, "output->params.zero_point", "std::numeric_limits<int8_t>::min()", -128));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 70, 71, 101, 103 }, input, output));
    return okStatus();
}

// ---- TANH (tanh.cc) --------------------------------------------------------------------------
// TanhPrepare holds input 0, then CalculateArithmeticOpData takes input 0 and output 0 again.

Status tanhInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataTanh);
}

Status tanhPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("tanh.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 52));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 61, "input->type", "output->type", input.type, output.type));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, file, { 89, 90, 123, 125 }, input, output));
    return okStatus();
}

// ---- HARD_SWISH (hard_swish.cc, hard_swish_common.cc) ---------------------------------------

Status hardSwishInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kHardSwishParams);
}

Status hardSwishPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("hard_swish_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 38));
    const Tensor& input = *ctx.input(0);
    if (input.type == D::Int8) {
        const float hiresInputScale = (1.0f / 128.0f) * quantParams(ctx, input).scale;
        const float outputScale = quantParams(ctx, *ctx.output(0)).scale;
        const double multiplier = static_cast<double>(hiresInputScale / outputScale);
        ARENASCOPE_TRY(ensure(ctx, quantizeMultiplierShift(multiplier) <= 0, file.c_str(), 68,
            "params->output_multiplier_exponent <= 0"));
    }
    return okStatus();
}

// ---- LEAKY_RELU (leaky_relu.cc, leaky_relu_common.cc), ELU (elu.cc) ---------------------------

Status leakyReluInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kLeakyReluOpData);
}

// CalculateOpDataLeakyRelu / elu.cc CalculateOpData: counts, both tensors, one type.
Status unaryTypesEqualPrepare(KernelContext& ctx, const std::string& file, int countsLine, int typesLine)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, countsLine));
    return typesEq(ctx, file, typesLine, "input->type", "output->type", ctx.input(0)->type, ctx.output(0)->type);
}

Status leakyReluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("leaky_relu_common.cc"), 35, 43);
}

Status eluInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataElu);
}

Status eluPrepare(KernelContext& ctx)
{
    return unaryTypesEqualPrepare(ctx, kernelFile("elu.cc"), 85, 93);
}

// ---- PRELU (prelu.cc, prelu_common.cc) -------------------------------------------------------

Status preluInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kPreluParams);
}

Status preluPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    if (ctx.output(0)->type == D::Int16)
        return ensure(ctx, ctx.input(1)->type == D::Int8, kernelFile("prelu_common.cc").c_str(), 101,
            "alpha->type == kTfLiteInt8");
    return okStatus();
}

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
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
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

// ---- DEQUANTIZE (dequantize.cc, dequantize_common.cc) ------------------------------------------

Status dequantizeInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kDequantizeOpData);
}

Status dequantizePrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("dequantize_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 32));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(ctx.input(0)->type, { D::Int8, D::Int16, D::UInt8 }), file.c_str(), 43,
        "input->type == kTfLiteInt8 || input->type == kTfLiteInt16 || input->type == kTfLiteUInt8"));
    return ensure(ctx, ctx.output(0)->type == D::Float32, file.c_str(), 46, "output->type == kTfLiteFloat32");
}

// ---- L2_NORMALIZATION (l2norm.cc) ---------------------------------------------------------------

Status l2NormInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kL2NormalizationParams);
}

// TfLiteL2NormParams::activation. L2NormOptions field 0 is fused_activation_function (a
// byte); the project's schema leaves the table empty, so the field is read from the raw table.
int l2NormActivation(const KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_L2NormOptions() : nullptr;
    return options ? reinterpret_cast<const flatbuffers::Table*>(options)->GetField<std::int8_t>(4, 0) : 0;
}

Status l2NormPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("l2norm.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 44));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensure(ctx, input.shape.size() <= 4, file.c_str(), 55, "NumDimensions(input) <= 4"));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(output.type, { D::Float32, D::Int8 }), file.c_str(), 57,
        "output->type == kTfLiteFloat32 || output->type == kTfLiteInt8"));
    ARENASCOPE_TRY(typesEq(ctx, file, 59, "input->type", "output->type", input.type, output.type));
    return ensureEq(ctx, file.c_str(), 68, "params->activation", "kTfLiteActNone", l2NormActivation(ctx), 0);
}

// ---- LOG_SOFTMAX (log_softmax.cc) -----------------------------------------------------------------
// No Init. For int8, CalculateOpData allocates LogSoftmaxOpData while both tensors are held.

Status logSoftmaxPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("log_softmax.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(ctx, temps, file, 49));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 57, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(ensure(ctx, input.shape == output.shape, file.c_str(), 59, "HaveSameShapes(input, output)"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(allocateStruct(ctx, opdata::kLogSoftmaxOpData));
    const QuantParams out = quantParams(ctx, output);
    ARENASCOPE_TRY(ensure(ctx, out.scale == 16.0f / 256.0f, file.c_str(), 72, "output->params.scale == kOutputScale"));
    return ensure(ctx, out.zeroPoint == 127, file.c_str(), 73, "output->params.zero_point == kOutputZeroPoint");
}

// ---- SUB (sub.cc, sub_common.cc) ----------------------------------------------------------------

Status subInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataSub);
}

Status subPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("sub_common.cc");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    // CalculateOpDataSub: int8/int16 outputs take CalculateActivationRangeQuantized, which
    // accepts both. Only unquantized int32 is supported.
    if (ctx.output(0)->type != D::Int32)
        return okStatus();
    ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), 103, "input1->quantization.type", "kTfLiteNoQuantization",
        quantizationType(*ctx.input(0)), 0));
    ARENASCOPE_TRY(ensureEq(ctx, file.c_str(), 105, "input2->quantization.type", "kTfLiteNoQuantization",
        quantizationType(*ctx.input(1)), 0));
    return ensureEq(ctx, file.c_str(), 107, "output->quantization.type", "kTfLiteNoQuantization",
        quantizationType(*ctx.output(0)), 0);
}

// ---- SQUARED_DIFFERENCE (squared_difference.cc) ---------------------------------------------------

Status squaredDifferenceInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataSquaredDifference);
}

// The int8 zero-point range checks, lines 115..126: each tensor's >= min, then <= max.
Status squaredDifferenceInt8(KernelContext& ctx, const std::string& file, const std::array<const Tensor*, 3>& tensors)
{
    static constexpr std::array<const char*, 3> kNames = { "input1_quantization_params.zero_point",
        "input2_quantization_params.zero_point", "output_quantization_params.zero_point" };
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const std::int32_t zp = quantParams(ctx, *tensors[i]).zeroPoint;
        const int line = 115 + 4 * static_cast<int>(i);
        ARENASCOPE_TRY(
            ensure(ctx, zp >= -128, file.c_str(), line, (std::string(kNames[i]) + " >= integer_type_min").c_str()));
        ARENASCOPE_TRY(
            ensure(ctx, zp <= 127, file.c_str(), line + 2, (std::string(kNames[i]) + " <= integer_type_max").c_str()));
    }
    return okStatus();
}

Status squaredDifferenceInt16(KernelContext& ctx, const std::string& file, const std::array<const Tensor*, 3>& tensors)
{
    static constexpr std::array<const char*, 3> kConditions = { "input1_quantization_params.zero_point == 0",
        "input2_quantization_params.zero_point == 0", "output_quantization_params.zero_point == 0" };
    for (std::size_t i = 0; i < tensors.size(); ++i)
        ARENASCOPE_TRY(ensure(ctx, quantParams(ctx, *tensors[i]).zeroPoint == 0, file.c_str(),
            136 + static_cast<int>(i), kConditions[i]));
    return okStatus();
}

Status squaredDifferencePrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("squared_difference.cc");
    ARENASCOPE_TRY(ensureCounts(ctx, file.c_str(), 91, 92, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    ARENASCOPE_TRY(typesEq(ctx, file, 106, "input1->type", "input2->type", input1.type, input2.type));
    const std::array<const Tensor*, 3> tensors = { &input1, &input2, ctx.output(0) };
    if (input1.type == D::Int8)
        return squaredDifferenceInt8(ctx, file, tensors);
    if (input1.type == D::Int16)
        return squaredDifferenceInt16(ctx, file, tensors);
    return okStatus();
}

// ---- FLOOR_DIV (floor_div.cc), FLOOR_MOD (floor_mod.cc) ---------------------------------------------
// Init returns nullptr (no allocation). Prepare: two inputs and one output of one type.

Status floorBinaryPrepare(KernelContext& ctx, const std::string& file, int countsLine, int typesLine)
{
    ARENASCOPE_TRY(ensureCounts(ctx, file.c_str(), countsLine, countsLine + 1, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const DataType t1 = ctx.input(0)->type;
    ARENASCOPE_TRY(typesEq(ctx, file, typesLine, "input1->type", "input2->type", t1, ctx.input(1)->type));
    return typesEq(ctx, file, typesLine + 1, "input1->type", "output->type", t1, ctx.output(0)->type);
}

Status floorDivPrepare(KernelContext& ctx)
{
    return floorBinaryPrepare(ctx, kernelFile("floor_div.cc"), 37, 50);
}
Status floorModPrepare(KernelContext& ctx)
{
    return floorBinaryPrepare(ctx, kernelFile("floor_mod.cc"), 42, 55);
}

// ---- ADD_N (add_n.cc) ----------------------------------------------------------------------------------
// No Init. CalculateOpData holds input 0 and the output, takes and releases inputs 1..n-1 one
// by one, then: float32 -> scratch of n pointers; int8 -> OpData (allocated while input 0 and
// the output are held) then the same scratch.

// The checks on input i (lines 66..75), while it is held.
Status addNCheckInput(KernelContext& ctx, const Tensor& first, const Tensor& input)
{
    const std::string file = kernelFile("add_n.cc");
    ARENASCOPE_TRY(
        ensure(ctx, input.shape == first.shape, file.c_str(), 67, "HaveSameShapes(input_tensor_first, input)"));
    ARENASCOPE_TRY(typesEq(ctx, file, 68, "input_tensor_first->type", "input->type", first.type, input.type));
    if (first.type != D::Int8)
        return okStatus();
    const QuantParams a = quantParams(ctx, first);
    const QuantParams b = quantParams(ctx, input);
    ARENASCOPE_TRY(ensure(ctx, a.zeroPoint == b.zeroPoint, file.c_str(), 72,
        "input_tensor_first->params.zero_point == input->params.zero_point"));
    return ensure(ctx, a.scale == b.scale, file.c_str(), 74, "input_tensor_first->params.scale == input->params.scale");
}

Status addNPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("add_n.cc");
    const std::size_t n = ctx.inputCount();
    ARENASCOPE_TRY(ensure(ctx, n >= 2, file.c_str(), 51, "num_inputs >= 2"));
    ARENASCOPE_TRY(
        ensureEq(ctx, file.c_str(), 52, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& first = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(typesEq(ctx, file, 63, "output->type", "input_tensor_first->type", output.type, first.type));
    for (std::size_t i = 1; i < n; ++i) {
        auto in = ctx.tempInput(i);
        if (!in)
            return in.error();
        if (!in.value().valid)
            return ensureFailed(ctx, file.c_str(), 66, "input != nullptr");
        const Status checked = addNCheckInput(ctx, first, *ctx.input(i));
        ctx.releaseTemp(in.value());
        ARENASCOPE_TRY(checked);
    }
    const std::uint64_t pointers = static_cast<std::uint64_t>(ctx.target().pointerBytes()) * n;
    if (output.type == D::Float32)
        return ctx.requestScratch(pointers, "ADD_N input pointers");
    if (output.type == D::Int8) {
        ARENASCOPE_TRY(allocateStruct(ctx, opdata::kOpDataAddN));
        return ctx.requestScratch(pointers, "ADD_N input pointers");
    }
    return ctx.kernelError(formatString("ADD_N only supports FLOAT32 and INT8, got %s.", tfliteType(output.type).name));
}

// ---- The table -------------------------------------------------------------------------------------------

const std::array kUnaryProfiles = {
    builtin("FLOOR", "kernels/floor.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("DEQUANTIZE", "kernels/dequantize.cc, dequantize_common.cc", nullptr, dequantizeInit, dequantizePrepare),
    builtin("L2_NORMALIZATION", "kernels/l2norm.cc", &options::kL2Norm, l2NormInit, l2NormPrepare),
    builtin("LOGISTIC", "kernels/logistic.cc, logistic_common.cc", nullptr, logisticInit, logisticPrepare),
    builtin("RELU", "kernels/activations.cc, activations_common.cc", nullptr, reluInit, reluPrepare),
    builtin("RELU6", "kernels/activations.cc, activations_common.cc", nullptr, relu6Init, relu6Prepare),
    builtin("TANH", "kernels/tanh.cc", nullptr, tanhInit, tanhPrepare),
    builtin("SUB", "kernels/sub.cc, sub_common.cc", &options::kSub, subInit, subPrepare),
    builtin("EXP", "kernels/exp.cc", nullptr, nullptr, expPrepare),
    builtin("LOG_SOFTMAX", "kernels/log_softmax.cc", nullptr, nullptr, logSoftmaxPrepare),
    builtin("PRELU", "kernels/prelu.cc, prelu_common.cc", nullptr, preluInit, preluPrepare),
    builtin("NEG", "kernels/neg.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("SIN", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("LOG", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("SQRT", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("RSQRT", "kernels/elementwise.cc", nullptr, absRsqrtInit, rsqrtPrepare),
    builtin("LOGICAL_NOT", "kernels/elementwise.cc", nullptr, nullptr, logicalPrepare),
    builtin("FLOOR_DIV", "kernels/floor_div.cc", nullptr, nullptr, floorDivPrepare),
    builtin("SQUARE", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("FLOOR_MOD", "kernels/floor_mod.cc", nullptr, nullptr, floorModPrepare),
    builtin("LEAKY_RELU", "kernels/leaky_relu.cc, leaky_relu_common.cc", &options::kLeakyRelu, leakyReluInit,
        leakyReluPrepare),
    builtin("SQUARED_DIFFERENCE", "kernels/squared_difference.cc", nullptr, squaredDifferenceInit,
        squaredDifferencePrepare),
    builtin("ABS", "kernels/elementwise.cc", nullptr, absRsqrtInit, absPrepare),
    builtin("CEIL", "kernels/ceil.cc", nullptr, nullptr, ceilPrepare),
    builtin("ADD_N", "kernels/add_n.cc", nullptr, nullptr, addNPrepare),
    builtin("COS", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("ELU", "kernels/elu.cc", nullptr, eluInit, eluPrepare),
    builtin("ROUND", "kernels/round.cc", nullptr, nullptr, roundPrepare),
    builtin("HARD_SWISH", "kernels/hard_swish.cc, hard_swish_common.cc", nullptr, hardSwishInit, hardSwishPrepare),
};

} // namespace

std::span<const KernelProfile> unaryProfiles()
{
    return kUnaryProfiles;
}

} // namespace arenascope::kernels
