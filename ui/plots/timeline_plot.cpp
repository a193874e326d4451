#include "timeline_plot.h"

#include "core/model/npu_tensors.h"

#include "ui/byte_text.h"

#include "core/analysis/replay.h"
#include "core/analysis/verdict.h"

#include "buffer_layer.h"
#include "plot_colors.h"
#include "plot_style.h"
#include "ui/models/label_layout.h"

#include <QHBoxLayout>

#include <QLineEdit>
#include <QMouseEvent>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace arenascope {

namespace {

// Whole steps only, and no more labels than fit: about one per 70 pixels of the axis as it
// is drawn (on screen or in an export of any size), at 1, 2 or 5 times a power of ten.
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

namespace {
constexpr int kLineGrabPixels = 6;
}

TimelinePlot::TimelinePlot(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_plot(new QCustomPlot(this))
{
    // A row above the plot: zoom to fit and find a tensor by name.
    auto* fit = new QToolButton(this);
    fit->setText(tr("Zoom to fit"));
    fit->setToolTip(tr("Show the whole plan and the arena (Ctrl+0)"));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Find tensor (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setToolTip(tr("Type part of a tensor's name; Enter goes to the next match"));
    m_search->setMaximumWidth(260);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(fit);
    row->addStretch();
    row->addWidget(m_search);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_plot);
    connect(fit, &QToolButton::clicked, this, &TimelinePlot::resetZoom);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findTensor(m_search->text()); });
    connect(m_search, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_selection->selectPlannedBuffer(-1); // a new search starts from the first match
        findTensor(text);
    });
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setSelectionRectMode(QCP::srmNone);
    // Any width will do (the legend wraps to fit, fitLegend): the plot never widens the window.
    m_plot->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    m_plot->setMinimumWidth(240);
    m_plot->xAxis->setLabel(tr("execution step (allocation scope)"));
    setByteAxis(m_plot->yAxis, tr("arena offset"), 0);
    // Labels are placed once the axes are laid out at the size about to be drawn.
    connect(m_plot, &QCustomPlot::afterLayout, this, &TimelinePlot::placeLabels);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    m_buffers = new BufferLayer(m_plot);
    m_plot->setToolTip(tr("Wheel: zoom. Drag: pan. Right-drag: zoom to a rectangle. Double-click: reset. "
                          "Drag the dashed line to change the arena size."));
    buildLegend();
    stylePlot(m_plot, palette());
    connect(m_selection, &SelectionState::analysisChanged, this, &TimelinePlot::rebuild);
    connect(m_selection, &SelectionState::selectionChanged, this, &TimelinePlot::updateHighlight);
    connect(m_selection, &SelectionState::eventChanged, this, [this] {
        if (m_selection->analysis() && m_dynamic.arenaLine) {
            updateDynamic(); // playback: the allocator's state at the event
            m_plot->replot();
        }
    });
    connect(m_selection, &SelectionState::revealRequested, this, [this] { zoomTo(m_selection->plannedBuffer()); });
}

// The rectangle a line label covers on screen, from its anchor, alignment, font and padding.
QRectF TimelinePlot::labelRect(const QCPItemText* label)
{
    const QPointF anchor = label->position->pixelPosition();
    const QSizeF text = QFontMetricsF(label->font()).size(0, label->text());
    const QMargins pad = label->padding();
    QRectF box(
        QPointF(0, 0), QSizeF(text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom()));
    const Qt::Alignment a = label->positionAlignment();
    if (a & Qt::AlignLeft)
        box.moveLeft(anchor.x());
    else if (a & Qt::AlignRight)
        box.moveRight(anchor.x());
    else
        box.moveLeft(anchor.x() - box.width() / 2);
    if (a & Qt::AlignTop)
        box.moveTop(anchor.y());
    else if (a & Qt::AlignBottom)
        box.moveBottom(anchor.y());
    else
        box.moveTop(anchor.y() - box.height() / 2);
    return box;
}

// Arena size first, then head, temp peak and tail: a label that would sit on a more important
// one, or leave the plot area, is not drawn (the verdict states every figure). The tail's label
// also needs a band tall enough to hold it.
void TimelinePlot::placeLabels()
{
    const std::vector<QCPItemText*> labels = lineLabels();
    // Each labelled line is an obstacle to the other labels.
    const QRectF area = m_plot->axisRect()->rect();
    const auto lineStrip = [&](double y) { return QRectF(area.left(), y - 1.5, area.width(), 3.0); };
    std::vector<QRectF> lines;
    std::vector<LabelBox> boxes;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        QCPItemText* l = labels[i];
        // Line labels sit above their line, or else just below it (the tail's sits in its band).
        const Qt::Alignment horizontal = l->positionAlignment() & Qt::AlignHorizontal_Mask;
        // The arena size's label is always drawn: it names the line the user drags.
        LabelBox box { {}, static_cast<int>(labels.size() - i), true, {}, false, -1, l == m_dynamic.arenaLabel };
        if (l != m_dynamic.tailLabel) {
            box.ownLine = static_cast<int>(lines.size());
            lines.push_back(lineStrip(l->position->pixelPosition().y()));
            l->setPositionAlignment(horizontal | Qt::AlignTop);
            box.alternative = labelRect(l);
            l->setPositionAlignment(horizontal | Qt::AlignBottom);
        }
        box.rect = labelRect(l);
        boxes.push_back(box);
    }
    if (m_dynamic.tailLabel) {
        const double band
            = std::abs(m_plot->yAxis->coordToPixel(m_tailBand.first) - m_plot->yAxis->coordToPixel(m_tailBand.second));
        boxes.back().visible = band > boxes.back().rect.height() + 4;
    }
    hideOverlaps(boxes, area, lines);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        labels[i]->setVisible(boxes[i].visible);
        if (boxes[i].atAlternative)
            labels[i]->setPositionAlignment((labels[i]->positionAlignment() & Qt::AlignHorizontal_Mask) | Qt::AlignTop);
    }
}

std::vector<QCPItemText*> TimelinePlot::lineLabels() const
{
    std::vector<QCPItemText*> out;
    for (QCPItemText* l : { m_dynamic.arenaLabel, m_headLabel, m_peakLabel, m_dynamic.tailLabel })
        if (l)
            out.push_back(l);
    return out;
}

std::vector<std::pair<QString, QRectF>> TimelinePlot::shownLabels() const
{
    std::vector<std::pair<QString, QRectF>> out;
    for (QCPItemText* l : lineLabels())
        if (l->visible())
            out.emplace_back(l->text(), labelRect(l));
    return out;
}

void TimelinePlot::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    stylePlot(m_plot, palette());
    m_builtFor.reset(); // the lines and labels take the new palette's ink
    if (m_selection->analysis())
        rebuild();
    else
        m_plot->replot();
}

bool TimelinePlot::planFaded() const
{
    return m_buffers->faded();
}

std::pair<double, double> TimelinePlot::tailBand() const
{
    return m_tailBand;
}

double TimelinePlot::arenaLineBytes() const
{
    return static_cast<double>(m_selection->analysis()->shownArenaBytes());
}

void TimelinePlot::rebuild()
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a) {
        m_plot->clearItems();
        m_buffers->setBoxes({});
        m_dynamic = {};
        m_headLabel = m_peakLabel = nullptr;
        m_builtFor.reset();
        m_plot->replot();
        return;
    }
    // The plan does not depend on the arena size: a size change only moves the tail and the
    // arena line and recolours what no longer fits (what an arena-line drag costs).
    if (a->measured != m_builtFor) {
        buildStatic();
        m_builtFor = a->measured;
    }
    updateDynamic();
    updateHighlight();
}

QCPItemText* TimelinePlot::lineLabel(const QColor& color)
{
    auto* label = new QCPItemText(m_plot);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptPlotCoords);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    label->setColor(labelColor(color, palette()));
    // Readable where it crosses a buffer: the plot's background shows through a little.
    QColor backdrop = palette().color(QPalette::Base);
    backdrop.setAlpha(200);
    label->setBrush(backdrop);
    label->setPadding(QMargins(2, 0, 2, 0));
    return label;
}

QCPItemStraightLine* TimelinePlot::horizontalLine(double y, const QPen& pen)
{
    auto* line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(0, y);
    line->point2->setCoords(1, y);
    line->setPen(pen);
    line->setSelectable(false);
    return line;
}

void TimelinePlot::buildStatic()
{
    m_plot->clearItems();
    const AnalysisPtr& a = m_selection->analysis();
    const EmulationResult& r = *a->measured;
    std::vector<BufferLayer::Box> boxes;
    boxes.reserve(r.planned.size());
    for (const PlannedBuffer& b : r.planned) {
        BufferLayer::Box box;
        box.first = b.first - TimelineGeometry::kHalfStep;
        box.last = b.last + TimelineGeometry::kHalfStep;
        box.lo = static_cast<double>(std::max<std::int64_t>(b.offset, 0));
        box.used = box.lo + static_cast<double>(b.bytes);
        box.hi = box.lo + static_cast<double>(b.alignedBytes);
        box.color = colors::bufferKind(b.kind);
        if (b.offset < 0)
            box.first = box.last = -1e9; // never placed: not drawn
        boxes.push_back(box);
    }
    m_buffers->setBoxes(std::move(boxes));
    // Head boundary (the plan) and the temp peak above it.
    const double head = static_cast<double>(std::max<std::int64_t>(r.planBytes, 0));
    const QColor headColor = plotInk(palette());
    horizontalLine(head, QPen(headColor, 1.5));
    // Head on the left, temp peak in the middle, arena size on the right: when the tail is
    // thin the three lines are close, and their labels must not sit on each other.
    auto* headLabel = lineLabel(headColor);
    headLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    headLabel->position->setCoords(0.01, head);
    m_headLabel = headLabel; // its text follows playback (updateDynamic)
    m_peakLabel = nullptr;
    if (r.tempPeakBytes > 0) {
        const double peak = head + static_cast<double>(r.tempPeakBytes);
        horizontalLine(peak, QPen(colors::temp(), 1.5, Qt::DotLine));
        auto* peakLabel = lineLabel(colors::temp());
        peakLabel->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        peakLabel->position->setCoords(0.55, peak);
        peakLabel->setText(tr("temp peak: +%1").arg(bytesText(r.tempPeakBytes)));
        m_peakLabel = peakLabel;
    }
    // The parts that follow the arena size.
    m_dynamic.tail = new QCPItemRect(m_plot);
    m_dynamic.tail->setBrush(QBrush(colors::tailFill()));
    m_dynamic.tail->setPen(QPen(colors::tail()));
    m_dynamic.tail->setSelectable(false);
    m_dynamic.tailLabel = new QCPItemText(m_plot);
    m_dynamic.tailLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_dynamic.tailLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_dynamic.tailLabel->setColor(plotInk(palette()));
    m_dynamic.overflow = new QCPItemRect(m_plot);
    m_dynamic.overflow->setBrush(QBrush(QColor(0xe1, 0x57, 0x59, 70)));
    m_dynamic.overflow->setPen(Qt::NoPen);
    m_dynamic.overflow->setSelectable(false);
    // Playback: what the allocator holds above the head right now, and an allocation that failed.
    m_dynamic.temps = new QCPItemRect(m_plot);
    m_dynamic.temps->setBrush(QBrush(colors::temp(), Qt::Dense4Pattern));
    m_dynamic.temps->setPen(QPen(colors::temp()));
    m_dynamic.temps->setSelectable(false);
    m_dynamic.failedBlock = new QCPItemRect(m_plot);
    m_dynamic.failedBlock->setBrush(QBrush(colors::failure(), Qt::BDiagPattern));
    m_dynamic.failedBlock->setPen(QPen(colors::failure(), 2));
    m_dynamic.failedBlock->setSelectable(false);
    m_dynamic.arenaLine = horizontalLine(0, QPen());
    m_dynamic.arenaLabel = lineLabel(colors::fits());

    // Step numbers on the x axis, as many as fit at the current zoom (StepTicker); the
    // operator of each step is in the buffers' tooltips and the allocation log.
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new StepTicker(m_plot->xAxis)));
    m_plot->xAxis->setTickLabelRotation(0);
    resetZoom();
}

void TimelinePlot::updateDynamic()
{
    const AnalysisPtr& a = m_selection->analysis();
    const EmulationResult& r = *a->measured;
    const double arena = arenaLineBytes();
    // The tail shares this arena unless it has its own.
    const bool split = a->settings.nonPersistentBytes.has_value();
    // The tail the verdict states (at the size when it fits, else at the smallest arena).
    const std::uint64_t tailBytes = split ? 0 : figuresRun(*a).tailBytes;
    double tailStart = arena - static_cast<double>(tailBytes);
    const double head = static_cast<double>(std::max<std::int64_t>(r.planBytes, 0));
    const bool fits = a->fits().value_or(true);
    // Playback (an event chosen, one arena): the allocator's state right after that event.
    const int event = m_selection->event();
    const bool replaying = !split && event >= 0 && event < static_cast<int>(a->atSize->events.size());
    QString headText = tr("head: %1").arg(bytesText(static_cast<std::uint64_t>(head)));
    m_buffers->setFaded(false);
    m_dynamic.temps->setVisible(false);
    m_dynamic.failedBlock->setVisible(false);
    QString tailText = tr("tail (persistent): %1").arg(bytesText(static_cast<std::uint64_t>(tailBytes)));
    if (replaying) {
        const ArenaSnapshot s = replayArena(*a->atSize, event);
        tailStart = static_cast<double>(s.tailBegin);
        tailText = tr("tail so far: %1").arg(bytesText(static_cast<std::uint64_t>(arena - tailStart)));
        m_buffers->setFaded(!s.planCommitted); // the plan is not in the arena yet
        if (!s.planCommitted)
            headText = tr("plan: %1 (committed later; the head holds %2 now)")
                           .arg(bytesText(static_cast<std::uint64_t>(head)), bytesText(s.headEnd));
        if (s.tempEnd > s.headEnd) {
            m_dynamic.temps->topLeft->setCoords(-1e9, static_cast<double>(s.tempEnd));
            m_dynamic.temps->bottomRight->setCoords(1e9, static_cast<double>(s.headEnd));
            m_dynamic.temps->setVisible(true);
        }
        if (s.failed) {
            m_dynamic.failedBlock->topLeft->setCoords(-1e9, static_cast<double>(s.failed->end));
            m_dynamic.failedBlock->bottomRight->setCoords(1e9, static_cast<double>(s.failed->begin));
            m_dynamic.failedBlock->setVisible(true);
        }
    }
    // Buffers reaching into the tail are what does not fit: they keep their kind's colour and
    // are outlined in the failure colour.
    for (std::size_t i = 0; i < r.planned.size(); ++i) {
        const PlannedBuffer& b = r.planned[i];
        const bool beyond = static_cast<double>(b.offset) + static_cast<double>(b.alignedBytes) > tailStart;
        m_buffers->setCrossesArena(i, beyond && b.offset >= 0);
    }
    m_dynamic.tail->topLeft->setCoords(-1e9, arena);
    m_dynamic.tail->bottomRight->setCoords(1e9, tailStart);
    m_dynamic.tailLabel->position->setCoords(0.25, (arena + tailStart) / 2);
    m_dynamic.tailLabel->setText(tailText);
    if (m_headLabel)
        m_headLabel->setText(headText);
    m_tailBand = { tailStart, arena };
    m_dynamic.overflow->setVisible(!fits);
    m_dynamic.overflow->topLeft->setCoords(-1e9, std::max(head, tailStart));
    m_dynamic.overflow->bottomRight->setCoords(1e9, std::min(head, tailStart));
    const QColor lineColor = fits ? colors::fits() : colors::failure();
    m_dynamic.arenaLine->point1->setCoords(0, arena);
    m_dynamic.arenaLine->point2->setCoords(1, arena);
    m_dynamic.arenaLine->setPen(QPen(lineColor, 2.5, Qt::DashLine));
    m_dynamic.arenaLabel->position->setCoords(0.99, arena);
    m_dynamic.arenaLabel->setColor(labelColor(lineColor, palette()));
    m_dynamic.arenaLabel->setText(split
            ? tr("non-persistent arena: %1").arg(bytesText(static_cast<std::uint64_t>(arena)))
            : tr("arena size: %1").arg(bytesText(static_cast<std::uint64_t>(arena))));
    // Keep the user's zoom, but keep the arena line reachable.
    if (m_plot->yAxis->range().upper < arena)
        m_plot->yAxis->setRangeUpper(arena * 1.15);
    updateLegend(*a, fits);
}

void TimelinePlot::resetZoom()
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a)
        return;
    const double steps = std::max(1, a->measured->scopeCount);
    m_plot->xAxis->setRange(-0.7, steps - 0.3);
    m_plot->yAxis->setRange(0, std::max(naturalTop(), m_sharedTop));
    m_plot->replot();
}

double TimelinePlot::naturalTop() const
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a)
        return 16.0;
    // Room above the highest line for its label.
    const double top = std::max(arenaLineBytes(), static_cast<double>(a->measured->planBytes)) * 1.15;
    return std::max(top, 16.0);
}

void TimelinePlot::setSharedTop(double bytes)
{
    m_sharedTop = bytes;
    resetZoom();
}

// A legend row under the plot for every colour and the hatching (also in every PNG export).
// Empty graphs carry the legend entries; the buffers themselves are drawn by BufferLayer.
void TimelinePlot::buildLegend()
{
    auto entry = [this](const QString& name, const QBrush& brush, const QPen& pen) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(name);
        g->setPen(pen);
        g->setBrush(brush);
        g->setLineStyle(QCPGraph::lsNone);
        g->setSelectable(QCP::stNone);
        return g;
    };
    for (BufferKind k : { BufferKind::ModelInput, BufferKind::Activation, BufferKind::ModelOutput, BufferKind::Scratch,
             BufferKind::OfflinePlaced })
        m_legendEntries.kinds.emplace_back(k,
            entry(QString::fromLatin1(bufferKindName(k)), QBrush(colors::bufferKind(k)),
                QPen(colors::bufferKind(k).darker())));
    m_legendEntries.padding
        = entry(tr("alignment padding"), QBrush(Qt::darkGray, Qt::BDiagPattern), QPen(Qt::darkGray));
    entry(tr("tail (persistent)"), QBrush(colors::tailFill()), QPen(colors::tail()));
    m_legendEntries.beyond
        = entry(tr("beyond the arena"), QBrush(QColor(0xe1, 0x57, 0x59, 70)), QPen(colors::failure()));
    m_legendEntries.noFit
        = entry(tr("does not fit (outlined)"), QBrush(colors::failure()), QPen(colors::failure(), 2.5));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(4);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setBrush(Qt::NoBrush);
    m_plot->legend->setIconSize(14, 10);
    auto* row = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(m_plot->plotLayout()->rowCount(), 0, row);
    m_plot->plotLayout()->setRowStretchFactor(m_plot->plotLayout()->rowCount() - 1, 0.001);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    row->addElement(0, 0, m_plot->legend);
    row->setMargins(QMargins(0, 0, 0, 0));
}

void TimelinePlot::updateLegend(const Analysis& a, bool fits)
{
    const EmulationResult& r = *a.measured;
    bool changed = false;
    auto show = [&](QCPGraph* g, bool on) {
        if (on == g->visible())
            return;
        g->setVisible(on);
        if (on)
            g->addToLegend();
        else
            g->removeFromLegend();
        changed = true;
    };
    for (const auto& [kind, graph] : m_legendEntries.kinds)
        show(graph, std::any_of(r.planned.begin(), r.planned.end(), [k = kind](const PlannedBuffer& b) {
            return b.kind == k && b.offset >= 0;
        }));
    show(m_legendEntries.padding, std::any_of(r.planned.begin(), r.planned.end(), [](const PlannedBuffer& b) {
        return b.alignedBytes > b.bytes;
    }));
    show(m_legendEntries.beyond, !fits);
    show(m_legendEntries.noFit, !fits);
    if (changed) {
        m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true); // places the entries again
        if (m_plot->isVisible()) // a hidden plot's width is not its own yet (exports fit it themselves)
            fitLegend(m_plot->width());
    }
}

// As many legend entries per row as fit the width: the legend never makes the plot (or the
// window) wider than the room it has.
void TimelinePlot::fitLegend(int width)
{
    QCPLegend* legend = m_plot->legend;
    int widest = 1;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (const QCPAbstractLegendItem* item = legend->item(i)) // a wrapped grid's last row has empty cells
            widest = std::max(widest, item->minimumOuterSizeHint().width());
    const int columns
        = std::clamp((width - 20) / (widest + legend->columnSpacing()), 1, std::max(1, legend->itemCount()));
    if (columns != legend->columnCount()) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // places the entries again
    }
}

void TimelinePlot::setByteUnit(int unitIndex)
{
    setByteAxis(m_plot->yAxis, tr("arena offset"), unitIndex);
    m_plot->replot();
}

void TimelinePlot::setTitle(const QString& title)
{
    if (title.isEmpty())
        return;
    m_plot->plotLayout()->insertRow(0);
    auto* text = new QCPTextElement(m_plot, title);
    text->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    text->setTextColor(plotInk(palette()));
    m_plot->plotLayout()->addElement(0, 0, text);
}

int TimelinePlot::findTensor(const QString& text)
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a || text.trimmed().isEmpty())
        return -1;
    const auto& planned = a->measured->planned;
    const int n = static_cast<int>(planned.size());
    const int start = m_selection->plannedBuffer();
    for (int k = 1; k <= n; ++k) {
        const int i = (start + k + n) % n;
        const PlannedBuffer& b = planned[static_cast<std::size_t>(i)];
        if (b.tensor < 0)
            continue;
        const Tensor& t
            = a->model->subgraphs()[static_cast<std::size_t>(b.subgraph)].tensors[static_cast<std::size_t>(b.tensor)];
        if (!QString::fromStdString(t.name).contains(text.trimmed(), Qt::CaseInsensitive))
            continue;
        m_selection->selectPlannedBuffer(i);
        zoomTo(i);
        return i;
    }
    QToolTip::showText(m_search->mapToGlobal(QPoint(0, m_search->height())), tr("No planned tensor matches"), m_search);
    return -1;
}

void TimelinePlot::zoomTo(int plannedBuffer)
{
    const AnalysisPtr& a = m_selection->analysis();
    if (!a || plannedBuffer < 0 || plannedBuffer >= static_cast<int>(a->measured->planned.size()))
        return;
    const PlannedBuffer& b = a->measured->planned[static_cast<std::size_t>(plannedBuffer)];
    const double span = std::max(3.0, 3.0 * (b.last - b.first + 1));
    const double middle = (b.first + b.last) / 2.0;
    m_plot->xAxis->setRange(middle - span / 2, middle + span / 2);
    const double height = std::max(48.0, 3.0 * static_cast<double>(b.alignedBytes));
    const double bottom
        = std::max(0.0, static_cast<double>(b.offset) + static_cast<double>(b.alignedBytes) / 2 - height / 2);
    m_plot->yAxis->setRange(bottom, bottom + height);
    m_plot->replot();
}

void TimelinePlot::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void TimelinePlot::updateHighlight()
{
    m_buffers->setSelectedIndex(m_selection->plannedBuffer());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// The buffer's tooltip stays while the mouse is on the buffer (its rectangle on screen).
void TimelinePlot::showBufferTip(const QPoint& globalPos, int plannedBuffer)
{
    const auto& planned = m_selection->analysis()->measured->planned;
    const PlannedBuffer& b = planned[static_cast<std::size_t>(plannedBuffer)];
    const TimelineGeometry g = geometry();
    const QRectF box(QPointF(g.mapStepToX(b.first - TimelineGeometry::kHalfStep),
                         g.mapOffsetToY(static_cast<double>(b.offset + b.alignedBytes))),
        QPointF(g.mapStepToX(b.last + TimelineGeometry::kHalfStep), g.mapOffsetToY(static_cast<double>(b.offset))));
    constexpr int kShowWhileOnItMs = 10 * 60 * 1000;
    QToolTip::showText(
        globalPos, tooltipFor(plannedBuffer), m_plot, box.normalized().toAlignedRect(), kShowWhileOnItMs);
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

QImage TimelinePlot::toImage(QSize size, double scale) const
{
    return m_plot->toPixmap(size.width(), size.height(), scale).toImage();
}

QString TimelinePlot::tooltipFor(int index) const
{
    const AnalysisPtr& a = m_selection->analysis();
    const EmulationResult& r = *a->measured; // the plan the rectangles show
    const PlannedBuffer& b = r.planned[static_cast<std::size_t>(index)];
    QString html;
    if (b.tensor >= 0) {
        const auto& sg = a->model->subgraphs()[static_cast<std::size_t>(b.subgraph)];
        const Tensor& t = sg.tensors[static_cast<std::size_t>(b.tensor)];
        QStringList dims;
        for (auto d : t.shape)
            dims << QString::number(d);
        const auto names = [&sg](const std::vector<std::int32_t>& ops) {
            QStringList list;
            for (std::int32_t o : ops) {
                const Operator& op = sg.operators[static_cast<std::size_t>(o)];
                list << QStringLiteral("#%1 %2").arg(op.id.value).arg(QString::fromStdString(op.displayName()));
            }
            return list;
        };
        const QStringList producers = names(sg.producers[static_cast<std::size_t>(b.tensor)]);
        const QStringList consumers = names(sg.consumers[static_cast<std::size_t>(b.tensor)]);
        html = tr("<b>%1</b><br>tensor %2, %3 [%4]<br>")
                   .arg(QString::fromStdString(t.name).toHtmlEscaped())
                   .arg(b.tensor)
                   .arg(QString::fromUtf8(dataTypeName(t.type).data()))
                   .arg(dims.join(QStringLiteral(", ")));
        html += tr("produced by: %1<br>used by: %2<br>")
                    .arg(producers.isEmpty() ? tr("model input") : producers.join(QStringLiteral(", ")))
                    .arg(consumers.isEmpty() ? tr("model output") : consumers.join(QStringLiteral(", ")));
        switch (npuScratchRole(*a->model, b.subgraph, b.tensor)) {
        case NpuScratch::Scratch:
            html += tr("the NPU's scratch area, placed by Vela (offline plan)<br>");
            break;
        case NpuScratch::ScratchFast:
            html += tr("the NPU's fast scratch area, placed by Vela (offline plan)<br>");
            break;
        case NpuScratch::None:
            break;
        }
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
    if (watched == m_plot && event->type() == QEvent::Resize)
        fitLegend(m_plot->width());
    const AnalysisPtr& a = m_selection->analysis();
    if (watched != m_plot || !a)
        return QWidget::eventFilter(watched, event);
    const EmulationResult& r = *a->measured; // the plan the rectangles show
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
            emit dragStarted();
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
        const int hit = TimelineGeometry::hitTest(
            r.planned, g.mapXToStep(me->position().x()), g.mapYToOffset(me->position().y()));
        if (hit >= 0)
            showBufferTip(me->globalPosition().toPoint(), hit);
        else
            QToolTip::hideText();
        return false;
    }
    case QEvent::ToolTip: {
        // Resting on a buffer shows the buffer, never the plot's generic help.
        auto* he = static_cast<QHelpEvent*>(event);
        const TimelineGeometry g = geometry();
        const int hit
            = TimelineGeometry::hitTest(r.planned, g.mapXToStep(he->pos().x()), g.mapYToOffset(he->pos().y()));
        if (hit < 0)
            return QWidget::eventFilter(watched, event);
        showBufferTip(he->globalPos(), hit);
        return true;
    }
    case QEvent::MouseButtonRelease:
        if (m_dragging) {
            m_dragging = false;
            m_plot->setInteraction(QCP::iRangeDrag, true);
            emit dragFinished();
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
