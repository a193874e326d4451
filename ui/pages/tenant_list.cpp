#include "tenant_list.h"

#include "ui/byte_text.h"
#include "ui/plots/plot_colors.h"
#include "ui/text.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace arenascope {

TenantList::TenantList(QWidget* parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_remove(new QPushButton(tr("Remove"), this))
{
    auto* title = new QLabel(tr("<b>Models, in build order</b> (drag to reorder)"), this);
    m_list->setDragDropMode(QAbstractItemView::InternalMove);
    m_list->setDefaultDropAction(Qt::MoveAction);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setWordWrap(true);
    m_list->setToolTip(tr("The order the firmware constructs the interpreters and calls AllocateTensors: "
                          "the tails stack in this order, and the smallest shared arena can depend on it"));
    auto* add = new QPushButton(tr("Add Model..."), this);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    connect(add, &QPushButton::clicked, this, &TenantList::addRequested);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (m_list->currentRow() >= 0)
            emit removeRequested(m_list->currentRow());
    });
    // A drop inside the list moves the row (a move, or an insert then a removal): the list then
    // holds the new order.
    connect(m_list->model(), &QAbstractItemModel::rowsMoved, this, &TenantList::emitOrder);
    connect(m_list->model(), &QAbstractItemModel::rowsRemoved, this, &TenantList::emitOrder);
}

void TenantList::setTenants(const std::vector<QString>& names, const SharedArenaAnalysisPtr& analysis)
{
    // No signal blocker on the model: the view would miss the new rows and stay empty. clear()'s
    // rowsRemoved reaches emitOrder, which ignores it (nothing moved).
    m_list->clear();
    const SharedArenaResult* run = analysis ? &analysis->figuresRun() : nullptr;
    for (std::size_t k = 0; k < names.size(); ++k) {
        QString text = QStringLiteral("%1. %2").arg(k + 1).arg(names[k]);
        if (run && k < run->tenants.size()) {
            const TenantOutcome& t = run->tenants[k];
            text
                += tr("\n%1 · tail +%2 · used after %3")
                       .arg(toQString(tenantStatusName(t.status)), bytesText(t.tailAdded), bytesText(t.arenaUsedAfter));
        }
        auto* item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, static_cast<int>(k));
        QColor tint = colors::tenant(static_cast<int>(k));
        tint.setAlpha(90);
        item->setBackground(tint);
        if (analysis && analysis->verdict.breakingTenant == static_cast<int>(k))
            item->setForeground(QColor(0xc0, 0x20, 0x20));
    }
    m_count = static_cast<int>(names.size());
    m_remove->setEnabled(names.size() > 1);
}

void TenantList::emitOrder()
{
    std::vector<int> order;
    bool moved = false;
    for (int row = 0; row < m_list->count(); ++row) {
        order.push_back(m_list->item(row)->data(Qt::UserRole).toInt());
        moved = moved || order.back() != row;
    }
    if (!moved || static_cast<int>(order.size()) != m_count)
        return;
    // After the drop has finished with the list (the window then refills it).
    QTimer::singleShot(0, this, [this, order] { emit orderChanged(order); });
}

} // namespace arenascope
