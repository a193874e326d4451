#pragma once
// Every CPU of the cpu table (names.cpp), in its order: for code that enumerates the CPUs (the
// device-log search), so a new row joins it without a change there.

#include "emulation_settings.h"

#include <span>

namespace arenascope {

std::span<const Cpu> allCpus();

} // namespace arenascope
