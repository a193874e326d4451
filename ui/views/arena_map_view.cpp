#include "arena_map_view.h"

#include "ui/byte_text.h"
#include "ui/text.h"

#include "core/util/format.h"

#include "ui/plots/plot_colors.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace arenascope {

ArenaMapView::ArenaMapView(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
{
    setMouseTracking(true);
    setToolTip(tr("The arena from offset 0 (left) to its size (right): head, temp, free space and tail"));
    connect(m_selection, &SelectionState::analysisChanged, this, &ArenaMapView::rebuild);
    connect(m_selection, &SelectionState::stepChanged, this, &ArenaMapView::rebuild);
    connect(m_selection, &SelectionState::eventChanged, this, &ArenaMapView::rebuild);
    connect(m_selection, &SelectionState::selectionChanged, this, qOverload<>(&QWidget::update));
}

void ArenaMapView::rebuild()
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a)
        m_layout = {};
    else if (m_selection->event() >= 0)
        m_layout = ArenaMapLayout::buildAtEvent(*a, m_selection->event());
    else
        m_layout = ArenaMapLayout::build(*a, m_selection->step());
    update();
}

QRectF ArenaMapView::barRect() const
{
    // Room above for the caption line and the upper labels, below for the lower labels.
    return QRectF(8, 40, std::max(10, width() - 16), std::max(10, height() - 64));
}

TimelineGeometry ArenaMapView::barGeometry() const
{
    return TimelineGeometry::bar(barRect(), static_cast<double>(m_layout.arenaBytes));
}

double ArenaMapView::xOf(std::uint64_t offset) const
{
    return barGeometry().offsetToPixel(static_cast<double>(offset));
}

std::uint64_t ArenaMapView::offsetAt(double x) const
{
    return static_cast<std::uint64_t>(barGeometry().pixelToOffset(x));
}

void ArenaMapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QRectF bar = barRect();
    p.fillRect(bar, palette().base());
    const AnalysisPtr& a = m_selection->analysis();
    if (!a) {
        p.drawText(rect(), Qt::AlignCenter, tr("No model loaded"));
        return;
    }
    // Each pixel column shows the segment drawn there last (ArenaMapLayout::columnRuns: the
    // overflow on top); neighbouring runs of one look are one fill. While a single allocation
    // is shown (playback, walkthrough, log), tiny ones stay visible: at least 3 pixels wide (the
    // hover label gives their true size).
    const double minimumWidth = m_selection->event() >= 0 ? 3.0 : 1.0;
    const auto brushOf = [&](const ArenaSegment& s) {
        switch (s.kind) {
        case ArenaSegment::Kind::Buffer:
            return QBrush(s.plannedBuffer >= 0
                    ? colors::bufferKind(a->measured->planned[static_cast<std::size_t>(s.plannedBuffer)].kind)
                    : QColor(Qt::gray));
        case ArenaSegment::Kind::Padding:
            return QBrush(QColor(0x80, 0x80, 0x80), Qt::BDiagPattern);
        case ArenaSegment::Kind::TempPeak:
            return QBrush(colors::temp(), Qt::Dense6Pattern);
        case ArenaSegment::Kind::Tail:
            return QBrush(colors::tailCategory(s.category));
        case ArenaSegment::Kind::Overflow:
            return QBrush(colors::failure(), Qt::DiagCrossPattern);
        case ArenaSegment::Kind::Free:
            break;
        }
        return palette().base();
    };
    const std::vector<ArenaMapLayout::ColumnRun> runs = m_layout.columnRuns(bar.left(), bar.width(), minimumWidth);
    for (std::size_t i = 0; i < runs.size();) {
        const QBrush brush = brushOf(m_layout.segments[runs[i].segment]);
        std::size_t j = i + 1;
        while (
            j < runs.size() && runs[j].first == runs[j - 1].end && brushOf(m_layout.segments[runs[j].segment]) == brush)
            ++j;
        p.fillRect(QRectF(runs[i].first, bar.top(), runs[j - 1].end - runs[i].first, bar.height()), brush);
        i = j;
    }
    // The selected buffer outlined on top.
    const int selected = m_selection->plannedBuffer();
    if (selected >= 0) {
        const TimelineGeometry g = barGeometry();
        p.setPen(QPen(Qt::black, 2));
        p.setBrush(Qt::NoBrush);
        for (const ArenaSegment& s : m_layout.segments)
            if (s.plannedBuffer == selected && s.kind == ArenaSegment::Kind::Buffer) {
                const double from = g.offsetToPixel(static_cast<double>(s.begin));
                const double to = std::max(g.offsetToPixel(static_cast<double>(s.end)), from + minimumWidth);
                p.drawRect(QRectF(QPointF(from, bar.top()), QPointF(to, bar.bottom())));
            }
    }
    p.setPen(palette().text().color());
    p.drawRect(bar);
    // Region boundaries, and their labels where the one label layout puts them (each tick keeps
    // its line; a label that would sit on a more important one goes to the bar's other side, or
    // is left out).
    for (const auto& [text, box] : placeTickLabels())
        p.drawText(box, Qt::AlignCenter, text);
    for (std::uint64_t offset : { m_layout.arenaBytes, m_layout.tailBegin, m_layout.headEnd, std::uint64_t { 0 } }) {
        const double x = xOf(offset);
        p.drawLine(QPointF(x, bar.top() - 4), QPointF(x, bar.bottom() + 4));
    }
    const int event = m_selection->event();
    if (a->settings.nonPersistentBytes) {
        const EmulationResult& r = a->atSize->ok ? *a->atSize : *a->measured;
        p.drawText(QPointF(bar.left(), 14),
            tr("non-persistent arena (head and temp); the tail uses %1 B of the "
               "separate %2 B persistent arena")
                .arg(r.tailBytes)
                .arg(a->arenaSize().value_or(0)));
    } else if (event >= 0 && event < static_cast<int>(a->atSize->events.size())) {
        const AllocationEvent& e = a->atSize->events[static_cast<std::size_t>(event)];
        p.drawText(QPointF(bar.left(), 14),
            tr("the arena right after: %1 (%2)").arg(QString::fromStdString(e.label), toQString(phaseName(e.phase))));
    } else if (m_selection->step() >= 0) {
        p.drawText(QPointF(bar.left(), 14), tr("buffers live at step %1").arg(m_selection->step()));
    }
}

// The tick labels: the arena size and the head above the bar, the tail's start and 0 below it,
// in that order of importance, each moving to the other side rather than overlapping.
std::vector<std::pair<QString, QRectF>> ArenaMapView::placeTickLabels() const
{
    const QFontMetricsF fm(font());
    const std::pair<std::uint64_t, QString> ticks[] = {
        { m_layout.arenaBytes, bytesText(m_layout.arenaBytes) },
        { m_layout.tailBegin, tr("tail from %1").arg(bytesText(m_layout.tailBegin)) },
        { m_layout.headEnd, tr("head %1").arg(bytesText(m_layout.headEnd)) },
        { 0, QStringLiteral("0") },
    };
    std::vector<LabelMark> marks;
    for (std::size_t i = 0; i < std::size(ticks); ++i) {
        LabelMark m;
        m.kind = LabelMark::Kind::Tick;
        m.offset = static_cast<double>(ticks[i].first);
        // A few pixels' gap either side keeps neighbouring labels apart.
        m.size = QSizeF(fm.horizontalAdvance(ticks[i].second) + 6, fm.height());
        m.priority = static_cast<int>(std::size(ticks) - i);
        m.below = i % 2 == 1;
        marks.push_back(m);
    }
    const std::vector<LabelBox> boxes = barGeometry().layoutLabels(marks, QRectF(rect()));
    std::vector<std::pair<QString, QRectF>> out;
    for (std::size_t i = 0; i < boxes.size(); ++i)
        if (boxes[i].visible)
            out.emplace_back(ticks[i].second, boxes[i].atAlternative ? boxes[i].alternative : boxes[i].rect);
    return out;
}

// What lies at pixel column x, and the columns it spans (the tooltip stays while the mouse
// is inside them).
std::pair<QString, QRect> ArenaMapView::tipAt(double x) const
{
    const std::uint64_t offset = offsetAt(x);
    const ArenaSegment* s = m_layout.segmentAt(offset);
    if (!s)
        return { tr("free, at offset %1").arg(QString::fromStdString(formatBytes(offset))),
            QRect(static_cast<int>(x), 0, 1, height()) };
    // Descriptions are made here, on hover, not for every segment on every frame.
    const AnalysisPtr& a = m_selection->analysis();
    QString what;
    if (s->note)
        what = toQString(s->note);
    else if (s->event >= 0 && a && s->event < static_cast<int>(a->atSize->events.size()))
        what = QString::fromStdString(a->atSize->events[static_cast<std::size_t>(s->event)].label);
    else if (s->plannedBuffer >= 0 && a && s->plannedBuffer < static_cast<int>(a->measured->planned.size())) {
        const PlannedBuffer& b = a->measured->planned[static_cast<std::size_t>(s->plannedBuffer)];
        what = b.tensor >= 0 ? QString::fromStdString(a->model->subgraphs()[static_cast<std::size_t>(b.subgraph)]
                                                          .tensors[static_cast<std::size_t>(b.tensor)]
                                                          .name)
                             : tr("scratch buffer %1").arg(b.scratchIndex);
    }
    if (s->kind == ArenaSegment::Kind::Tail)
        what += QStringLiteral(" (%1)").arg(toQString(categoryName(s->category)));
    const QString text = tr("%1<br>offsets %2 – %3 (%4 bytes)")
                             .arg(what.toHtmlEscaped())
                             .arg(s->begin)
                             .arg(s->end)
                             .arg(s->end - s->begin);
    const int left = static_cast<int>(std::floor(xOf(s->begin)));
    const int right = static_cast<int>(std::ceil(xOf(s->end)));
    return { text, QRect(left, 0, std::max(1, right - left), height()) };
}

void ArenaMapView::showTipAt(const QPoint& pos, const QPoint& globalPos)
{
    const auto [text, area] = tipAt(pos.x());
    constexpr int kShowWhileOnItMs = 10 * 60 * 1000;
    QToolTip::showText(globalPos, text, this, area, kShowWhileOnItMs);
}

void ArenaMapView::mouseMoveEvent(QMouseEvent* event)
{
    showTipAt(event->position().toPoint(), event->globalPosition().toPoint());
}

bool ArenaMapView::event(QEvent* event)
{
    // Resting the mouse on the bar shows what is under it, never the view's generic help
    // (which stays for the labels around the bar).
    if (event->type() == QEvent::ToolTip) {
        auto* he = static_cast<QHelpEvent*>(event);
        if (m_selection->analysis() && barRect().contains(he->pos())) {
            showTipAt(he->pos(), he->globalPos());
            return true;
        }
    }
    return QWidget::event(event);
}

void ArenaMapView::mousePressEvent(QMouseEvent* event)
{
    const ArenaSegment* s = m_layout.segmentAt(offsetAt(event->position().x()));
    m_selection->selectPlannedBuffer(s ? s->plannedBuffer : -1);
}

} // namespace arenascope
