#pragma once
// Pictures of an analysis at a chosen size and scale, independent of any window: the
// timeline, the arena map, and a one-page report sheet (timeline, arena map, verdict and
// breakdown). Used by File > Export and by `arenascope report --png`.

#include "core/analysis/analysis.h"

#include <QImage>
#include <QSize>

namespace arenascope {

struct ImageOptions {
    QSize size { 1600, 900 }; // logical pixels
    double scale = 1.0; // device pixel ratio: 2.0 doubles the pixel count for print
    bool header = true; // a line naming the model, its settings and the arena size
};

QImage renderTimeline(const AnalysisPtr& analysis, const ImageOptions& options);
QImage renderArenaMap(const AnalysisPtr& analysis, const ImageOptions& options);
QImage renderReportSheet(const AnalysisPtr& analysis, const ImageOptions& options);

// PNG bytes of an image (for embedding in the HTML report).
std::vector<std::uint8_t> pngBytes(const QImage& image);

} // namespace arenascope
