#pragma once
// The allocation log: every event grouped by phase and operator; the failing event is
// highlighted, expanded and scrolled to.

#include "ui/models/selection_state.h"

#include <QWidget>

class QTreeView;

namespace arenascope {

class EventLogModel;

class EventLogView : public QWidget {
    Q_OBJECT
public:
    EventLogView(SelectionState* selection, QWidget* parent = nullptr);
    EventLogModel* model() const { return m_model; }
    QTreeView* tree() const { return m_tree; }

private:
    SelectionState* m_selection;
    EventLogModel* m_model;
    QTreeView* m_tree;
    bool m_sized = false;
};

} // namespace arenascope
