#pragma once
// The arena timeline: x = execution step (allocation scope), y = arena offset in bytes.
// One rectangle per planned buffer over its lifetime, the tail band at the top of the
// arena, and the arena-size line (drag it to change the size). The only plot code that
// includes qcustomplot.h lives in ui/plots/.

#include "core/analysis/analysis.h"

#include <QWidget>

class QCustomPlot;

namespace arenascope {

class TimelinePlot : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget* parent = nullptr);
    void setAnalysis(AnalysisPtr analysis);

signals:
    // The user dragged the arena-size line to `bytes`.
    void arenaSizeDragged(qulonglong bytes);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();
    QCustomPlot* m_plot;
    AnalysisPtr m_analysis;
    bool m_dragging = false;
};

} // namespace arenascope
