#pragma once
// Parses one command's arguments against its rows (command_table.h): every option known by
// name, each value taken, operands kept in order. What a value means is the command's to check;
// an unknown option, a missing value or an option given twice that may not be is an error here,
// in one wording for every command.
//
// Usage:
//   auto parsed = parseArgs(*findCommand("plan"), args);   // args[0] is the command
//   if (!parsed) return usageError(parsed.error().message);
//   if (parsed.value().has("--json")) ...
//   const std::string* csv = parsed.value().value("--csv");

#include "option_spec.h"

#include "core/util/result.h"

#include <map>
#include <string>
#include <vector>

namespace arenascope {

struct CommandSpec;

struct ParsedArgs {
    std::vector<std::string> operands;
    // Every option of the command's own rows that was given, with its values in order ("" for a flag).
    std::map<std::string, std::vector<std::string>, std::less<>> options;
    // The shared build settings options (settings_options.h) as given, in order, --config apart.
    std::vector<std::string> settingsArgs;
    std::vector<std::string> configs; // each --config
    // compare's B side: its --b-OPTION settings, as --OPTION, in order; configsB: each --b-config.
    std::vector<std::string> settingsArgsB;
    std::vector<std::string> configsB;

    bool has(std::string_view option) const { return options.find(option) != options.end(); }
    // The last value given for `option`, or null.
    const std::string* value(std::string_view option) const;
};

Result<ParsedArgs> parseArgs(const CommandSpec& command, const std::vector<std::string>& args);

} // namespace arenascope
