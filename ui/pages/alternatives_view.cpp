#include "alternatives_view.h"

#include "core/emulation/provenance.h"
#include "core/util/format.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace arenascope {

namespace {

// "cortex-m, CMSIS-NN kernels for cortex-m55 (MVE)"
QString buildName(const EmulationSettings& s)
{
    return QStringLiteral("%1, %2").arg(
        QString::fromUtf8(targetName(s.target).data()), QString::fromStdString(describeKernels(s)));
}

} // namespace

AlternativesView::AlternativesView(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("<b>Other builds</b>"), this))
    , m_list(new QTreeWidget(this))
{
    m_title->setToolTip(tr("The same model's smallest arena on the other builds ArenaScope emulates, and the "
                           "difference to the one shown. Double-click a row to switch to it."));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({ tr("Build"), tr("Smallest arena") });
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->setAccessibleName(tr("Other builds"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_list);
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const int row = m_list->indexOfTopLevelItem(item);
        if (row >= 0 && static_cast<std::size_t>(row) < m_alternatives.size())
            emit chosen(m_alternatives[static_cast<std::size_t>(row)].settings);
    });
}

void AlternativesView::setAlternatives(const std::vector<Alternative>& alternatives)
{
    m_alternatives = alternatives;
    m_list->clear();
    for (const Alternative& a : alternatives) {
        QString size;
        if (!a.minArenaBytes)
            size = tr("fails");
        else if (a.deltaBytes)
            size = QStringLiteral("%1 (%2)").arg(QString::fromStdString(formatBytes(*a.minArenaBytes)),
                QString::fromStdString(formatSignedBytes(*a.deltaBytes)));
        else
            size = QString::fromStdString(formatBytes(*a.minArenaBytes));
        auto* item = new QTreeWidgetItem(m_list, { buildName(a.settings), size });
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        QString tip = QString::fromStdString(a.configuration);
        if (!a.failure.empty())
            tip += QStringLiteral("\n") + QString::fromStdString(a.failure);
        item->setToolTip(0, tip);
        item->setToolTip(1, tip);
    }
    m_title->setText(tr("<b>Other builds</b> (smallest arena, difference to this one)"));
}

void AlternativesView::clear()
{
    m_alternatives.clear();
    m_list->clear();
    m_title->setText(tr("<b>Other builds</b> (computing...)"));
}

} // namespace arenascope
