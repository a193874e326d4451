#include "ram_budget_panel.h"

#include "ui/byte_text.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

namespace arenascope {

const std::vector<BoardPreset>& boardPresets()
{
    static const std::vector<BoardPreset> kPresets = {
        { "Arduino Nano 33 BLE Sense (nRF52840)", 256 * 1024 },
        { "Raspberry Pi Pico (RP2040)", 264 * 1024 },
        { "ESP32-S3 (internal SRAM)", 512 * 1024 },
        { "STM32F746 Discovery", 320 * 1024 },
        { "STM32H747 (AXI SRAM + SRAM1-3)", 864 * 1024 },
        { "SparkFun Edge (Apollo3)", 384 * 1024 },
        { "Cortex-M0+ class (32 KiB)", 32 * 1024 },
        { "Custom", 0 },
    };
    return kPresets;
}

RamBudgetPanel::RamBudgetPanel(QWidget* parent)
    : QWidget(parent)
    , m_board(new QComboBox(this))
    , m_deviceKiB(new QSpinBox(this))
    , m_stackKiB(new QSpinBox(this))
    , m_sensorKiB(new QSpinBox(this))
    , m_appKiB(new QSpinBox(this))
    , m_summary(new QLabel(this))
{
    for (const BoardPreset& p : boardPresets())
        m_board->addItem(QString::fromUtf8(p.name), QVariant::fromValue(static_cast<qulonglong>(p.ramBytes)));
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
    connect(m_board, &QComboBox::currentIndexChanged, this, [this](int i) {
        const auto bytes = m_board->itemData(i).toULongLong();
        if (bytes > 0)
            m_deviceKiB->setValue(static_cast<int>(bytes / 1024));
        m_deviceKiB->setEnabled(bytes == 0);
    });
    for (QSpinBox* s : { m_deviceKiB, m_stackKiB, m_sensorKiB, m_appKiB })
        connect(s, &QSpinBox::valueChanged, this, &RamBudgetPanel::refresh);
    m_deviceKiB->setValue(static_cast<int>(boardPresets().front().ramBytes / 1024));
    m_deviceKiB->setEnabled(false);
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
