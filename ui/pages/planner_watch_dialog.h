#pragma once
// Tools > Watch the Greedy Planner: TFLM's greedy planner deciding, buffer by buffer, beside
// the linear planner (core/planner/planner_trace.h). Each step draws the buffers placed so
// far over their lifetimes, the buffer being placed, and the gaps the greedy planner looked
// at: red when too small, green where it went. A scrubber (and Play) walks the order: offline
// buffers first, then by size, largest first. The last step is exactly TFLM's plan.

#include "core/analysis/analysis.h"
#include "core/planner/planner_trace.h"

#include <QDialog>

class QLabel;
class QSlider;
class QTimer;

namespace arenascope {

class PlanCanvas;

class PlannerWatchDialog : public QDialog {
    Q_OBJECT
public:
    PlannerWatchDialog(std::vector<BufferRequest> requests, QWidget* parent = nullptr);
    // The planner placing the buffers of `shown`, deleted when closed; nullptr (and nothing
    // shown) when it does not allocate, so there is no plan to watch.
    static PlannerWatchDialog* open(const AnalysisPtr& shown, QWidget* parent);

    int stepCount() const { return static_cast<int>(m_greedy.steps.size()); }
    void showStep(int step); // -1: nothing placed yet
    int currentStep() const { return m_step; }
    QString explanation() const;
    // The offsets placed after the current step (-1 = not yet), per planner.
    std::vector<std::int32_t> greedyOffsetsSoFar() const;

private:
    std::vector<BufferRequest> m_requests;
    PlannerTrace m_greedy;
    PlannerTrace m_linear;
    PlanCanvas* m_greedyCanvas;
    PlanCanvas* m_linearCanvas;
    QSlider* m_slider;
    QLabel* m_text;
    QLabel* m_heads;
    QTimer* m_timer;
    int m_step = -1;
};

} // namespace arenascope
