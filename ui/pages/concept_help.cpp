#include "concept_help.h"

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
    const QString more
        = QObject::tr("F1: what \"%1\" means").arg(QString::fromUtf8(c->term.data(), static_cast<int>(c->term.size())));
    if (widget->toolTip().isEmpty())
        widget->setToolTip(
            QString::fromUtf8(c->tooltip.data(), static_cast<int>(c->tooltip.size())) + QStringLiteral("\n") + more);
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
