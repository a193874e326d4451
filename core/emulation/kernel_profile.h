#pragma once
// Kernel profiles: for each operator TFLM registers, what its Init and Prepare allocate.
//
// One row per operator, in the table of its group's file (kernels/*.cpp, listed in
// kernels/profile_groups.h), each citing the TFLM source it was read from. An operator
// without a row is "unresolved", as TFLM fails when an op is not registered.
//
// Usage (a row):
//   builtin("CONV_2D", "kernels/conv.cc, conv_common.cc", &options::kConv, convInit, convPrepare)

#include "emulation_settings.h"
#include "kernel_context.h"
#include "struct_layout.h"
#include "target.h"
#include "tflm_version.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace arenascope {

using KernelStep = Status (*)(KernelContext&);

struct KernelProfile {
    std::string_view name; // the BuiltinOperator name ("CONV_2D"), or the custom operator's name
    bool custom = false; // a custom operator (BuiltinOperator CUSTOM + name)
    std::string_view source; // upstream file(s) the row was read from
    // The TfLite*Params struct TFLM's flatbuffer parser allocates (kernels/builtin_options.h);
    // nullptr when the parser allocates none.
    const StructDef* options = nullptr;
    KernelStep init = nullptr; // nullptr: the kernel has no Init (or it allocates nothing)
    KernelStep prepare = nullptr; // nullptr: nothing allocated in Prepare
};

// A table row for a builtin operator, named as the TFLite schema names it.
constexpr KernelProfile builtin(
    std::string_view name, std::string_view source, const StructDef* options, KernelStep init, KernelStep prepare)
{
    return KernelProfile { name, false, source, options, init, prepare };
}

// A table row for a custom operator, named as the resolver registers it.
constexpr KernelProfile custom(
    std::string_view name, std::string_view source, const StructDef* options, KernelStep init, KernelStep prepare)
{
    return KernelProfile { name, true, source, options, init, prepare };
}

// The profile for an operator in the given kernel set (CMSIS-NN and ESP-NN fall back to the
// reference profile for operators they do not replace, and CMSIS-NN to it for operators it had no
// kernel for yet in TFLM snapshot `tflm`); a co-processor adds its operators, or nullptr if TFLM's
// resolver would not find it.
const KernelProfile* findKernelProfile(std::int32_t builtinCode, std::string_view customName,
    KernelSet kernels = KernelSet::Reference, CoProcessor coProcessor = CoProcessor::None,
    TflmVersion tflm = kNewestTflm);

// The co-processor's operators (the `ethos-u` custom operator), for listings and tests.
std::span<const KernelProfile> coProcessorKernelProfiles();

// The CMSIS-NN profiles alone, for listings and tests.
std::span<const KernelProfile> cmsisNnKernelProfiles();

// The ESP-NN profiles alone, for listings and tests.
std::span<const KernelProfile> espNnKernelProfiles();

// Every profile, for listings and tests.
std::span<const KernelProfile> allKernelProfiles();

} // namespace arenascope
