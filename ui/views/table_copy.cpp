#include "table_copy.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QTableView>
#include <QTreeView>

#include <algorithm>

namespace arenascope {

namespace {

QHeaderView* headerOf(const QAbstractItemView* view)
{
    if (const auto* t = qobject_cast<const QTableView*>(view))
        return t->horizontalHeader();
    if (const auto* t = qobject_cast<const QTreeView*>(view))
        return t->header();
    return nullptr;
}

QString cell(const QModelIndex& index)
{
    QString text = index.data(Qt::DisplayRole).toString();
    text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

QString selectedRowsAsText(const QAbstractItemView* view)
{
    const QAbstractItemModel* model = view->model();
    const QHeaderView* header = headerOf(view);
    if (!model)
        return {};
    std::vector<int> columns; // in the order shown
    for (int visual = 0; visual < model->columnCount(); ++visual) {
        const int logical = header ? header->logicalIndex(visual) : visual;
        if (!header || !header->isSectionHidden(logical))
            columns.push_back(logical);
    }
    QModelIndexList rows = view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList();
    if (rows.isEmpty() && view->currentIndex().isValid())
        rows.push_back(view->currentIndex().siblingAtColumn(0));
    std::sort(rows.begin(), rows.end(), [view](const QModelIndex& a, const QModelIndex& b) {
        return view->visualRect(a).top() < view->visualRect(b).top();
    });
    QStringList lines;
    QStringList head;
    for (int c : columns)
        head << model->headerData(c, Qt::Horizontal).toString();
    lines << head.join(QLatin1Char('\t'));
    for (const QModelIndex& r : rows) {
        QStringList fields;
        for (int c : columns)
            fields << cell(r.siblingAtColumn(c));
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void addCopyActions(QAbstractItemView* view, std::function<void(const QModelIndex&)> showInTimeline)
{
    auto* copy = new QAction(QObject::tr("&Copy"), view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(copy);
    QObject::connect(
        copy, &QAction::triggered, view, [view] { QApplication::clipboard()->setText(selectedRowsAsText(view)); });
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view, [view, copy, showInTimeline](const QPoint& at) {
        const QModelIndex index = view->indexAt(at);
        QMenu menu(view);
        menu.addAction(copy);
        QAction* value = menu.addAction(QObject::tr("Copy &Value"));
        value->setEnabled(index.isValid());
        QAction* show = nullptr;
        if (showInTimeline) {
            show = menu.addAction(QObject::tr("Show in &Timeline"));
            show->setEnabled(index.isValid());
        }
        QAction* chosen = menu.exec(view->viewport()->mapToGlobal(at));
        if (chosen == value)
            QApplication::clipboard()->setText(cell(index));
        else if (chosen && chosen == show)
            showInTimeline(index);
    });
}

} // namespace arenascope
