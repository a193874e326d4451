// Padding: PAD, PADV2 and MIRROR_PAD.
// Sources: tensorflow/lite/micro/kernels/pad.cc, pad_common.cc, mirror_pad.cc @90b983c2; the op
// data structs are described member by member in math_op_data.h (PAD) and shape_op_data.h
// (MIRROR_PAD).
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "shape_op_data.h"
#include "tflm_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kPadCommon = "tensorflow/lite/micro/kernels/pad_common.cc";
constexpr const char* kMirrorPadCc = "tensorflow/lite/micro/kernels/mirror_pad.cc";

// ---- PAD / PADV2 (pad.cc, pad_common.cc: PadPrepare) ---------------------------------------

// The int8 zero-point checks at the end of PadPrepare.
Status padInt8(KernelContext& ctx, const Tensor& output, const Tensor* constant)
{
    const Checks check(ctx, kPadCommon);
    const QuantParams out = quantParams(ctx, output);
    if (!constant) {
        ARENASCOPE_TRY(check.ensure(
            102, out.zeroPoint >= -128, "output->params.zero_point >= std::numeric_limits<int8_t>::min()"));
        return check.ensure(
            104, out.zeroPoint <= 127, "output->params.zero_point <= std::numeric_limits<int8_t>::max()");
    }
    const QuantParams c = quantParams(ctx, *constant);
    ARENASCOPE_TRY(
        check.eq(110, "output->params.zero_point", "constant_values->params.zero_point", out.zeroPoint, c.zeroPoint));
    // TFLM prints these doubles with %d; only the failure itself is reproduced.
    return check.eq(112, "static_cast<double>(output->params.scale)",
        "static_cast<double>(constant_values->params.scale)", out.scale == c.scale ? 0 : 1, 0);
}

Status padPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kPadCommon);
    const std::size_t inputs = ctx.inputCount();
    ARENASCOPE_TRY(check.ensure(36, inputs == 2 || inputs == 3, "NumInputs(node) == 2 || NumInputs(node) == 3"));
    ARENASCOPE_TRY(check.eq(37, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1) }));
    if (inputs == 3)
        ARENASCOPE_TRY(temps.hold({ in(2, false) }));
    ARENASCOPE_TRY(temps.hold({ out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& paddings = *ctx.input(1);
    const Tensor* constant = inputs == 3 ? ctx.input(2) : nullptr;
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(
        check.eq(53, "input->type", "output->type", tfliteType(input.type).code, tfliteType(output.type).code));
    ARENASCOPE_TRY(check.ensure(
        56, input.shape.size() <= 5, "NumDimensions(input) <= reference_ops::PadKernelMaxDimensionCount()"));
    if (constant) {
        ARENASCOPE_TRY(check.eq(
            60, "input->type", "constant_values->type", tfliteType(input.type).code, tfliteType(constant->type).code));
        ARENASCOPE_TRY(
            check.eq(62, "NumElements(constant_values)", "1", static_cast<long long>(constant->elementCount), 1));
    }
    ARENASCOPE_TRY(check.eq(66, "GetTensorShape(paddings).FlatSize()", "output->dims->size * 2",
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

// ---- MIRROR_PAD (mirror_pad.cc: MirrorPadInit, MirrorPadPrepare) ----------------------------
Status mirrorPadPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kMirrorPadCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& padding = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(181, "NumDimensions(padding_matrix)", "2", rankOf(padding), 2));
    ARENASCOPE_TRY(check.eq(
        182, "SizeOfDimension(padding_matrix, 0)", "NumDimensions(input_tensor)", dimOf(padding, 0), rankOf(input)));
    // input_dims * sizeof(int), twice: output and input dims_num_elements buffers.
    const auto bytes = 4 * static_cast<std::uint64_t>(rankOf(input));
    ARENASCOPE_TRY(ctx.requestScratch(bytes, "output_dims_num_elements"));
    return ctx.requestScratch(bytes, "input_dims_num_elements");
}

constexpr std::array kProfiles = {
    builtin("PAD", "kernels/pad.cc, pad_common.cc", nullptr, initStruct<opdata::kOpDataPad>, padPrepare),
    builtin("PADV2", "kernels/pad.cc, pad_common.cc", nullptr, initStruct<opdata::kOpDataPad>, padPrepare),
    builtin("MIRROR_PAD", "kernels/mirror_pad.cc", &options::kMirrorPadding, initStruct<opdata::kOpDataMirrorPad>,
        mirrorPadPrepare),
};

} // namespace

const std::span<const KernelProfile> padProfiles = kProfiles;

} // namespace arenascope::kernels
