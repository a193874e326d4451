// Resizes: RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR.
// Sources: tensorflow/lite/micro/kernels/resize_bilinear.cc, resize_nearest_neighbor.cc
// @90b983c2.
// Checks run in the kernel's order and fail with what it prints: TF_LITE_ENSURE* with the file
// and line (shape_checks.h), MicroPrintf texts verbatim.
#include "builtin_options.h"
#include "checks.h"
#include "profile_groups.h"
#include "shape_checks.h"
#include "tflm_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

// The sources as TFLM's __FILE__ spells them.
constexpr const char* kResizeBilinearCc = "tensorflow/lite/micro/kernels/resize_bilinear.cc";
constexpr const char* kResizeNearestNeighborCc = "tensorflow/lite/micro/kernels/resize_nearest_neighbor.cc";

// ---- RESIZE_BILINEAR / RESIZE_NEAREST_NEIGHBOR (resize_bilinear.cc, resize_nearest_neighbor.cc)
// The rank checks both share, at their lines in each file.
Status resizeCommon(KernelContext& ctx, const Checks& check, int inputRankLine, int sizeRankLine)
{
    const Tensor& input = *ctx.input(0);
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.eq(inputRankLine, "NumDimensions(input)", "4", rankOf(input), 4));
    return check.eq(sizeRankLine, "NumDimensions(size)", "1", rankOf(size), 1);
}

Status holdResizeTensors(TempTensors& temps)
{
    ARENASCOPE_TRY(temps.hold({ in(0), in(1) }));
    return temps.output(0);
}

Status resizeBilinearPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kResizeBilinearCc);
    ARENASCOPE_TRY(check.counts(36, 2, 37, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdResizeTensors(temps));
    ARENASCOPE_TRY(resizeCommon(ctx, check, 46, 47));
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.typeCodesEq(49, "size->type", "kTfLiteInt32", size.type, D::Int32));
    ARENASCOPE_TRY(
        constantTensorCheck(ctx, isConstant(size), kResizeBilinearCc, "Non-constant >size< tensor is not supported",
            { BeforeConstantCheck::Message, kResizeBilinearCc, "Non constant size tensor not supported" }));
    // ResizeBilinearOptions: align_corners (field 2), half_pixel_centers (field 3).
    const auto type = tflite::BuiltinOptions::ResizeBilinearOptions;
    if (shape::optionBool(ctx, type, 2) && shape::optionBool(ctx, type, 3))
        return ctx.kernelError("If half_pixel_centers is True, align_corners must be False.");
    return okStatus();
}

Status resizeNearestPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kResizeNearestNeighborCc);
    ARENASCOPE_TRY(check.counts(38, 2, 39, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdResizeTensors(temps));
    ARENASCOPE_TRY(resizeCommon(ctx, check, 50, 51));
    const Tensor& size = *ctx.input(1);
    ARENASCOPE_TRY(check.typeCodesEq(52, "size->type", "kTfLiteInt32", size.type, D::Int32));
    ARENASCOPE_TRY(check.eq(53, "size->dims->data[0]", "2", dimOf(size, 0), 2));
    return constantTensorCheck(ctx, isConstant(size), kResizeNearestNeighborCc,
        "Non-constant >size< tensor is not supported",
        { BeforeConstantCheck::Print, kResizeNearestNeighborCc, "Dynamic tensors are unsupported in tfmicro." });
}

constexpr std::array kProfiles = {
    builtin("RESIZE_BILINEAR", "kernels/resize_bilinear.cc", &options::kResizeBilinear, nullptr, resizeBilinearPrepare),
    builtin("RESIZE_NEAREST_NEIGHBOR", "kernels/resize_nearest_neighbor.cc", &options::kResizeNearestNeighbor, nullptr,
        resizeNearestPrepare),
};

} // namespace

const std::span<const KernelProfile> resizeProfiles = kProfiles;

} // namespace arenascope::kernels
