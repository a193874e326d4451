#pragma once
// File > Explain Device Log (also a dropped .txt/.log file or pasted text): a device's serial
// log explained. Left, the log's lines about the arena beside the lines the chosen build prints
// (the same row where they agree), and below them the selected line in words with a link to its
// concept. Right, the builds that reproduce the log with the model open in the window; choosing
// one switches the window to that configuration and arena size. Reading and the search run
// through the window's JobTracker (Cancel and progress in its status bar).
//
// Usage:
//   auto* d = new ExplainLogDialog(tracker, this);
//   connect(d, &ExplainLogDialog::chosen, ...);
//   d->explainFile(path, model);   // or explainText(text, tr("pasted text"), model)

#include "core/devicelog/explainer.h"

#include <QDialog>

class QLabel;
class QListView;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace arenascope {

class ExplainMatchModel;
class JobTracker;
class LogLinesModel;

class ExplainLogDialog : public QDialog {
    Q_OBJECT
public:
    ExplainLogDialog(JobTracker* tracker, QWidget* parent = nullptr);

    // Reads and explains the log (off the GUI thread); `model` may be null (lines in words only).
    void explainFile(const QString& path, const ModelPtr& model);
    void explainText(const QString& text, const QString& source, const ModelPtr& model);
    // The window's model changed: the next explanation uses it (Explain Again re-runs).
    void setModel(const ModelPtr& model) { m_model = model; }

    const ExplainResultPtr& result() const { return m_result; }
    bool searching() const { return m_searching; }

signals:
    void chosen(const EmulationSettings& settings); // a match: its configuration and arena size
    void conceptRequested(const QString& id);
    void finished(); // a result (or an error) is shown

private:
    void run(const QString& source);
    void showResult(const ExplainResultPtr& result, const QString& error);
    void showMatch(int row);
    void describeMatch(const ExplainMatch& m);
    void showLine(int row);
    QString summary() const;

    JobTracker* m_tracker;
    ModelPtr m_model;
    QString m_path; // the log file, or empty for text
    QString m_text; // the pasted text, when no file
    QString m_source;
    ExplainResultPtr m_result;
    bool m_searching = false;
    bool m_quiet = false; // selecting a row programmatically: no switch of the window
    QLabel* m_summary;
    QTableView* m_lines;
    LogLinesModel* m_linesModel;
    QTextBrowser* m_lineText;
    QListView* m_matches;
    ExplainMatchModel* m_matchModel;
    QTextBrowser* m_matchText;
    QPushButton* m_again;
};

} // namespace arenascope
