#include "concept_help.h"

#include "ui/text.h"

#include "core/analysis/concepts.h"

#include <QVariant>
#include <QWidget>

namespace arenascope {

namespace {
constexpr const char* kProperty = "arenascopeConcept";
}

void tagConcept(QWidget* widget, const char* id)
{
    const Concept* c = findConcept(id);
    if (!widget || !c)
        return;
    widget->setProperty(kProperty, QString::fromLatin1(id));
    const QString more = QObject::tr("F1: what \"%1\" means").arg(toQString(c->term));
    if (widget->toolTip().isEmpty())
        widget->setToolTip(toQString(c->tooltip) + QStringLiteral("\n") + more);
    else
        widget->setToolTip(widget->toolTip() + QStringLiteral("\n") + more);
}

QString conceptAt(const QWidget* widget)
{
    for (const QWidget* w = widget; w; w = w->parentWidget())
        if (const QVariant id = w->property(kProperty); id.isValid())
            return id.toString();
    return {};
}

} // namespace arenascope
