#pragma once
// Every command of the command line, once: its operands, its own options, whether it takes the
// shared build settings (settings_options.h), a one-line summary, and what runs it. isCliCommand,
// runCli, the usage text, each command's --help, the man page and the completions read this table.
// `report` draws with Qt: its row has no run function here (app/report_command.cpp runs it).

#include "option_parser.h"
#include "option_spec.h"

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

using CommandRun = int (*)(const ParsedArgs&, std::ostream& out, std::ostream& err);

struct CommandSpec {
    std::string_view name; // "plan"
    std::string_view summary; // one line: "emulate AllocateTensors, give the verdict"
    std::vector<OperandSpec> operands;
    std::vector<OptionSpec> options; // its own, besides --help
    bool settings = false; // takes the shared build settings options
    bool settingsForB = false; // and --b-OPTION for a second side (compare)
    CommandRun run = nullptr; // null: run elsewhere (report)
    std::string_view details = {}; // more lines for its --help and the man page
};

std::span<const CommandSpec> commandTable();
const CommandSpec* findCommand(std::string_view name);

// "arenascope plan MODEL|FOLDER... [options] [--json] [--table md|csv] [--csv TENSORS.csv]",
// wrapped to the width of a terminal.
std::string commandSynopsis(const CommandSpec& command);
// The whole usage text: every command's synopsis and summary, then the build settings options.
std::string usageText();
// One command's help: synopsis, summary, details, its options, the settings options if it takes them.
std::string commandHelp(const CommandSpec& command);
// The shared settings options, one per line with their help (for usage and help texts).
std::string settingsOptionsText();

} // namespace arenascope
