// CMSIS-NN SVDF (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/svdf.cc @90b983c2 (KERNELS_OPTIMIZED_FOR_SPEED,
// TFLM's default); buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// cmsis_nn/svdf.cc (SPEED build): scales, four buffer indices, three zero points, kernel_sums.
constexpr Field kSvdfOpDataFields[] = { i32(9), ptr() };
constexpr StructDef kSvdfOpData { "CmsisNnOpDataSvdf", kSvdfOpDataFields };

Status svdfPrepare(KernelContext& ctx)
{
    const char* file = kSvdfFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2), in(3, false), in(4) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& weightsFeature = *ctx.input(1);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_SVDFOptions() : nullptr;
    const std::int32_t rank = options ? options->rank() : 0;
    if (weightsFeature.shape.size() != 2 || rank <= 0 || weightsFeature.shape[0] % rank != 0)
        return check.eq(93, "num_filters % rank", "0",
            rank > 0 && !weightsFeature.shape.empty() ? weightsFeature.shape[0] % rank : 0, 0);
    ARENASCOPE_TRY(check.ensure(98, isOneOf(input.type, { D::Float32, D::Int8 }),
        "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8"));
    ARENASCOPE_TRY(check.eq(100, "NumDimensions(input)", "2", static_cast<long long>(input.shape.size()), 2));
    ARENASCOPE_TRY(temps.output(0));
    const auto batch = static_cast<std::uint64_t>(input.shape[0]);
    const auto filters = static_cast<std::uint64_t>(weightsFeature.shape[0]);
    const std::uint64_t units = filters / static_cast<std::uint64_t>(rank);
    ARENASCOPE_TRY(ctx.requestScratch(batch * filters * 4, "SVDF scratch"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(ctx.requestScratch(batch * units * 4, "SVDF scratch output"));
    const std::int64_t sums
        = cmsisnn::svdfS8(cmsisnn::Dims { weightsFeature.shape[0], weightsFeature.shape[1], 1, 1 }, extension(ctx));
    if (sums <= 0)
        return okStatus();
    ARENASCOPE_TRY(check.ensure(196, weightsFeature.hasData, "IsConstantTensor(weights_feature)"));
    return ctx.allocatePersistent(static_cast<std::uint64_t>(sums), "kernel sums");
}

constexpr std::array kProfiles = {
    builtin("SVDF", "kernels/cmsis_nn/svdf.cc; arm_svdf_s8_get_buffer_size", &options::kSvdf, initStruct<kSvdfOpData>,
        svdfPrepare),
};

} // namespace

const std::span<const KernelProfile> svdfProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
