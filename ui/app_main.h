#pragma once
// Starts the desktop app (QApplication + a main window per model). Returns the process exit code.
// A launch while the app runs hands its models to the running process (single_instance.h), which
// opens each in a new window.

#include <QStringList>

#include <cstdint>
#include <optional>

namespace arenascope {

class MainWindow;

// What a launch asks for: `arenascope [MODEL.tflite ...] [--arena-size N[K|M]]`.
struct LaunchRequest {
    QStringList models; // absolute, cleaned; as the file manager passed them (spaces, any script)
    std::optional<std::uint64_t> arenaSize;
};

// The arguments without the program name; relative model paths are taken under `workingDirectory`.
LaunchRequest parseLaunchArguments(const QStringList& arguments, const QString& workingDirectory);
// The request as arguments again (what a later launch sends to the running app).
QStringList launchArguments(const LaunchRequest& request);

// Opens `model` in a new main window (deleted when closed), shown in front.
MainWindow* openWindow(const QString& model, std::optional<std::uint64_t> arenaSize = std::nullopt);
// Opens each model of the request in a window; without one, the first launch opens the example
// and a later one brings the app to the front.
void openRequest(const LaunchRequest& request, bool firstLaunch);

int runDesktopApp(int argc, char** argv);

} // namespace arenascope
