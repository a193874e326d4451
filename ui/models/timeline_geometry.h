#pragma once
// Pure geometry of the arena timeline (STYLE.md rule 11): steps and offsets to pixels and
// back, and which planned buffer lies under a point. No Qt painting here; table-tested in
// tests/ui/tst_timeline_geometry.cpp.

#include "core/emulation/emulation_result.h"

#include <cstdint>
#include <vector>

namespace arenascope {

struct TimelineGeometry {
    // Visible data range.
    double stepMin = -0.5;
    double stepMax = 1.0;
    double offsetMin = 0.0;
    double offsetMax = 1.0;
    // Pixel rectangle of the plot area (y grows downwards on screen).
    double left = 0.0;
    double top = 0.0;
    double width = 1.0;
    double height = 1.0;

    // A buffer occupies [first - kHalfStep, last + kHalfStep] on the step axis.
    static constexpr double kHalfStep = 0.45;

    double mapStepToX(double step) const;
    double mapOffsetToY(double offset) const;
    double mapXToStep(double x) const;
    double mapYToOffset(double y) const;

    // Index of the planned buffer drawn under (step, offset), or -1. When buffers overlap on
    // screen (never in the arena), the last one drawn wins, as the eye sees it.
    static int hitTest(const std::vector<PlannedBuffer>& buffers, double step, double offset);
};

} // namespace arenascope
