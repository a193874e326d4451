#include "live_bytes_plot.h"

#include "plot_style.h"

#include <QEvent>
#include <qcustomplot.h>

namespace arenascope {

LiveBytesPlot::LiveBytesPlot(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_plot(addFillingPlot(this))
{
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->xAxis->setLabel(tr("step"));
    setByteAxis(m_plot->yAxis, tr("live"), 0);
    m_plot->legend->setVisible(true);
    stylePlot(m_plot, palette());
    connect(m_selection, &SelectionState::analysisChanged, this, &LiveBytesPlot::rebuild);
}

void LiveBytesPlot::setByteUnit(int unitIndex)
{
    setByteAxis(m_plot->yAxis, tr("live"), unitIndex);
    m_plot->replot();
}

void LiveBytesPlot::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    stylePlot(m_plot, palette());
    m_shown.reset(); // the head line takes the new palette's ink
    rebuild();
}

void LiveBytesPlot::rebuild()
{
    const AnalysisPtr& a = m_selection->analysis();
    // Live bytes depend on the plan only, not on the arena size.
    if (a && a->measured == m_shown)
        return;
    m_shown = a ? a->measured : nullptr;
    m_plot->clearGraphs();
    if (!a) {
        m_plot->replot();
        return;
    }
    const auto live = liveBytesPerScope(*a->measured);
    QVector<double> x;
    QVector<double> y;
    for (std::size_t i = 0; i < live.size(); ++i) {
        x << static_cast<double>(i);
        y << static_cast<double>(live[i]);
    }
    auto* liveGraph = m_plot->addGraph();
    liveGraph->setName(tr("live planned bytes"));
    liveGraph->setData(x, y);
    liveGraph->setLineStyle(QCPGraph::lsStepCenter);
    liveGraph->setPen(QPen(QColor(0x4e, 0x79, 0xa7), 2));
    liveGraph->setBrush(QBrush(QColor(0x4e, 0x79, 0xa7, 50)));
    auto flat = [&](double value, const QString& name, const QColor& color, Qt::PenStyle style) {
        auto* g = m_plot->addGraph();
        g->setName(name);
        g->setData(QVector<double> { -0.5, std::max(0.5, static_cast<double>(live.size()) - 0.5) },
            QVector<double> { value, value });
        g->setPen(QPen(color, 1.5, style));
    };
    flat(static_cast<double>(a->measured->planBytes), tr("planned head"), plotInk(palette()), Qt::SolidLine);
    flat(static_cast<double>(a->lowerBoundBytes), tr("lower bound"), QColor(0x59, 0xa1, 0x4f), Qt::DashLine);
    m_plot->xAxis->setRange(-0.5, std::max(1.0, static_cast<double>(live.size()) - 0.5));
    m_plot->yAxis->setRange(0, std::max(16.0, static_cast<double>(a->measured->planBytes) * 1.15));
    m_plot->replot();
}

} // namespace arenascope
