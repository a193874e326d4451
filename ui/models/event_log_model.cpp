#include "event_log_model.h"

#include "ui/text.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace arenascope {

EventLogModel::EventLogModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

const std::vector<AllocationEvent>& EventLogModel::events() const
{
    return m_analysis->atSize->events;
}

void EventLogModel::setAnalysis(const AnalysisPtr& analysis)
{
    beginResetModel();
    m_analysis = analysis;
    m_groups.clear();
    if (m_analysis) {
        const auto& ev = events();
        for (std::size_t i = 0; i < ev.size(); ++i) {
            const bool same = !m_groups.empty() && ev[m_groups.back().first].phase == ev[i].phase
                && ev[m_groups.back().first].op == ev[i].op && ev[m_groups.back().first].subgraph == ev[i].subgraph;
            if (!same)
                m_groups.push_back(Group { i, 0, 0, false });
            Group& g = m_groups.back();
            ++g.count;
            g.used += ev[i].used;
            g.failed = g.failed || ev[i].failed;
        }
    }
    endResetModel();
}

QModelIndex EventLogModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < static_cast<int>(m_groups.size()) ? createIndex(row, column, kGroupId) : QModelIndex();
    if (parent.internalId() != kGroupId)
        return {};
    const Group& g = m_groups[static_cast<std::size_t>(parent.row())];
    return row < static_cast<int>(g.count) ? createIndex(row, column, static_cast<quintptr>(parent.row()))
                                           : QModelIndex();
}

QModelIndex EventLogModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kGroupId)
        return {};
    return createIndex(static_cast<int>(child.internalId()), 0, kGroupId);
}

int EventLogModel::rowCount(const QModelIndex& parent) const
{
    if (!m_analysis)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_groups.size());
    if (parent.internalId() == kGroupId && parent.column() == 0)
        return static_cast<int>(m_groups[static_cast<std::size_t>(parent.row())].count);
    return 0;
}

int EventLogModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QString EventLogModel::groupTitle(const Group& g) const
{
    const AllocationEvent& e = events()[g.first];
    QString title = toQString(phaseName(e.phase));
    if (e.op >= 0 && e.subgraph >= 0) {
        const auto& op = m_analysis->model->subgraphs()[static_cast<std::size_t>(e.subgraph)]
                             .operators[static_cast<std::size_t>(e.op)];
        title += tr(": operator %1 %2").arg(e.op).arg(QString::fromStdString(op.displayName()));
    }
    return title;
}

QVariant EventLogModel::data(const QModelIndex& index, int role) const
{
    if (!m_analysis || !index.isValid())
        return {};
    const bool isGroup = index.internalId() == kGroupId;
    const Group& g = m_groups[static_cast<std::size_t>(isGroup ? index.row() : static_cast<int>(index.internalId()))];
    const int eventIndex = isGroup ? -1 : static_cast<int>(g.first) + index.row();
    const bool failed = isGroup ? g.failed : events()[static_cast<std::size_t>(eventIndex)].failed;
    if (role == kFailedRole)
        return failed;
    if (role == kEventRole)
        return eventIndex;
    if (role == Qt::BackgroundRole && failed)
        return QBrush(QColor(0xf8, 0xd0, 0xd0));
    if (role == Qt::ForegroundRole && failed)
        return QBrush(QColor(0x7a, 0x10, 0x10));
    if (role == Qt::FontRole && isGroup) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Requested)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    if (isGroup) {
        if (index.column() == What)
            return groupTitle(g);
        if (index.column() == Used)
            return static_cast<qulonglong>(g.used);
        return {};
    }
    const AllocationEvent& e = events()[static_cast<std::size_t>(eventIndex)];
    switch (index.column()) {
    case What: {
        QString what = QString::fromStdString(e.label);
        if (e.tensor >= 0 && e.subgraph >= 0)
            what += QStringLiteral(": %1 (#%2)")
                        .arg(QString::fromStdString(m_analysis->model->subgraphs()[static_cast<std::size_t>(e.subgraph)]
                                                        .tensors[static_cast<std::size_t>(e.tensor)]
                                                        .name))
                        .arg(e.tensor);
        return what + (e.failed ? tr("  — FAILED") : QString());
    }
    case Category:
        return toQString(categoryName(e.category));
    case Region:
        return toQString(regionName(e.region));
    case Requested:
        return static_cast<qulonglong>(e.requested);
    case Used:
        return static_cast<qulonglong>(e.used);
    case Padding:
        return static_cast<qulonglong>(e.padding());
    case Offset:
        return e.failed ? QVariant(QStringLiteral("—")) : QVariant(static_cast<qulonglong>(e.offset));
    }
    return {};
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const char* const kNames[]
        = { "Allocation", "Category", "Region", "Requested", "Used", "Padding", "Offset" };
    return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

QModelIndex EventLogModel::indexOfEvent(int event) const
{
    if (event < 0)
        return {};
    for (std::size_t gi = 0; gi < m_groups.size(); ++gi) {
        const Group& g = m_groups[gi];
        if (static_cast<std::size_t>(event) >= g.first && static_cast<std::size_t>(event) < g.first + g.count)
            return index(event - static_cast<int>(g.first), 0, index(static_cast<int>(gi), 0));
    }
    return {};
}

int EventLogModel::failedEvent() const
{
    if (!m_analysis)
        return -1;
    const auto& ev = events();
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (ev[i].failed)
            return static_cast<int>(i);
    return -1;
}

} // namespace arenascope
