#pragma once
// Help > Keyboard Shortcuts and Help > About: message boxes whose text is built from what the
// window has (its actions' shortcuts) and from the build (version, emulated TFLM, Qt).

class QWidget;

namespace arenascope {

// Every action of `window` with a shortcut, then the plot's mouse and playback keys.
void showShortcuts(QWidget* window);
void showAbout(QWidget* parent);

} // namespace arenascope
