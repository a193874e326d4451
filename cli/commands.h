#pragma once
// What runs each command of the table (command_table.cpp): its parsed arguments in, exit code out
// (core/util/exit_codes.h). Each lives in the file named for it.

#include "option_parser.h"

#include <ostream>

namespace arenascope {

int runInfo(const ParsedArgs& a, std::ostream& out, std::ostream& err); // cli.cpp
int runPlan(const ParsedArgs& a, std::ostream& out, std::ostream& err); // cli.cpp
int runPlanSharedArena(const ParsedArgs& a, std::ostream& out, std::ostream& err); // shared_arena_command.cpp
int runOptimize(const ParsedArgs& a, std::ostream& out, std::ostream& err); // rewrite_commands.cpp
int runReorder(const ParsedArgs& a, std::ostream& out, std::ostream& err); // rewrite_commands.cpp
int runCompare(const ParsedArgs& a, std::ostream& out, std::ostream& err); // compare_command.cpp
int runSolve(const ParsedArgs& a, std::ostream& out, std::ostream& err); // solve_command.cpp
int runBaseline(const ParsedArgs& a, std::ostream& out, std::ostream& err); // ci_commands.cpp
int runCheck(const ParsedArgs& a, std::ostream& out, std::ostream& err); // ci_commands.cpp
int runHeader(const ParsedArgs& a, std::ostream& out, std::ostream& err); // ci_commands.cpp
int runMakeExample(const ParsedArgs& a, std::ostream& out, std::ostream& err); // rewrite_commands.cpp
int runMakeLessons(const ParsedArgs& a, std::ostream& out, std::ostream& err); // rewrite_commands.cpp

// "arenascope: MESSAGE" then the command's usage on `err`; returns kExitBadInput.
int usageError(std::ostream& err, std::string_view command, const std::string& message);

} // namespace arenascope
