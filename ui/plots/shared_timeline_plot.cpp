#include "shared_timeline_plot.h"

#include "buffer_layer.h"
#include "plot_colors.h"
#include "plot_interaction.h"
#include "plot_style.h"
#include "timeline_legend.h"

#include "ui/byte_text.h"
#include "ui/models/allocation_steps.h"
#include "ui/models/buffer_text.h"
#include "ui/text.h"

#include <algorithm>
#include <limits>
#include <qcustomplot.h>

namespace arenascope {

namespace {

constexpr double kBandEdge = 1e9; // far beyond any view: items spanning the whole axis

QSizeF textSize(const QCPItemText* label)
{
    const QSizeF text = QFontMetricsF(label->font()).size(0, label->text());
    const QMargins pad = label->padding();
    return { text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom() };
}

void span(QCPItemRect* r, double x0, double x1, double y0, double y1)
{
    r->topLeft->setCoords(x0, std::max(y0, y1));
    r->bottomRight->setCoords(x1, std::min(y0, y1));
}

// The run whose tail the view shows: at the user's size when it fits, else at the smallest
// shared arena (what the arena must hold), as the single timeline does.
const SharedArenaResult& tailRun(const SharedArenaAnalysis& a)
{
    return !a.fits().value_or(true) && a.atMinimum ? *a.atMinimum : *a.atSize;
}

} // namespace

SharedTimelinePlot::SharedTimelinePlot(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_plot(addFillingPlot(this))
{
    m_plot->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Expanding);
    m_plot->setMinimumWidth(240);
    m_plot->xAxis->setLabel(tr("execution step, model after model (allocation scope)"));
    setByteAxis(m_plot->yAxis, tr("arena offset"), 0);
    m_plot->setToolTip(tr("Each model's buffers on its own steps, over the same offsets: every model is planned "
                          "from the arena's start. Drag the dashed line to change the arena size."));
    connect(m_plot, &QCustomPlot::afterLayout, this, &SharedTimelinePlot::placeLabels);
    m_buffers = new BufferLayer(m_plot);
    new CrossingOutlines(m_plot, QStringLiteral("main"), m_buffers); // drawn after the boxes
    m_mouse = new PlotInteraction(m_plot, this);
    m_mouse->setTipText([this](int box) {
        const SharedArenaAnalysisPtr& a = m_selection->shared();
        const BufferBox& b = m_buffers->boxes()[static_cast<std::size_t>(box)];
        const auto t = static_cast<std::size_t>(b.tenant);
        return tr("<i>model %1: %2</i><br>").arg(b.tenant + 1).arg(toQString(a->tenants[t].name).toHtmlEscaped())
            + bufferTooltip(
                *a->tenants[t].model, a->measured->tenants[t].result->planned[static_cast<std::size_t>(b.buffer)]);
    });
    connect(m_mouse, &PlotInteraction::lineDragged, this, &SharedTimelinePlot::arenaSizeDragged);
    connect(m_mouse, &PlotInteraction::dragStarted, this, &SharedTimelinePlot::dragStarted);
    connect(m_mouse, &PlotInteraction::dragFinished, this, &SharedTimelinePlot::dragFinished);
    connect(m_mouse, &PlotInteraction::resetRequested, this, &SharedTimelinePlot::resetZoom);
    connect(m_mouse, &PlotInteraction::clicked, this, [this](int box, int) {
        const BufferBox* b = box >= 0 ? &m_buffers->boxes()[static_cast<std::size_t>(box)] : nullptr;
        m_buffers->setSelected(b ? b->tenant : -1, b ? b->buffer : -1);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
    m_legend = std::make_unique<TimelineLegend>(m_plot);
    connect(m_mouse, &PlotInteraction::resized, this, [this](int width) { m_legend->fit(width); });
    stylePlot(m_plot, palette());
    connect(m_selection, &SelectionState::sharedChanged, this, &SharedTimelinePlot::rebuild);
    connect(m_selection, &SelectionState::eventChanged, this, [this] {
        if (m_selection->shared() && m_arenaLine) {
            updateDynamic();
            m_plot->replot();
        }
    });
}

SharedTimelinePlot::~SharedTimelinePlot() = default;

TimelineGeometry SharedTimelinePlot::geometry() const
{
    return geometryOf(*m_plot);
}

const std::vector<BufferBox>& SharedTimelinePlot::boxes() const
{
    return m_buffers->boxes();
}

double SharedTimelinePlot::laneStart(int tenant) const
{
    return tenant >= 0 && static_cast<std::size_t>(tenant) < m_laneStarts.size()
        ? m_laneStarts[static_cast<std::size_t>(tenant)]
        : 0.0;
}

double SharedTimelinePlot::arenaBytes() const
{
    const SharedArenaAnalysis& a = *m_selection->shared();
    return static_cast<double>(a.arenaSize().value_or(a.measured->arenaUsedBytes));
}

void SharedTimelinePlot::rebuild()
{
    const SharedArenaAnalysisPtr& a = m_selection->shared();
    if (!a) {
        m_plot->clearItems();
        m_buffers->setBoxes({}, {});
        m_mouse->setBoxes(nullptr);
        m_mouse->setLine(std::nullopt);
        m_lanes.clear();
        m_tails.clear();
        m_headLine = nullptr;
        m_arenaLine = nullptr;
        m_headLabel = m_arenaLabel = nullptr;
        m_builtFor.reset();
        m_plot->replot();
        return;
    }
    if (a->measured != m_builtFor) {
        buildStatic();
        m_builtFor = a->measured;
    }
    updateDynamic();
    m_plot->replot();
}

QCPItemText* SharedTimelinePlot::label(const QColor& ink)
{
    auto* text = new QCPItemText(m_plot);
    text->position->setType(QCPItemPosition::ptAbsolute); // placed in pixels by placeLabels
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    text->setColor(labelColor(ink, palette()));
    QColor backdrop = palette().color(QPalette::Base);
    backdrop.setAlpha(210);
    text->setBrush(backdrop);
    text->setPadding(QMargins(3, 1, 3, 1));
    text->setClipToAxisRect(true);
    return text;
}

// The plans and the lanes: they do not depend on the arena size.
void SharedTimelinePlot::buildStatic()
{
    m_plot->clearItems();
    const SharedArenaAnalysis& a = *m_selection->shared();
    const SharedArenaResult& measured = *a.measured;
    m_laneStarts = { 0.0 };
    std::vector<BufferBox> boxes;
    std::vector<QColor> kindColors;
    std::vector<const std::vector<PlannedBuffer>*> plans;
    m_lanes.clear();
    m_tails.clear();
    for (std::size_t k = 0; k < measured.tenants.size(); ++k) {
        const EmulationResult& r = *measured.tenants[k].result;
        const double start = m_laneStarts.back();
        plans.push_back(&r.planned);
        for (const BufferBox& b : TimelineGeometry::placeBuffers(r.planned, start, static_cast<int>(k))) {
            boxes.push_back(b);
            kindColors.push_back(colors::bufferKind(r.planned[static_cast<std::size_t>(b.buffer)].kind));
        }
        // One step of room between the lanes.
        m_laneStarts.push_back(start + std::max(1, r.scopeCount) + 1);
        Lane lane;
        lane.band = new QCPItemRect(m_plot);
        QColor tint = colors::tenant(static_cast<int>(k));
        tint.setAlpha(45);
        lane.band->setBrush(tint);
        lane.band->setPen(Qt::NoPen);
        lane.band->setSelectable(false);
        lane.band->setLayer(QStringLiteral("background"));
        span(lane.band, start - 0.5, start + std::max(1, r.scopeCount) - 0.5, 0, kBandEdge);
        lane.fade = new QCPItemRect(m_plot);
        QColor veil = palette().color(QPalette::Base);
        veil.setAlpha(170);
        lane.fade->setBrush(veil);
        lane.fade->setPen(Qt::NoPen);
        lane.fade->setSelectable(false);
        lane.fade->setVisible(false);
        span(lane.fade, start - 0.5, start + std::max(1, r.scopeCount) - 0.5, 0, kBandEdge);
        lane.name = label(colors::tenant(static_cast<int>(k)).darker(160));
        m_lanes.push_back(lane);
        TailShare tail;
        tail.band = new QCPItemRect(m_plot);
        QColor fill = colors::tenant(static_cast<int>(k));
        fill.setAlpha(150);
        tail.band->setBrush(fill);
        tail.band->setPen(QPen(colors::tail()));
        tail.band->setSelectable(false);
        tail.name = label(plotInk(palette()));
        m_tails.push_back(tail);
    }
    m_buffers->setBoxes(std::move(boxes), std::move(kindColors));
    m_mouse->setBoxes(&m_buffers->boxes());
    const QColor ink = plotInk(palette());
    m_headLine = new QCPItemStraightLine(m_plot);
    m_headLine->setPen(QPen(ink, 1.5));
    m_headLine->setSelectable(false);
    m_headLine->point1->setCoords(0, static_cast<double>(measured.headBytes));
    m_headLine->point2->setCoords(1, static_cast<double>(measured.headBytes));
    m_headLabel = label(ink);
    m_headLabel->setText(tr("head (the largest plan): %1").arg(bytesText(measured.headBytes)));
    m_overflow = new QCPItemRect(m_plot);
    m_overflow->setBrush(QBrush(QColor(0xe1, 0x57, 0x59, 70)));
    m_overflow->setPen(Qt::NoPen);
    m_overflow->setSelectable(false);
    m_temps = new QCPItemRect(m_plot);
    m_temps->setBrush(QBrush(colors::temp(), Qt::Dense4Pattern));
    m_temps->setPen(QPen(colors::temp()));
    m_temps->setSelectable(false);
    m_arenaLine = new QCPItemStraightLine(m_plot);
    m_arenaLine->setSelectable(false);
    m_arenaLabel = label(colors::fits());
    setStepAxis(m_plot->xAxis);
    m_legend->update(plans, a.fits().value_or(true));
    resetZoom();
}

void SharedTimelinePlot::updateDynamic()
{
    const SharedArenaAnalysis& a = *m_selection->shared();
    const double arena = arenaBytes();
    const bool fits = a.fits().value_or(true);
    const SharedArenaResult& run = tailRun(a);
    // Playback: the shared allocator right after the chosen event (the events in their order).
    const int step = m_selection->event();
    const AllocationSteps steps = step >= 0 ? AllocationSteps::of(m_selection->shared()) : AllocationSteps();
    const AllocationEvent* now = step >= 0 && step < steps.count() ? &steps.event(step) : nullptr;
    // The tail as far as it has grown (a failed event leaves the allocator as it was).
    const double tailFloor = now ? static_cast<double>(now->tailBeginAfter) : 0.0;
    double cursor = arena;
    m_tailShares.clear();
    for (std::size_t k = 0; k < m_tails.size(); ++k) {
        const double share = k < run.tenants.size() ? static_cast<double>(run.tenants[k].tailAdded) : 0.0;
        const double lo = std::max(cursor - share, tailFloor);
        const double hi = std::max(cursor, lo);
        m_tailShares.emplace_back(cursor - share, cursor);
        span(m_tails[k].band, -kBandEdge, kBandEdge, lo, hi);
        m_tails[k].band->setVisible(hi > lo);
        m_tails[k].name->setText(
            tr("tail of %1: %2").arg(toQString(a.tenants[k].name)).arg(bytesText(static_cast<std::uint64_t>(share))));
        cursor -= share;
    }
    const double tailStart = cursor;
    // Lanes: named, and during playback faded until their plan is committed.
    for (std::size_t k = 0; k < m_lanes.size(); ++k) {
        QString name = QStringLiteral("%1. %2").arg(k + 1).arg(toQString(a.tenants[k].name));
        if (a.verdict.breakingTenant == static_cast<int>(k))
            name += tr(" (breaks here)");
        m_lanes[k].name->setText(name);
        bool committed = true;
        if (now) {
            const auto& events = a.atSize->tenants[k].result->events;
            committed = std::any_of(events.begin(), events.end(), [&](const AllocationEvent& e) {
                return e.kind == EventKind::PlanCommit && e.sequence <= now->sequence;
            });
        }
        m_lanes[k].fade->setVisible(!committed);
    }
    m_temps->setVisible(false);
    if (now && now->tempEndAfter > now->headEndAfter) {
        const int t = steps.tenant(step);
        span(m_temps, laneStart(t) - 0.5, m_laneStarts[static_cast<std::size_t>(t) + 1] - 1.5,
            static_cast<double>(now->headEndAfter), static_cast<double>(now->tempEndAfter));
        m_temps->setVisible(true);
    }
    const std::vector<BufferBox>& boxes = m_buffers->boxes();
    for (std::size_t i = 0; i < boxes.size(); ++i)
        m_buffers->setCrossesArena(i, boxes[i].hi > tailStart);
    const double head = static_cast<double>(a.measured->headBytes);
    m_overflow->setVisible(!fits);
    span(m_overflow, -kBandEdge, kBandEdge, std::min(head, tailStart), std::max(head, tailStart));
    const QColor lineColor = fits ? colors::fits() : colors::failure();
    m_arenaLine->point1->setCoords(0, arena);
    m_arenaLine->point2->setCoords(1, arena);
    m_arenaLine->setPen(QPen(lineColor, 2.5, Qt::DashLine));
    m_arenaLabel->setColor(labelColor(lineColor, palette()));
    m_arenaLabel->setText(tr("shared arena: %1").arg(bytesText(static_cast<std::uint64_t>(arena))));
    m_mouse->setLine(arena);
    if (m_plot->yAxis->range().upper < arena)
        m_plot->yAxis->setRangeUpper(arena * 1.2);
    std::vector<const std::vector<PlannedBuffer>*> plans;
    for (const TenantOutcome& t : a.measured->tenants)
        plans.push_back(&t.result->planned);
    m_legend->update(plans, fits);
}

void SharedTimelinePlot::resetZoom()
{
    const SharedArenaAnalysisPtr& a = m_selection->shared();
    if (!a || m_laneStarts.empty())
        return;
    m_plot->xAxis->setRange(-0.7, m_laneStarts.back() - 1.3);
    // Room above the arena line for the tenants' names.
    const double top = std::max(arenaBytes(), static_cast<double>(a->measured->headBytes)) * 1.2;
    m_plot->yAxis->setRange(0, std::max(top, 16.0));
    m_plot->replot();
}

// The labels through the one layout: the arena size first (always), then each tenant's name at
// the top of its lane, the head, and each tenant's tail share inside its band when it holds it.
void SharedTimelinePlot::placeLabels()
{
    if (!m_arenaLabel)
        return;
    std::vector<std::pair<QCPItemText*, LabelMark>> items;
    auto add = [&](QCPItemText* item, LabelMark m) {
        m.size = textSize(item);
        items.emplace_back(item, m);
    };
    LabelMark arena;
    arena.offset = arenaBytes();
    arena.priority = 1000;
    arena.mustShow = true;
    add(m_arenaLabel, arena);
    for (std::size_t k = 0; k < m_lanes.size(); ++k) {
        LabelMark lane;
        lane.kind = LabelMark::Kind::Lane;
        lane.offset = m_laneStarts[k];
        lane.priority = 900 - static_cast<int>(k);
        add(m_lanes[k].name, lane);
    }
    LabelMark head;
    head.offset = m_headLine->point1->coords().y();
    head.along = 0.01;
    head.horizontal = Qt::AlignLeft;
    head.priority = 500;
    add(m_headLabel, head);
    for (std::size_t k = 0; k < m_tails.size() && m_tailShares.size() == m_tails.size(); ++k) {
        LabelMark tail;
        tail.kind = LabelMark::Kind::Band;
        tail.offset = m_tailShares[k].first;
        tail.extent = m_tailShares[k].second;
        tail.along = 0.5;
        tail.horizontal = Qt::AlignHCenter;
        tail.priority = 400 - static_cast<int>(k);
        add(m_tails[k].name, tail);
    }
    std::vector<LabelMark> marks;
    for (const auto& item : items)
        marks.push_back(item.second);
    const TimelineGeometry g = geometry();
    const std::vector<LabelBox> boxes = g.layoutLabels(marks, g.plotRect());
    m_shownLabels.clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
        QCPItemText* item = items[i].first;
        const QRectF at = boxes[i].atAlternative ? boxes[i].alternative : boxes[i].rect;
        item->setVisible(boxes[i].visible);
        item->position->setPixelPosition(at.topLeft());
        if (boxes[i].visible)
            m_shownLabels.emplace_back(item->text(), at);
    }
}

} // namespace arenascope
