// Activations, elementwise math, DEQUANTIZE, normalisations and the simple binary ops:
// RELU, RELU6, LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, PRELU, ELU, ABS, RSQRT, SIN, COS, LOG,
// SQRT, SQUARE, LOGICAL_NOT, EXP, CEIL, ROUND, FLOOR, NEG, DEQUANTIZE, L2_NORMALIZATION,
// LOG_SOFTMAX, SUB, SQUARED_DIFFERENCE, FLOOR_DIV, FLOOR_MOD, ADD_N.
// Sources: tensorflow/lite/micro/kernels/*.cc @90b983c2 (each row names its files); struct
// layouts from micro/kernels/internal/types.h. Kernel op data here holds only ints, bools and
// enums, except DequantizeOpData (a double: 8-aligned on both targets), LogSoftmaxOpData
// (two size_t) and ArithmeticParams (two int64: 8-aligned on both targets).
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include <array>
#include <cmath>
#include <limits>

namespace arenascope::kernels {

namespace {

using D = DataType;

// ---- Shared helpers -----------------------------------------------------------------------

// TfLiteTensor::params as TFLM fills them: the first scale and zero point, only when the
// flatbuffer tensor has both (otherwise 0 / 0).
struct QuantParams {
    float scale = 0.0f;
    std::int64_t zeroPoint = 0;
};

QuantParams quantParams(const KernelContext& ctx, const Tensor& t)
{
    QuantParams p;
    if (!t.quant.present)
        return p;
    const tflite::Model* fb = ctx.model().flatbuffer();
    if (!fb || !fb->subgraphs() || ctx.subgraph().id.value >= fb->subgraphs()->size())
        return p;
    const auto* sg = fb->subgraphs()->Get(ctx.subgraph().id.value);
    if (!sg->tensors() || t.id.value >= sg->tensors()->size())
        return p;
    const auto* q = sg->tensors()->Get(t.id.value)->quantization();
    if (q && q->scale() && q->scale()->size() > 0 && q->zero_point() && q->zero_point()->size() > 0) {
        p.scale = q->scale()->Get(0);
        p.zeroPoint = q->zero_point()->Get(0);
    }
    return p;
}

std::string typeName(DataType t)
{
    return std::string(dataTypeName(t));
}

Status requireSameType(KernelContext& ctx, const Tensor& a, const Tensor& b, const char* what)
{
    if (a.type == b.type)
        return okStatus();
    return ctx.kernelError(formatString("%s (%s != %s)", what, typeName(a.type).c_str(), typeName(b.type).c_str()));
}

Status requireZeroPoint(KernelContext& ctx, const Tensor& t, std::int64_t expected, const char* role)
{
    const std::int64_t zp = quantParams(ctx, t).zeroPoint;
    if (zp == expected)
        return okStatus();
    return ctx.kernelError(formatString("%s->params.zero_point != %lld (%lld != %lld)", role,
        static_cast<long long>(expected), static_cast<long long>(zp), static_cast<long long>(expected)));
}

// TFLM's CheckedLog2: the rounded log2 of x, and whether x is (nearly) a power of two.
bool checkedLog2(float x, int& log2Rounded)
{
    const float l = std::log(x) * (1.0f / std::log(2.0f));
    const float r = std::round(l);
    log2Rounded = static_cast<int>(r);
    return std::abs(l - r) < 1e-3f;
}

// The int16 checks LOGISTIC and TANH share: symmetric tensors and an output scale of 2^-15.
Status checkInt16Pot(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    ARENASCOPE_TRY(requireZeroPoint(ctx, input, 0, "input"));
    ARENASCOPE_TRY(requireZeroPoint(ctx, output, 0, "output"));
    int log2 = 0;
    if (!checkedLog2(quantParams(ctx, output).scale, log2))
        return ctx.kernelError("CheckedLog2(output->params.scale, &output_scale_log2_rounded) was not true.");
    if (log2 != -15)
        return ctx.kernelError(formatString("output_scale_log2_rounded != -kOutputFractionalBits (%d != -15)", log2));
    return okStatus();
}

// Exponent of TFLM's QuantizeMultiplier(m).
int quantizeMultiplierShift(double m)
{
    if (m == 0.0)
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

// ---- RELU / RELU6 (activations.cc, activations_common.cc) ----------------------------------
// ReluOpData = ReluParams: activation_type (uint8 enum class) 0, quantized_activation_min 4,
// max 8, input_offset 12, output_offset 16, output_multiplier 20, output_shift 24 -> 28/4.
// Relu6OpData {int32 six; int32 zero} -> 8/4 (the int16-capable version).

Status reluInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(28, "ReluOpData");
}

Status reluPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(requireZeroPoint(ctx, input, 0, "input"));
        ARENASCOPE_TRY(requireZeroPoint(ctx, *ctx.output(0), 0, "output"));
    }
    return okStatus();
}

Status relu6Init(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "Relu6OpData");
}

Status relu6Prepare(KernelContext& ctx)
{
    // Only the input is held; the quantized "six" is clamped, so its range check cannot fail.
    TempTensors temps(ctx);
    return temps.input(0);
}

// ---- LOGISTIC (logistic.cc, logistic_common.cc) --------------------------------------------
// OpDataLogistic {input_zero_point, input_range_radius, input_multiplier, input_left_shift} 16/4.

Status logisticInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(16, "OpDataLogistic");
}

Status logisticPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(requireSameType(ctx, input, output, "input->type != output->type"));
    if (input.type == D::Int8)
        ARENASCOPE_TRY(requireZeroPoint(ctx, output, -128, "output"));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, input, output));
    return okStatus();
}

// ---- TANH (tanh.cc) --------------------------------------------------------------------------
// OpData {input_zero_point, input_range_radius, input_multiplier, input_left_shift} 16/4.
// Prepare holds input 0, then CalculateArithmeticOpData takes input 0 and output 0 again.

Status tanhInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(16, "OpData (tanh)");
}

Status tanhPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(requireSameType(ctx, input, output, "input->type != output->type"));
    if (input.type == D::Int16)
        ARENASCOPE_TRY(checkInt16Pot(ctx, input, output));
    return okStatus();
}

// ---- HARD_SWISH (hard_swish.cc, hard_swish_common.cc) ---------------------------------------
// HardSwishParams: input_zero_point (int16) 0, output_zero_point 2, reluish_multiplier_fixedpoint
// (int16) 4, reluish_multiplier_exponent (int) 8, output_multiplier_fixedpoint (int16) 12,
// output_multiplier_exponent (int) 16 -> 20/4.

Status hardSwishInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(20, "HardSwishParams");
}

Status hardSwishPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    if (input.type == D::Int8) {
        const float hiresInputScale = (1.0f / 128.0f) * quantParams(ctx, input).scale;
        const float outputScale = quantParams(ctx, *ctx.output(0)).scale;
        const double multiplier = static_cast<double>(hiresInputScale / outputScale);
        if (quantizeMultiplierShift(multiplier) > 0)
            return ctx.kernelError("params->output_multiplier_exponent <= 0 was not true.");
    }
    return okStatus();
}

// ---- LEAKY_RELU (leaky_relu.cc, leaky_relu_common.cc) ---------------------------------------
// LeakyReluOpData: six int32 (multipliers, shifts, zero points) -> 24/4.

Status leakyReluInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(24, "LeakyReluOpData");
}

Status unaryTypesEqualPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    return requireSameType(ctx, *ctx.input(0), *ctx.output(0), "input->type != output->type");
}

// ---- PRELU (prelu.cc, prelu_common.cc) -------------------------------------------------------
// PreluParams: seven int32 -> 28/4.

Status preluInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(28, "PreluParams");
}

Status preluPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    if (ctx.output(0)->type == D::Int16 && ctx.input(1)->type != D::Int8)
        return ctx.kernelError("alpha->type == kTfLiteInt8 was not true.");
    return okStatus();
}

// ---- ELU (elu.cc) ----------------------------------------------------------------------------
// OpData {int8 table[256]} -> 256/1.

Status eluInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(256, "OpData (elu lookup table)");
}

// ---- Elementwise (elementwise.cc) -------------------------------------------------------------
// OpDataAbsRsqrt: multiplier 0, shift 4, input_offset 8, output_offset 12, needs_rescale (bool)
// 16, input_quantization_type (enum : int) 20, input_type (TfLiteType) 24 -> 28/4.

Status absRsqrtInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(28, "OpDataAbsRsqrt");
}

Error elementwiseUnsupported(KernelContext& ctx, const Tensor& t)
{
    return ctx.kernelError(
        formatString("Input data type %s (%d) is not supported.", typeName(t.type).c_str(), static_cast<int>(t.type)));
}

// GenericPrepare<IsSupportedType>: one input, one output, same type, type in `supported`.
Status genericPrepare(KernelContext& ctx, std::initializer_list<DataType> supported)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    ARENASCOPE_TRY(requireSameType(ctx, input, *ctx.output(0), "input->type != output->type"));
    if (!isOneOf(input.type, supported))
        return elementwiseUnsupported(ctx, input);
    return okStatus();
}

Status numericPrepare(KernelContext& ctx)
{
    return genericPrepare(ctx, { D::Float32 });
}
Status logicalPrepare(KernelContext& ctx)
{
    return genericPrepare(ctx, { D::Bool });
}

// PrepareAbsRsqrt: as GenericPrepare, then quantized inputs need affine quantization on both
// tensors (and zero points of 0 for int16).
Status absRsqrtPrepare(KernelContext& ctx, std::initializer_list<DataType> supported)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(requireSameType(ctx, input, output, "input->type != output->type"));
    if (!isOneOf(input.type, supported))
        return elementwiseUnsupported(ctx, input);
    if (input.type == D::Int8 || (input.type == D::Int16 && input.quant.present)) {
        if (!input.quant.present)
            return ctx.kernelError("input->quantization.type != kTfLiteAffineQuantization");
        if (!output.quant.present)
            return ctx.kernelError("output->quantization.type != kTfLiteAffineQuantization");
        if (input.type == D::Int16) {
            ARENASCOPE_TRY(requireZeroPoint(ctx, input, 0, "input"));
            ARENASCOPE_TRY(requireZeroPoint(ctx, output, 0, "output"));
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

Status sameFloatShape(KernelContext& ctx)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.type != D::Float32)
        return ctx.kernelError(
            formatString("input->type != kTfLiteFloat32 (%s != float32)", typeName(input.type).c_str()));
    ARENASCOPE_TRY(requireSameType(ctx, output, input, "output->type != input->type"));
    if (output.bytes != input.bytes)
        return ctx.kernelError(formatString("output->bytes != input->bytes (%llu != %llu)",
            static_cast<unsigned long long>(output.bytes), static_cast<unsigned long long>(input.bytes)));
    if (output.shape != input.shape)
        return ctx.kernelError("output->dims != input->dims");
    return okStatus();
}

Status expPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    return sameFloatShape(ctx);
}

// CEIL and ROUND take the tensors before checking the counts.
Status ceilRoundPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    return sameFloatShape(ctx);
}

// ---- DEQUANTIZE (dequantize.cc, dequantize_common.cc) ------------------------------------------
// DequantizeOpData: DequantizationParams {double scale 0; int32 zero_point 8} (16/8),
// output_multiplier 16, output_shift 20, output_zero_point 24 -> 28, padded to 32/8 on both.

Status dequantizeInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(32, "DequantizeOpData");
}

Status dequantizePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    if (!isOneOf(ctx.input(0)->type, { D::Int8, D::Int16, D::UInt8 }))
        return ctx.kernelError(
            "input->type == kTfLiteInt8 || input->type == kTfLiteInt16 || input->type == kTfLiteUInt8 was not true.");
    if (ctx.output(0)->type != D::Float32)
        return ctx.kernelError("output->type == kTfLiteFloat32 was not true.");
    return okStatus();
}

// ---- L2_NORMALIZATION (l2norm.cc) ---------------------------------------------------------------
// L2NormalizationParams {int32 input_zero_point} -> 4/4.

Status l2NormInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(4, "L2NormalizationParams");
}

Status l2NormPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (input.shape.size() > 4)
        return ctx.kernelError("NumDimensions(input) <= 4 was not true.");
    if (!isOneOf(output.type, { D::Float32, D::Int8 }))
        return ctx.kernelError("output->type == kTfLiteFloat32 || output->type == kTfLiteInt8 was not true.");
    ARENASCOPE_TRY(requireSameType(ctx, input, output, "input->type != output->type"));
    // L2NormOptions field 0 is fused_activation_function (a byte); the project's schema
    // leaves the table empty, so the field is read from the raw table.
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_L2NormOptions() : nullptr;
    if (options && reinterpret_cast<const flatbuffers::Table*>(options)->GetField<std::int8_t>(4, 0) != 0)
        return ctx.kernelError("params->activation != kTfLiteActNone");
    return okStatus();
}

// ---- LOG_SOFTMAX (log_softmax.cc) -----------------------------------------------------------------
// No Init. For int8, Prepare allocates LogSoftmaxOpData: five int32 (0..19), size_t outer_size,
// size_t depth -> 28/4 (abi32arm), 40/8 (abi64: outer_size at 24, depth at 32).

Status logSoftmaxPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(requireSameType(ctx, input, output, "input->type != output->type"));
    if (input.shape != output.shape)
        return ctx.kernelError("HaveSameShapes(input, output) was not true.");
    if (input.type == D::Int8) {
        ARENASCOPE_TRY(ctx.allocatePersistent(bySize(ctx, 28, 40), "LogSoftmaxOpData"));
        const QuantParams out = quantParams(ctx, output);
        if (out.scale != 16.0f / 256.0f)
            return ctx.kernelError("output->params.scale == kOutputScale was not true.");
        if (out.zeroPoint != 127)
            return ctx.kernelError("output->params.zero_point == kOutputZeroPoint was not true.");
    }
    return okStatus();
}

// ---- SUB (sub.cc, sub_common.cc) ----------------------------------------------------------------
// OpDataSub: requires_broadcast (bool) 0, then twelve int32 fields 4..51 -> 52/4.

Status subInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(52, "OpDataSub");
}

Status subPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    // int8/int16 outputs take CalculateActivationRangeQuantized, which accepts both.
    if (ctx.output(0)->type == D::Int32) {
        const std::array<std::pair<const Tensor*, const char*>, 3> tensors
            = { { { ctx.input(0), "input1" }, { ctx.input(1), "input2" }, { ctx.output(0), "output" } } };
        for (const auto& [t, role] : tensors)
            if (t->quant.present)
                return ctx.kernelError(formatString(
                    "%s->quantization.type != kTfLiteNoQuantization (Only support INT32 unquantized SUB)", role));
    }
    return okStatus();
}

// ---- SQUARED_DIFFERENCE (squared_difference.cc) ---------------------------------------------------
// OpData {bool requires_broadcast; ArithmeticParams arithmetic_params}. ArithmeticParams:
// broadcast_category (uint8) 0, ten int32 4..43, quantized_activation_min/max 44/48, float min/max
// 52/56, int64 min/max 64/72, int16 min/max 80/82, int broadcast_shape[5] 84..103 -> 104/8.
// OpData: bool 0, params at 8 -> 112/8 on both targets.

Status squaredDifferenceInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(112, "OpData (squared_difference)");
}

Status squaredDifferencePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    ARENASCOPE_TRY(requireSameType(ctx, input1, input2, "input1->type != input2->type"));
    const std::array<const Tensor*, 3> tensors = { &input1, &input2, ctx.output(0) };
    if (input1.type == D::Int8) {
        for (const Tensor* t : tensors) {
            const std::int64_t zp = quantParams(ctx, *t).zeroPoint;
            if (zp < -128 || zp > 127)
                return ctx.kernelError("zero_point within the int8 range was not true.");
        }
    } else if (input1.type == D::Int16) {
        for (const Tensor* t : tensors)
            if (quantParams(ctx, *t).zeroPoint != 0)
                return ctx.kernelError("quantization_params.zero_point == 0 was not true.");
    }
    return okStatus();
}

// ---- FLOOR_DIV (floor_div.cc), FLOOR_MOD (floor_mod.cc) ---------------------------------------------
// Init returns nullptr (no allocation). Prepare: two inputs and one output of one type.

Status floorBinaryPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(requireCounts(ctx, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.output(0));
    ARENASCOPE_TRY(requireSameType(ctx, *ctx.input(0), *ctx.input(1), "input1->type != input2->type"));
    return requireSameType(ctx, *ctx.input(0), *ctx.output(0), "input1->type != output->type");
}

// ---- ADD_N (add_n.cc) ----------------------------------------------------------------------------------
// No Init. Prepare holds input 0 and the output, takes and releases inputs 1..n-1 one by one,
// then: float32 -> scratch of n pointers; int8 -> OpData (ten int32: 40/4) then the same scratch.

Status addNPrepare(KernelContext& ctx)
{
    const std::size_t n = ctx.inputCount();
    if (n < 2)
        return ctx.kernelError("num_inputs >= 2 was not true.");
    if (ctx.outputCount() != 1)
        return ctx.kernelError(formatString("NumOutputs(node) != 1 (%zu != 1)", ctx.outputCount()));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& first = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(requireSameType(ctx, output, first, "output->type != input_tensor_first->type"));
    const QuantParams firstQuant = quantParams(ctx, first);
    for (std::size_t i = 1; i < n; ++i) {
        auto in = ctx.tempInput(i);
        if (!in)
            return in.error();
        if (!in.value().valid)
            return ctx.kernelError(formatString("input %zu is missing (TF_LITE_ENSURE failed)", i));
        const Tensor& input = *ctx.input(i);
        if (input.shape != first.shape)
            return ctx.kernelError("HaveSameShapes(input_tensor_first, input) was not true.");
        ARENASCOPE_TRY(requireSameType(ctx, first, input, "input_tensor_first->type != input->type"));
        if (first.type == D::Int8) {
            const QuantParams q = quantParams(ctx, input);
            if (q.zeroPoint != firstQuant.zeroPoint)
                return ctx.kernelError(
                    "input_tensor_first->params.zero_point == input->params.zero_point was not true.");
            if (q.scale != firstQuant.scale)
                return ctx.kernelError("input_tensor_first->params.scale == input->params.scale was not true.");
        }
        ctx.releaseTemp(in.value());
    }
    const std::uint64_t pointers = static_cast<std::uint64_t>(ctx.target().pointerBytes()) * n;
    if (output.type == D::Float32)
        return ctx.requestScratch(pointers, "ADD_N input pointers");
    if (output.type == D::Int8) {
        ARENASCOPE_TRY(ctx.allocatePersistent(40, "OpData (add_n)"));
        return ctx.requestScratch(pointers, "ADD_N input pointers");
    }
    return ctx.kernelError(
        formatString("ADD_N only supports FLOAT32 and INT8, got %s.", typeName(output.type).c_str()));
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
    builtin("FLOOR_DIV", "kernels/floor_div.cc", nullptr, nullptr, floorBinaryPrepare),
    builtin("SQUARE", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("FLOOR_MOD", "kernels/floor_mod.cc", nullptr, nullptr, floorBinaryPrepare),
    builtin("LEAKY_RELU", "kernels/leaky_relu.cc, leaky_relu_common.cc", &options::kLeakyRelu, leakyReluInit,
        unaryTypesEqualPrepare),
    builtin("SQUARED_DIFFERENCE", "kernels/squared_difference.cc", nullptr, squaredDifferenceInit,
        squaredDifferencePrepare),
    builtin("ABS", "kernels/elementwise.cc", nullptr, absRsqrtInit, absPrepare),
    builtin("CEIL", "kernels/ceil.cc", nullptr, nullptr, ceilRoundPrepare),
    builtin("ADD_N", "kernels/add_n.cc", nullptr, nullptr, addNPrepare),
    builtin("COS", "kernels/elementwise.cc", nullptr, nullptr, numericPrepare),
    builtin("ELU", "kernels/elu.cc", nullptr, eluInit, unaryTypesEqualPrepare),
    builtin("ROUND", "kernels/round.cc", nullptr, nullptr, ceilRoundPrepare),
    builtin("HARD_SWISH", "kernels/hard_swish.cc, hard_swish_common.cc", nullptr, hardSwishInit, hardSwishPrepare),
};

} // namespace

std::span<const KernelProfile> unaryProfiles()
{
    return kUnaryProfiles;
}

} // namespace arenascope::kernels
