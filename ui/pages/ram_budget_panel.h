#pragma once
// The device's RAM budget: the arena is not the only thing in SRAM. Device RAM (the chosen
// board's datasheet figure, or a custom value), stack, sensor/capture buffers and application
// state, with the total beside the arena, so a user sees when the arena fits but the device does not.

#include "core/emulation/boards.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QLabel;
class QSpinBox;

namespace arenascope {

struct RamBudget {
    std::uint64_t deviceBytes = 0;
    std::uint64_t stackBytes = 0;
    std::uint64_t sensorBytes = 0;
    std::uint64_t appBytes = 0;
    std::uint64_t othersBytes() const { return stackBytes + sensorBytes + appBytes; }
    // Bytes left on the device with `arenaBytes` in use; negative when over budget.
    std::int64_t headroom(std::uint64_t arenaBytes) const
    {
        return static_cast<std::int64_t>(deviceBytes) - static_cast<std::int64_t>(arenaBytes + othersBytes());
    }
};

class RamBudgetPanel : public QWidget {
    Q_OBJECT
public:
    explicit RamBudgetPanel(QWidget* parent = nullptr);
    RamBudget budget() const;
    // The arena RAM to budget (Verdict::budgetArenaBytes: both arenas when separate).
    void setArenaBytes(std::uint64_t bytes);
    // The board chosen in the settings (core/emulation/boards.h): its datasheet RAM becomes the
    // device RAM; nullptr (Custom) lets the user type it.
    void setBoard(const Board* board);
    std::uint64_t arenaBytes() const { return m_arenaBytes; }

signals:
    void budgetChanged();

private:
    void refresh();
    QLabel* m_board;
    QSpinBox* m_deviceKiB;
    QSpinBox* m_stackKiB;
    QSpinBox* m_sensorKiB;
    QSpinBox* m_appKiB;
    QLabel* m_summary;
    std::uint64_t m_arenaBytes = 0;
};

} // namespace arenascope
