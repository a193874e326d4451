// The custom operator CIRCULAR_BUFFER; op data in kernel_op_data.h.
// Sources: tensorflow/lite/micro/kernels/circular_buffer.cc, circular_buffer_common.cc,
// circular_buffer.h @90b983c2.
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kCircularBufferCommonCc = "tensorflow/lite/micro/kernels/circular_buffer_common.cc";

// ---------------------------------------------------------------------------------------
// CIRCULAR_BUFFER (circular_buffer.cc, circular_buffer_common.cc). Prepare holds input 0 and
// output 0 (both allocated before their null checks).

Status circularBufferShapes(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    const Checks check(ctx, kCircularBufferCommonCc);
    // The kernel reads dims 0..3 of both without checking their rank.
    if (input.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("CIRCULAR_BUFFER expects 4-D input and output");
    const auto& in = input.shape;
    const auto& out = output.shape;
    ARENASCOPE_TRY(check.eq(52, "input->dims->data[0]", "output->dims->data[0]", in[0], out[0]));
    ARENASCOPE_TRY(check.eq(53, "1", "input->dims->data[1]", 1, in[1]));
    ARENASCOPE_TRY(check.eq(54, "input->dims->data[2]", "output->dims->data[2]", in[2], out[2]));
    ARENASCOPE_TRY(check.eq(55, "output->dims->data[3]", "input->dims->data[3]", out[3], in[3]));
    return okStatus();
}

Status circularBufferPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kCircularBufferCommonCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0, false), out(0, false) }));
    ARENASCOPE_TRY(check.ensure(50, ctx.input(0), "input != nullptr"));
    ARENASCOPE_TRY(check.ensure(51, ctx.output(0), "output != nullptr"));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(circularBufferShapes(ctx, input, output));
    ARENASCOPE_TRY(check.typesEq(57, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(check.typesEq(60, "input->type", "kTfLiteInt8", input.type, D::Int8));
    return okStatus();
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    custom("CIRCULAR_BUFFER", "kernels/circular_buffer.cc, circular_buffer_common.cc", kNoOptions,
        initStruct<od::kCircularBufferOpData>, circularBufferPrepare),
};

} // namespace

const std::span<const KernelProfile> circularBufferProfiles = kProfiles;

} // namespace arenascope::kernels
