#pragma once
// The arena timeline: x = execution step (allocation scope) with operator names, y = arena
// offset in bytes. One rectangle per planned buffer over its lifetime, coloured by kind, its
// alignment padding hatched; the head boundary, the temp peak, the tail band at the top and
// the arena-size line, which the user drags to change the size. Everything beyond the arena
// is drawn in the failure colour. The mouse (PlotInteraction): wheel zooms, drag pans,
// right-drag zooms to a rectangle, double-click resets; hover explains a buffer; click selects
// it (SelectionState). Files by concern: this one (the items and what they show),
// timeline_labels.cpp (where the line labels go), timeline_legend.h, timeline_export.cpp.

#include "ui/models/selection_state.h"
#include "ui/models/timeline_geometry.h"

#include <QImage>
#include <QWidget>

#include <memory>

class QCustomPlot;
class QLineEdit;
class QCPItemStraightLine;
class QCPItemRect;
class QCPItemText;
class QCPLayer;
class QPen;

namespace arenascope {

class BufferLayer;
class PlotInteraction;
class TimelineLegend;

class TimelinePlot : public QWidget {
    Q_OBJECT
public:
    TimelinePlot(SelectionState* selection, QWidget* parent = nullptr);
    ~TimelinePlot() override;

    // Geometry of the current view, for tests and hit testing.
    TimelineGeometry geometry() const;
    // The boxes drawn, for tests: box i is planned buffer boxes()[i].buffer.
    const std::vector<BufferBox>& boxes() const;
    // The plot itself, for tests that inspect its axes; exports use toImage.
    QCustomPlot* plot() const { return m_plot; }
    // The plot drawn at `size` logical pixels times `scale` (PNG export), whatever its size on screen.
    QImage toImage(QSize size, double scale) const;
    bool planFaded() const; // playback before the plan is committed
    std::pair<double, double> tailBand() const; // the tail drawn: its start and the arena end
    void resetZoom();
    // The top of the byte axis resetZoom shows on its own (room above the highest line).
    double naturalTop() const;
    // Two timelines on one byte scale (Compare): resetZoom shows at least this much; 0 = own.
    void setSharedTop(double bytes);
    // Finds the next planned tensor whose name contains `text` (case-insensitive), after the
    // one selected: selects it and zooms to it. Returns its planned-buffer index, -1 if none.
    int findTensor(const QString& text);
    void focusSearch(); // Ctrl+F
    void zoomTo(int plannedBuffer); // the buffer fills about a third of the view
    // A line above the plot (exports: the model and its settings); empty: none.
    void setTitle(const QString& title);
    void fitLegend(int width); // legend entries per row for a plot this wide
    void setByteUnit(int unitIndex); // the y axis in B, KiB or MiB (ByteSizeEdit's units)
    // The line labels drawn in the last layout, with their rectangles (never overlapping).
    std::vector<std::pair<QString, QRectF>> shownLabels() const;

signals:
    // The user dragged the arena-size line to `bytes`.
    void arenaSizeDragged(qulonglong bytes);
    void dragStarted();
    void dragFinished();

protected:
    void changeEvent(QEvent* event) override; // follows a palette change

private:
    void rebuild();
    void buildStatic(); // buffers, head and temp lines: once per plan
    // Tail, arena line, colours: on every size change. Returns whether anything beyond the lines
    // layer changed (the axis range, the legend, the buffers' fading).
    bool updateDynamic();
    void updateHighlight();
    // Draws the plot once the event loop runs, however many changes came before: the lines layer
    // alone (what a size change moves, a drag frame) unless `whole` was asked since.
    void requestRedraw(bool whole);
    void redraw();
    QCPItemText* lineLabel(const QColor& color);
    void placeLabels(); // timeline_labels.cpp
    std::vector<QCPItemText*> lineLabels() const; // arena size, head, temp peak, tail: those that exist
    QCPItemStraightLine* horizontalLine(double y, const QPen& pen);
    double arenaLineBytes() const;

    SelectionState* m_selection;
    QCustomPlot* m_plot;
    struct DynamicItems {
        QCPItemRect* tail = nullptr;
        QCPItemText* tailLabel = nullptr;
        QCPItemRect* overflow = nullptr;
        QCPItemStraightLine* arenaLine = nullptr;
        QCPItemText* arenaLabel = nullptr;
        QCPItemRect* temps = nullptr; // playback: temp memory held above the head
        QCPItemRect* failedBlock = nullptr; // playback: the allocation that did not fit
    };
    DynamicItems m_dynamic;
    QCPItemText* m_headLabel = nullptr; // with the plan: reset by buildStatic
    QCPItemText* m_peakLabel = nullptr;
    QLineEdit* m_search = nullptr;
    std::unique_ptr<TimelineLegend> m_legend;
    PlotInteraction* m_mouse;
    std::pair<double, double> m_tailBand { 0, 0 }; // tail start and arena end, for its label
    BufferLayer* m_buffers; // every placed buffer (on the plot's "main" layer)
    // The lines, the bands, their labels and the failure outlines, above the buffers: a layer
    // with its own paint buffer, redrawn alone when only the arena size changed.
    QCPLayer* m_lines = nullptr;
    bool m_redrawQueued = false;
    bool m_redrawWhole = false;
    std::vector<std::pair<QString, QRectF>> m_shownLabels; // the last layout's
    EmulationResultPtr m_builtFor; // the measured plan the static items show
    double m_sharedTop = 0.0;
};

} // namespace arenascope
