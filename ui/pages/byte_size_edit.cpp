#include "byte_size_edit.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>

#include <cmath>

namespace arenascope {

namespace {
constexpr std::uint64_t kUnits[] = { 1, 1024, 1024 * 1024 };
constexpr std::uint64_t kMaxBytes = 1ULL << 32; // what a 32-bit device can address
} // namespace

ByteSizeEdit::ByteSizeEdit(const QString& tooltip, QWidget* parent)
    : QWidget(parent)
    , m_value(new QDoubleSpinBox(this))
    , m_unit(new QComboBox(this))
{
    m_value->setGroupSeparatorShown(true);
    m_value->setToolTip(tooltip);
    m_value->setKeyboardTracking(false);
    m_unit->addItems({ tr("B"), tr("KiB"), tr("MiB") });
    m_unit->setToolTip(tooltip);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_value, 1);
    row->addWidget(m_unit);
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this](int index) {
        showBytes();
        emit unitChosen(index);
    });
    connect(m_value, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        const auto bytes = static_cast<std::uint64_t>(std::llround(v * static_cast<double>(kUnits[unitIndex()])));
        if (bytes == m_bytes)
            return;
        m_bytes = std::min(bytes, kMaxBytes);
        emit bytesChanged(m_bytes);
    });
    showBytes();
}

int ByteSizeEdit::unitIndex() const
{
    return std::clamp(m_unit->currentIndex(), 0, 2);
}

void ByteSizeEdit::setUnitIndex(int index)
{
    m_unit->setCurrentIndex(std::clamp(index, 0, 2));
}

void ByteSizeEdit::setBytes(std::uint64_t bytes)
{
    m_bytes = std::min(bytes, kMaxBytes);
    int unit = 0;
    for (int u = 2; u > 0; --u)
        if (m_bytes >= kUnits[u] && m_bytes % kUnits[u] == 0) {
            unit = u;
            break;
        }
    const QSignalBlocker block(m_unit);
    m_unit->setCurrentIndex(unit);
    showBytes();
}

void ByteSizeEdit::showBytes()
{
    const std::uint64_t unit = kUnits[unitIndex()];
    const QSignalBlocker block(m_value);
    // Only when the unit changes: a new range or precision makes the spin box ask its layout
    // again, and with it the whole settings panel's (word-wrapped labels included), which an
    // arena-line drag, setting a new size every frame, must not pay.
    const int decimals = unit == 1 ? 0 : 2;
    const double maximum = static_cast<double>(kMaxBytes) / static_cast<double>(unit);
    if (m_value->decimals() != decimals || m_value->maximum() != maximum) {
        m_value->setDecimals(decimals);
        m_value->setRange(0, maximum);
        m_value->setSingleStep(unit == 1 ? 16 : 1);
    }
    m_value->setValue(static_cast<double>(m_bytes) / static_cast<double>(unit));
}

} // namespace arenascope
