#pragma once
// Starts the desktop app (QApplication + main window). Returns the process exit code.

namespace arenascope {

int runDesktopApp(int argc, char** argv);

} // namespace arenascope
