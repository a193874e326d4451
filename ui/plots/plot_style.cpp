#include "plot_style.h"

#include <qcustomplot.h>

namespace arenascope {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor plotInk(const QPalette& palette)
{
    return palette.color(QPalette::Text);
}

QColor labelColor(const QColor& color, const QPalette& palette)
{
    return isDark(palette) ? color.lighter(150) : color.darker(120);
}

void stylePlot(QCustomPlot* plot, const QPalette& palette)
{
    const QColor ink = plotInk(palette);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(isDark(palette) ? 120 : 255);
    plot->setBackground(palette.brush(QPalette::Base));
    for (QCPAxisRect* rect : plot->axisRects()) {
        rect->setBackground(Qt::NoBrush);
        for (QCPAxis* axis : rect->axes()) {
            axis->setBasePen(QPen(ink, 1));
            axis->setTickPen(QPen(ink, 1));
            axis->setSubTickPen(QPen(ink, 1));
            axis->setTickLabelColor(ink);
            axis->setLabelColor(ink);
            axis->grid()->setPen(QPen(grid, 0, Qt::DotLine));
            axis->grid()->setZeroLinePen(QPen(grid, 0, Qt::SolidLine));
        }
    }
    plot->legend->setTextColor(ink);
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* text = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
            text->setTextColor(ink);
}

} // namespace arenascope
