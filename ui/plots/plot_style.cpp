#include "plot_style.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "core/util/format.h"

#include <cmath>

namespace arenascope {

namespace {

class ByteTicker : public QCPAxisTicker {
public:
    explicit ByteTicker(double unitBytes)
        : m_unit(unitBytes)
    {
    }

protected:
    double getTickStep(const QCPRange& range) override
    {
        return QCPAxisTicker::getTickStep(QCPRange(range.lower / m_unit, range.upper / m_unit)) * m_unit;
    }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        const double value = std::max(0.0, tick) / m_unit;
        const double whole = std::round(value);
        if (std::abs(value - whole) < 1e-9 * std::max(1.0, value))
            return QString::fromStdString(formatCount(static_cast<std::uint64_t>(whole)));
        return QString::number(value, 'f', value < 10 ? 2 : 1);
    }

private:
    double m_unit;
};

// Whole steps only, and no more labels than fit (setStepAxis).
class StepTicker : public QCPAxisTicker {
public:
    explicit StepTicker(const QCPAxis* axis)
        : m_axis(axis)
    {
    }

protected:
    double getTickStep(const QCPRange& range) override
    {
        // The axis rect may not be laid out yet when an export draws: the viewport is.
        const int width = std::max(m_axis->axisRect()->width(), m_axis->parentPlot()->viewport().width() - 150);
        const int labels = std::max(2, width / 70);
        const double raw = std::max(1.0, range.size() / labels);
        const double power = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : { 1.0, 2.0, 5.0, 10.0 })
            if (m * power >= raw)
                return m * power;
        return 10 * power;
    }
    int getSubTickCount(double) override { return 0; }

private:
    const QCPAxis* m_axis;
};

} // namespace

void setByteAxis(QCPAxis* axis, const QString& what, int unitIndex)
{
    static const char* const kUnits[] = { "bytes", "KiB", "MiB" };
    const int u = std::clamp(unitIndex, 0, 2);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteTicker(std::pow(1024.0, u))));
    axis->setLabel(QStringLiteral("%1 (%2)").arg(what, QString::fromLatin1(kUnits[u])));
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QCustomPlot* addFillingPlot(QWidget* owner)
{
    auto* plot = new QCustomPlot(owner);
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot);
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    return plot;
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

void setStepAxis(QCPAxis* axis)
{
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new StepTicker(axis)));
    axis->setTickLabelRotation(0);
}

} // namespace arenascope
