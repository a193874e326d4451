#pragma once
// All planned buffers of the timeline drawn by one layerable: a QCPItemRect per buffer
// costs too much once a model has thousands of them (a 2,000-operator model would redraw
// 4,000 items per drag frame). Boxes outside the view are skipped.

#include <QColor>
#include <qcustomplot.h>

#include <vector>

namespace arenascope {

class BufferLayer : public QCPLayerable {
    Q_OBJECT
public:
    struct Box {
        double first = 0; // step range, already widened by TimelineGeometry::kHalfStep
        double last = 0;
        double lo = 0; // offset of the first byte
        double used = 0; // end of the tensor's bytes
        double hi = 0; // end of the 16-aligned reservation (padding above `used`)
        QColor color; // the buffer's kind
        bool crossesArena = false; // reaches past the arena's usable end: outlined in the failure colour
    };

    explicit BufferLayer(QCustomPlot* plot);
    void setBoxes(std::vector<Box> boxes);
    void setCrossesArena(std::size_t index, bool crosses);
    const std::vector<Box>& boxes() const { return m_boxes; }
    void setSelectedIndex(int index) { m_selected = index; }
    // Playback before the plan is committed: the buffers are not in the arena yet, drawn faint.
    void setFaded(bool faded) { m_faded = faded; }
    bool faded() const { return m_faded; }

protected:
    QRect clipRect() const override; // the axis rect: zoomed-in buffers never cover the axes
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;

private:
    std::vector<Box> m_boxes;
    int m_selected = -1;
    bool m_faded = false;
};

} // namespace arenascope
