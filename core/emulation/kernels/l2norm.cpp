// L2_NORMALIZATION.
// Source: tensorflow/lite/micro/kernels/l2norm.cc @90b983c2; the op data struct is described
// member by member in math_op_data.h.
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

// ---- L2_NORMALIZATION (l2norm.cc) ---------------------------------------------------------------

// TfLiteL2NormParams::activation. L2NormOptions field 0 is fused_activation_function (a
// byte); the project's schema leaves the table empty, so the field is read from the raw table.
int l2NormActivation(const KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_L2NormOptions() : nullptr;
    return options ? reinterpret_cast<const flatbuffers::Table*>(options)->GetField<std::int8_t>(4, 0) : 0;
}

Status l2NormPrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("l2norm.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, 44, 45));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.ensure(55, input.shape.size() <= 4, "NumDimensions(input) <= 4"));
    ARENASCOPE_TRY(check.ensure(57, isOneOf(output.type, { D::Float32, D::Int8 }),
        "output->type == kTfLiteFloat32 || output->type == kTfLiteInt8"));
    ARENASCOPE_TRY(check.typesEq(59, "input->type", "output->type", input.type, output.type));
    return check.eq(68, "params->activation", "kTfLiteActNone", l2NormActivation(ctx), 0);
}

const std::array kProfiles = {
    builtin("L2_NORMALIZATION", "kernels/l2norm.cc", &options::kL2Norm, initStruct<opdata::kL2NormalizationParams>,
        l2NormPrepare),
};

} // namespace

const std::span<const KernelProfile> l2NormProfiles = kProfiles;

} // namespace arenascope::kernels
