#include "alternatives_view.h"

#include "core/emulation/esp_nn_build.h"
#include "core/emulation/target.h"
#include "core/util/format.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace arenascope {

namespace {

QString utf8(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// Short enough for a narrow dock: "x86_64, reference", "CMSIS-NN, cortex-m55 (MVE)",
// "ESP-NN, ESP32-S3, 1.2.3"; the tooltip has the whole configuration.
QString buildName(const EmulationSettings& s)
{
    switch (s.kernels) {
    case KernelSet::Reference:
        return QStringLiteral("%1, reference").arg(utf8(targetName(s.target)));
    case KernelSet::CmsisNn:
        return QStringLiteral("CMSIS-NN, %1 (%2)").arg(utf8(cpuName(s.cpu)), utf8(cpuExtensionName(s.cpuExtension())));
    case KernelSet::EspNn:
        return QStringLiteral("ESP-NN, %1, %2").arg(utf8(espChipTitle(s.espChip)), utf8(espNnVersionName(s.espNn)));
    }
    return {};
}

} // namespace

AlternativesView::AlternativesView(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("<b>Other builds</b>"), this))
    , m_list(new QTreeWidget(this))
{
    m_title->setWordWrap(true);
    m_title->setToolTip(tr("The same model's smallest arena on the other builds ArenaScope emulates, and the "
                           "difference to the one shown. Double-click a row to switch to it."));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({ tr("Build"), tr("Smallest"), tr("Difference") });
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_list->setAccessibleName(tr("Other builds"));
    m_list->setMinimumHeight(m_list->fontMetrics().height() * 9); // the whole list at a glance
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
        const QString size = !a.complete ? tr("not decided")
            : a.minArenaBytes            ? QString::fromStdString(formatBytes(*a.minArenaBytes))
                                         : tr("fails");
        const QString delta = a.deltaBytes ? QString::fromStdString(formatSignedBytes(*a.deltaBytes)) : QString();
        auto* item = new QTreeWidgetItem(m_list, { buildName(a.settings), size, delta });
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
        QString tip = QString::fromStdString(a.configuration);
        if (!a.failure.empty())
            tip += QStringLiteral("\n") + QString::fromStdString(a.failure);
        if (!a.complete)
            tip += QStringLiteral("\n")
                + (a.minArenaBytes ? tr("The search for its smallest arena ran out of time: %1 works, a smaller arena "
                                        "may too.")
                                         .arg(QString::fromStdString(formatBytes(*a.minArenaBytes)))
                                   : tr("The search for its smallest arena ran out of time."));
        for (int column = 0; column < 3; ++column)
            item->setToolTip(column, tip);
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
