#include "tflm_registry.h"

#include <algorithm>
#include <array>

namespace arenascope {

namespace {

constexpr std::int32_t kRegisteredBuiltins[] = {
#include "tflm_registered_builtins.inc"
};

constexpr std::string_view kRegisteredCustoms[] = {
#include "tflm_registered_customs.inc"
};

} // namespace

bool tflmRegistersBuiltin(std::int32_t builtinCode)
{
    return std::find(std::begin(kRegisteredBuiltins), std::end(kRegisteredBuiltins), builtinCode)
        != std::end(kRegisteredBuiltins);
}

bool tflmRegistersCustom(std::string_view name)
{
    return std::find(std::begin(kRegisteredCustoms), std::end(kRegisteredCustoms), name)
        != std::end(kRegisteredCustoms);
}

} // namespace arenascope
