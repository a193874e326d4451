#pragma once
// Kernel profiles: for each operator TFLM registers, what its Init and Prepare allocate.
//
// One row per operator (kernels/*.cpp), each citing the TFLM source it was read from.
// An operator without a row is "unresolved", as TFLM fails when an op is not registered.

#include "kernel_context.h"
#include "target.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace arenascope {

// The TfLite*Params struct TFLM's flatbuffer parser allocates for a builtin operator
// (the same on both targets unless it holds pointers). size 0 = none allocated.
struct OptionsLayout {
    std::uint32_t size = 0;
    std::uint32_t align = 1;
    const char* name = nullptr;
    // x86_64 layout when it differs (structs holding pointers); 0 = same as above.
    std::uint32_t size64 = 0;
    std::uint32_t align64 = 0;

    std::uint32_t sizeFor(const Target& t) const { return t.is64Bit() && size64 ? size64 : size; }
    std::uint32_t alignFor(const Target& t) const { return t.is64Bit() && align64 ? align64 : align; }
};

using KernelStep = Status (*)(KernelContext&);

struct KernelProfile {
    std::string_view name;        // "CONV_2D", or the custom operator's name
    std::int32_t builtinCode;     // -1 for custom operators
    std::string_view source;      // upstream file(s) the row was read from
    OptionsLayout options;
    KernelStep init = nullptr;    // nullptr: the kernel has no Init (or it allocates nothing)
    KernelStep prepare = nullptr; // nullptr: nothing allocated in Prepare
};

// The profile for an operator, or nullptr if TFLM's resolver would not find it.
const KernelProfile* findKernelProfile(std::int32_t builtinCode, std::string_view customName);

// Every profile, for listings and tests.
std::span<const KernelProfile> allKernelProfiles();

} // namespace arenascope
