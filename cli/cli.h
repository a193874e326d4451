#pragma once
// The headless command line: `arenascope info` and `arenascope plan`.
// Exit codes: 0 success (or fits), 1 does not fit, 2 bad input or usage.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "settings_options.h"

#include "core/util/exit_codes.h"

namespace arenascope {

// True if `args` (argv without the program name) start with a headless subcommand.
bool isCliCommand(const std::vector<std::string>& args);

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// True if args[0] is neither a subcommand nor an option nor an existing file: a typo that
// must be reported, never taken as a model to open in the app.
bool isUnknownCommand(const std::vector<std::string>& args);

} // namespace arenascope
