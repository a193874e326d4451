#include "timeline_geometry.h"

namespace arenascope {

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

int TimelineGeometry::hitTest(const std::vector<PlannedBuffer>& buffers, double step, double offset)
{
    for (std::size_t i = buffers.size(); i-- > 0;) {
        const PlannedBuffer& b = buffers[i];
        if (b.offset < 0)
            continue;
        const double lo = static_cast<double>(b.offset);
        const double hi = lo + static_cast<double>(b.alignedBytes);
        if (step >= b.first - kHalfStep && step <= b.last + kHalfStep && offset >= lo && offset < hi)
            return static_cast<int>(i);
    }
    return -1;
}

} // namespace arenascope
