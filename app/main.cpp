// ArenaScope entry point: a headless subcommand, or the desktop app.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli.h"

#ifdef ARENASCOPE_WITH_UI
#include "report_command.h"
#include "ui/app_main.h"
#endif

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
#ifdef ARENASCOPE_WITH_UI
    if (!args.empty() && args[0] == "report")
        return arenascope::runReportCommand(argc, argv);
#endif
    if (arenascope::isCliCommand(args) || arenascope::isUnknownCommand(args))
        return arenascope::runCli(args, std::cout, std::cerr);
#ifdef ARENASCOPE_WITH_UI
    return arenascope::runDesktopApp(argc, argv);
#else
    std::cerr << "arenascope: built without the desktop app; use 'arenascope info' or 'arenascope plan'\n";
    return arenascope::kExitBadInput;
#endif
}
