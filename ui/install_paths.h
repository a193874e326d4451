#pragma once
// Where the desktop app finds what is installed beside it. `cmake --install` (or the Debian
// package) puts the executable in <prefix>/bin and its data in <prefix>/share/arenascope and
// <prefix>/share/icons; the app looks there relative to its own executable, so any prefix works.
// Run from the build folder, it reads the source tree instead.

#include <QIcon>
#include <QString>
#include <QStringList>

namespace arenascope {

// The app's id: the desktop entry's, icon's and metainfo's name (packaging/), the Wayland app id.
inline constexpr const char* kAppId = "io.github.arenascope.ArenaScope";

// The first of `candidates` that exists, relative ones taken under `base`; empty when none does.
QString firstExisting(const QString& base, const QStringList& candidates);

// The example model the app opens when started without one.
QString exampleModelPath();

// The app's icon: the icon theme's (installed under hicolor), else the PNGs beside the executable
// or in the source tree.
QIcon appIcon();

} // namespace arenascope
