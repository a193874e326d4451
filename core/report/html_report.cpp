#include "html_report.h"

#include "core/emulation/resource_variables.h"

#include "core/emulation/provenance.h"

#include "base64.h"
#include "report_rows.h"

#include "core/analysis/verdict.h"
#include "core/emulation/target.h"
#include "core/util/format.h"

#include <algorithm>
#include <array>
#include <optional>

namespace arenascope {

namespace {

// Inline so the file needs nothing else; print-friendly colours.
constexpr std::string_view kStyle = R"(body{font-family:system-ui,sans-serif;margin:2em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ddd;padding:.2em .5em;text-align:left}
th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
.verdict{font-size:1.2em;font-weight:bold}.fits{color:#2c7f2c}.fails{color:#c02020}.warning{color:#b06000}
figure{margin:1em 0}img{max-width:100%;border:1px solid #ddd}pre{background:#f6f6f6;padding:.5em})";

// The eight bytes every PNG file starts with.
constexpr std::array<std::uint8_t, 8> kPngSignature { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

std::string bytesText(std::uint64_t bytes)
{
    return formatBytes(bytes);
}

std::string optionalText(const std::optional<std::uint64_t>& v)
{
    return v ? std::to_string(*v) : std::string();
}

// One table row: a label and an already escaped value.
void row(std::string& out, std::string_view label, const std::string& valueHtml, bool numeric = false)
{
    out += "<tr><th>" + htmlEscape(label) + "</th><td" + (numeric ? " class=\"n\"" : "") + ">" + valueHtml
        + "</td></tr>\n";
}

void failureDetails(std::string& out, const Analysis& a, const Verdict& v)
{
    const Failure& f = *a.failure();
    out += "<table>\n";
    row(out, "TFLM says", "<code>" + htmlEscape(v.tflmMessage) + "</code>");
    row(out, "stage", htmlEscape(v.stage) + " (" + htmlEscape(v.stageInWords) + ")");
    row(out, "operator", v.where.empty() ? std::string("none (not an operator's allocation)") : htmlEscape(v.where));
    if (f.capacity) {
        row(out, "requested", bytesText(f.requested), true);
        row(out, "available", bytesText(f.available), true);
        row(out, "missing", bytesText(f.missing), true);
    }
    out += "</table>\n<p>" + htmlEscape(v.plainWords) + "</p>\n";
    if (f.log.size() > 1) {
        out += "<p>Everything TFLM prints:</p>\n<pre>";
        for (const auto& line : f.log)
            out += htmlEscape(line) + "\n";
        out += "</pre>\n";
    }
}

std::string verdictSection(const Analysis& a, const Verdict& v)
{
    std::string out = "<section id=\"verdict\">\n<h2>Verdict</h2>\n";
    const bool good = v.kind == VerdictKind::Fits || v.kind == VerdictKind::NoSizeGiven;
    out += std::string("<p class=\"verdict ") + (good ? "fits" : "fails") + "\">" + htmlEscape(v.headline) + "</p>\n";
    if (v.failed)
        failureDetails(out, a, v);
    for (const auto& w : v.warnings)
        out += "<p class=\"warning\">Warning: " + htmlEscape(w) + "</p>\n";
    return out + "</section>\n";
}

std::string settingsSection(const Analysis& a)
{
    const EmulationSettings& s = a.settings;
    std::string out = "<section id=\"settings\">\n<h2>Settings</h2>\n<table>\n";
    row(out, "model", "<code>" + htmlEscape(a.model->path()) + "</code>");
    row(out, "target",
        htmlEscape(std::string(targetName(s.target)) + " (" + std::string(targetDescription(s.target)) + ")"));
    row(out, "kernels", htmlEscape(describeKernels(s)));
    std::string planner(plannerName(s.effectivePlanner()));
    if (s.preserveAllTensors && s.planner != PlannerKind::Linear)
        planner += " (preserve-all-tensors makes TFLM use the linear planner)";
    row(out, "planner", htmlEscape(planner));
    row(out, "interpreter", htmlEscape(interpreterName(s.effectiveInterpreter())));
    row(out, "preserve all tensors", s.preserveAllTensors ? "yes" : "no");
    row(out, "resource variables",
        std::to_string(resourceVariablesFor(s, *a.model))
            + (s.resourceVariables == kResourceVariablesAuto ? " (auto)" : ""),
        true);
    row(out, "arena size", a.arenaSize() ? bytesText(*a.arenaSize()) : std::string("not given"),
        a.arenaSize().has_value());
    if (s.nonPersistentBytes)
        row(out, "non-persistent arena", bytesText(*s.nonPersistentBytes), true);
    if (s.arenaOffset)
        row(out, "arena start", std::to_string(s.arenaOffset) + " B past a 16-byte boundary", true);
    if (s.resourceVariablesArena)
        row(out, "resource-variables arena", bytesText(*s.resourceVariablesArena), true);
    row(out, "fidelity", htmlEscape(provenance(s).text));
    return out + "</table>\n</section>\n";
}

std::string breakdownSection(const Analysis& a, const Verdict& v)
{
    const EmulationResult& m = figuresRun(a);
    std::string out
        = "<section id=\"breakdown\">\n<h2>Arena breakdown</h2>\n<p>Figures of AllocateTensors in an arena of "
        + bytesText(v.figuresArenaBytes) + ".</p>\n<table>\n";
    if (v.minArenaBytes && v.minNonPersistentBytes) {
        row(out, "smallest persistent arena", bytesText(*v.minArenaBytes), true);
        row(out, "smallest non-persistent arena", bytesText(*v.minNonPersistentBytes), true);
    } else if (v.minArenaBytes) {
        row(out, "smallest arena that works", bytesText(*v.minArenaBytes), true);
    }
    row(out, "arena used (head + tail)", bytesText(v.arenaUsedBytes), true);
    row(out, "head (memory plan)", bytesText(v.headBytes), true);
    row(out, "tail (persistent)", bytesText(v.tailBytes), true);
    for (const TailShare& t : v.tail)
        row(out, std::string("tail: ") + categoryName(t.category), bytesText(t.bytes), true);
    row(out, "temp peak (above the head)", bytesText(v.tempPeakBytes), true);
    row(out, "lower bound (most bytes live at once)", bytesText(a.lowerBoundBytes), true);
    row(out, "alignment waste (planned buffers)", bytesText(a.alignmentWasteBytes), true);
    row(out, "memory plan size", m.planBytes >= 0 ? bytesText(static_cast<std::uint64_t>(m.planBytes)) : "none", true);
    row(out, "model file (flash)", bytesText(a.model->fileSize()), true);
    row(out, "constant tensor data (flash)", bytesText(a.model->constantBytes()), true);
    out += "</table>\n<h3>Recording categories (TFLM's RecordedAllocationType)</h3>\n<table>\n"
           "<tr><th>category</th><th>requested</th><th>used</th><th>count</th></tr>\n";
    for (std::size_t i = 0; i < m.recording.size(); ++i) {
        const RecordedAllocation& r = m.recording[i];
        out += "<tr><td>" + htmlEscape(recordedTypeName(static_cast<RecordedType>(i))) + "</td><td class=\"n\">"
            + std::to_string(r.requested) + "</td><td class=\"n\">" + std::to_string(r.used) + "</td><td class=\"n\">"
            + std::to_string(r.count) + "</td></tr>\n";
    }
    return out + "</table>\n</section>\n";
}

std::string imagesSection(const std::vector<ReportImage>& images)
{
    if (images.empty())
        return {};
    std::string out = "<section id=\"images\">\n<h2>Figures</h2>\n";
    for (const ReportImage& image : images) {
        const std::string caption = htmlEscape(image.caption);
        out += "<figure><img src=\"data:image/png;base64," + base64Encode(image.png) + "\" alt=\"" + caption
            + "\"><figcaption>" + caption + "</figcaption></figure>\n";
    }
    return out + "</section>\n";
}

std::string tensorSection(const Analysis& a)
{
    std::string out = "<section id=\"tensors\">\n<h2>Tensors</h2>\n<table>\n<tr>";
    for (const char* h : { "subgraph", "index", "name", "kind", "dtype", "shape", "bytes", "aligned bytes", "padding",
             "offset", "first use", "last use", "where" })
        out += std::string("<th>") + h + "</th>";
    out += "</tr>\n";
    auto num = [](const std::string& text) { return "<td class=\"n\">" + text + "</td>"; };
    auto txt = [](const std::string& text) { return "<td>" + htmlEscape(text) + "</td>"; };
    for (const TensorRow& r : tensorRows(a)) {
        out += "<tr>" + num(std::to_string(r.subgraph)) + num(std::to_string(r.index)) + txt(r.name) + txt(r.kind)
            + txt(r.dtype) + txt(r.shape) + num(std::to_string(r.bytes)) + num(optionalText(r.alignedBytes))
            + num(optionalText(r.padding)) + num(optionalText(r.offset)) + num(std::to_string(r.firstUse))
            + num(std::to_string(r.lastUse)) + txt(r.where) + "</tr>\n";
    }
    return out + "</table>\n</section>\n";
}

} // namespace

std::string htmlEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
                out += "&#xFFFD;";
            else
                out.push_back(ch);
        }
    }
    return out;
}

Result<std::string> htmlReport(const Analysis& a, const std::vector<ReportImage>& images)
{
    for (std::size_t i = 0; i < images.size(); ++i) {
        const auto& png = images[i].png;
        if (png.size() < kPngSignature.size() || !std::equal(kPngSignature.begin(), kPngSignature.end(), png.begin()))
            return makeError(
                ErrorCode::InvalidArgument, "image " + std::to_string(i + 1) + " is not a PNG file", images[i].caption);
    }
    std::string title = a.model->path();
    if (const auto slash = title.find_last_of('/'); slash != std::string::npos)
        title = title.substr(slash + 1);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>ArenaScope: "
        + htmlEscape(title) + "</title>\n<style>\n" + std::string(kStyle) + "\n</style>\n</head>\n<body>\n";
    out += "<h1>ArenaScope report: <code>" + htmlEscape(title) + "</code></h1>\n";
    out += "<p>Tensor arena of TensorFlow Lite Micro (tflite-micro 90b983c2) as ArenaScope emulates it. "
           "All sizes are in bytes.</p>\n";
    const Verdict& v = *a.verdict;
    out += verdictSection(a, v) + settingsSection(a) + breakdownSection(a, v) + imagesSection(images)
        + tensorSection(a);
    return out + "</body>\n</html>\n";
}

} // namespace arenascope
