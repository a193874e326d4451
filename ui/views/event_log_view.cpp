#include "event_log_view.h"

#include "table_copy.h"
#include "ui/models/event_log_model.h"

#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

namespace arenascope {

EventLogView::EventLogView(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_model(new EventLogModel(this))
    , m_tree(new QTreeView(this))
{
    m_tree->setModel(m_model);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    addCopyActions(m_tree, [this](const QModelIndex& index) {
        const int event = index.siblingAtColumn(0).data(EventLogModel::kEventRole).toInt();
        const AnalysisPtr& a = m_selection->analysis();
        if (!a || event < 0 || event >= static_cast<int>(a->atSize->events.size()))
            return;
        const AllocationEvent& e = a->atSize->events[static_cast<std::size_t>(event)];
        m_selection->selectEvent(event);
        if (e.tensor >= 0) {
            m_selection->selectTensor(TensorRef { e.subgraph, e.tensor });
            m_selection->reveal();
        }
    });
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tree);
    connect(m_selection, &SelectionState::analysisSettled, this, [this](const AnalysisPtr& a) {
        const bool first = !m_sized;
        m_model->setAnalysis(a);
        if (first && a) {
            m_tree->header()->resizeSection(EventLogModel::What, 420);
            m_sized = true;
        }
        const int failed = m_model->failedEvent();
        if (failed >= 0) {
            const QModelIndex idx = m_model->indexOfEvent(failed);
            m_tree->expand(idx.parent());
            m_tree->setCurrentIndex(idx);
            m_tree->scrollTo(idx, QAbstractItemView::PositionAtCenter);
        }
    });
    // The log follows the shared moment (playback, walkthrough): the row of the selected event.
    connect(m_selection, &SelectionState::eventChanged, this, [this](int event) {
        if (event < 0)
            return;
        const QModelIndex idx = m_model->indexOfEvent(event);
        if (!idx.isValid() || idx == m_tree->currentIndex())
            return;
        m_tree->expand(idx.parent());
        m_tree->setCurrentIndex(idx);
        m_tree->scrollTo(idx);
    });
    connect(m_tree, &QTreeView::clicked, this,
        [this](const QModelIndex& idx) { m_selection->selectEvent(idx.data(EventLogModel::kEventRole).toInt()); });
}

} // namespace arenascope
