#include "tensor_table_view.h"

#include "table_copy.h"
#include "ui/models/tensor_table_model.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace arenascope {

TensorTableView::TensorTableView(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_model(new TensorTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_table(new QTableView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(TensorTableModel::kSortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setPlaceholderText(tr("Filter tensors by name, kind or type"));
    m_filter->setClearButtonEnabled(true);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    addCopyActions(m_table, [this](const QModelIndex& index) {
        const QModelIndex src = m_proxy->mapToSource(index);
        m_selection->selectTensor(TensorRef { m_model->index(src.row(), TensorTableModel::Subgraph).data().toInt(),
            m_model->index(src.row(), TensorTableModel::Index).data().toInt() });
        m_selection->reveal();
    });
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->sortByColumn(TensorTableModel::Index, Qt::AscendingOrder);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_selection, &SelectionState::analysisChanged, this, [this](const AnalysisPtr& a) {
        // The table shows the plan, which a size change does not alter.
        if (a && a->measured == m_shown)
            return;
        m_shown = a ? a->measured : nullptr;
        m_model->setAnalysis(a);
        m_table->resizeColumnsToContents();
        m_table->setColumnWidth(TensorTableModel::Name, std::min(m_table->columnWidth(TensorTableModel::Name), 320));
        syncFromSelection();
    });
    connect(m_selection, &SelectionState::selectionChanged, this, &TensorTableView::syncFromSelection);
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (m_syncing || !current.isValid())
                return;
            const QModelIndex src = m_proxy->mapToSource(current);
            m_selection->selectTensor(TensorRef { m_model->index(src.row(), TensorTableModel::Subgraph).data().toInt(),
                m_model->index(src.row(), TensorTableModel::Index).data().toInt() });
        });
}

void TensorTableView::syncFromSelection()
{
    const TensorRef t = m_selection->tensor();
    const int row = m_model->rowOf(t.subgraph, t.index);
    m_syncing = true;
    if (row < 0) {
        m_table->clearSelection();
    } else {
        const QModelIndex idx = m_proxy->mapFromSource(m_model->index(row, 0));
        if (idx.isValid()) {
            m_table->setCurrentIndex(idx);
            m_table->scrollTo(idx);
        }
    }
    m_syncing = false;
}

} // namespace arenascope
