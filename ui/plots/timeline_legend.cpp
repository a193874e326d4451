#include "timeline_legend.h"

#include "plot_colors.h"

#include "ui/text.h"

#include <QCoreApplication>
#include <algorithm>
#include <qcustomplot.h>

namespace arenascope {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("TimelinePlot", text);
}

} // namespace

TimelineLegend::TimelineLegend(QCustomPlot* plot)
    : m_plot(plot)
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
        m_kinds.emplace_back(k,
            entry(toQString(bufferKindName(k)), QBrush(colors::bufferKind(k)), QPen(colors::bufferKind(k).darker())));
    m_padding = entry(tr("alignment padding"), QBrush(Qt::darkGray, Qt::BDiagPattern), QPen(Qt::darkGray));
    entry(tr("tail (persistent)"), QBrush(colors::tailFill()), QPen(colors::tail()));
    m_beyond = entry(tr("beyond the arena"), QBrush(QColor(0xe1, 0x57, 0x59, 70)), QPen(colors::failure()));
    m_noFit = entry(tr("does not fit (outlined)"), QBrush(colors::failure()), QPen(colors::failure(), 2.5));
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

bool TimelineLegend::update(const std::vector<PlannedBuffer>& planned, bool fits)
{
    return update(std::vector<const std::vector<PlannedBuffer>*> { &planned }, fits);
}

bool TimelineLegend::update(const std::vector<const std::vector<PlannedBuffer>*>& plans, bool fits)
{
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
    auto any = [&plans](auto predicate) {
        return std::any_of(plans.begin(), plans.end(),
            [&](const std::vector<PlannedBuffer>* p) { return std::any_of(p->begin(), p->end(), predicate); });
    };
    for (const auto& [kind, graph] : m_kinds)
        show(graph, any([k = kind](const PlannedBuffer& b) { return b.kind == k && b.offset >= 0; }));
    show(m_padding, any([](const PlannedBuffer& b) { return b.alignedBytes > b.bytes; }));
    show(m_beyond, !fits);
    show(m_noFit, !fits);
    if (changed) {
        m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true); // places the entries again
        if (m_plot->isVisible()) // a hidden plot's width is not its own yet (exports fit it themselves)
            fit(m_plot->width());
    }
    return changed;
}

void TimelineLegend::fit(int width)
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

} // namespace arenascope
