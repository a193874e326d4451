// CMSIS-NN ADD (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/add.cc @90b983c2.
//
// MUL, MAXIMUM, MINIMUM, PAD, PADV2 and TRANSPOSE also have CMSIS-NN files in TFLM, but their
// Init and Prepare are the reference ones (mul_common.cc, pad_common.cc, transpose_common.cc;
// maximum_minimum has none): the reference profiles apply unchanged.
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

// cmsis_nn/add.cc OpData: requires_broadcast, shifts, activation range, multipliers, shifts,
// offsets, float activation range (the layout of the reference OpDataAdd).
constexpr Field kAddOpDataFields[] = { boolean(), i32(12), f32(2) };
constexpr StructDef kAddOpData { "OpData (cmsis_nn add)", kAddOpDataFields };

Status addPrepare(KernelContext& ctx)
{
    const char* file = kAddFile;
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& input1 = *ctx.input(0);
    const Tensor& input2 = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(
        check.eq(304, "input1->type", "output->type", tfliteType(input1.type).code, tfliteType(output.type).code));
    if (!tflmHas(ctx.settings().tflm, TflmChange::CmsisNnPrepareChecks))
        return okStatus(); // no type messages yet: any type pairing passes Prepare
    ARENASCOPE_TRY(requireInputType(check, input1.type, { D::Float32, D::Int32, D::Int16, D::Int8 }));
    if (input1.type != input2.type)
        return check.msg(false, "Hybrid models are not supported on TFLite Micro.");
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("ADD", "kernels/cmsis_nn/add.cc", &options::kAdd, initStruct<kAddOpData>, addPrepare),
};

} // namespace

const std::span<const KernelProfile> addProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
