#pragma once
// Desktop habits for every table and tree: Ctrl+C copies the selected rows as tab-separated
// text with a header line; a context menu offers Copy, Copy Value (the cell under the mouse)
// and, where the row names a buffer, Show in Timeline.

#include <QModelIndex>
#include <QString>

#include <functional>

class QAbstractItemView;

namespace arenascope {

// The selected rows (or the current one) of `view`, visible columns only, header first.
QString selectedRowsAsText(const QAbstractItemView* view);

// Adds Ctrl+C and the context menu to `view`. `showInTimeline`, when set, is offered for a row.
void addCopyActions(QAbstractItemView* view, std::function<void(const QModelIndex&)> showInTimeline = {});

} // namespace arenascope
