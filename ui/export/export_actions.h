#pragma once
// Writing exports to disk: every file goes through QSaveFile (temp file, then rename), so a
// failed write leaves any older file intact. Returns an error message, empty on success.

#include "image_export.h"

#include "core/analysis/alternatives.h"

#include <QString>

#include <vector>

namespace arenascope {

enum class ExportKind {
    TimelinePng,
    ArenaMapPng,
    ReportSheetPng,
    TensorCsv,
    EventCsv,
    LiveBytesCsv,
    BuffersCsv, // the planner's buffers in MiniMalloc's CSV, with TFLM's offsets
    Json,
    Html,
};

QString exportSuffix(ExportKind kind); // "png", "csv", "json", "html"
QString defaultExportName(ExportKind kind); // "timeline.png", "tensors.csv", ...
// The name File > Export suggests: the model and the settings in front of the kind's name,
// "person_detect-cortex-m-greedy-82296B-timeline.png".
QString suggestedExportName(ExportKind kind, const Analysis& analysis);
// Writes one export of `analysis` to `path`; PNGs use `image`. The JSON export includes what the
// other builds need: `alternatives` when the caller has them for this analysis (the window's
// Other builds list), else computed here.
QString writeExport(ExportKind kind, const AnalysisPtr& analysis, const QString& path, const ImageOptions& image = {},
    const std::vector<Alternative>* alternatives = nullptr);
// Writes bytes atomically.
QString saveAtomically(const QString& path, const QByteArray& bytes);

} // namespace arenascope
