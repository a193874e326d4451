// CMSIS-NN SOFTMAX (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/softmax.cc with kernels/softmax_common.cc
// @90b983c2.
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/tflm_changes.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/internal/types.h SoftmaxParams (beta, multipliers, diff_min, zero_point, scale, five
// table pointers) and cmsis_nn/softmax.cc's num_rows, row_size.
constexpr Field kSoftmaxParamsFields[] = { f64(), i32(6), f32(), ptr(5) };
constexpr StructDef kSoftmaxParams { "SoftmaxParams", kSoftmaxParamsFields };
constexpr Field kCmsisSoftmaxFields[] = { nested(kSoftmaxParams), i32(2) };
constexpr StructDef kCmsisSoftmax { "CMSISNNSoftmaxParams", kCmsisSoftmaxFields };

Status softmaxPrepare(KernelContext& ctx)
{
    const char* file = kSoftmaxFile;
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.eq(47, "NumInputs(node)", "1", static_cast<long long>(ctx.inputCount()), 1));
    ARENASCOPE_TRY(check.eq(48, "NumOutputs(node)", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    const Tensor& input = *ctx.input(0);
    ARENASCOPE_TRY(check.ensure(51, !input.shape.empty(), "NumDimensions(input) >= 1"));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    // Before its own type messages, an unsupported pairing failed in softmax_common.cc.
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPrepareChecks))
        return calculateSoftmaxParams(ctx, input, output);
    if (!(input.type == output.type || (input.type == D::Int8 && output.type == D::Int16)))
        return check.msg(false, "Input and output data types are not supported together.");
    ARENASCOPE_TRY(requireInputType(check, input.type, { D::Float32, D::Int16, D::Int8 }));
    // CalculateSoftmaxParams: an int16 input gets its two lookup tables first.
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "exp_lut"));
        ARENASCOPE_TRY(ctx.allocatePersistent(1026, "one_over_one_plus_x_lut"));
    }
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("SOFTMAX", "kernels/cmsis_nn/softmax.cc, softmax_common.cc", &options::kSoftmax, initStruct<kCmsisSoftmax>,
        softmaxPrepare),
};

} // namespace

const std::span<const KernelProfile> softmaxProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
