#include "plot_interaction.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <cmath>
#include <qcustomplot.h>
#include <utility>

namespace arenascope {

namespace {
constexpr int kLineGrabPixels = 6;
constexpr int kShowWhileOnItMs = 10 * 60 * 1000;
} // namespace

TimelineGeometry geometryOf(const QCustomPlot& plot)
{
    TimelineGeometry g;
    g.stepMin = plot.xAxis->range().lower;
    g.stepMax = plot.xAxis->range().upper;
    g.offsetMin = plot.yAxis->range().lower;
    g.offsetMax = plot.yAxis->range().upper;
    const QRect r = plot.axisRect()->rect();
    g.left = r.left();
    g.top = r.top();
    g.width = std::max(1, r.width());
    g.height = std::max(1, r.height());
    return g;
}

PlotInteraction::PlotInteraction(QCustomPlot* plot, QObject* parent)
    : QObject(parent)
    , m_plot(plot)
{
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
}

bool PlotInteraction::nearLine(const TimelineGeometry& g, double y) const
{
    return m_line && std::abs(y - g.mapOffsetToY(*m_line)) < kLineGrabPixels;
}

bool PlotInteraction::showTip(const TimelineGeometry& g, int box, const QPoint& globalPos)
{
    if (box < 0 || !m_tipText) {
        QToolTip::hideText();
        return false;
    }
    const QRect onScreen = g.pixelRect((*m_boxes)[static_cast<std::size_t>(box)]).toAlignedRect();
    QToolTip::showText(globalPos, m_tipText(box), m_plot, onScreen, kShowWhileOnItMs);
    return true;
}

void PlotInteraction::emitDragged()
{
    if (const std::optional<qulonglong> bytes = std::exchange(m_draggedTo, std::nullopt))
        emit lineDragged(*bytes);
}

bool PlotInteraction::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_plot)
        return false;
    switch (event->type()) {
    case QEvent::Resize:
        emit resized(m_plot->width());
        return false;
    case QEvent::MouseButtonPress:
    case QEvent::MouseMove:
    case QEvent::ToolTip:
        break;
    case QEvent::MouseButtonRelease:
        if (m_dragging) {
            emitDragged();
            m_dragging = false;
            m_plot->setInteraction(QCP::iRangeDrag, true);
            emit dragFinished();
            return true;
        }
        m_plot->setSelectionRectMode(QCP::srmNone);
        return false;
    case QEvent::MouseButtonDblClick:
        emit resetRequested();
        return true;
    default:
        return false;
    }
    if (!m_boxes)
        return false;
    // Once per event: where the mouse is, in steps and bytes, and what lies under it.
    const TimelineGeometry g = geometryOf(*m_plot);
    const QPointF pos = event->type() == QEvent::ToolTip ? QPointF(static_cast<QHelpEvent*>(event)->pos())
                                                         : static_cast<QMouseEvent*>(event)->position();
    if (event->type() == QEvent::MouseMove && m_dragging) {
        const double bytes = g.mapYToOffset(pos.y());
        if (!m_draggedTo) // the first move since the last emission: emitted when the loop next runs
            QMetaObject::invokeMethod(this, &PlotInteraction::emitDragged, Qt::QueuedConnection);
        m_draggedTo = static_cast<qulonglong>(std::max(1.0, std::round(bytes)));
        return true;
    }
    const int hit = g.hitTestAt(pos, *m_boxes);
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* me = static_cast<QMouseEvent*>(event);
        if (me->button() == Qt::RightButton) {
            m_plot->setSelectionRectMode(QCP::srmZoom);
            return false;
        }
        if (me->button() != Qt::LeftButton)
            return false;
        if (nearLine(g, pos.y())) {
            m_dragging = true;
            m_plot->setInteraction(QCP::iRangeDrag, false);
            emit dragStarted();
            return true;
        }
        emit clicked(hit, static_cast<int>(std::lround(g.mapXToStep(pos.x()))));
        return false;
    }
    case QEvent::MouseMove: {
        auto* me = static_cast<QMouseEvent*>(event);
        m_plot->setCursor(nearLine(g, pos.y()) ? Qt::SizeVerCursor : Qt::ArrowCursor);
        showTip(g, hit, me->globalPosition().toPoint());
        return false;
    }
    default: // ToolTip: resting on a buffer shows the buffer, never the plot's generic help
        return showTip(g, hit, static_cast<QHelpEvent*>(event)->globalPos());
    }
}

} // namespace arenascope
