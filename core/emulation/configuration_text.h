#pragma once
// A configuration's text, the one form every command and file writes: KEY=VALUE pairs joined by
// commas, keys being `plan`'s options without their dashes, in a fixed order: target, kernels
// (with cpu, or chip and esp-nn), co-processor, planner and interpreter always; the other keys
// when they differ from the default. Parsing it is the command line's
// (cli/configuration.h, which takes exactly these keys).
//
//   configurationText(s) == "target=cortex-m,kernels=cmsis-nn,cpu=cortex-m4,planner=greedy,interpreter=plain"

#include "emulation_settings.h"

#include <string>

namespace arenascope {

std::string configurationText(const EmulationSettings& settings);

} // namespace arenascope
