#pragma once
// Help > Concepts (F1): every term the views use, explained for someone new to TFLM (the
// texts are core's, core/analysis/concepts.h). A list of terms and the chosen term's page.

#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace arenascope {

class ConceptsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ConceptsDialog(QWidget* parent = nullptr);
    // Shows the page of concept `id` ("head", "tail", ...); false if there is none.
    bool showConcept(const QString& id);
    QString pageText() const;

private:
    QListWidget* m_terms;
    QTextBrowser* m_page;
};

} // namespace arenascope
