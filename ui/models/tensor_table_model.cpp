#include "tensor_table_model.h"

#include "ui/text.h"

#include "core/report/plan_report.h"

#include <QBrush>
#include <QColor>

namespace arenascope {

TensorTableModel::TensorTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TensorTableModel::setAnalysis(const AnalysisPtr& analysis)
{
    beginResetModel();
    m_analysis = analysis;
    m_rowStart.clear();
    if (m_analysis) {
        std::size_t row = 0;
        for (const auto& sg : m_analysis->model->subgraphs()) {
            m_rowStart.push_back(row);
            row += sg.tensors.size();
        }
    }
    endResetModel();
}

int TensorTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_analysis)
        return 0;
    return static_cast<int>(m_analysis->measured->tensors.size());
}

int TensorTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int TensorTableModel::rowOf(int subgraph, int index) const
{
    if (!m_analysis || subgraph < 0 || subgraph >= static_cast<int>(m_rowStart.size()) || index < 0)
        return -1;
    return static_cast<int>(m_rowStart[static_cast<std::size_t>(subgraph)]) + index;
}

QVariant TensorTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_analysis || !index.isValid() || index.row() >= rowCount())
        return {};
    const EmulationResult& r = *m_analysis->measured;
    const TensorPlacement& p = r.tensors[static_cast<std::size_t>(index.row())];
    const Tensor& t = m_analysis->model->subgraphs()[static_cast<std::size_t>(p.subgraph)]
                          .tensors[static_cast<std::size_t>(p.index)];
    const PlannedBuffer* b = p.planIndex >= 0 ? &r.planned[static_cast<std::size_t>(p.planIndex)] : nullptr;
    const qulonglong aligned = b ? b->alignedBytes : p.bytes;
    if (role == kTensorRole)
        return QStringLiteral("%1:%2").arg(p.subgraph).arg(p.index);
    if (role == Qt::TextAlignmentRole) {
        const int c = index.column();
        if (c == Name || c == Kind || c == DType || c == Shape || c == Where)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && index.column() == Name)
        return QString::fromStdString(t.name);
    if (role == Qt::ForegroundRole && index.column() == Where && p.place == TensorPlace::Flash)
        return QBrush(QColor(0x70, 0x70, 0x70));
    if (role != Qt::DisplayRole && role != kSortRole)
        return {};
    const bool sort = role == kSortRole;
    switch (index.column()) {
    case Subgraph:
        return p.subgraph;
    case Index:
        return p.index;
    case Name:
        return QString::fromStdString(t.name);
    case Kind:
        return QString::fromStdString(tensorKind(*m_analysis->model, r, p));
    case DType:
        return toQString(dataTypeName(t.type));
    case Shape: {
        QStringList dims;
        for (auto d : t.shape)
            dims << QString::number(d);
        return sort ? QVariant(static_cast<qulonglong>(t.elementCount))
                    : QVariant(QStringLiteral("[%1]").arg(dims.join(QStringLiteral(", "))));
    }
    case Bytes:
        return static_cast<qulonglong>(p.bytes);
    case AlignedBytes:
        return b ? QVariant(aligned) : (sort ? QVariant(qulonglong(0)) : QVariant());
    case Padding:
        return b ? QVariant(static_cast<qulonglong>(b->alignedBytes - b->bytes))
                 : (sort ? QVariant(qulonglong(0)) : QVariant());
    case Offset:
        if (p.offset)
            return static_cast<qulonglong>(*p.offset);
        return sort ? QVariant(qlonglong(-1)) : QVariant(QStringLiteral("—"));
    case FirstUse:
        return p.firstUse;
    case LastUse:
        return p.lastUse;
    case Where:
        switch (p.place) {
        case TensorPlace::Flash:
            return tr("flash");
        case TensorPlace::Head:
            return tr("arena (head)");
        case TensorPlace::Tail:
            return tr("arena (tail)");
        case TensorPlace::None:
            return tr("—");
        }
    }
    return {};
}

QVariant TensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case AlignedBytes:
            return tr("Bytes the planner reserves: the size rounded up to 16");
        case Padding:
            return tr("Alignment padding: aligned bytes minus the tensor's bytes");
        case Offset:
            return tr("Offset of the tensor's data from the start of the arena");
        case FirstUse:
            return tr("Allocation scope in which the buffer is first created");
        case LastUse:
            return tr("Last allocation scope that reads or writes the buffer");
        case Where:
            return tr("Flash: constant data stays in the model. Head: planned activations. "
                      "Tail: persistent buffers such as variables");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    static const char* const kNames[] = { "Subgraph", "#", "Name", "Kind", "Type", "Shape", "Bytes", "Aligned",
        "Padding", "Offset", "First", "Last", "Where" };
    return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

} // namespace arenascope
