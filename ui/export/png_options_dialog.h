#pragma once
// Asks for the size and scale of a PNG export (independent of the window's size).

#include "image_export.h"

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace arenascope {

class PngOptionsDialog : public QDialog {
    Q_OBJECT
public:
    PngOptionsDialog(const ImageOptions& initial, QWidget* parent = nullptr);
    ImageOptions options() const;

private:
    QSpinBox* m_width;
    QSpinBox* m_height;
    QComboBox* m_scale;
};

} // namespace arenascope
