// SHAPE.
// Source: tensorflow/lite/micro/kernels/shape.cc @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kShapeCc = "tensorflow/lite/micro/kernels/shape.cc";

// ---- SHAPE (shape.cc) ---------------------------------------------------------------------------
Status shapePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kShapeCc);
    return check.counts(39, 1, 40, 1);
}

constexpr std::array kProfiles = {
    builtin("SHAPE", "kernels/shape.cc", &options::kShape, nullptr, shapePrepare),
};

} // namespace

const std::span<const KernelProfile> shapeProfiles = kProfiles;

} // namespace arenascope::kernels
