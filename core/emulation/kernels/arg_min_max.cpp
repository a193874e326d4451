// ARG_MAX and ARG_MIN: neither has an Init or a Prepare; only their builtin options are
// allocated. Source: tensorflow/lite/micro/kernels/arg_min_max.cc @90b983c2.
#include "builtin_options.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {
constexpr std::array kProfiles = {
    builtin("ARG_MAX", "kernels/arg_min_max.cc", &options::kArgMax, nullptr, nullptr),
    builtin("ARG_MIN", "kernels/arg_min_max.cc", &options::kArgMin, nullptr, nullptr),
};

} // namespace

const std::span<const KernelProfile> argMinMaxProfiles = kProfiles;

} // namespace arenascope::kernels
