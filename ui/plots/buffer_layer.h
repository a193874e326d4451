#pragma once
// All planned buffers of a timeline drawn by one layerable: a QCPItemRect per buffer costs too
// much once a model has thousands of them (a 2,000-operator model would redraw 4,000 items per
// drag frame). Boxes come placed (TimelineGeometry::placeBuffers) and are drawn through the
// plot's TimelineGeometry; boxes outside the view are skipped.

#include "ui/models/timeline_geometry.h"

#include <QColor>
#include <qcustomplot.h>

#include <vector>

namespace arenascope {

// A layerable drawn inside the axis rect (zoomed-in buffers never cover the axes), without
// antialiasing: what BufferLayer and CrossingOutlines share.
class AxisRectLayerable : public QCPLayerable {
    Q_OBJECT
public:
    AxisRectLayerable(QCustomPlot* plot, const QString& layer);

protected:
    QRect clipRect() const override;
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
};

class BufferLayer : public AxisRectLayerable {
    Q_OBJECT
public:
    explicit BufferLayer(QCustomPlot* plot);
    // `kindColors[i]` is box i's kind colour.
    void setBoxes(std::vector<BufferBox> boxes, std::vector<QColor> kindColors);
    const std::vector<BufferBox>& boxes() const { return m_boxes; }
    // Box i reaches past the arena's usable end: outlined in the failure colour (by the plot's
    // CrossingOutlines).
    void setCrossesArena(std::size_t index, bool crosses);
    bool crossesArena(std::size_t index) const { return index < m_crosses.size() && m_crosses[index]; }
    // The selected buffer (its tenant and index in that tenant's plan); buffer -1: none.
    void setSelected(int tenant, int buffer);
    int selectedTenant() const { return m_selectedTenant; }
    int selectedBuffer() const { return m_selectedBuffer; }
    // Playback before the plan is committed: the buffers are not in the arena yet, drawn faint.
    void setFaded(bool faded) { m_faded = faded; }
    bool faded() const { return m_faded; }

protected:
    void draw(QCPPainter* painter) override;

private:
    struct Style {
        QColor kind; // the padding's hatching
        QColor fill;
        QColor outline;
    };
    std::vector<BufferBox> m_boxes;
    std::vector<Style> m_styles; // each look once, computed once per plan, not per frame
    std::vector<std::size_t> m_styleOf; // box i's look
    std::vector<bool> m_crosses;
    int m_selectedTenant = -1;
    int m_selectedBuffer = -1;
    bool m_faded = false;
};

// The failure outlines of a BufferLayer's boxes that reach past the arena, drawn after the
// boxes: on a layer of their own with the arena line (the timeline: a drag of the line changes
// which boxes cross, and redraws only that layer, not every buffer of the plan), or on the
// boxes' own layer.
class CrossingOutlines : public AxisRectLayerable {
    Q_OBJECT
public:
    CrossingOutlines(QCustomPlot* plot, const QString& layer, const BufferLayer* buffers);

protected:
    void draw(QCPPainter* painter) override;

private:
    const BufferLayer* m_buffers;
};

} // namespace arenascope
