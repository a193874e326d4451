#pragma once
// The timeline of several models in one arena: each tenant's planned buffers on its own stretch
// of steps (a tinted lane, named at its top), all over the same offsets, since every model is
// planned from the arena's start and the head is reserved for the largest plan; the head line;
// each tenant's share of the tail stacked below the arena's end in the tenant's colour and
// named; the arena-size line, which the user drags. During playback the lanes whose plan is not
// committed yet are faded and the tail is drawn as far as it has grown. Everything comes from
// the SelectionState's shared analysis (core's SharedArenaAnalysis); the mouse, the legend and
// the labels are the single timeline's (PlotInteraction, TimelineLegend, TimelineGeometry).

#include "ui/models/selection_state.h"
#include "ui/models/timeline_geometry.h"

#include <QColor>
#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;

namespace arenascope {

class BufferLayer;
class PlotInteraction;
class TimelineLegend;

class SharedTimelinePlot : public QWidget {
    Q_OBJECT
public:
    explicit SharedTimelinePlot(SelectionState* selection, QWidget* parent = nullptr);
    ~SharedTimelinePlot() override;

    QCustomPlot* plot() const { return m_plot; }
    TimelineGeometry geometry() const;
    const std::vector<BufferBox>& boxes() const;
    // Tenant k's steps start at laneStart(k) on the step axis.
    double laneStart(int tenant) const;
    // The labels drawn in the last layout (tenant names, lines, tail shares), never overlapping.
    std::vector<std::pair<QString, QRectF>> shownLabels() const { return m_shownLabels; }
    // The tail share drawn for each tenant: [begin, end) in bytes.
    const std::vector<std::pair<double, double>>& tailShares() const { return m_tailShares; }
    void resetZoom();

signals:
    void arenaSizeDragged(qulonglong bytes);
    void dragStarted();
    void dragFinished();

private:
    void rebuild();
    void buildStatic();
    void updateDynamic();
    void placeLabels();
    QCPItemText* label(const QColor& ink);
    double arenaBytes() const;

    SelectionState* m_selection;
    QCustomPlot* m_plot;
    BufferLayer* m_buffers;
    PlotInteraction* m_mouse;
    std::unique_ptr<TimelineLegend> m_legend;
    std::vector<double> m_laneStarts; // per tenant, plus the end of the last lane
    struct Lane {
        QCPItemRect* band = nullptr;
        QCPItemRect* fade = nullptr; // playback: the plan not committed yet
        QCPItemText* name = nullptr;
    };
    std::vector<Lane> m_lanes;
    struct TailShare {
        QCPItemRect* band = nullptr;
        QCPItemText* name = nullptr;
    };
    std::vector<TailShare> m_tails;
    std::vector<std::pair<double, double>> m_tailShares;
    QCPItemStraightLine* m_headLine = nullptr;
    QCPItemText* m_headLabel = nullptr;
    QCPItemStraightLine* m_arenaLine = nullptr;
    QCPItemText* m_arenaLabel = nullptr;
    QCPItemRect* m_overflow = nullptr;
    QCPItemRect* m_temps = nullptr;
    std::vector<std::pair<QString, QRectF>> m_shownLabels;
    SharedArenaResultPtr m_builtFor;
};

} // namespace arenascope
