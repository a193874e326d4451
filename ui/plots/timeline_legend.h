#pragma once
// The timeline's legend, a row under the plot (also in every PNG export): an entry for each
// colour and hatching the plot draws, and only those: the buffer kinds of the plan, padding when
// there is some, the tail, and the failure entries when the arena does not fit. Empty graphs
// carry the entries; the buffers themselves are drawn by BufferLayer. The row wraps to the
// plot's width, so the legend never widens the plot or the window.

#include "core/emulation/emulation_result.h"

#include <QObject>

#include <utility>
#include <vector>

class QCustomPlot;
class QCPGraph;

namespace arenascope {

class TimelineLegend {
public:
    explicit TimelineLegend(QCustomPlot* plot);

    // Shows the entries of what `planned` holds; the failure entries when `fits` is false.
    // Returns whether an entry came or went (the legend needs drawing again).
    bool update(const std::vector<PlannedBuffer>& planned, bool fits);
    // The same over several plans (several models in one arena).
    bool update(const std::vector<const std::vector<PlannedBuffer>*>& plans, bool fits);
    // As many entries per row as fit a plot `width` pixels wide.
    void fit(int width);

private:
    QCustomPlot* m_plot;
    std::vector<std::pair<BufferKind, QCPGraph*>> m_kinds;
    QCPGraph* m_padding = nullptr;
    QCPGraph* m_beyond = nullptr;
    QCPGraph* m_noFit = nullptr;
};

} // namespace arenascope
