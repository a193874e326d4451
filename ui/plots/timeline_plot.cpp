#include "timeline_plot.h"

#include <QMouseEvent>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace arenascope {

namespace {

QColor kindColor(BufferKind kind)
{
    switch (kind) {
    case BufferKind::Activation: return QColor(0x4e, 0x79, 0xa7);
    case BufferKind::ModelInput: return QColor(0x59, 0xa1, 0x4f);
    case BufferKind::ModelOutput: return QColor(0xf2, 0x8e, 0x2b);
    case BufferKind::Scratch: return QColor(0xb0, 0x7a, 0xa1);
    case BufferKind::OfflinePlaced: return QColor(0x76, 0xb7, 0xb2);
    }
    return Qt::gray;
}

} // namespace

TimelinePlot::TimelinePlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->xAxis->setLabel(tr("execution step (allocation scope)"));
    m_plot->yAxis->setLabel(tr("arena offset (bytes)"));
    m_plot->installEventFilter(this);
}

void TimelinePlot::setAnalysis(AnalysisPtr analysis)
{
    m_analysis = std::move(analysis);
    rebuild();
}

void TimelinePlot::rebuild()
{
    m_plot->clearItems();
    if (!m_analysis)
        return;
    const EmulationResult& r = *m_analysis->measured;
    // The tail as it is at the user's size (it depends on the size modulo 16).
    const std::uint64_t tailBytes = m_analysis->atSize->ok ? m_analysis->atSize->tailBytes : r.tailBytes;
    const double arena = static_cast<double>(m_analysis->arenaSize.value_or(r.arenaUsedBytes));
    const double steps = std::max(1, r.scopeCount);
    for (const PlannedBuffer& b : r.planned) {
        if (b.offset < 0)
            continue;
        auto* rect = new QCPItemRect(m_plot);
        rect->topLeft->setCoords(b.first - 0.45, static_cast<double>(b.offset + static_cast<std::int64_t>(b.alignedBytes)));
        rect->bottomRight->setCoords(b.last + 0.45, static_cast<double>(b.offset));
        const bool beyond = static_cast<double>(b.offset) + static_cast<double>(b.alignedBytes) > arena - static_cast<double>(tailBytes);
        QColor c = beyond ? QColor(0xe1, 0x57, 0x59) : kindColor(b.kind);
        rect->setBrush(QBrush(c.lighter(130)));
        rect->setPen(QPen(c.darker(120)));
    }
    // The tail (persistent) band at the top of the arena.
    auto* tail = new QCPItemRect(m_plot);
    tail->topLeft->setCoords(-0.5, arena);
    tail->bottomRight->setCoords(steps, arena - static_cast<double>(tailBytes));
    tail->setBrush(QBrush(QColor(0x9c, 0x75, 0x5f, 110)));
    tail->setPen(QPen(QColor(0x9c, 0x75, 0x5f)));
    auto* tailLabel = new QCPItemText(m_plot);
    tailLabel->position->setCoords(steps / 2, arena - static_cast<double>(tailBytes) / 2);
    tailLabel->setText(tr("tail: %1 bytes").arg(tailBytes));
    // The arena-size line.
    auto* line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(0, arena);
    line->point2->setCoords(1, arena);
    const bool fits = m_analysis->fits().value_or(true);
    line->setPen(QPen(fits ? QColor(0x2c, 0x7f, 0x2c) : QColor(0xc0, 0x20, 0x20), 2, Qt::DashLine));
    m_plot->xAxis->setRange(-0.5, steps);
    m_plot->yAxis->setRange(0, std::max(arena, static_cast<double>(r.arenaUsedBytes)) * 1.08);
    m_plot->replot();
}

bool TimelinePlot::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && m_analysis && m_analysis->arenaSize) {
        if (event->type() == QEvent::MouseButtonPress) {
            auto* me = static_cast<QMouseEvent*>(event);
            const double y = m_plot->yAxis->coordToPixel(static_cast<double>(*m_analysis->arenaSize));
            if (std::abs(me->position().y() - y) < 6) {
                m_dragging = true;
                m_plot->setInteraction(QCP::iRangeDrag, false);
                return true;
            }
        } else if (event->type() == QEvent::MouseMove && m_dragging) {
            auto* me = static_cast<QMouseEvent*>(event);
            const double bytes = m_plot->yAxis->pixelToCoord(me->position().y());
            emit arenaSizeDragged(static_cast<qulonglong>(std::max(0.0, bytes)));
            return true;
        } else if (event->type() == QEvent::MouseButtonRelease && m_dragging) {
            m_dragging = false;
            m_plot->setInteraction(QCP::iRangeDrag, true);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace arenascope
