// Kernel profiles: see profile_groups.h.
#include "kernels.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

namespace arenascope::kernels {

std::span<const KernelProfile> unaryProfiles()
{
    return {};
}

} // namespace arenascope::kernels
