#pragma once
// The models in one arena, in the order the firmware builds their interpreters, each with its
// status and figures from the shared analysis; drag a row to change the order (the window then
// analyses the new order), or remove one.

#include "core/analysis/shared_arena_analysis.h"

#include <QWidget>

#include <vector>

class QListWidget;
class QPushButton;

namespace arenascope {

class TenantList : public QWidget {
    Q_OBJECT
public:
    explicit TenantList(QWidget* parent = nullptr);

    // The tenants' names in order, and what the analysis says of each (null: not analysed yet).
    void setTenants(const std::vector<QString>& names, const SharedArenaAnalysisPtr& analysis);
    QListWidget* list() const { return m_list; }

signals:
    // The user dragged a row: the new order as indices into the order shown before.
    void orderChanged(const std::vector<int>& order);
    void removeRequested(int index);
    void addRequested();

private:
    void emitOrder();

    QListWidget* m_list;
    QPushButton* m_remove;
    int m_count = 0; // the tenants shown
};

} // namespace arenascope
