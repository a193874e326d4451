// CMSIS-NN AVERAGE_POOL_2D and MAX_POOL_2D (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/pooling.cc with kernels/pooling_common.cc
// @90b983c2; buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/pooling.h OpDataPooling (padding, activation ranges) and the scratch buffer index.
constexpr Field kOpDataPoolingFields[] = { nested(tflm::kTfLitePaddingValues), i32(2), f32(2) };
constexpr StructDef kOpDataPooling { "OpDataPooling", kOpDataPoolingFields };
constexpr Field kPoolOpDataFields[] = { nested(kOpDataPooling), i32() };
constexpr StructDef kPoolOpData { "OpData (cmsis_nn pooling)", kPoolOpDataFields };

// PoolingPrepare (pooling_common.cc): input and output held while the padding and activation
// range are computed; an unsupported type returns before they are released.
Status poolingPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    if (!isOneOf(input.type, { D::Float32, D::Int8, D::Int16 }))
        return unsupportedType(ctx, input);
    return okStatus();
}

Status maxPoolPrepare(KernelContext& ctx)
{
    return poolingPrepare(ctx);
}

Status averagePoolPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(poolingPrepare(ctx));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0, false), out(0, false) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    if (!isOneOf(input.type, { D::Int8, D::Int16 }) || output.shape.size() < 4)
        return okStatus();
    const std::int64_t depth = std::min<std::int64_t>(input.shape.size() > 3 ? input.shape[3] : 1, output.shape[3]);
    return requestIfPositive(ctx, cmsisnn::avgpool(output.shape[2], depth, extension(ctx)), "arm_avgpool");
}

constexpr std::array kProfiles = {
    builtin("AVERAGE_POOL_2D", "kernels/cmsis_nn/pooling.cc, pooling_common.cc; arm_avgpool_s8/s16_get_buffer_size",
        &options::kPool, initStruct<kPoolOpData>, averagePoolPrepare),
    builtin("MAX_POOL_2D", "kernels/cmsis_nn/pooling.cc, pooling_common.cc", &options::kPool, initStruct<kPoolOpData>,
        maxPoolPrepare),
};

} // namespace

const std::span<const KernelProfile> poolingProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
