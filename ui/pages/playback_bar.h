#pragma once
// Playback of AllocateTensors: a scrubber over the emulated event list with step back, play /
// pause and step forward (Space, Left, Right while the bar has focus or the window is on the
// playback controls). Moving it selects the event in SelectionState, so the arena map, the
// allocation log and the walkthrough show the allocator exactly as TFLM holds it after that
// event; one plain sentence with its bytes says what happened (core describeEvent). Playing
// stops on the failing event when the model does not fit. With several models in one arena
// (SelectionState::shared) it walks the shared allocator's log, model after model, each
// sentence naming its model (AllocationSteps).

#include "ui/models/allocation_steps.h"
#include "ui/models/selection_state.h"

#include <QWidget>

class QLabel;
class QSlider;
class QTimer;
class QToolButton;

namespace arenascope {

class PlaybackBar : public QWidget {
    Q_OBJECT
public:
    PlaybackBar(SelectionState* selection, QWidget* parent = nullptr);

    int position() const; // the selected event, -1 = before the first
    QString sentence() const;
    bool playing() const;
    void setStepMillis(int millis); // time per allocation while playing (default 350)

public slots:
    void stepForward();
    void stepBack();
    void togglePlay();

private:
    void follow(int event);
    void rebuild();
    int lastEvent() const;

    SelectionState* m_selection;
    QToolButton* m_back;
    QToolButton* m_play;
    QToolButton* m_forward;
    QSlider* m_slider;
    QLabel* m_text;
    QTimer* m_timer;
    int m_failedEvent = -1;
    AllocationSteps m_steps; // what the bar walks through
};

} // namespace arenascope
