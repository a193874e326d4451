// The comparisons EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL and the binary
// logical operators LOGICAL_AND, LOGICAL_OR (LOGICAL_NOT, which TFLM implements in
// elementwise.cc, is in elementwise_unary.cpp); op data in kernel_op_data.h.
// Sources (tensorflow/lite/micro/kernels/ @90b983c2): comparisons.cc, logical.cc,
// logical_common.cc.
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kComparisonsCc = "tensorflow/lite/micro/kernels/comparisons.cc";

// ---------------------------------------------------------------------------------------
// EQUAL .. LESS_EQUAL (comparisons.cc). Prepare: temp input 0 and 1 (each must exist), the
// quantized parameters for int8/int16, release both. Type support is only checked in Eval.

Status comparisonPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kComparisonsCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 557, "input1" } }));
    ARENASCOPE_TRY(check.hold(temps, { { in(1), 560, "input2" } }));
    return okStatus();
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    builtin("EQUAL", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin("NOT_EQUAL", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin("GREATER", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin(
        "GREATER_EQUAL", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin("LESS", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin("LESS_EQUAL", "kernels/comparisons.cc", kNoOptions, initStruct<od::kComparisonOpData>, comparisonPrepare),
    builtin("LOGICAL_AND", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
    builtin("LOGICAL_OR", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
};

} // namespace

const std::span<const KernelProfile> comparisonsAndLogicalProfiles = kProfiles;

} // namespace arenascope::kernels
