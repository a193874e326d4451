#include "ram_budget_panel.h"

#include "ui/text.h"

#include "ui/byte_text.h"

#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace arenascope {

RamBudgetPanel::RamBudgetPanel(QWidget* parent)
    : QWidget(parent)
    , m_board(new QLabel(tr("Custom"), this))
    , m_deviceKiB(new QSpinBox(this))
    , m_stackKiB(new QSpinBox(this))
    , m_sensorKiB(new QSpinBox(this))
    , m_appKiB(new QSpinBox(this))
    , m_summary(new QLabel(this))
{
    m_board->setWordWrap(true);
    m_board->setToolTip(tr("Chosen in the settings panel (Board)"));
    for (QSpinBox* s : { m_deviceKiB, m_stackKiB, m_sensorKiB, m_appKiB }) {
        s->setRange(0, 16 * 1024 * 1024);
        s->setSuffix(tr(" KiB"));
    }
    m_deviceKiB->setToolTip(tr("On-chip RAM of the device"));
    m_stackKiB->setToolTip(tr("Main stack and interrupt stacks"));
    m_sensorKiB->setToolTip(tr("Sensor capture and feature buffers (audio ring buffer, camera frame, ...)"));
    m_appKiB->setToolTip(tr("Everything else the application keeps in RAM: .data, .bss, heap"));
    m_stackKiB->setValue(8);
    m_sensorKiB->setValue(16);
    m_appKiB->setValue(16);
    m_summary->setWordWrap(true);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Board"), m_board);
    form->addRow(tr("Device RAM"), m_deviceKiB);
    form->addRow(tr("Stack"), m_stackKiB);
    form->addRow(tr("Sensor buffers"), m_sensorKiB);
    form->addRow(tr("Application"), m_appKiB);
    form->addRow(m_summary);
    for (QSpinBox* s : { m_deviceKiB, m_stackKiB, m_sensorKiB, m_appKiB })
        connect(s, &QSpinBox::valueChanged, this, &RamBudgetPanel::refresh);
    m_deviceKiB->setValue(256);
}

void RamBudgetPanel::setBoard(const Board* board)
{
    m_deviceKiB->setEnabled(!board);
    if (!board) {
        m_board->setText(tr("Custom"));
        m_deviceKiB->setToolTip(tr("On-chip RAM of the device"));
        return;
    }
    m_board->setText(toQString(board->title));
    m_deviceKiB->setToolTip(toQString(board->ramSource));
    m_deviceKiB->setValue(static_cast<int>(board->ramBytes / 1024));
}

RamBudget RamBudgetPanel::budget() const
{
    RamBudget b;
    b.deviceBytes = static_cast<std::uint64_t>(m_deviceKiB->value()) * 1024;
    b.stackBytes = static_cast<std::uint64_t>(m_stackKiB->value()) * 1024;
    b.sensorBytes = static_cast<std::uint64_t>(m_sensorKiB->value()) * 1024;
    b.appBytes = static_cast<std::uint64_t>(m_appKiB->value()) * 1024;
    return b;
}

void RamBudgetPanel::setArenaBytes(std::uint64_t bytes)
{
    m_arenaBytes = bytes;
    refresh();
}

void RamBudgetPanel::refresh()
{
    const RamBudget b = budget();
    const std::int64_t left = b.headroom(m_arenaBytes);
    const QString total = tr("arena %1 + other RAM %2 = %3 of %4")
                              .arg(bytesText(m_arenaBytes), bytesText(b.othersBytes()),
                                  bytesText(m_arenaBytes + b.othersBytes()), bytesText(b.deviceBytes));
    if (left >= 0)
        m_summary->setText(tr("<span style='color:#2c7f2c'><b>Fits the device</b></span>: %1, %2 left.")
                               .arg(total, bytesText(static_cast<std::uint64_t>(left))));
    else
        m_summary->setText(tr("<span style='color:#c02020'><b>Over the device's RAM by %1</b></span>: %2.")
                               .arg(bytesText(static_cast<std::uint64_t>(-left)), total));
    emit budgetChanged();
}

} // namespace arenascope
