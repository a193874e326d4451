// Pooling: AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D.
// Sources: tensorflow/lite/micro/kernels/pooling.cc, pooling_common.cc, l2_pool_2d.cc,
// kernel_util.cc (CreateWritableTensorDimsWithCopy) @90b983c2; the op data struct is described
// member by member in math_op_data.h.
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

constexpr const char* kPoolingCommon = "tensorflow/lite/micro/kernels/pooling_common.cc";
constexpr const char* kL2PoolCc = "tensorflow/lite/micro/kernels/l2_pool_2d.cc";

// ---- AVERAGE_POOL_2D / MAX_POOL_2D ----------------------------------------------------------

// pooling_common.cc: PoolingPrepare.
Status poolPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kPoolingCommon);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    if (isOneOf(input.type, { D::Int8, D::Int16 })) {
        const QuantParams in = quantParams(ctx, input);
        const QuantParams out = quantParams(ctx, *ctx.output(0));
        const auto scaleDiff = static_cast<double>(std::abs(in.scale - out.scale));
        ARENASCOPE_TRY(check.ensure(73, scaleDiff <= 1.0e-6, "scale_diff <= 1.0e-6"));
        ARENASCOPE_TRY(
            check.ensure(74, in.zeroPoint == out.zeroPoint, "input->params.zero_point == output->params.zero_point"));
    }
    if (!isOneOf(input.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, input);
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// L2_POOL_2D (l2_pool_2d.cc). No Init; Prepare: temp output 0, temp input 0, float32 only,
// then the output dims are made writable (4 + 4 * 4 = 20 bytes).

Status l2PoolPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kL2PoolCc);
    ARENASCOPE_TRY(check.counts(44, 1, 45, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { out(0), 48, "output" } }));
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 51, "input" } }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(
        check.eq(52, "NumDimensions(input)", "kTensorShapeRank", static_cast<long long>(input.shape.size()), 4));
    ARENASCOPE_TRY(
        check.eq(53, "NumDimensions(output)", "kTensorShapeRank", static_cast<long long>(output.shape.size()), 4));
    ARENASCOPE_TRY(check.typesEq(54, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(check.typesEq(71, "input->type", "kTfLiteFloat32", input.type, D::Float32));
    return writableDims(ctx, output);
}

const std::array kProfiles = {
    builtin("AVERAGE_POOL_2D", "kernels/pooling.cc, pooling_common.cc", &options::kPool,
        initStruct<opdata::kOpDataPooling>, poolPrepare),
    builtin("MAX_POOL_2D", "kernels/pooling.cc, pooling_common.cc", &options::kPool, initStruct<opdata::kOpDataPooling>,
        poolPrepare),
    builtin("L2_POOL_2D", "kernels/l2_pool_2d.cc, kernel_util.cc", &options::kPool, nullptr, l2PoolPrepare),
};

} // namespace

const std::span<const KernelProfile> poolingProfiles = kProfiles;

} // namespace arenascope::kernels
