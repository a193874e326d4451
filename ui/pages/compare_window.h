#pragma once
// Tools > Compare and Tools > Reorder Operators: two configurations side by side. A is the
// main window's model under its settings (it follows them); B is the same model or another
// file under its own settings (the panel on the left), optionally with its operators
// reordered to lower the peak of live bytes (core/analysis/reorder.h). The table is core's
// comparison (every quantity for A and B, and B - A); the two timelines below share one byte
// scale. B's model, when reordered, can be saved; it was emulated as the timeline shows.

#include "ui/models/analysis_key.h"

#include "core/analysis/analysis.h"
#include "core/util/result.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QLabel;
class QPushButton;
class QListWidget;
class QTableWidget;

namespace arenascope {

class ControlsPanel;
class AnalysisRunner;
class JobTracker;
class SelectionState;
class TimelinePlot;
struct ReorderedModel;

class CompareWindow : public QWidget {
    Q_OBJECT
public:
    // Side B's analyses and the reorder search run in `tracker`.
    explicit CompareWindow(JobTracker* tracker, QWidget* parent = nullptr);
    ~CompareWindow() override;

    // A: the main window's analysis. When B uses A's model, a new model moves B along.
    void setA(AnalysisPtr a);
    // B's model: a file (another model) or, with an empty path, A's model.
    void setModelB(const QString& path);
    // B's operators in the order the reorder search found (when it lowers the peak).
    void setReorderB(bool on);

    AnalysisPtr analysisA() const;
    AnalysisPtr analysisB() const;
    QTableWidget* table() const { return m_table; }
    QListWidget* changes() const { return m_changes; }
    TimelinePlot* timelineA() const { return m_plotA; }
    TimelinePlot* timelineB() const { return m_plotB; }
    ControlsPanel* controlsB() const { return m_panelB; }
    QString status() const; // what B is: its model, the reorder outcome, or an error
    // Writes B's reordered model atomically; an error message, or empty on success.
    QString saveModelB(const QString& path) const;

signals:
    void comparisonShown(); // the table and both timelines show the newest A and B

private:
    void buildUi();
    void chooseModelB();
    void requestB(); // B's model (reordered if asked) under B's settings, off the GUI thread
    void showReordered(const ModelPtr& base, const std::shared_ptr<const Result<ReorderedModel>>& found);
    void analyzeB();
    void showB(AnalysisPtr b);
    void refresh();

    SelectionState* m_selA;
    SelectionState* m_selB;
    TimelinePlot* m_plotA = nullptr;
    TimelinePlot* m_plotB = nullptr;
    QLabel* m_titleA = nullptr;
    QLabel* m_titleB = nullptr;
    QTableWidget* m_table = nullptr;
    QListWidget* m_changes = nullptr;
    ControlsPanel* m_panelB = nullptr;
    QLabel* m_modelBLabel = nullptr;
    QCheckBox* m_reorder = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_status = nullptr;
    JobTracker* m_tracker;
    AnalysisRunner* m_jobsB;

    ModelPtr m_baseB; // B's model as loaded (A's model when m_sameModel)
    bool m_sameModel = true;
    ModelPtr m_modelB; // what B emulates: m_baseB, or its reordered copy
    // The reorder search for this model and these settings (the arena size aside: the search
    // does not depend on it) has started; m_reordered is its result once done (model null when
    // no order is better).
    std::optional<AnalysisKey> m_reorderFor;
    std::shared_ptr<const ReorderedModel> m_reordered;
    QString m_statusText;
    bool m_draggingB = false; // B's arena line is being dragged: the byte scale holds still
    double m_sharedTop = 0.0; // the byte scale both timelines show
};

} // namespace arenascope
