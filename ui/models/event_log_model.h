#pragma once
// The allocation log: every emulated event in order, grouped into runs of the same phase
// and operator (a tree of two levels). The failing event is marked with kFailedRole.

#include "core/analysis/analysis.h"

#include <QAbstractItemModel>

namespace arenascope {

class EventLogModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { What, Category, Region, Requested, Used, Padding, Offset, ColumnCount };
    static constexpr int kFailedRole = Qt::UserRole + 1;
    static constexpr int kEventRole = Qt::UserRole + 2; // event index, -1 for a group

    explicit EventLogModel(QObject* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QModelIndex indexOfEvent(int event) const;
    int failedEvent() const; // -1 if none

private:
    struct Group {
        std::size_t first = 0; // first event
        std::size_t count = 0;
        std::uint64_t used = 0;
        bool failed = false;
    };
    static constexpr quintptr kGroupId = ~quintptr(0);
    const std::vector<AllocationEvent>& events() const;
    QString groupTitle(const Group& g) const;

    AnalysisPtr m_analysis;
    std::vector<Group> m_groups;
};

} // namespace arenascope
