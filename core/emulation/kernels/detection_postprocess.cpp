// The custom operator TFLite_Detection_PostProcess; op data in kernel_op_data.h.
// Source: tensorflow/lite/micro/kernels/detection_postprocess.cc @90b983c2.
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "profile_groups.h"

#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kDetectionPostprocessCc = "tensorflow/lite/micro/kernels/detection_postprocess.cc";

// ---------------------------------------------------------------------------------------
// TFLite_Detection_PostProcess (detection_postprocess.cc). Init reads the custom options
// flexbuffer map and allocates the OpData. Prepare: temp inputs 0..2, eleven scratch
// requests, release.

Status detectionPostprocessInit(KernelContext& ctx)
{
    if (!customOptionsMap(ctx))
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    return allocateStruct(ctx, od::kDetectionPostprocessOpData);
}

Status detectionPostprocessInputs(KernelContext& ctx, TempTensors& temps)
{
    const Checks check(ctx, kDetectionPostprocessCc);
    ARENASCOPE_TRY(check.eq(160, "NumInputs(node)", "3", static_cast<long long>(ctx.inputCount()), 3));
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2) }));
    const struct {
        std::size_t input;
        int line;
        const char* expr;
        long long rank;
    } checks[] = {
        { 0, 168, "NumDimensions(input_box_encodings)", 3 },
        { 1, 169, "NumDimensions(input_class_predictions)", 3 },
        { 2, 170, "NumDimensions(input_anchors)", 2 },
    };
    for (const auto& c : checks) {
        const auto rank = static_cast<long long>(ctx.input(c.input)->shape.size());
        ARENASCOPE_TRY(check.eq(c.line, c.expr, std::to_string(c.rank).c_str(), rank, c.rank));
    }
    ARENASCOPE_TRY(check.eq(172, "NumOutputs(node)", "4", static_cast<long long>(ctx.outputCount()), 4));
    return okStatus();
}

Status detectionPostprocessPrepare(KernelContext& ctx)
{
    const auto map = customOptionsMap(ctx);
    if (!map)
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    const auto maxDetectionsOption = flexInteger((*map)["max_detections"]);
    const auto numClassesOption = flexInteger((*map)["num_classes"]);
    if (!maxDetectionsOption || !numClassesOption)
        return ctx.kernelError("max_detections or num_classes is not a number in range (TFLite_Detection_PostProcess)");
    const std::int64_t maxDetections = *maxDetectionsOption;
    const std::int64_t numClasses = *numClassesOption;
    if (maxDetections < 0 || numClasses < 0)
        return ctx.kernelError("negative max_detections or num_classes (TFLite_Detection_PostProcess)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(detectionPostprocessInputs(ctx, temps));
    const Tensor& boxes = *ctx.input(0);
    const Tensor& scores = *ctx.input(1);
    const auto boxesN = static_cast<std::uint64_t>(std::max<std::int32_t>(boxes.shape[1], 0));
    const auto maxDet = static_cast<std::uint64_t>(maxDetections);
    const auto classes = static_cast<std::uint64_t>(numClasses);
    const auto scoreCells = static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[1], 0))
        * static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[2], 0));
    const std::array<std::pair<std::uint64_t, const char*>, 11> requests = { {
        { boxesN, "active_candidate" },
        { boxesN * 4 * 4, "decoded_boxes" },
        { scoreCells * 4, "scores" },
        { boxesN * 4, "score_buffer" },
        { boxesN * 4, "keep_scores" },
        { maxDet * boxesN * 4, "scores_after_regular_non_max_suppression" },
        { maxDet * boxesN * 4, "sorted_values" },
        { boxesN * 4, "keep_indices" },
        { maxDet * boxesN * 4, "sorted_indices" },
        { std::max(classes, maxDet) * boxesN * 4, "buffer" },
        { std::min(boxesN, maxDet) * boxesN * 4, "selected" },
    } };
    for (const auto& [bytes, label] : requests)
        ARENASCOPE_TRY(ctx.requestScratch(bytes, label));
    return okStatus();
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    custom("TFLite_Detection_PostProcess", "kernels/detection_postprocess.cc", kNoOptions, detectionPostprocessInit,
        detectionPostprocessPrepare),
};

} // namespace

const std::span<const KernelProfile> detectionPostprocessProfiles = kProfiles;

} // namespace arenascope::kernels
