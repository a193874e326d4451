#pragma once
// A byte count with a unit (B, KiB, MiB). The byte count is the value; the unit only changes
// how it is shown: switching 82,296 B to KiB shows 80.37 KiB and the size stays 82,296 B.
// Typing a value sets the size to that many units, rounded to a byte.

#include <QWidget>

#include <cstdint>

class QComboBox;
class QDoubleSpinBox;

namespace arenascope {

class ByteSizeEdit : public QWidget {
    Q_OBJECT
public:
    explicit ByteSizeEdit(const QString& tooltip, QWidget* parent = nullptr);

    std::uint64_t bytes() const { return m_bytes; }
    // Sets the size and shows it in the largest unit that holds it exactly; no signal.
    void setBytes(std::uint64_t bytes);
    int unitIndex() const;
    void setUnitIndex(int index); // 0 B, 1 KiB, 2 MiB: the size is unchanged

signals:
    void bytesChanged(std::uint64_t bytes); // only when the user edits the value
    void unitChosen(int index); // only when the user picks a unit

private:
    void showBytes();

    QDoubleSpinBox* m_value;
    QComboBox* m_unit;
    std::uint64_t m_bytes = 0;
};

} // namespace arenascope
