#pragma once
// The side panel of settings: arena size (bytes / KiB / MiB, slider, "set to minimum"),
// planner, target, interpreter, preserve_all_tensors, and separate persistent and
// non-persistent arenas. Every change emits settingsChanged().

#include "core/emulation/emulation_settings.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QPushButton;
class QSlider;
class QSpinBox;

namespace arenascope {

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(QWidget* parent = nullptr);

    EmulationSettings settings() const; // arenaBytes = the chosen arena size
    std::uint64_t arenaBytes() const;
    void setArenaBytes(std::uint64_t bytes);
    // The arena the plan lives in: the single arena, or the non-persistent one when split.
    void setPlanArenaBytes(std::uint64_t bytes);
    // The smallest working arena for the current settings (enables "Set to minimum").
    void setMinimum(std::optional<std::uint64_t> bytes);
    void applySettings(const EmulationSettings& s);

signals:
    void settingsChanged();

private:
    struct SizeEditor {
        QSpinBox* value = nullptr;
        QComboBox* unit = nullptr;
    };
    SizeEditor makeSizeEditor(const QString& tooltip);
    static std::uint64_t bytesOf(const SizeEditor& e);
    static void setBytes(SizeEditor& e, std::uint64_t bytes);
    void syncSlider();

    SizeEditor m_arena;
    SizeEditor m_nonPersistent;
    QSlider* m_slider;
    QPushButton* m_toMinimum;
    QComboBox* m_planner;
    QComboBox* m_target;
    QComboBox* m_interpreter;
    QCheckBox* m_preserve;
    QCheckBox* m_split;
    std::optional<std::uint64_t> m_minimum;
    bool m_updating = false;
};

} // namespace arenascope
