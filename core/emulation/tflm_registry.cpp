#include "tflm_registry.h"

#include "kernel_profile.h"

namespace arenascope {

// Until the full list is transcribed, the operators with a kernel profile are the ones known
// to be registered.
bool tflmRegistersBuiltin(std::int32_t builtinCode)
{
    return findKernelProfile(builtinCode, {}) != nullptr;
}

bool tflmRegistersCustom(std::string_view name)
{
    return findKernelProfile(32, name) != nullptr;
}

} // namespace arenascope
