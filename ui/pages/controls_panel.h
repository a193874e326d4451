#pragma once
// The side panel of settings: arena size (with its unit, a slider and "set to minimum"), the
// device (target ABI, kernel set, CPU or ESP chip and esp-nn version), planner, interpreter,
// preserve_all_tensors, resource variables (and their own arena), the arena's start offset, and
// separate persistent and non-persistent arenas. Every user change emits
// settingsChanged().

#include "core/emulation/boards.h"
#include "core/emulation/emulation_settings.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace arenascope {

class ByteSizeEdit;
class DeviceControls;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    EmulationSettings settings() const; // arenaSize = the chosen arena size
    std::uint64_t arenaBytes() const;
    void setArenaBytes(std::uint64_t bytes);
    // The arena the plan lives in: the single arena, or the non-persistent one when split.
    void setPlanArenaBytes(std::uint64_t bytes);
    // The smallest working arena for the current settings (enables "Set to minimum"); with
    // separate arenas, the smallest non-persistent arena too.
    void setMinimum(std::optional<std::uint64_t> bytes, std::optional<std::uint64_t> nonPersistentBytes = {});
    // Shows `s` (arena sizes included) without emitting settingsChanged.
    void applySettings(const EmulationSettings& s);
    const Board* board() const; // nullptr: Custom
    void setBoard(const Board* board); // DeviceControls::setBoard

signals:
    void settingsChanged();
    void boardChanged(const Board* board);
    void unitChosen(int index); // the arena size's unit picked by the user (0 B, 1 KiB, 2 MiB)

private:
    void buildForm();
    void connectSignals();
    void syncSlider();
    void syncRows();

    ByteSizeEdit* m_arena;
    ByteSizeEdit* m_nonPersistent;
    QSlider* m_slider;
    QPushButton* m_toMinimum;
    DeviceControls* m_device;
    QComboBox* m_planner;
    QComboBox* m_interpreter;
    QCheckBox* m_preserve;
    QSpinBox* m_resourceVariables;
    QCheckBox* m_split;
    QLabel* m_nonPersistentLabel;
    QSpinBox* m_arenaOffset;
    QCheckBox* m_variablesArenaOn;
    ByteSizeEdit* m_variablesArena;
    QFormLayout* m_form = nullptr;
    std::optional<std::uint64_t> m_minimum;
    std::optional<std::uint64_t> m_minimumNonPersistent;
    bool m_updating = false;
};

} // namespace arenascope
