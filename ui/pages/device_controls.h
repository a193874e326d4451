#pragma once
// The device rows of a settings form: the board (core/emulation/boards.h, or Custom), which sets
// the rows below it; target ABI, kernel set, the kernel set's own choice (the
// CPU CMSIS-NN is compiled for; the chip and esp-nn version ESP-NN is built with), and an
// Ethos-U NPU (TFLM built with CO_PROCESSOR=ethos_u). Only
// combinations a firmware can be built with are offered: choosing CMSIS-NN selects the cortex-m
// target, ESP-NN the ilp32 target, and another target falls back to the reference kernels.
//
// Usage (in a panel with a QFormLayout):
//   m_device = new DeviceControls(this);
//   m_device->addRows(form);
//   connect(m_device, &DeviceControls::changed, ...);
//   settings = m_device->applyTo(settings);

#include "core/emulation/boards.h"
#include "core/emulation/emulation_settings.h"

#include <QObject>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QWidget;

namespace arenascope {

class DeviceControls : public QObject {
    Q_OBJECT
public:
    explicit DeviceControls(QWidget* parent);

    void addRows(QFormLayout* form);
    // `s` with the device fields (target, kernels, cpu, espChip, espNn, coProcessor) set from the
    // controls.
    EmulationSettings applyTo(EmulationSettings s) const;
    // Shows the device fields of `s` without emitting changed().
    void show(const EmulationSettings& s);
    // The board chosen (nullptr: Custom). A board's build shown in the rows below stays chosen
    // until a row is changed to something the board does not build.
    const Board* board() const;
    // Shows `board` as chosen if the rows show its build (else Custom), without emitting
    // signals: how a saved board is restored after the saved settings.
    void setBoard(const Board* board);

signals:
    void changed();
    void boardChanged(const Board* board); // the user chose a board, or left it (nullptr)

private:
    void sync(QComboBox* origin);

    void chooseBoard();
    void leaveBoardIfChanged();
    bool showsBuildOf(const Board& board) const;

    QComboBox* m_board;
    QComboBox* m_target;
    QComboBox* m_kernels;
    QComboBox* m_cpu;
    QComboBox* m_chip;
    QComboBox* m_espNn;
    QComboBox* m_tflm;
    QCheckBox* m_ethosU;
    QFormLayout* m_form = nullptr;
    bool m_updating = false;
};

} // namespace arenascope
