#include "png_options_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

namespace arenascope {

PngOptionsDialog::PngOptionsDialog(const ImageOptions& initial, QWidget* parent)
    : QDialog(parent)
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_scale(new QComboBox(this))
{
    setWindowTitle(tr("PNG size"));
    for (QSpinBox* s : { m_width, m_height }) {
        s->setRange(100, 10000);
        s->setSuffix(tr(" px"));
    }
    m_width->setValue(initial.size.width());
    m_height->setValue(initial.size.height());
    m_scale->addItem(tr("1x"), 1.0);
    m_scale->addItem(tr("2x (high DPI / print)"), 2.0);
    m_scale->addItem(tr("3x"), 3.0);
    m_scale->setCurrentIndex(initial.scale >= 2.5 ? 2 : initial.scale >= 1.5 ? 1 : 0);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Scale"), m_scale);
    form->addRow(buttons);
}

ImageOptions PngOptionsDialog::options() const
{
    return ImageOptions { QSize(m_width->value(), m_height->value()), m_scale->currentData().toDouble() };
}

} // namespace arenascope
