// Arithmetic between tensors (two or more inputs): ADD, SUB, MUL, DIV, ADD_N,
// SQUARED_DIFFERENCE, FLOOR_DIV, FLOOR_MOD, MAXIMUM, MINIMUM; one-input math such as NEG is in
// elementwise_unary.cpp. Sources: tensorflow/lite/micro/kernels/add.cc, add_common.cc, sub.cc,
// sub_common.cc, mul.cc, mul_common.cc, div.cc, add_n.cc, squared_difference.cc, floor_div.cc,
// floor_mod.cc, maximum_minimum.cc @90b983c2; the op data structs are described member by
// member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_file_checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include <array>
#include <string>

namespace arenascope::kernels {

namespace {

constexpr const char* kAddCommon = "tensorflow/lite/micro/kernels/add_common.cc";
constexpr const char* kMulCommon = "tensorflow/lite/micro/kernels/mul_common.cc";
constexpr const char* kDiv = "tensorflow/lite/micro/kernels/div.cc";

// TF_LITE_ENSURE_EQ(context, <tensor>->quantization.type, kTfLiteNoQuantization).
Status unquantized(KernelContext& ctx, const char* file, int line, const Tensor& t, const char* role)
{
    const Checks check(ctx, file);
    const std::string a = std::string(role) + "->quantization.type";
    return check.eq(line, a.c_str(), "kTfLiteNoQuantization", quantizationType(t), 0);
}

// The inputs and output a binary kernel holds: input 0, input 1, output 0.
Status holdBinary(TempTensors& temps)
{
    ARENASCOPE_TRY(temps.hold({ in(0), in(1) }));
    return temps.output(0);
}

// ---- ADD (add.cc, add_common.cc: AddPrepare) ----------------------------------------------

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

Status mulPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kMulCommon);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdBinary(temps));
    ARENASCOPE_TRY(check.counts(52, 2, 53, 1));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(55, "input1->type", "input2->type", input1.type, input2.type));
    if (isOneOf(output.type, { D::Int8, D::Int16 }) && input1.type == D::Int16) {
        ARENASCOPE_TRY(check.eq(73, "data->input1_zero_point", "0", quantParams(ctx, input1).zeroPoint, 0));
        ARENASCOPE_TRY(check.eq(74, "data->input2_zero_point", "0", quantParams(ctx, input2).zeroPoint, 0));
        return check.eq(75, "data->output_zero_point", "0", quantParams(ctx, output).zeroPoint, 0);
    }
    return okStatus();
}

// ---- DIV (div.cc: DivPrepare, CalculateOpDataDiv) --------------------------------------------

Status divPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kDiv);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdBinary(temps));
    const DataType t1 = ctx.input(0)->type;
    ARENASCOPE_TRY(check.typesEq(49, "input1->type", "input2->type", t1, ctx.input(1)->type));
    ARENASCOPE_TRY(check.typesEq(50, "input1->type", "output->type", t1, ctx.output(0)->type));
    if (ctx.output(0)->type != D::Int32)
        return okStatus();
    ARENASCOPE_TRY(unquantized(ctx, kDiv, 96, *ctx.input(0), "input1"));
    return unquantized(ctx, kDiv, 98, *ctx.input(1), "input2");
}

// ---- SUB (sub.cc, sub_common.cc) ----------------------------------------------------------------

Status subPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("sub_common.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    // CalculateOpDataSub: int8/int16 outputs take CalculateActivationRangeQuantized, which
    // accepts both. Only unquantized int32 is supported.
    if (ctx.output(0)->type != D::Int32)
        return okStatus();
    ARENASCOPE_TRY(
        check.eq(103, "input1->quantization.type", "kTfLiteNoQuantization", quantizationType(*ctx.input(0)), 0));
    ARENASCOPE_TRY(
        check.eq(105, "input2->quantization.type", "kTfLiteNoQuantization", quantizationType(*ctx.input(1)), 0));
    return check.eq(107, "output->quantization.type", "kTfLiteNoQuantization", quantizationType(*ctx.output(0)), 0);
}

// ---- SQUARED_DIFFERENCE (squared_difference.cc) ---------------------------------------------------

// The int8 zero-point range checks, lines 115..126: each tensor's >= min, then <= max.
Status squaredDifferenceInt8(KernelContext& ctx, const std::string& file, const std::array<const Tensor*, 3>& tensors)
{
    const Checks check(ctx, file);
    static constexpr std::array<const char*, 3> kNames = { "input1_quantization_params.zero_point",
        "input2_quantization_params.zero_point", "output_quantization_params.zero_point" };
    // The lines of each tensor's two checks.
    static constexpr std::array<std::array<int, 2>, 3> kLines = { { { 115, 117 }, { 119, 121 }, { 123, 125 } } };
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const std::int32_t zp = quantParams(ctx, *tensors[i]).zeroPoint;
        ARENASCOPE_TRY(
            check.ensure(kLines[i][0], zp >= -128, (std::string(kNames[i]) + " >= integer_type_min").c_str()));
        ARENASCOPE_TRY(
            check.ensure(kLines[i][1], zp <= 127, (std::string(kNames[i]) + " <= integer_type_max").c_str()));
    }
    return okStatus();
}

Status squaredDifferenceInt16(KernelContext& ctx, const std::string& file, const std::array<const Tensor*, 3>& tensors)
{
    const Checks check(ctx, file);
    static constexpr std::array<const char*, 3> kConditions = { "input1_quantization_params.zero_point == 0",
        "input2_quantization_params.zero_point == 0", "output_quantization_params.zero_point == 0" };
    for (std::size_t i = 0; i < tensors.size(); ++i)
        ARENASCOPE_TRY(
            check.ensure(136 + static_cast<int>(i), quantParams(ctx, *tensors[i]).zeroPoint == 0, kConditions[i]));
    return okStatus();
}

Status squaredDifferencePrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("squared_difference.cc");
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.counts(91, 2, 92, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    ARENASCOPE_TRY(check.typesEq(106, "input1->type", "input2->type", input1.type, input2.type));
    const std::array<const Tensor*, 3> tensors = { &input1, &input2, ctx.output(0) };
    if (input1.type == D::Int8)
        return squaredDifferenceInt8(ctx, file, tensors);
    if (input1.type == D::Int16)
        return squaredDifferenceInt16(ctx, file, tensors);
    return okStatus();
}

// ---- FLOOR_DIV (floor_div.cc), FLOOR_MOD (floor_mod.cc) ---------------------------------------------
// Init returns nullptr (no allocation). Prepare: two inputs and one output of one type.

// The lines of its checks in each file.
struct FloorBinaryLines {
    int inputs, outputs, inputTypes, outputType;
};
Status floorBinaryPrepare(KernelContext& ctx, const std::string& file, const FloorBinaryLines& at)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.counts(at.inputs, 2, at.outputs, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const DataType t1 = ctx.input(0)->type;
    ARENASCOPE_TRY(check.typesEq(at.inputTypes, "input1->type", "input2->type", t1, ctx.input(1)->type));
    return check.typesEq(at.outputType, "input1->type", "output->type", t1, ctx.output(0)->type);
}

Status floorDivPrepare(KernelContext& ctx)
{
    return floorBinaryPrepare(ctx, kernelFile("floor_div.cc"), { 37, 38, 50, 51 });
}
Status floorModPrepare(KernelContext& ctx)
{
    return floorBinaryPrepare(ctx, kernelFile("floor_mod.cc"), { 42, 43, 55, 56 });
}

// ---- ADD_N (add_n.cc) ----------------------------------------------------------------------------------
// No Init. CalculateOpData holds input 0 and the output, takes and releases inputs 1..n-1 one
// by one, then: float32 -> scratch of n pointers; int8 -> OpData (allocated while input 0 and
// the output are held) then the same scratch.

// The checks on input i (lines 66..75), while it is held.
Status addNCheckInput(KernelContext& ctx, const Tensor& first, const Tensor& input)
{
    const std::string file = kernelFile("add_n.cc");
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.ensure(67, input.shape == first.shape, "HaveSameShapes(input_tensor_first, input)"));
    ARENASCOPE_TRY(check.typesEq(68, "input_tensor_first->type", "input->type", first.type, input.type));
    if (first.type != D::Int8)
        return okStatus();
    const QuantParams a = quantParams(ctx, first);
    const QuantParams b = quantParams(ctx, input);
    ARENASCOPE_TRY(check.ensure(
        72, a.zeroPoint == b.zeroPoint, "input_tensor_first->params.zero_point == input->params.zero_point"));
    return check.ensure(74, a.scale == b.scale, "input_tensor_first->params.scale == input->params.scale");
}

Status addNPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("add_n.cc");
    const Checks check(ctx, file);
    const std::size_t n = ctx.inputCount();
    ARENASCOPE_TRY(check.ensure(51, n >= 2, "num_inputs >= 2"));
    ARENASCOPE_TRY(check.eq(52, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& first = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.typesEq(63, "output->type", "input_tensor_first->type", output.type, first.type));
    for (std::size_t i = 1; i < n; ++i) {
        auto in = ctx.tempInput(i);
        if (!in)
            return in.error();
        ARENASCOPE_TRY(check.ensure(66, in.value().valid, "input != nullptr"));
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

const std::array kProfiles = {
    builtin("ADD", "kernels/add.cc, add_common.cc", &options::kAdd, initStruct<opdata::kOpDataAdd>, addPrepare),
    builtin("MUL", "kernels/mul.cc, mul_common.cc", &options::kMul, initStruct<opdata::kOpDataMul>, mulPrepare),
    builtin("SUB", "kernels/sub.cc, sub_common.cc", &options::kSub, initStruct<opdata::kOpDataSub>, subPrepare),
    builtin("DIV", "kernels/div.cc", &options::kDiv, initStruct<opdata::kOpDataDiv>, divPrepare),
    builtin("MAXIMUM", "kernels/maximum_minimum.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("MINIMUM", "kernels/maximum_minimum.cc (no Init, no Prepare)", nullptr, nullptr, nullptr),
    builtin("FLOOR_DIV", "kernels/floor_div.cc", nullptr, nullptr, floorDivPrepare),
    builtin("FLOOR_MOD", "kernels/floor_mod.cc", nullptr, nullptr, floorModPrepare),
    builtin("SQUARED_DIFFERENCE", "kernels/squared_difference.cc", nullptr,
        initStruct<opdata::kOpDataSquaredDifference>, squaredDifferencePrepare),
    builtin("ADD_N", "kernels/add_n.cc", nullptr, nullptr, addNPrepare),
};

} // namespace

const std::span<const KernelProfile> arithmeticProfiles = kProfiles;

} // namespace arenascope::kernels
