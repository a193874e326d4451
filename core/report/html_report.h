#pragma once
// A self-contained HTML report of one Analysis: a single file with no scripts and no
// external resources (the style sheet is inline, images are data: URIs), so it can be
// mailed or attached to a CI run and still open years later.
//
// Sections, in order: verdict (fits / does not fit with TFLM's message, stage, operator and
// missing bytes; the smallest arena), settings, arena breakdown (used, head, tail, temp peak,
// lower bound, alignment waste, TFLM's recording categories), the images given, and the
// tensor table (the columns of tensorTableCsv). Figures are the plan JSON's, in bytes.
// Every text that comes from the model (path, tensor and operator names, TFLM messages that
// quote them) is HTML-escaped. Deterministic: no dates, so it can be golden-tested.
//
// Usage:
//   auto html = htmlReport(*analysis, {{"Arena timeline", timelinePngBytes}});
//   if (!html) return html.error();
//   return writeFileAtomically("report.html", html.value());

#include "core/analysis/analysis.h"
#include "core/util/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

struct ReportImage {
    std::string caption; // plain text; escaped in the report
    std::vector<std::uint8_t> png; // the bytes of a PNG file
};

// The UTF-8 document, or ErrorCode::InvalidArgument when an image is not a PNG.
Result<std::string> htmlReport(const Analysis& analysis, const std::vector<ReportImage>& images = {});

// Text safe inside an element or a quoted attribute: & < > " ' become entities; control
// characters other than tab, LF and CR (not allowed in HTML) become U+FFFD.
std::string htmlEscape(std::string_view text);

} // namespace arenascope
