#pragma once
// The tensor table with a filter box; selecting a row selects the tensor everywhere.

#include "ui/models/selection_state.h"

#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace arenascope {

class TensorTableModel;

class TensorTableView : public QWidget {
    Q_OBJECT
public:
    TensorTableView(SelectionState* selection, QWidget* parent = nullptr);
    TensorTableModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

private:
    void syncFromSelection();
    SelectionState* m_selection;
    TensorTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_filter;
    QTableView* m_table;
    bool m_syncing = false;
    EmulationResultPtr m_shown;
};

} // namespace arenascope
