// SVDF.
// Sources: tensorflow/lite/micro/kernels/svdf.cc, svdf_common.cc @90b983c2; the op data struct
// is described member by member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include <array>
#include <cmath>

namespace arenascope::kernels {

namespace {

constexpr const char* kSvdfCommon = "tensorflow/lite/micro/kernels/svdf_common.cc";

long long dim(const Tensor& t, std::size_t i)
{
    return i < t.shape.size() ? t.shape[i] : 0;
}

// ---- SVDF (svdf.cc, svdf_common.cc: PrepareSvdf) --------------------------------------------

std::int32_t svdfRank(const KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_SVDFOptions() : nullptr;
    return options ? options->rank() : 0;
}

// The shape checks on the input and output (lines 397..414).
Status svdfInputAndOutputShapes(KernelContext& ctx, TempTensors& temps, std::int32_t rank)
{
    const Checks check(ctx, kSvdfCommon);
    const Tensor& input = *ctx.input(0);
    const Tensor& weightsFeature = *ctx.input(1);
    const long long filters = dim(weightsFeature, 0);
    // TFLM computes num_filters % rank with rank from the options; a rank of 0 would trap.
    if (rank == 0)
        return ctx.kernelError("SVDF rank is 0: TFLM divides by it (svdf_common.cc:397)");
    ARENASCOPE_TRY(check.eq(397, "num_filters % rank", "0", filters % rank, 0));
    ARENASCOPE_TRY(check.ensure(402, isOneOf(input.type, { D::Float32, D::Int8 }),
        "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8"));
    ARENASCOPE_TRY(check.eq(404, "NumDimensions(input)", "2", numDims(input), 2));
    ARENASCOPE_TRY(check.eq(408, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(412, "NumDimensions(output)", "2", numDims(output), 2));
    ARENASCOPE_TRY(check.eq(413, "output->dims->data[0]", "batch_size", dim(output, 0), dim(input, 0)));
    return check.eq(414, "output->dims->data[1]", "num_units", dim(output, 1), filters / rank);
}

// The shape checks on the weights, bias and activation state (lines 417..438).
Status svdfWeightShapes(KernelContext& ctx, long long units)
{
    const Checks check(ctx, kSvdfCommon);
    const Tensor& input = *ctx.input(0);
    const Tensor& feature = *ctx.input(1);
    const Tensor& time = *ctx.input(2);
    const Tensor* bias = ctx.input(3);
    const Tensor& state = *ctx.input(4);
    const long long filters = dim(feature, 0);
    const long long memory = dim(time, 1);
    ARENASCOPE_TRY(check.eq(417, "NumDimensions(weights_feature)", "2", numDims(feature), 2));
    ARENASCOPE_TRY(check.eq(418, "weights_feature->dims->data[1]", "input_size", dim(feature, 1), dim(input, 1)));
    ARENASCOPE_TRY(check.eq(421, "NumDimensions(weights_time)", "2", numDims(time), 2));
    ARENASCOPE_TRY(check.eq(422, "weights_time->dims->data[0]", "num_filters", dim(time, 0), filters));
    ARENASCOPE_TRY(check.eq(423, "weights_time->dims->data[1]", "memory_size", memory, memory));
    if (bias)
        ARENASCOPE_TRY(check.eq(427, "bias->dims->data[0]", "num_units", dim(*bias, 0), units));
    ARENASCOPE_TRY(check.eq(431, "NumDimensions(activation_state)", "2", numDims(state), 2));
    ARENASCOPE_TRY(check.eq(432, "activation_state->dims->data[0]", "batch_size", dim(state, 0), dim(input, 0)));
    ARENASCOPE_TRY(
        check.eq(433, "activation_state->dims->data[1]", "memory_size * num_filters", dim(state, 1), memory * filters));
    ARENASCOPE_TRY(check.eq(436, "activation_state->is_variable", "true", state.isVariable ? 1 : 0, 1));
    return check.eq(438, "node->inputs->size", "5", static_cast<long long>(ctx.inputCount()), 5);
}

// TF_LITE_ENSURE_EQ(context, <role>->type, <kTfLite...>): TFLM prints the enum values.
Status svdfType(KernelContext& ctx, int line, const char* a, const char* b, DataType t, DataType expected)
{
    const Checks check(ctx, kSvdfCommon);
    return check.eq(line, a, b, tfliteType(t).code, tfliteType(expected).code);
}

// The int8 path's checks (lines 444..464): the types, then the bias scale against
// activation_state scale x weights_time scale (a float product, compared in double within 1e-5).
// TFLM reads the bias's scale there even when the optional bias is absent (its TODO #1751).
Status svdfInt8Types(KernelContext& ctx)
{
    const Checks check(ctx, kSvdfCommon);
    const Tensor* bias = ctx.input(3);
    ARENASCOPE_TRY(svdfType(ctx, 444, "weights_feature->type", "kTfLiteInt8", ctx.input(1)->type, D::Int8));
    ARENASCOPE_TRY(check.ensure(445, isOneOf(ctx.input(2)->type, { D::Int16, D::Int8 }),
        "(weights_time->type == kTfLiteInt16) || (weights_time->type == kTfLiteInt8)"));
    ARENASCOPE_TRY(check.ensure(447, isOneOf(ctx.input(4)->type, { D::Int16, D::Int8 }),
        "(activation_state->type == kTfLiteInt16) || (activation_state->type == kTfLiteInt8)"));
    if (bias)
        ARENASCOPE_TRY(svdfType(ctx, 450, "bias->type", "kTfLiteInt32", bias->type, D::Int32));
    ARENASCOPE_TRY(check.typesEq(453, "output->type", "kTfLiteInt8", ctx.output(0)->type, D::Int8));
    if (!bias) {
        return silentFailure(ctx,
            "int8 SVDF without a bias: TFLM's Prepare reads bias->params.scale through a null "
            "pointer (svdf_common.cc:464, its TODO #1751) and prints nothing; a host crashes, a "
            "Cortex-M reads address 0. "
            "Give the SVDF a bias of scale activation_state scale x weights_time scale.");
    }
    const float stateTimesTime = quantParams(ctx, *ctx.input(4)).scale * quantParams(ctx, *ctx.input(2)).scale;
    const double biasScale = static_cast<double>(quantParams(ctx, *bias).scale);
    return check.ensure(464, std::abs(biasScale - static_cast<double>(stateTimesTime)) < 1e-5,
        "std::abs(static_cast<double>(bias->params.scale) - static_cast<double>(activation_state->params.scale * "
        "weights_time->params.scale)) < 1e-5");
}

Status svdfFloatTypes(KernelContext& ctx)
{
    const Checks check(ctx, kSvdfCommon);
    const Tensor* bias = ctx.input(3);
    ARENASCOPE_TRY(svdfType(ctx, 492, "weights_feature->type", "kTfLiteFloat32", ctx.input(1)->type, D::Float32));
    ARENASCOPE_TRY(svdfType(ctx, 493, "weights_time->type", "kTfLiteFloat32", ctx.input(2)->type, D::Float32));
    ARENASCOPE_TRY(svdfType(ctx, 494, "activation_state->type", "kTfLiteFloat32", ctx.input(4)->type, D::Float32));
    if (bias)
        ARENASCOPE_TRY(svdfType(ctx, 496, "bias->type", "kTfLiteFloat32", bias->type, D::Float32));
    return check.typesEq(498, "output->type", "kTfLiteFloat32", ctx.output(0)->type, D::Float32);
}

Status svdfPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2), in(3, false), in(4) }));
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

constexpr std::array kProfiles = {
    builtin("SVDF", "kernels/svdf.cc, svdf_common.cc", &options::kSvdf, initStruct<opdata::kOpDataSvdf>, svdfPrepare),
};

} // namespace

const std::span<const KernelProfile> svdfProfiles = kProfiles;

} // namespace arenascope::kernels
