#pragma once
// The arena as one horizontal bar from 0 to its size: planned buffers of the selected step
// (or all), temp peak, free space, tail allocations by category, padding hatched. Hover
// explains a segment; click selects a buffer.

#include "ui/models/arena_map_layout.h"
#include "ui/models/selection_state.h"
#include "ui/models/timeline_geometry.h"

#include <QWidget>

namespace arenascope {

class ArenaMapView : public QWidget {
    Q_OBJECT
public:
    ArenaMapView(SelectionState* selection, QWidget* parent = nullptr);
    const ArenaMapLayout& layout() const { return m_layout; }
    // The bar's geometry: offsets along x (the arena seen end-on, as the timeline's offset axis).
    TimelineGeometry barGeometry() const;
    // The tick labels drawn, with their rectangles (never overlapping).
    std::vector<std::pair<QString, QRectF>> placeTickLabels() const;
    QSize sizeHint() const override { return { 800, 124 }; }
    QSize minimumSizeHint() const override { return { 200, 96 }; }

protected:
    bool event(QEvent* event) override; // the tooltip of what is under the mouse
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void rebuild();
    QRectF barRect() const;
    double xOf(std::uint64_t offset) const;
    std::uint64_t offsetAt(double x) const;
    std::pair<QString, QRect> tipAt(double x) const;
    void showTipAt(const QPoint& pos, const QPoint& globalPos);

    SelectionState* m_selection;
    ArenaMapLayout m_layout;
};

} // namespace arenascope
