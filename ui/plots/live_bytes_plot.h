#pragma once
// Per step: the bytes of planned buffers actually live, the planned head, and the lower
// bound, so fragmentation (head above live bytes) is visible.

#include "ui/models/selection_state.h"

#include <QWidget>

class QCustomPlot;

namespace arenascope {

class LiveBytesPlot : public QWidget {
    Q_OBJECT
public:
    LiveBytesPlot(SelectionState* selection, QWidget* parent = nullptr);
    QCustomPlot* plot() const { return m_plot; }
    void setByteUnit(int unitIndex); // the y axis in B, KiB or MiB

protected:
    void changeEvent(QEvent* event) override; // follows a palette change

private:
    void rebuild();
    SelectionState* m_selection;
    QCustomPlot* m_plot;
    EmulationResultPtr m_shown;
};

} // namespace arenascope
