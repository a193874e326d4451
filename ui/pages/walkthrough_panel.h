#pragma once
// "How does the arena fill up?": a step-by-step walk through AllocateTensors, one stage at a
// time (allocator objects, eval tensors, kernel Init and Prepare, the plan, ...). Each step
// says what TFLM does and how many bytes it took, and shows the arena as it is right after
// that stage (through SelectionState::selectEvent, which the arena map follows).

#include "ui/models/selection_state.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace arenascope {

class WalkthroughPanel : public QWidget {
    Q_OBJECT
public:
    WalkthroughPanel(SelectionState* selection, QWidget* parent = nullptr);

    int stepCount() const { return static_cast<int>(m_steps.size()); }
    int currentStep() const { return m_current; }
    void showStep(int step);

private:
    struct Step {
        Phase phase;
        int lastEvent = -1; // the arena is shown right after this event
        std::uint64_t usedBytes = 0;
        int events = 0;
        bool failed = false;
    };
    void rebuild(const AnalysisPtr& analysis);
    // Shows the stage an event belongs to, without moving the selected event.
    void follow(int event);
    void describe(int step);

    SelectionState* m_selection;
    QLabel* m_title;
    QLabel* m_text;
    QPushButton* m_previous;
    QPushButton* m_next;
    std::vector<Step> m_steps;
    int m_current = -1;
};

} // namespace arenascope
