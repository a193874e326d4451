#pragma once
// The one label layout of the timeline and the arena map (TimelineGeometry::layoutLabels makes
// the boxes for both): labels of the arena's lines, bands and ticks must not sit on each other
// at any zoom or size. A label that would overlap a more important one, a line it does not
// name, or leave the view moves to its other place (below its line instead of above), or else
// is not drawn (the verdict always states every figure). Pure geometry, table-tested in
// tests/ui/tst_timeline_geometry.cpp.
//
// Usage:
//   std::vector<LabelBox> boxes = { { rect, priority }, ... };  // higher priority wins
//   hideOverlaps(boxes, plotArea);                              // sets each box's `visible`

#include <QRectF>

#include <vector>

namespace arenascope {

struct LabelBox {
    QRectF rect; // in pixels
    int priority = 0;
    bool visible = true; // in: wanted; out: drawn
    QRectF alternative = {}; // another place for it, if any (empty: none)
    bool atAlternative = false; // out: drawn at `alternative`
    int ownLine = -1; // the obstacle it labels (it may touch that one), if any
    bool mustShow = false; // when neither place is clear, drawn anyway where it lies in the area
};

// In order of priority, keeps each wanted box where it lies within `area` and overlaps no box
// already kept and no obstacle (the plot's lines) but its own line: at `rect`, else at
// `alternative`, else hidden.
void hideOverlaps(std::vector<LabelBox>& boxes, const QRectF& area, const std::vector<QRectF>& obstacles = {});

} // namespace arenascope
