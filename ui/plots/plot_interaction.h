#pragma once
// How the mouse works on an arena timeline (the main window's, Compare's and the shared arena's):
// wheel zooms and drag pans (QCustomPlot's own), right-drag zooms to a rectangle, double-click
// resets; the dashed arena-size line is grabbed and dragged; a click selects the buffer under
// the mouse, and resting on a buffer shows its tooltip for as long as the mouse stays on it.
// Each event maps the mouse through the plot's geometry and hit-tests the boxes once. A drag's
// moves are coalesced: lineDragged is emitted once per pass of the event loop, with the newest
// position (and at once before dragFinished), so moves that arrive faster than frames cost one
// re-analysis, not one each.
//
// Usage:
//   auto* mouse = new PlotInteraction(plot, this);
//   mouse->setBoxes(&m_boxes);                 // the boxes drawn, kept alive by the owner
//   mouse->setLine(arenaBytes);                // the line the user may drag
//   mouse->setTipText([this](int box) { return describe(box); });
//   connect(mouse, &PlotInteraction::lineDragged, ...);

#include "ui/models/timeline_geometry.h"

#include <QObject>

#include <functional>
#include <optional>
#include <vector>

class QCustomPlot;

namespace arenascope {

// The plot's visible ranges and axis rectangle, as TimelineGeometry.
TimelineGeometry geometryOf(const QCustomPlot& plot);

class PlotInteraction : public QObject {
    Q_OBJECT
public:
    PlotInteraction(QCustomPlot* plot, QObject* parent);

    void setBoxes(const std::vector<BufferBox>* boxes) { m_boxes = boxes; }
    // The arena line's offset; nullopt: nothing to drag.
    void setLine(std::optional<double> bytes) { m_line = bytes; }
    void setTipText(std::function<QString(int box)> text) { m_tipText = std::move(text); }
    bool dragging() const { return m_dragging; }

signals:
    void lineDragged(qulonglong bytes);
    void dragStarted();
    void dragFinished();
    // A left click: the box under the mouse (-1: none) and the nearest step.
    void clicked(int box, int step);
    void resetRequested();
    void resized(int width);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool nearLine(const TimelineGeometry& g, double y) const;
    // Shows the box's tooltip while the mouse stays on it; false when `box` is -1.
    bool showTip(const TimelineGeometry& g, int box, const QPoint& globalPos);
    void emitDragged(); // the newest dragged position, if not emitted yet

    QCustomPlot* m_plot;
    const std::vector<BufferBox>* m_boxes = nullptr;
    std::optional<double> m_line;
    std::function<QString(int)> m_tipText;
    bool m_dragging = false;
    std::optional<qulonglong> m_draggedTo; // a move not emitted yet
};

} // namespace arenascope
