#pragma once
// Undo and redo for the arena size and every setting (Edit > Undo, Ctrl+Z; Redo,
// Ctrl+Shift+Z). Each user change is one step; consecutive arena-size changes (a drag, the
// slider) merge into one. Undoing shows the earlier settings in the panel and analyzes them.

#include "core/emulation/emulation_settings.h"

#include <QObject>

#include <functional>
#include <optional>

class QUndoStack;

namespace arenascope {

class SettingsHistory : public QObject {
    Q_OBJECT
public:
    // `apply` shows settings in the controls and analyzes them (it must not call changed()).
    SettingsHistory(std::function<void(const EmulationSettings&)> apply, QObject* parent = nullptr);

    // The user changed the settings to `now`.
    void changed(const EmulationSettings& now);
    // A new model: the history starts again from `now`.
    void reset(const EmulationSettings& now);
    QUndoStack* stack() const { return m_stack; }

private:
    friend class SettingsCommand;
    std::function<void(const EmulationSettings&)> m_apply;
    QUndoStack* m_stack;
    std::optional<EmulationSettings> m_current;
};

} // namespace arenascope
