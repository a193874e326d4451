#pragma once
// Ties a widget to one of core's concepts (core/analysis/concepts.h): F1 over the widget opens
// that concept's page in Help > Concepts, and a widget without a tooltip of its own gets the
// concept's one-line tooltip.
//
// Usage:
//   tagConcept(m_preserve, "preserve_all_tensors");
//   const QString id = conceptAt(QApplication::widgetAt(QCursor::pos()));   // "" if none

#include <QString>

class QWidget;

namespace arenascope {

void tagConcept(QWidget* widget, const char* id);
// The concept of `widget` or of the nearest parent that has one; empty if none.
QString conceptAt(const QWidget* widget);

} // namespace arenascope
