#include "timeline_geometry.h"

#include <algorithm>

namespace arenascope {

TimelineGeometry TimelineGeometry::bar(const QRectF& bar, double arenaBytes)
{
    TimelineGeometry g;
    g.orientation = Orientation::Bar;
    g.offsetMin = 0.0;
    g.offsetMax = std::max(arenaBytes, 1.0);
    g.left = bar.left();
    g.top = bar.top();
    g.width = bar.width();
    g.height = bar.height();
    return g;
}

double TimelineGeometry::mapStepToX(double step) const
{
    return left + (step - stepMin) / (stepMax - stepMin) * width;
}

double TimelineGeometry::mapOffsetToY(double offset) const
{
    return top + height - (offset - offsetMin) / (offsetMax - offsetMin) * height;
}

double TimelineGeometry::mapXToStep(double x) const
{
    return stepMin + (x - left) / width * (stepMax - stepMin);
}

double TimelineGeometry::mapYToOffset(double y) const
{
    return offsetMin + (top + height - y) / height * (offsetMax - offsetMin);
}

double TimelineGeometry::offsetToPixel(double offset) const
{
    if (orientation == Orientation::Timeline)
        return mapOffsetToY(offset);
    // The bar: offsets beyond the arena stay at its end.
    return left + std::clamp((offset - offsetMin) / (offsetMax - offsetMin), 0.0, 1.0) * width;
}

double TimelineGeometry::pixelToOffset(double pixel) const
{
    if (orientation == Orientation::Timeline)
        return mapYToOffset(pixel);
    return offsetMin + std::clamp((pixel - left) / width, 0.0, 1.0) * (offsetMax - offsetMin);
}

std::vector<BufferBox> TimelineGeometry::placeBuffers(
    const std::vector<PlannedBuffer>& planned, double stepShift, int tenant)
{
    std::vector<BufferBox> boxes;
    boxes.reserve(planned.size());
    for (std::size_t i = 0; i < planned.size(); ++i) {
        const PlannedBuffer& b = planned[i];
        if (b.offset < 0)
            continue;
        BufferBox box;
        box.first = stepShift + b.first - kHalfStep;
        box.last = stepShift + b.last + kHalfStep;
        box.lo = static_cast<double>(b.offset);
        box.used = box.lo + static_cast<double>(b.bytes);
        box.hi = box.lo + static_cast<double>(b.alignedBytes);
        box.buffer = static_cast<int>(i);
        box.tenant = tenant;
        boxes.push_back(box);
    }
    return boxes;
}

QRectF TimelineGeometry::pixelRect(const BufferBox& box, bool usedOnly) const
{
    const double upper = offsetToPixel(usedOnly ? box.used : box.hi);
    return QRectF(QPointF(mapStepToX(box.first), upper), QPointF(mapStepToX(box.last), offsetToPixel(box.lo)))
        .normalized();
}

int TimelineGeometry::hitTest(const std::vector<BufferBox>& boxes, double step, double offset)
{
    for (std::size_t i = boxes.size(); i-- > 0;) {
        const BufferBox& b = boxes[i];
        if (step >= b.first && step <= b.last && offset >= b.lo && offset < b.hi)
            return static_cast<int>(i);
    }
    return -1;
}

int TimelineGeometry::hitTestAt(QPointF pixel, const std::vector<BufferBox>& boxes) const
{
    return hitTest(boxes, mapXToStep(pixel.x()), mapYToOffset(pixel.y()));
}

namespace {

QRectF sized(const QSizeF& size)
{
    return QRectF(QPointF(0, 0), size);
}

// The label's left edge for an anchor at x: the anchor is its left side, centre or right side.
double leftOf(const LabelMark& m, double x)
{
    if (m.horizontal & Qt::AlignLeft)
        return x;
    if (m.horizontal & Qt::AlignHCenter)
        return x - m.size.width() / 2;
    return x - m.size.width();
}

// A rectangle `size` wide centred on x, kept within [area.left, area.right].
QRectF centredWithin(const QSizeF& size, double x, const QRectF& area)
{
    QRectF r = sized(size);
    const double left
        = std::clamp(x - size.width() / 2, area.left(), std::max(area.left(), area.right() - size.width()));
    r.moveLeft(left);
    return r;
}

} // namespace

std::vector<LabelBox> TimelineGeometry::layoutLabels(const std::vector<LabelMark>& marks, const QRectF& area) const
{
    std::vector<LabelBox> boxes;
    std::vector<QRectF> lines;
    boxes.reserve(marks.size());
    for (const LabelMark& m : marks) {
        LabelBox box;
        box.priority = m.priority;
        box.mustShow = m.mustShow;
        const double x = leftOf(m, left + m.along * width);
        switch (m.kind) {
        case LabelMark::Kind::Line: {
            const double y = offsetToPixel(m.offset);
            box.ownLine = static_cast<int>(lines.size());
            lines.push_back(QRectF(area.left(), y - 1.5, area.width(), 3.0));
            box.rect = sized(m.size);
            box.rect.moveBottomLeft(QPointF(x, y)); // above the line
            box.alternative = sized(m.size);
            box.alternative.moveTopLeft(QPointF(x, y)); // below it
            break;
        }
        case LabelMark::Kind::Band: {
            const double lower = offsetToPixel(m.offset);
            const double upper = offsetToPixel(m.extent);
            box.rect = sized(m.size);
            box.rect.moveTopLeft(QPointF(x, (lower + upper) / 2 - m.size.height() / 2));
            box.visible = std::abs(lower - upper) > m.size.height() + 4;
            break;
        }
        case LabelMark::Kind::Tick: {
            const QRectF above
                = centredWithin(m.size, offsetToPixel(m.offset), area).translated(0, top - kTickGap - m.size.height());
            const QRectF below
                = centredWithin(m.size, offsetToPixel(m.offset), area).translated(0, top + height + kTickGap);
            box.rect = m.below ? below : above;
            box.alternative = m.below ? above : below;
            break;
        }
        case LabelMark::Kind::Lane: {
            // From the lane's left edge, moved left as far as the name needs to stay in the plot.
            const double laneLeft = std::max(
                area.left() + 2, std::min(mapStepToX(m.offset - kHalfStep) + 4, area.right() - 2 - m.size.width()));
            box.rect = sized(m.size);
            box.rect.moveTopLeft(QPointF(laneLeft, area.top() + 2));
            // A lane too narrow for its name beside the next one's: the second row.
            box.alternative = sized(m.size);
            box.alternative.moveTopLeft(QPointF(laneLeft, area.top() + m.size.height() + 4));
            break;
        }
        }
        boxes.push_back(box);
    }
    hideOverlaps(boxes, area, lines);
    return boxes;
}

} // namespace arenascope
