#include "timeline_plot.h"

#include "buffer_layer.h"
#include "plot_colors.h"
#include "plot_interaction.h"
#include "plot_style.h"
#include "timeline_legend.h"

#include "ui/byte_text.h"
#include "ui/models/buffer_text.h"
#include "ui/text.h"

#include "core/analysis/replay.h"
#include "core/analysis/verdict.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <qcustomplot.h>

namespace arenascope {

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
    m_buffers = new BufferLayer(m_plot);
    m_plot->addLayer(QStringLiteral("lines"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_lines = m_plot->layer(QStringLiteral("lines"));
    m_lines->setMode(QCPLayer::lmBuffered);
    new CrossingOutlines(m_plot, QStringLiteral("lines"), m_buffers);
    // A full replot draws everything: what was queued is done.
    connect(m_plot, &QCustomPlot::afterReplot, this, [this] { m_redrawQueued = m_redrawWhole = false; });
    m_mouse = new PlotInteraction(m_plot, this);
    m_mouse->setTipText([this](int box) {
        const AnalysisPtr& a = m_selection->analysis();
        const BufferBox& b = m_buffers->boxes()[static_cast<std::size_t>(box)];
        return bufferTooltip(*a->model, a->measured->planned[static_cast<std::size_t>(b.buffer)]);
    });
    connect(m_mouse, &PlotInteraction::lineDragged, this, &TimelinePlot::arenaSizeDragged);
    connect(m_mouse, &PlotInteraction::dragStarted, this, &TimelinePlot::dragStarted);
    connect(m_mouse, &PlotInteraction::dragFinished, this, &TimelinePlot::dragFinished);
    connect(m_mouse, &PlotInteraction::resetRequested, this, &TimelinePlot::resetZoom);
    connect(m_mouse, &PlotInteraction::resized, this, &TimelinePlot::fitLegend);
    connect(m_mouse, &PlotInteraction::clicked, this, [this](int box, int step) {
        m_selection->selectPlannedBuffer(box < 0 ? -1 : m_buffers->boxes()[static_cast<std::size_t>(box)].buffer);
        m_selection->selectStep(step);
    });
    m_plot->setToolTip(tr("Wheel: zoom. Drag: pan. Right-drag: zoom to a rectangle. Double-click: reset. "
                          "Drag the dashed line to change the arena size."));
    m_legend = std::make_unique<TimelineLegend>(m_plot);
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

TimelinePlot::~TimelinePlot() = default;

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
        m_buffers->setBoxes({}, {});
        m_mouse->setBoxes(nullptr);
        m_mouse->setLine(std::nullopt);
        m_dynamic = {};
        m_headLabel = m_peakLabel = nullptr;
        m_builtFor.reset();
        m_plot->replot();
        return;
    }
    // The plan does not depend on the arena size: a size change only moves the tail and the
    // arena line and recolours what no longer fits (what an arena-line drag costs).
    const bool built = a->measured != m_builtFor;
    if (built) {
        buildStatic();
        m_builtFor = a->measured;
    }
    const bool whole = updateDynamic() || built;
    const bool highlight = m_buffers->selectedBuffer() != m_selection->plannedBuffer();
    m_buffers->setSelected(-1, m_selection->plannedBuffer());
    requestRedraw(whole || highlight);
}

void TimelinePlot::requestRedraw(bool whole)
{
    m_redrawWhole = m_redrawWhole || whole;
    if (m_redrawQueued)
        return;
    m_redrawQueued = true;
    QMetaObject::invokeMethod(this, &TimelinePlot::redraw, Qt::QueuedConnection);
}

void TimelinePlot::redraw()
{
    if (!m_redrawQueued) // a full replot came first
        return;
    if (m_redrawWhole) {
        m_plot->replot(); // clears the flags (afterReplot)
        return;
    }
    m_redrawQueued = false;
    // The axes are as they were: the labels are placed again on the same geometry, and only the
    // lines layer is drawn (QCustomPlot replots everything when its paint buffers are stale).
    placeLabels();
    m_lines->replot();
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
    // Every item goes on the lines layer (a size change redraws that layer alone).
    m_plot->setCurrentLayer(m_lines);
    const AnalysisPtr& a = m_selection->analysis();
    const EmulationResult& r = *a->measured;
    std::vector<BufferBox> boxes = TimelineGeometry::placeBuffers(r.planned);
    std::vector<QColor> kindColors;
    kindColors.reserve(boxes.size());
    for (const BufferBox& b : boxes)
        kindColors.push_back(colors::bufferKind(r.planned[static_cast<std::size_t>(b.buffer)].kind));
    m_buffers->setBoxes(std::move(boxes), std::move(kindColors));
    m_mouse->setBoxes(&m_buffers->boxes());
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

    m_plot->setCurrentLayer(QStringLiteral("main"));
    // Step numbers on the x axis, as many as fit at the current zoom (StepTicker); the
    // operator of each step is in the buffers' tooltips and the allocation log.
    setStepAxis(m_plot->xAxis);
    resetZoom();
}

bool TimelinePlot::updateDynamic()
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
    const bool wasFaded = m_buffers->faded();
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
    const std::vector<BufferBox>& boxes = m_buffers->boxes();
    for (std::size_t i = 0; i < boxes.size(); ++i)
        m_buffers->setCrossesArena(i, boxes[i].hi > tailStart);
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
    const bool rescaled = m_plot->yAxis->range().upper < arena;
    if (rescaled)
        m_plot->yAxis->setRangeUpper(arena * 1.15);
    m_mouse->setLine(arena);
    const bool legendChanged = m_legend->update(r.planned, fits);
    return rescaled || legendChanged || m_buffers->faded() != wasFaded;
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

void TimelinePlot::setByteUnit(int unitIndex)
{
    setByteAxis(m_plot->yAxis, tr("arena offset"), unitIndex);
    m_plot->replot();
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
        if (!toQString(t.name).contains(text.trimmed(), Qt::CaseInsensitive))
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
    m_buffers->setSelected(-1, m_selection->plannedBuffer());
    requestRedraw(true);
}

TimelineGeometry TimelinePlot::geometry() const
{
    return geometryOf(*m_plot);
}

const std::vector<BufferBox>& TimelinePlot::boxes() const
{
    return m_buffers->boxes();
}

void TimelinePlot::fitLegend(int width)
{
    m_legend->fit(width);
}

} // namespace arenascope
