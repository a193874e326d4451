#pragma once
// The tensor table: one row per tensor of every subgraph, in the plan JSON's order.
// Display text in Qt::DisplayRole, raw numbers for sorting in kSortRole.

#include "core/analysis/analysis.h"

#include <QAbstractTableModel>

namespace arenascope {

class TensorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Subgraph,
        Index,
        Name,
        Kind,
        DType,
        Shape,
        Bytes,
        AlignedBytes,
        Padding,
        Offset,
        FirstUse,
        LastUse,
        Where,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kTensorRole = Qt::UserRole + 2; // "subgraph:index"

    explicit TensorTableModel(QObject* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Row of a tensor, or -1.
    int rowOf(int subgraph, int index) const;

private:
    AnalysisPtr m_analysis;
    std::vector<std::size_t> m_rowStart; // first row of each subgraph
};

} // namespace arenascope
