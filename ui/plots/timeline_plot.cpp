#include "timeline_plot.h"

#include "plot_colors.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace arenascope {

namespace {
constexpr int kLineGrabPixels = 6;
}

TimelinePlot::TimelinePlot(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setSelectionRectMode(QCP::srmNone);
    m_plot->xAxis->setLabel(tr("execution step (allocation scope)"));
    m_plot->yAxis->setLabel(tr("arena offset (bytes)"));
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    m_plot->setToolTip(tr("Wheel: zoom. Drag: pan. Right-drag: zoom to a rectangle. Double-click: reset. "
                          "Drag the dashed line to change the arena size."));
    connect(m_selection, &SelectionState::analysisChanged, this, &TimelinePlot::rebuild);
    connect(m_selection, &SelectionState::selectionChanged, this, &TimelinePlot::updateHighlight);
}

double TimelinePlot::arenaLineBytes() const
{
    const auto& a = m_selection->analysis();
    return static_cast<double>(a->arenaSize.value_or(a->measured->arenaUsedBytes));
}

void TimelinePlot::rebuild()
{
    m_plot->clearItems();
    m_rects.clear();
    m_arenaLine = nullptr;
    const AnalysisPtr& a = m_selection->analysis();
    if (!a) {
        m_plot->replot();
        return;
    }
    const EmulationResult& r = a->atSize->ok ? *a->atSize : *a->measured;
    const double arena = arenaLineBytes();
    const std::uint64_t tailBytes = a->atSize->ok ? a->atSize->tailBytes : a->measured->tailBytes;
    const double tailStart = arena - static_cast<double>(tailBytes);

    m_rects.assign(r.planned.size(), nullptr);
    for (std::size_t i = 0; i < r.planned.size(); ++i) {
        const PlannedBuffer& b = r.planned[i];
        if (b.offset < 0)
            continue;
        const double lo = static_cast<double>(b.offset);
        const double used = lo + static_cast<double>(b.bytes);
        const double hi = lo + static_cast<double>(b.alignedBytes);
        const bool beyond = hi > tailStart;
        const QColor c = beyond ? colors::failure() : colors::bufferKind(b.kind);
        auto* rect = new QCPItemRect(m_plot);
        rect->topLeft->setCoords(b.first - TimelineGeometry::kHalfStep, used);
        rect->bottomRight->setCoords(b.last + TimelineGeometry::kHalfStep, lo);
        rect->setBrush(QBrush(c.lighter(125)));
        rect->setPen(QPen(c.darker(130)));
        rect->setSelectedBrush(QBrush(colors::selection()));
        rect->setSelectedPen(QPen(Qt::black, 2));
        m_rects[i] = rect;
        if (hi > used) {
            auto* pad = new QCPItemRect(m_plot);
            pad->topLeft->setCoords(b.first - TimelineGeometry::kHalfStep, hi);
            pad->bottomRight->setCoords(b.last + TimelineGeometry::kHalfStep, used);
            pad->setBrush(QBrush(c, Qt::BDiagPattern));
            pad->setPen(QPen(c.darker(130), 0.5, Qt::DotLine));
            pad->setSelectable(false);
        }
    }
    // Head boundary (the plan), temp peak above it, the tail band and the arena line.
    auto hline = [this](double y, const QColor& color, Qt::PenStyle style, const QString& text) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(0, y);
        line->point2->setCoords(1, y);
        line->setPen(QPen(color, 1.5, style));
        line->setSelectable(false);
        auto* label = new QCPItemText(m_plot);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(0.99, y);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setText(text);
        label->setColor(color.darker(120));
        return line;
    };
    const double head = static_cast<double>(std::max<std::int64_t>(r.planBytes, 0));
    hline(head, QColor(0x44, 0x44, 0x44), Qt::SolidLine, tr("head: %1 B").arg(static_cast<qlonglong>(head)));
    if (a->measured->tempPeakBytes > 0)
        hline(head + static_cast<double>(a->measured->tempPeakBytes), colors::temp(), Qt::DotLine,
              tr("temp peak: +%1 B").arg(a->measured->tempPeakBytes));
    auto* tail = new QCPItemRect(m_plot);
    tail->topLeft->setCoords(-1e9, arena);
    tail->bottomRight->setCoords(1e9, tailStart);
    tail->setBrush(QBrush(QColor(0x9c, 0x75, 0x5f, 90)));
    tail->setPen(QPen(QColor(0x9c, 0x75, 0x5f)));
    tail->setSelectable(false);
    auto* tailLabel = new QCPItemText(m_plot);
    tailLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    tailLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    tailLabel->position->setCoords(0.5, arena - static_cast<double>(tailBytes) / 2);
    tailLabel->setText(tr("tail (persistent): %1 B").arg(tailBytes));
    const bool fits = a->fits().value_or(true);
    if (!fits) {
        // Whatever the plan needs beyond the room left under the tail.
        auto* over = new QCPItemRect(m_plot);
        over->topLeft->setCoords(-1e9, std::max(head, tailStart));
        over->bottomRight->setCoords(1e9, std::min(head, tailStart));
        over->setBrush(QBrush(QColor(0xe1, 0x57, 0x59, 70)));
        over->setPen(Qt::NoPen);
        over->setSelectable(false);
    }
    m_arenaLine = hline(arena, fits ? colors::fits() : colors::failure(), Qt::DashLine,
                        tr("arena size: %1 B").arg(static_cast<qulonglong>(arena)));
    m_arenaLine->setPen(QPen(fits ? colors::fits() : colors::failure(), 2.5, Qt::DashLine));

    // Operator names on the x axis (one tick per step that runs an operator of subgraph 0).
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const auto& ops = a->model->subgraphs()[0].operators;
    if (ops.size() <= 16 && static_cast<int>(ops.size()) + 1 == r.scopeCount) {
        for (std::size_t i = 0; i < ops.size(); ++i)
            ticker->addTick(static_cast<double>(i + 1), QString::fromStdString(ops[i].displayName()));
        m_plot->xAxis->setTicker(ticker);
        m_plot->xAxis->setTickLabelRotation(30);
    } else {
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        m_plot->xAxis->setTickLabelRotation(0);
    }
    if (!m_rangeKnown) {
        resetZoom();
        m_rangeKnown = true;
    } else {
        // Keep the user's zoom, but make sure the arena line stays reachable.
        if (m_plot->yAxis->range().upper < arena)
            m_plot->yAxis->setRangeUpper(arena * 1.08);
    }
    updateHighlight();
}

void TimelinePlot::resetZoom()
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a)
        return;
    const double steps = std::max(1, a->measured->scopeCount);
    m_plot->xAxis->setRange(-0.7, steps - 0.3);
    const double top = std::max(arenaLineBytes(), static_cast<double>(a->measured->planBytes)) * 1.08;
    m_plot->yAxis->setRange(0, std::max(top, 16.0));
    m_plot->replot();
}

void TimelinePlot::updateHighlight()
{
    const int selected = m_selection->plannedBuffer();
    for (std::size_t i = 0; i < m_rects.size(); ++i)
        if (m_rects[i])
            m_rects[i]->setSelected(static_cast<int>(i) == selected);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

TimelineGeometry TimelinePlot::geometry() const
{
    TimelineGeometry g;
    g.stepMin = m_plot->xAxis->range().lower;
    g.stepMax = m_plot->xAxis->range().upper;
    g.offsetMin = m_plot->yAxis->range().lower;
    g.offsetMax = m_plot->yAxis->range().upper;
    const QRect r = m_plot->axisRect()->rect();
    g.left = r.left();
    g.top = r.top();
    g.width = r.width();
    g.height = r.height();
    return g;
}

QString TimelinePlot::tooltipFor(int index) const
{
    const AnalysisPtr& a = m_selection->analysis();
    const EmulationResult& r = a->atSize->ok ? *a->atSize : *a->measured;
    const PlannedBuffer& b = r.planned[static_cast<std::size_t>(index)];
    QString html;
    if (b.tensor >= 0) {
        const auto& sg = a->model->subgraphs()[static_cast<std::size_t>(b.subgraph)];
        const Tensor& t = sg.tensors[static_cast<std::size_t>(b.tensor)];
        QStringList dims;
        for (auto d : t.shape)
            dims << QString::number(d);
        QStringList producers;
        QStringList consumers;
        for (const Operator& op : sg.operators) {
            const QString name = QStringLiteral("#%1 %2").arg(op.id.value).arg(QString::fromStdString(op.displayName()));
            if (std::find(op.outputs.begin(), op.outputs.end(), b.tensor) != op.outputs.end())
                producers << name;
            if (std::find(op.inputs.begin(), op.inputs.end(), b.tensor) != op.inputs.end())
                consumers << name;
        }
        html = tr("<b>%1</b><br>tensor %2, %3 [%4]<br>")
                   .arg(QString::fromStdString(t.name).toHtmlEscaped())
                   .arg(b.tensor)
                   .arg(QString::fromUtf8(dataTypeName(t.type).data()))
                   .arg(dims.join(QStringLiteral(", ")));
        html += tr("produced by: %1<br>used by: %2<br>")
                    .arg(producers.isEmpty() ? tr("model input") : producers.join(QStringLiteral(", ")))
                    .arg(consumers.isEmpty() ? tr("model output") : consumers.join(QStringLiteral(", ")));
    } else {
        html = tr("<b>scratch buffer %1</b><br>requested by operator %2<br>").arg(b.scratchIndex).arg(b.op);
    }
    html += tr("kind: %1<br>bytes: %2 (+%3 padding)<br>offsets: %4 – %5<br>lifetime: steps %6 – %7")
                .arg(QString::fromUtf8(bufferKindName(b.kind)))
                .arg(b.bytes)
                .arg(b.alignedBytes - b.bytes)
                .arg(b.offset)
                .arg(b.offset + static_cast<std::int64_t>(b.alignedBytes))
                .arg(b.first)
                .arg(b.last);
    return html;
}

bool TimelinePlot::eventFilter(QObject* watched, QEvent* event)
{
    const AnalysisPtr& a = m_selection->analysis();
    if (watched != m_plot || !a)
        return QWidget::eventFilter(watched, event);
    const EmulationResult& r = a->atSize->ok ? *a->atSize : *a->measured;
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* me = static_cast<QMouseEvent*>(event);
        if (me->button() == Qt::RightButton) {
            m_plot->setSelectionRectMode(QCP::srmZoom);
            return false;
        }
        const double lineY = m_plot->yAxis->coordToPixel(arenaLineBytes());
        if (me->button() == Qt::LeftButton && std::abs(me->position().y() - lineY) < kLineGrabPixels) {
            m_dragging = true;
            m_plot->setInteraction(QCP::iRangeDrag, false);
            return true;
        }
        const TimelineGeometry g = geometry();
        const double step = g.mapXToStep(me->position().x());
        const double offset = g.mapYToOffset(me->position().y());
        const int hit = TimelineGeometry::hitTest(r.planned, step, offset);
        if (me->button() == Qt::LeftButton) {
            m_selection->selectPlannedBuffer(hit);
            m_selection->selectStep(static_cast<int>(std::lround(step)));
        }
        return false;
    }
    case QEvent::MouseMove: {
        auto* me = static_cast<QMouseEvent*>(event);
        if (m_dragging) {
            const double bytes = m_plot->yAxis->pixelToCoord(me->position().y());
            emit arenaSizeDragged(static_cast<qulonglong>(std::max(1.0, std::round(bytes))));
            return true;
        }
        const double lineY = m_plot->yAxis->coordToPixel(arenaLineBytes());
        m_plot->setCursor(std::abs(me->position().y() - lineY) < kLineGrabPixels ? Qt::SizeVerCursor : Qt::ArrowCursor);
        const TimelineGeometry g = geometry();
        const int hit = TimelineGeometry::hitTest(r.planned, g.mapXToStep(me->position().x()),
                                                  g.mapYToOffset(me->position().y()));
        if (hit >= 0)
            QToolTip::showText(me->globalPosition().toPoint(), tooltipFor(hit), m_plot);
        else
            QToolTip::hideText();
        return false;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragging) {
            m_dragging = false;
            m_plot->setInteraction(QCP::iRangeDrag, true);
            return true;
        }
        m_plot->setSelectionRectMode(QCP::srmNone);
        return false;
    case QEvent::MouseButtonDblClick:
        resetZoom();
        return true;
    default:
        return QWidget::eventFilter(watched, event);
    }
}

} // namespace arenascope
