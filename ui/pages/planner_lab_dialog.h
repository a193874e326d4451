#pragma once
// Tools > Planner Lab: the open model's planned buffers (or a MiniMalloc CSV) placed by TFLM's
// greedy planner, the heuristic and the exact search (core/solver), in one table beside the
// lower bound. The search runs in the JobTracker's "planners" lane of the dialog, with a busy
// bar and Cancel; closing the dialog cancels it. The buffers and the best plan export as
// MiniMalloc CSV for external solvers.

#include "core/analysis/analysis.h"
#include "core/solver/solver.h"

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace arenascope {

class ByteSizeEdit;
class JobTracker;

class PlannerLabDialog : public QDialog {
    Q_OBJECT
public:
    // `set`: the buffers to plan; `source` says where they come from ("person_detect.tflite").
    PlannerLabDialog(BufferSet set, const QString& source, JobTracker* tracker, QWidget* parent = nullptr);
    // A lab over the planned buffers of `shown` (none when it does not allocate: import a CSV),
    // deleted when closed.
    static PlannerLabDialog* open(const AnalysisPtr& shown, JobTracker* tracker, QWidget* parent);

    // Runs the three planners; results() is filled when finished() is emitted.
    void run();
    const std::vector<Solution>& results() const { return m_results; }
    QTableWidget* table() const { return m_table; }

signals:
    void finished();

private:
    void setSet(BufferSet set, const QString& source);
    void showResults();
    void importCsv();
    void exportCsv(bool withPlan);

    BufferSet m_set;
    std::vector<Solution> m_results;
    JobTracker* m_tracker;
    QLabel* m_source;
    QLabel* m_bound;
    QDoubleSpinBox* m_timeLimit;
    QDoubleSpinBox* m_capacityKiB;
    QTableWidget* m_table;
    QProgressBar* m_progress;
    QPushButton* m_run;
    QPushButton* m_cancelButton;
    QPushButton* m_exportPlan;
};

} // namespace arenascope
