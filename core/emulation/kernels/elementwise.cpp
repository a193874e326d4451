// ADD, MUL, DIV, MINIMUM/MAXIMUM, PAD/PADV2, RESHAPE, CAST, STRIDED_SLICE, CONCATENATION, SVDF.
// Sources: tensorflow/lite/micro/kernels/add.cc, add_common.cc, mul.cc, mul_common.cc, div.cc,
// maximum_minimum.cc, pad.cc, pad_common.cc, reshape.cc, reshape_common.cc, cast.cc,
// strided_slice.cc, strided_slice_common.cc, concatenation.cc, svdf.cc, svdf_common.cc
// @90b983c2. Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <cmath>

namespace arenascope::kernels {

namespace {

using D = DataType;

constexpr const char* kAddCommon = "tensorflow/lite/micro/kernels/add_common.cc";
constexpr const char* kMulCommon = "tensorflow/lite/micro/kernels/mul_common.cc";
constexpr const char* kDiv = "tensorflow/lite/micro/kernels/div.cc";
constexpr const char* kPadCommon = "tensorflow/lite/micro/kernels/pad_common.cc";
constexpr const char* kReshapeCommon = "tensorflow/lite/micro/kernels/reshape_common.cc";
constexpr const char* kCast = "tensorflow/lite/micro/kernels/cast.cc";
constexpr const char* kStridedSliceCommon = "tensorflow/lite/micro/kernels/strided_slice_common.cc";
constexpr const char* kConcatenation = "tensorflow/lite/micro/kernels/concatenation.cc";
constexpr const char* kSvdfCommon = "tensorflow/lite/micro/kernels/svdf_common.cc";

long long dim(const Tensor& t, std::size_t i)
{
    return i < t.shape.size() ? t.shape[i] : 0;
}

long long numDims(const Tensor& t)
{
    return static_cast<long long>(t.shape.size());
}

// TF_LITE_ENSURE_EQ(context, <tensor>->quantization.type, kTfLiteNoQuantization).
Status unquantized(KernelContext& ctx, const char* file, int line, const Tensor& t, const char* role)
{
    const std::string a = std::string(role) + "->quantization.type";
    return ensureEq(ctx, file, line, a.c_str(), "kTfLiteNoQuantization", quantizationType(t), 0);
}

// The inputs and output a binary kernel holds: input 0, input 1, output 0.
Status holdBinary(TempTensors& temps)
{
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    return temps.output(0);
}

// ---- ADD (add.cc, add_common.cc: AddPrepare) ----------------------------------------------

Status addInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataAdd);
}

Status addPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdBinary(temps));
    // CalculateOpDataAdd: int8/int16 outputs take CalculateActivationRangeQuantized (both
    // accepted). Int32 add must be unquantized.
    if (ctx.output(0)->type != D::Int32)
        return okStatus();
    ARENASCOPE_TRY(unquantized(ctx, kAddCommon, 104, *ctx.input(0), "input1"));
    return unquantized(ctx, kAddCommon, 106, *ctx.input(1), "input2");
}

// ---- MUL (mul.cc, mul_common.cc: CalculateOpDataMul) ---------------------------------------

Status mulInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataMul);
}

Status mulPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdBinary(temps));
    ARENASCOPE_TRY(ensureCounts(ctx, kMulCommon, 52, 53, 2, 1));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensureTypesEq(ctx, kMulCommon, 55, "input1->type", "input2->type", input1.type, input2.type));
    if (isOneOf(output.type, { D::Int8, D::Int16 }) && input1.type == D::Int16) {
        ARENASCOPE_TRY(
            ensureEq(ctx, kMulCommon, 73, "data->input1_zero_point", "0", quantParams(ctx, input1).zeroPoint, 0));
        ARENASCOPE_TRY(
            ensureEq(ctx, kMulCommon, 74, "data->input2_zero_point", "0", quantParams(ctx, input2).zeroPoint, 0));
        return ensureEq(ctx, kMulCommon, 75, "data->output_zero_point", "0", quantParams(ctx, output).zeroPoint, 0);
    }
    return okStatus();
}

// ---- DIV (div.cc: DivPrepare, CalculateOpDataDiv) --------------------------------------------

Status divInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataDiv);
}

Status divPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdBinary(temps));
    const DataType t1 = ctx.input(0)->type;
    ARENASCOPE_TRY(ensureTypesEq(ctx, kDiv, 49, "input1->type", "input2->type", t1, ctx.input(1)->type));
    ARENASCOPE_TRY(ensureTypesEq(ctx, kDiv, 50, "input1->type", "output->type", t1, ctx.output(0)->type));
    if (ctx.output(0)->type != D::Int32)
        return okStatus();
    ARENASCOPE_TRY(unquantized(ctx, kDiv, 96, *ctx.input(0), "input1"));
    return unquantized(ctx, kDiv, 98, *ctx.input(1), "input2");
}

// ---- PAD / PADV2 (pad.cc, pad_common.cc: PadPrepare) ---------------------------------------

Status padInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataPad);
}

// The int8 zero-point checks at the end of PadPrepare.
Status padInt8(KernelContext& ctx, const Tensor& output, const Tensor* constant)
{
    const QuantParams out = quantParams(ctx, output);
    if (!constant) {
        ARENASCOPE_TRY(ensure(ctx, out.zeroPoint >= -128, kPadCommon, 102,
            "output->params.zero_point >= std::numeric_limits<int8_t>::min()"));
        return ensure(ctx, out.zeroPoint <= 127, kPadCommon, 104,
            "output->params.zero_point <= std::numeric_limits<int8_t>::max()");
    }
    const QuantParams c = quantParams(ctx, *constant);
    ARENASCOPE_TRY(ensureEq(ctx, kPadCommon, 110, "output->params.zero_point", "constant_values->params.zero_point",
        out.zeroPoint, c.zeroPoint));
    // TFLM prints these doubles with %d; only the failure itself is reproduced.
    return ensureEq(ctx, kPadCommon, 112, "static_cast<double>(output->params.scale)",
        "static_cast<double>(constant_values->params.scale)", out.scale == c.scale ? 0 : 1, 0);
}

Status padPrepare(KernelContext& ctx)
{
    const std::size_t inputs = ctx.inputCount();
    ARENASCOPE_TRY(
        ensure(ctx, inputs == 2 || inputs == 3, kPadCommon, 36, "NumInputs(node) == 2 || NumInputs(node) == 3"));
    ARENASCOPE_TRY(
        ensureEq(ctx, kPadCommon, 37, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    if (inputs == 3)
        ARENASCOPE_TRY(temps.input(2, false));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& paddings = *ctx.input(1);
    const Tensor* constant = inputs == 3 ? ctx.input(2) : nullptr;
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensureEq(
        ctx, kPadCommon, 53, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
    ARENASCOPE_TRY(ensure(ctx, input.shape.size() <= 5, kPadCommon, 56,
        "NumDimensions(input) <= reference_ops::PadKernelMaxDimensionCount()"));
    if (constant) {
        ARENASCOPE_TRY(ensureEq(ctx, kPadCommon, 60, "input->type", "constant_values->type",
            tfliteType(input.type).code, tfliteType(constant->type).code));
        ARENASCOPE_TRY(ensureEq(ctx, kPadCommon, 62, "NumElements(constant_values)", "1",
            static_cast<long long>(constant->elementCount), 1));
    }
    ARENASCOPE_TRY(ensureEq(ctx, kPadCommon, 66, "GetTensorShape(paddings).FlatSize()", "output->dims->size * 2",
        static_cast<long long>(paddings.elementCount), 2 * numDims(output)));
    ARENASCOPE_TRY(
        constantTensorCheck(ctx, paddings.hasData, kPadCommon, "Non-constant >paddings< tensor is not supported",
            { BeforeConstantCheck::Ensure, "tensorflow/lite/micro/kernels/pad.cc", "IsConstantTensor(paddings)", 165,
                166 }));
    // Lines 75..80 compare each output dimension with input + paddings, read from the
    // paddings buffer; not emulated (the converter sizes outputs that way).
    if (input.type == D::Int8)
        return padInt8(ctx, output, constant);
    return okStatus();
}

// ---- RESHAPE (reshape.cc, reshape_common.cc: PrepareReshapeReference, ReshapeOutput) -------

Status reshapePrepare(KernelContext& ctx)
{
    const std::size_t inputs = ctx.inputCount();
    ARENASCOPE_TRY(
        ensure(ctx, inputs == 1 || inputs == 2, kReshapeCommon, 88, "NumInputs(node) == 1 || NumInputs(node) == 2"));
    ARENASCOPE_TRY(
        ensureEq(ctx, kReshapeCommon, 89, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    int stretchDims = 0;
    for (std::int32_t d : output.shape)
        stretchDims += d == -1 ? 1 : 0;
    if (stretchDims > 1)
        return ensureEq(ctx, kReshapeCommon, 61, "stretch_dim", "-1", 0, -1);
    // A -1 dimension: CreateWritableTensorDimsWithCopy (micro/kernels/kernel_util.cc) gives the
    // output a TfLiteIntArray of its own in the tail.
    if (stretchDims == 1)
        ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(output.shape.size()), "reshape output dims"));
    return ensureTypesEq(ctx, kReshapeCommon, 77, "input->type", "output->type", input.type, output.type);
}

// ---- CAST (cast.cc) --------------------------------------------------------------------------

Status castPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kCast, 29, 30, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    return temps.output(0);
}

// ---- STRIDED_SLICE (strided_slice.cc, strided_slice_common.cc: StridedSlicePrepare) --------

Status stridedSliceInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kStridedSliceParams);
}

Status stridedSlicePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kStridedSliceCommon, 139, 140, 4, 1));
    // StridedSliceContext takes input, begin, end, strides and output without checking them.
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 4; ++i)
        ARENASCOPE_TRY(temps.input(i, false));
    ARENASCOPE_TRY(temps.output(0, false));
    if (ctx.input(0)->shape.size() > 4)
        return ensureMsgFailed(ctx, kStridedSliceCommon, "input dim should not exceed 4");
    static constexpr std::array<const char*, 3> kNonConstant = { "Non-constant >begin< tensor is not supported",
        "Non-constant >end< tensor is not supported", "Non-constant >strides< tensor is not supported" };
    for (std::size_t i = 1; i < 4; ++i)
        ARENASCOPE_TRY(constantTensorCheck(ctx, ctx.input(i)->hasData, kStridedSliceCommon, kNonConstant[i - 1],
            { BeforeConstantCheck::NullRead, kStridedSliceCommon }));
    // CheckOutputSize compares the output shape with the slice the begin/end/strides data
    // describe; not emulated (the converter sizes outputs that way).
    return okStatus();
}

// ---- CONCATENATION (concatenation.cc: ConcatenationPrepare) ---------------------------------

Status concatenationInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataConcatenation);
}

// TfLiteConcatenationParams::activation from the operator's ConcatenationOptions.
int concatenationActivation(const KernelContext& ctx)
{
    const auto* options
        = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_ConcatenationOptions() : nullptr;
    return options ? static_cast<int>(options->fused_activation_function()) : 0;
}

// The checks on input i while it is held (lines 168..190).
Status concatenationInput(KernelContext& ctx, const Tensor& input, DataType inputType, const Tensor& output)
{
    ARENASCOPE_TRY(ensureTypesEq(ctx, kConcatenation, 169, "input->type", "input_type", input.type, inputType));
    if (input.shape.size() > 6)
        return ctx.kernelError(formatString("Op Concatenation does not currently support num dimensions > %d Tensor "
                                            "has %d dimensions.",
            6, static_cast<int>(input.shape.size())));
    const QuantParams in = quantParams(ctx, input);
    const QuantParams out = quantParams(ctx, output);
    if (inputType == D::Int8) {
        // TFLM prints these doubles with %d; only the failure itself is reproduced.
        ARENASCOPE_TRY(ensureEq(ctx, kConcatenation, 183, "static_cast<double>(input->params.scale)",
            "static_cast<double>(output_tensor->params.scale)", in.scale == out.scale ? 0 : 1, 0));
        return ensureEq(ctx, kConcatenation, 185, "input->params.zero_point", "output_tensor->params.zero_point",
            in.zeroPoint, out.zeroPoint);
    }
    if (inputType == D::Int16)
        return ensureEq(ctx, kConcatenation, 189, "input->params.zero_point", "0", in.zeroPoint, 0);
    return okStatus();
}

// Before 50e7e5dbd (2024-12-16; 71fba59b and 4e62ea7b, same lines in both): no per-input type,
// scale or zero-point checks; the output is held a second time for the op data, and int8 keeps
// every input's scale and zero point in two persistent arrays, read in a third pass over the
// inputs. Its own lines, as that source prints them.
Status concatenationPrepareBefore2024_12(KernelContext& ctx)
{
    auto in0 = ctx.tempInput(0);
    if (!in0)
        return in0.error();
    if (!in0.value().valid)
        return ensureFailedAsIs(ctx, kConcatenation, 121, "input_tensor != nullptr");
    auto out0 = ctx.tempOutput(0);
    if (!out0)
        return out0.error();
    if (!out0.value().valid)
        return ensureFailedAsIs(ctx, kConcatenation, 125, "output_tensor != nullptr");
    ctx.releaseTemp(in0.value());
    ctx.releaseTemp(out0.value());
    const DataType inputType = ctx.input(0)->type;
    const DataType outputType = ctx.output(0)->type;
    ARENASCOPE_TRY(ensureEqAsIs(
        ctx, kConcatenation, 132, "params->activation", "kTfLiteActNone", concatenationActivation(ctx), 0));
    if (!isOneOf(inputType, { D::Float32, D::Int8, D::Int16, D::Int32, D::Int64, D::Bool }))
        return ensureFailedAsIs(ctx, kConcatenation, 133,
            "input_type == kTfLiteFloat32 || input_type == kTfLiteInt8 || input_type == kTfLiteInt16 || "
            "input_type == kTfLiteInt32 || input_type == kTfLiteInt64 || input_type == kTfLiteBool");
    // TF_LITE_ENSURE_EQ on the two TfLiteType values: printed as numbers.
    ARENASCOPE_TRY(ensureEqAsIs(ctx, kConcatenation, 139, "output_type", "input_type", tfliteType(outputType).code,
        tfliteType(inputType).code));
    if (ctx.inputCount() > 10)
        return ensureFailedAsIs(ctx, kConcatenation, 143, "num_inputs <= kMaxInputNum");
    const int maxDims = tflmHas(ctx.settings().tflm, TflmChange::RuntimeShapeSixDims) ? 6 : 5;
    for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
        auto in = ctx.tempInput(i);
        if (!in)
            return in.error();
        if (!in.value().valid)
            return ensureFailedAsIs(ctx, kConcatenation, 148, "input != nullptr");
        const int rank = static_cast<int>(ctx.input(i)->shape.size());
        if (rank > maxDims)
            return ctx.kernelError(formatString(
                "Op Concatenation does not currently support num dimensions > %d Tensor has %d dimensions.", maxDims,
                rank));
        ctx.releaseTemp(in.value());
    }
    auto out = ctx.tempOutput(0);
    if (!out)
        return out.error();
    if (!out.value().valid)
        return ensureFailedAsIs(ctx, kConcatenation, 167, "output != nullptr");
    if (outputType == D::Int8) {
        const std::uint64_t n = ctx.inputCount();
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "input_scales"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "input_zero_points"));
        for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
            auto in = ctx.tempInput(i);
            if (!in)
                return in.error();
            if (!in.value().valid)
                return ensureFailedAsIs(ctx, kConcatenation, 195, "t != nullptr");
            ctx.releaseTemp(in.value());
        }
    } else if (!isOneOf(outputType, { D::Bool, D::Float32, D::Int16, D::Int32, D::Int64 })) {
        return ctx.kernelError(
            formatString("Op Concatenation does not currently support Type '%s'.", tfliteType(outputType).name));
    }
    ctx.releaseTemp(out.value());
    return okStatus();
}

Status concatenationPrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::ConcatenationInt8Unscaled))
        return concatenationPrepareBefore2024_12(ctx);
    // Input 0 is released right away; the output stays held until the end.
    auto in0 = ctx.tempInput(0);
    if (!in0)
        return in0.error();
    if (!in0.value().valid)
        return ensureFailed(ctx, kConcatenation, 137, "input_tensor != nullptr");
    auto out = ctx.tempOutput(0);
    if (!out)
        return out.error();
    if (!out.value().valid)
        return ensureFailed(ctx, kConcatenation, 141, "output_tensor != nullptr");
    ctx.releaseTemp(in0.value());
    const Status s = [&]() -> Status {
        const DataType inputType = ctx.input(0)->type;
        const Tensor& output = *ctx.output(0);
        ARENASCOPE_TRY(ensureEq(
            ctx, kConcatenation, 147, "params->activation", "kTfLiteActNone", concatenationActivation(ctx), 0));
        ARENASCOPE_TRY(ensure(ctx, isOneOf(inputType, { D::Float32, D::Int8, D::Int16, D::Int32, D::Int64, D::Bool }),
            kConcatenation, 148,
            "input_type == kTfLiteFloat32 || input_type == kTfLiteInt8 || input_type == kTfLiteInt16 || "
            "input_type == kTfLiteInt32 || input_type == kTfLiteInt64 || input_type == kTfLiteBool"));
        ARENASCOPE_TRY(ensureTypesEq(ctx, kConcatenation, 154, "output_type", "input_type", output.type, inputType));
        ARENASCOPE_TRY(ensure(ctx, ctx.inputCount() <= 10, kConcatenation, 158, "num_inputs <= kMaxInputNum"));
        for (std::size_t i = 0; i < ctx.inputCount(); ++i) {
            auto in = ctx.tempInput(i);
            if (!in)
                return in.error();
            if (!in.value().valid)
                return ensureFailed(ctx, kConcatenation, 168, "input != nullptr");
            const Status checked = concatenationInput(ctx, *ctx.input(i), inputType, output);
            ctx.releaseTemp(in.value());
            ARENASCOPE_TRY(checked);
        }
        if (inputType == D::Int16)
            ARENASCOPE_TRY(ensureEq(ctx, kConcatenation, 205, "output_tensor->params.zero_point", "0",
                quantParams(ctx, output).zeroPoint, 0));
        return okStatus();
    }();
    ctx.releaseTemp(out.value());
    return s;
}

// ---- SVDF (svdf.cc, svdf_common.cc: PrepareSvdf) --------------------------------------------

Status svdfInit(KernelContext& ctx)
{
    return allocateStruct(ctx, opdata::kOpDataSvdf);
}

std::int32_t svdfRank(const KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_SVDFOptions() : nullptr;
    return options ? options->rank() : 0;
}

// The shape checks on the input and output (lines 397..414).
Status svdfInputAndOutputShapes(KernelContext& ctx, TempTensors& temps, std::int32_t rank)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& weightsFeature = *ctx.input(1);
    const long long filters = dim(weightsFeature, 0);
    // TFLM computes num_filters % rank with rank from the options; a rank of 0 would trap.
    if (rank == 0)
        return ctx.kernelError("SVDF rank is 0: TFLM divides by it (svdf_common.cc:397)");
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 397, "num_filters % rank", "0", filters % rank, 0));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(input.type, { D::Float32, D::Int8 }), kSvdfCommon, 402,
        "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8"));
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 404, "NumDimensions(input)", "2", numDims(input), 2));
    ARENASCOPE_TRY(
        ensureEq(ctx, kSvdfCommon, 408, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 412, "NumDimensions(output)", "2", numDims(output), 2));
    ARENASCOPE_TRY(
        ensureEq(ctx, kSvdfCommon, 413, "output->dims->data[0]", "batch_size", dim(output, 0), dim(input, 0)));
    return ensureEq(ctx, kSvdfCommon, 414, "output->dims->data[1]", "num_units", dim(output, 1), filters / rank);
}

// The shape checks on the weights, bias and activation state (lines 417..438).
Status svdfWeightShapes(KernelContext& ctx, long long units)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& feature = *ctx.input(1);
    const Tensor& time = *ctx.input(2);
    const Tensor* bias = ctx.input(3);
    const Tensor& state = *ctx.input(4);
    const long long filters = dim(feature, 0);
    const long long memory = dim(time, 1);
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 417, "NumDimensions(weights_feature)", "2", numDims(feature), 2));
    ARENASCOPE_TRY(ensureEq(
        ctx, kSvdfCommon, 418, "weights_feature->dims->data[1]", "input_size", dim(feature, 1), dim(input, 1)));
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 421, "NumDimensions(weights_time)", "2", numDims(time), 2));
    ARENASCOPE_TRY(
        ensureEq(ctx, kSvdfCommon, 422, "weights_time->dims->data[0]", "num_filters", dim(time, 0), filters));
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 423, "weights_time->dims->data[1]", "memory_size", memory, memory));
    if (bias)
        ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 427, "bias->dims->data[0]", "num_units", dim(*bias, 0), units));
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 431, "NumDimensions(activation_state)", "2", numDims(state), 2));
    ARENASCOPE_TRY(
        ensureEq(ctx, kSvdfCommon, 432, "activation_state->dims->data[0]", "batch_size", dim(state, 0), dim(input, 0)));
    ARENASCOPE_TRY(ensureEq(ctx, kSvdfCommon, 433, "activation_state->dims->data[1]", "memory_size * num_filters",
        dim(state, 1), memory * filters));
    ARENASCOPE_TRY(
        ensureEq(ctx, kSvdfCommon, 436, "activation_state->is_variable", "true", state.isVariable ? 1 : 0, 1));
    return ensureEq(ctx, kSvdfCommon, 438, "node->inputs->size", "5", static_cast<long long>(ctx.inputCount()), 5);
}

// TF_LITE_ENSURE_EQ(context, <role>->type, <kTfLite...>): TFLM prints the enum values.
Status svdfType(KernelContext& ctx, int line, const char* a, const char* b, DataType t, DataType expected)
{
    return ensureEq(ctx, kSvdfCommon, line, a, b, tfliteType(t).code, tfliteType(expected).code);
}

// The int8 path's checks (lines 444..464): the types, then the bias scale against
// activation_state scale x weights_time scale (a float product, compared in double within 1e-5).
// TFLM reads the bias's scale there even when the optional bias is absent (its TODO #1751).
Status svdfInt8Types(KernelContext& ctx)
{
    const Tensor* bias = ctx.input(3);
    ARENASCOPE_TRY(svdfType(ctx, 444, "weights_feature->type", "kTfLiteInt8", ctx.input(1)->type, D::Int8));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(ctx.input(2)->type, { D::Int16, D::Int8 }), kSvdfCommon, 445,
        "(weights_time->type == kTfLiteInt16) || (weights_time->type == kTfLiteInt8)"));
    ARENASCOPE_TRY(ensure(ctx, isOneOf(ctx.input(4)->type, { D::Int16, D::Int8 }), kSvdfCommon, 447,
        "(activation_state->type == kTfLiteInt16) || (activation_state->type == kTfLiteInt8)"));
    if (bias)
        ARENASCOPE_TRY(svdfType(ctx, 450, "bias->type", "kTfLiteInt32", bias->type, D::Int32));
    ARENASCOPE_TRY(ensureTypesEq(ctx, kSvdfCommon, 453, "output->type", "kTfLiteInt8", ctx.output(0)->type, D::Int8));
    if (!bias) {
        return silentFailure(ctx,
            "int8 SVDF without a bias: TFLM's Prepare reads bias->params.scale through a null "
            "pointer (svdf_common.cc:464, its TODO #1751) and prints nothing; a host crashes, a "
            "Cortex-M reads address 0. "
            "Give the SVDF a bias of scale activation_state scale x weights_time scale.");
    }
    const float stateTimesTime = quantParams(ctx, *ctx.input(4)).scale * quantParams(ctx, *ctx.input(2)).scale;
    const double biasScale = static_cast<double>(quantParams(ctx, *bias).scale);
    return ensure(ctx, std::abs(biasScale - static_cast<double>(stateTimesTime)) < 1e-5, kSvdfCommon, 464,
        "std::abs(static_cast<double>(bias->params.scale) - static_cast<double>(activation_state->params.scale * "
        "weights_time->params.scale)) < 1e-5");
}

Status svdfFloatTypes(KernelContext& ctx)
{
    const Tensor* bias = ctx.input(3);
    ARENASCOPE_TRY(svdfType(ctx, 492, "weights_feature->type", "kTfLiteFloat32", ctx.input(1)->type, D::Float32));
    ARENASCOPE_TRY(svdfType(ctx, 493, "weights_time->type", "kTfLiteFloat32", ctx.input(2)->type, D::Float32));
    ARENASCOPE_TRY(svdfType(ctx, 494, "activation_state->type", "kTfLiteFloat32", ctx.input(4)->type, D::Float32));
    if (bias)
        ARENASCOPE_TRY(svdfType(ctx, 496, "bias->type", "kTfLiteFloat32", bias->type, D::Float32));
    return ensureTypesEq(ctx, kSvdfCommon, 498, "output->type", "kTfLiteFloat32", ctx.output(0)->type, D::Float32);
}

Status svdfPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.input(3, false));
    ARENASCOPE_TRY(temps.input(4));
    const std::int32_t rank = svdfRank(ctx);
    ARENASCOPE_TRY(svdfInputAndOutputShapes(ctx, temps, rank));
    const auto batch = static_cast<std::uint64_t>(dim(*ctx.input(0), 0));
    const auto filters = static_cast<std::uint64_t>(dim(*ctx.input(1), 0));
    const std::uint64_t units = filters / static_cast<std::uint64_t>(rank);
    ARENASCOPE_TRY(svdfWeightShapes(ctx, static_cast<long long>(units)));
    if (ctx.input(0)->type == D::Int8) {
        ARENASCOPE_TRY(svdfInt8Types(ctx));
        ARENASCOPE_TRY(ctx.requestScratch(batch * filters * 4, "SVDF scratch"));
        return ctx.requestScratch(batch * units * 4, "SVDF scratch output");
    }
    ARENASCOPE_TRY(svdfFloatTypes(ctx));
    return ctx.requestScratch(batch * filters * 4, "SVDF scratch");
}

} // namespace

namespace {
constexpr std::array kProfiles = {
    builtin("ADD", "kernels/add.cc, add_common.cc", &options::kAdd, addInit, addPrepare),
    builtin(
        "CONCATENATION", "kernels/concatenation.cc", &options::kConcatenation, concatenationInit, concatenationPrepare),
    builtin("MUL", "kernels/mul.cc, mul_common.cc", &options::kMul, mulInit, mulPrepare),
    builtin("RESHAPE", "kernels/reshape.cc, reshape_common.cc", &options::kReshape, nullptr, reshapePrepare),
    builtin("SVDF", "kernels/svdf.cc, svdf_common.cc", &options::kSvdf, svdfInit, svdfPrepare),
    builtin("PAD", "kernels/pad.cc, pad_common.cc", nullptr, padInit, padPrepare),
    builtin("DIV", "kernels/div.cc", &options::kDiv, divInit, divPrepare),
    builtin("STRIDED_SLICE", "kernels/strided_slice.cc, strided_slice_common.cc", &options::kStridedSlice,
        stridedSliceInit, stridedSlicePrepare),
    builtin("CAST", "kernels/cast.cc", &options::kCast, nullptr, castPrepare),
    builtin("MAXIMUM", "kernels/maximum_minimum.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("MINIMUM", "kernels/maximum_minimum.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("PADV2", "kernels/pad.cc, pad_common.cc", nullptr, padInit, padPrepare),
};
} // namespace

std::span<const KernelProfile> elementwiseProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
