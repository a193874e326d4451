#pragma once
// The man page and the shell completions, made from the command table (command_table.h) and the
// build settings rows (settings_options.h), so they cannot say something `--help` does not: a new
// command, option, board or TFLM snapshot appears in all of them at the next build.
//
//   arenascope --man                  troff for man(1), section 1 (cli_docs.cpp)
//   arenascope --completion bash      a script for bash's `complete` (cli_docs_bash.cpp)
//   arenascope --completion zsh       a `#compdef arenascope` function for zsh's compsys (cli_docs_zsh.cpp)
//
// The build writes all three (packaging/CMakeLists.txt) and installs them. The completions are
// static scripts: completing runs no arenascope process, so it never waits on a model or an
// analysis; values come from each row's choices() at generation time, files are filtered by the
// row's ValueKind (.tflite, .csv, .json, .txt/.log, folders).

#include "command_table.h"
#include "option_spec.h"

#include <string>
#include <vector>

namespace arenascope {

// One option a command accepts, as the parser accepts it (option_parser.cpp): its own rows first,
// then the settings rows it does not override, then compare's --b- forms of the settings rows.
struct AcceptedOption {
    std::string name; // "--board", "--b-board"
    const OptionSpec* spec; // the row (for --b-board: the --board row)
};
std::vector<AcceptedOption> acceptedOptions(const CommandSpec& command);

// The settings option rows as OptionSpecs, kept for the life of the process (settingsOptionSpecs()
// returns copies; acceptedOptions points into this).
const std::vector<OptionSpec>& settingsSpecs();

std::string manPage();
std::string bashCompletion();
std::string zshCompletion();

// Runs `--man` or `--completion SHELL` (args[0] is the option); the exit code.
int runDocsOption(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace arenascope
