#include "concepts_dialog.h"

#include "ui/text.h"

#include "core/analysis/concepts.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace arenascope {

namespace {

QString toHtml(const Concept& c)
{
    QString html = QStringLiteral("<h2>%1</h2>").arg(toQString(c.term).toHtmlEscaped());
    const QString page = toQString(c.page);
    for (const QString& paragraph : page.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts))
        html += QStringLiteral("<p>%1</p>").arg(paragraph.toHtmlEscaped());
    return html;
}

} // namespace

ConceptsDialog::ConceptsDialog(QWidget* parent)
    : QDialog(parent)
    , m_terms(new QListWidget(this))
    , m_page(new QTextBrowser(this))
{
    setWindowTitle(tr("Concepts"));
    for (const Concept& c : concepts()) {
        auto* item = new QListWidgetItem(toQString(c.term), m_terms);
        item->setData(Qt::UserRole, toQString(c.id));
        item->setToolTip(toQString(c.tooltip));
    }
    auto* split = new QSplitter(this);
    split->addWidget(m_terms);
    split->addWidget(m_page);
    split->setStretchFactor(1, 3);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_terms, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (!item)
            return;
        if (const Concept* c = findConcept(item->data(Qt::UserRole).toString().toStdString()))
            m_page->setHtml(toHtml(*c));
    });
    m_terms->setCurrentRow(0);
    resize(760, 480);
}

bool ConceptsDialog::showConcept(const QString& id)
{
    for (int i = 0; i < m_terms->count(); ++i)
        if (m_terms->item(i)->data(Qt::UserRole).toString() == id) {
            m_terms->setCurrentRow(i);
            return true;
        }
    return false;
}

QString ConceptsDialog::pageText() const
{
    return m_page->toPlainText();
}

} // namespace arenascope
