// CUMSUM; op data in kernel_op_data.h.
// Source: tensorflow/lite/micro/kernels/cumsum.cc @90b983c2.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it.
constexpr const char* kCumsumCc = "tensorflow/lite/micro/kernels/cumsum.cc";

// ---------------------------------------------------------------------------------------
// CUMSUM (cumsum.cc: CalculateOpData). No Init; the OpData is allocated in Prepare, for int8
// only. The kernel does not null-check its input and axis (an omitted one would crash).

Status cumsumPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kCumsumCc);
    ARENASCOPE_TRY(check.counts(48, 2, 49, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& axis = *ctx.input(1);
    ARENASCOPE_TRY(check.ensure(58, isOneOf(input.type, { D::Float32, D::Int8 }),
        "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8"));
    ARENASCOPE_TRY(check.eq(60, "axis->type", "kTfLiteInt32", typeCode(axis.type), 2));
    ARENASCOPE_TRY(check.eq(62, "NumElements(axis)", "1", static_cast<long long>(axis.elementCount), 1));
    ARENASCOPE_TRY(check.ensure(64, !input.shape.empty(), "NumDimensions(input) >= 1"));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(69, "input->type", "output->type", typeCode(input.type), typeCode(output.type)));
    ARENASCOPE_TRY(check.ensure(70, input.shape == output.shape, "HaveSameShapes(input, output)"));
    if (output.type == D::Int8)
        ARENASCOPE_TRY(allocateStruct(ctx, od::kCumsumOpData));
    return okStatus();
}

const std::array kProfiles = {
    builtin("CUMSUM", "kernels/cumsum.cc", &options::kCumsum, nullptr, cumsumPrepare),
};

} // namespace

const std::span<const KernelProfile> cumsumProfiles = kProfiles;

} // namespace arenascope::kernels
