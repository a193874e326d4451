#pragma once
// The headless command line: `arenascope info` and `arenascope plan`.
// Exit codes: 0 success (or fits), 1 does not fit, 2 bad input or usage.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

inline constexpr int kExitOk = 0;
inline constexpr int kExitDoesNotFit = 1;
inline constexpr int kExitBadInput = 2;

// True if `args` (argv without the program name) start with a headless subcommand.
bool isCliCommand(const std::vector<std::string>& args);

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// "64K" -> 65536, "1M" -> 1048576, "1000" -> 1000; nullopt-like false on bad text.
bool parseByteSize(const std::string& text, std::uint64_t& bytes);

} // namespace arenascope
