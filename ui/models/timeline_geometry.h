#pragma once
// The one geometry the arena timeline and the arena map draw from (STYLE.md rule 11): where an
// execution step and a byte offset land in pixels and back, where each planned buffer is placed
// (with several models in one arena, each tenant on its own stretch of steps over the same
// offsets), which buffer lies under a point, and where the labels go so that none sits on
// another, on a line it does not name, or outside the view (label_layout.h, one layout for
// both views). Pure: no painting; table-tested in tests/ui/tst_timeline_geometry.cpp.
//
// The timeline draws offsets upwards and steps to the right (Orientation::Timeline); the arena
// map is the same arena seen end-on, offsets to the right along one bar (Orientation::Bar, the
// pixel rectangle being the bar's).
//
// Usage:
//   TimelineGeometry g = plot->geometry();                   // visible ranges and pixel rectangle
//   std::vector<BufferBox> boxes = placeBuffers(planned);    // once per plan
//   int hit = g.hitTestAt(mouse, boxes);                     // once per mouse event
//   std::vector<LabelBox> shown = g.layoutLabels(marks, g.plotRect());

#include "label_layout.h"

#include "core/emulation/emulation_result.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <vector>

namespace arenascope {

// A planned buffer as drawn: its lifetime on the step axis and its bytes on the offset axis.
struct BufferBox {
    double first = 0; // step range, widened by TimelineGeometry::kHalfStep on each side
    double last = 0;
    double lo = 0; // offset of the first byte
    double used = 0; // end of the tensor's bytes
    double hi = 0; // end of the 16-aligned reservation (padding above `used`)
    int buffer = -1; // index into its tenant's planned buffers
    int tenant = -1; // several models in one arena: the tenant's index; -1 for one model
};

// What a label names and where it wants to sit.
struct LabelMark {
    enum class Kind {
        Line, // a horizontal line across the timeline (arena size, head, temp peak): above it, else below
        Band, // inside a band of offsets (the tail): drawn only when the band holds it
        Tick, // a tick on the arena map's bar: above the bar, else below (or the other way round)
        Lane, // a tenant's stretch of steps: at the top of the plot, else in the row below it
    };
    Kind kind = Kind::Line;
    double offset = 0; // the line, the band's lower edge or the tick; a lane's first step
    double extent = 0; // a band's upper edge
    QSizeF size; // the text with its padding, in pixels
    int priority = 0; // placed in order of priority, highest first
    bool mustShow = false; // drawn even when no place is clear (the arena size: the line the user drags)
    double along = 0.99; // Line and Band: where along the plot's width it is anchored (0..1)
    Qt::Alignment horizontal = Qt::AlignRight; // Line and Band: which side of the label the anchor is
    bool below = false; // Tick: below the bar first
};

struct TimelineGeometry {
    enum class Orientation { Timeline, Bar };

    // Visible data range.
    double stepMin = -0.5;
    double stepMax = 1.0;
    double offsetMin = 0.0;
    double offsetMax = 1.0;
    // Pixel rectangle of the plot area, or of the arena map's bar (y grows downwards).
    double left = 0.0;
    double top = 0.0;
    double width = 1.0;
    double height = 1.0;
    Orientation orientation = Orientation::Timeline;

    // A buffer occupies [first - kHalfStep, last + kHalfStep] on the step axis.
    static constexpr double kHalfStep = 0.45;
    // A label keeps this far from the arena map's bar.
    static constexpr double kTickGap = 6.0;

    // The arena map's bar from offset 0 to `arenaBytes` over `bar`.
    static TimelineGeometry bar(const QRectF& bar, double arenaBytes);

    QRectF plotRect() const { return { left, top, width, height }; }
    double mapStepToX(double step) const;
    double mapOffsetToY(double offset) const;
    double mapXToStep(double x) const;
    double mapYToOffset(double y) const;
    // Along the offset axis: y on the timeline, x on the bar.
    double offsetToPixel(double offset) const;
    double pixelToOffset(double pixel) const;

    // Places `planned` (those with an offset) on the step axis, moved by `stepShift` steps.
    static std::vector<BufferBox> placeBuffers(
        const std::vector<PlannedBuffer>& planned, double stepShift = 0.0, int tenant = -1);
    // A box on screen: its reservation, or the tensor's bytes only (`usedOnly`).
    QRectF pixelRect(const BufferBox& box, bool usedOnly = false) const;

    // Index of the box under (step, offset), or -1. When boxes overlap on screen (several
    // tenants' plans, never one plan), the last one drawn wins, as the eye sees it.
    static int hitTest(const std::vector<BufferBox>& boxes, double step, double offset);
    // The same for a point in pixels: the view's mapping done once.
    int hitTestAt(QPointF pixel, const std::vector<BufferBox>& boxes) const;

    // Where each mark's label goes within `area` (hideOverlaps, label_layout.h): one box per
    // mark, in the marks' order, `visible` false for those left out. Line marks are obstacles
    // to every other label.
    std::vector<LabelBox> layoutLabels(const std::vector<LabelMark>& marks, const QRectF& area) const;
};

} // namespace arenascope
