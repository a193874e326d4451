#pragma once
// A configuration: every setting that changes the arena (target, kernels and their options,
// co-processor, planner, interpreter, preserve_all_tensors, resource variables, split arenas),
// as one line of text: KEY=VALUE pairs separated by commas, the keys being `plan`'s options
// without their dashes. A key left out takes `plan`'s default; ESP-NN and CMSIS-NN take the
// target they are built for when no target is named, as on the command line. The arena size is
// not part of it: it is what a configuration is checked against.
//
//   target=cortex-m,kernels=cmsis-nn,cpu=cortex-m4,planner=greedy
//   kernels=esp-nn,chip=esp32s3,esp-nn=1.2.3
//   preserve-all-tensors=true,resource-variables=20
//
// Usage:
//   auto settings = parseConfiguration("kernels=cmsis-nn,cpu=cortex-m55");
//   if (!settings) report(settings.error().message);
//   std::string canonical = configurationText(settings.value()); // every key that matters, fixed order

#include "core/emulation/configuration_text.h"
#include "core/emulation/emulation_settings.h"
#include "core/util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

// The settings a configuration names; an error names the pair at fault and what it takes.
Result<EmulationSettings> parseConfiguration(std::string_view text);

// The configuration's pairs as `plan` options ("--target", "cortex-m", "--preserve-all-tensors"),
// for parseSettingsOption; an error names the pair at fault.
Result<std::vector<std::string>> configurationOptions(std::string_view text);

// The canonical text is configurationText (core/emulation/configuration_text.h):
// parseConfiguration(configurationText(s)) gives s back (arena sizes aside).

// The keys, for messages and help: "target, kernels, cpu, ...".
const char* configurationKeys();

} // namespace arenascope
