#include "batch_table.h"

#include "csv_report.h"

#include "core/analysis/verdict.h"
#include "core/util/format.h"

namespace arenascope {

namespace {

struct Cells {
    std::string model, configuration, arenaSize, fits, minArena, used, head, tail, tempPeak, verdict;
};

std::string optionalCount(const std::optional<std::uint64_t>& v, bool raw)
{
    if (!v)
        return raw ? "" : "-";
    return raw ? std::to_string(*v) : formatCount(*v);
}

Cells cellsOf(const BatchRow& r, bool raw)
{
    Cells c { r.model, r.configuration, "", "", "", "", "", "", "", "" };
    if (!r.analysis) {
        c.fits = raw ? "" : "-";
        c.verdict = "cannot load: " + r.error;
        return c;
    }
    const Analysis& a = *r.analysis;
    const Verdict& v = *a.verdict;
    auto count = [&](std::uint64_t n) { return raw ? std::to_string(n) : formatCount(n); };
    c.arenaSize = optionalCount(a.arenaSize(), raw);
    const auto fits = a.fits();
    c.fits = fits ? (*fits ? "yes" : "no") : (raw ? "" : "-");
    c.minArena = optionalCount(a.minArenaBytes, raw);
    c.used = count(v.arenaUsedBytes);
    c.head = count(v.headBytes);
    c.tail = count(v.tailBytes);
    c.tempPeak = count(v.tempPeakBytes);
    c.verdict = v.headline;
    return c;
}

std::string mdCell(const std::string& s)
{
    std::string out;
    for (char ch : s)
        out += ch == '|' ? std::string("\\|") : ch == '\n' ? std::string(" ") : std::string(1, ch);
    return out;
}

} // namespace

std::optional<TableFormat> parseTableFormat(const std::string& name)
{
    if (name == "md" || name == "markdown")
        return TableFormat::Markdown;
    if (name == "csv")
        return TableFormat::Csv;
    return std::nullopt;
}

std::string batchTable(const std::vector<BatchRow>& rows, TableFormat format)
{
    std::string out;
    if (format == TableFormat::Csv) {
        out += csvRecord({ "model", "configuration", "arena_size", "fits", "min_arena_bytes", "arena_used_bytes",
            "head_bytes", "tail_bytes", "temp_peak_bytes", "verdict" });
        for (const BatchRow& r : rows) {
            const Cells c = cellsOf(r, true);
            out += csvRecord({ c.model, c.configuration, c.arenaSize, c.fits, c.minArena, c.used, c.head, c.tail,
                c.tempPeak, c.verdict });
        }
        return out;
    }
    out += "| model | configuration | arena | fits | smallest arena | used | head | tail | temp peak | verdict |\n";
    out += "|---|---|---:|---|---:|---:|---:|---:|---:|---|\n";
    for (const BatchRow& r : rows) {
        const Cells c = cellsOf(r, false);
        out += "| " + mdCell(c.model) + " | `" + mdCell(c.configuration) + "` | "
            + (c.arenaSize.empty() ? "-" : c.arenaSize) + " | " + c.fits + " | " + c.minArena + " | " + c.used + " | "
            + c.head + " | " + c.tail + " | " + c.tempPeak + " | " + mdCell(c.verdict) + " |\n";
    }
    return out;
}

} // namespace arenascope
