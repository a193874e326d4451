#pragma once
// The one place ArenaScope's version and the TFLM it emulates are named (the CLI's --version,
// the About box, baselines, generated headers). The version comes from CMake's project().

#include "arenascope_version.h"

namespace arenascope {

inline constexpr const char* kArenaScopeVersion = ARENASCOPE_VERSION;
// The TFLM whose allocator, planners and kernels the reference emulation follows.
inline constexpr const char* kEmulatedTflm = "tflite-micro 90b983c2";

} // namespace arenascope
