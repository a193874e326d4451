#include "check_report.h"

#include "html_report.h"

#include "core/util/format.h"

namespace arenascope {

namespace {

std::string bytesOrDash(const std::optional<std::uint64_t>& b)
{
    return b ? formatBytes(*b) : "-";
}

// A table cell: pipes and line breaks would end the cell.
std::string cell(const std::string& text)
{
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

// HTML's escaping is valid XML too (entities and numeric references only).
std::string xmlEscape(const std::string& text)
{
    return htmlEscape(text);
}

std::string deltaText(const BaselineJudgement& j)
{
    const auto d = j.delta();
    return d ? formatSignedBytes(*d) : "-";
}

// One line on why a row failed or passed: "grew: 6,808 B -> 8,856 B (+2,048 B), limit 0 B".
std::string summary(const BaselineJudgement& j, const GrowthLimit& limit)
{
    std::string s(checkOutcomeText(j.outcome));
    if (j.before || j.after)
        s += ": " + bytesOrDash(j.before) + " -> " + bytesOrDash(j.after);
    if (j.delta())
        s += " (" + deltaText(j) + ")";
    if (j.outcome == CheckOutcome::Grew || j.outcome == CheckOutcome::GrewWithinLimit)
        s += ", limit " + limit.text();
    if (!j.note.empty())
        s += "; " + j.note;
    return s;
}

std::string itemsText(const std::vector<CostChange>& changes, std::size_t most)
{
    std::string out;
    for (std::size_t k = 0; k < changes.size() && k < most; ++k)
        out += (k ? "; " : "") + changes[k].text();
    if (changes.size() > most)
        out += "; and " + std::to_string(changes.size() - most) + " more";
    return out;
}

} // namespace

std::size_t regressionCount(const std::vector<CheckRow>& rows)
{
    std::size_t n = 0;
    for (const CheckRow& r : rows)
        n += r.judgement.regression ? 1U : 0U;
    return n;
}

std::string checkMarkdown(
    const std::vector<CheckRow>& rows, const GrowthLimit& limit, std::optional<std::uint64_t> budget)
{
    const std::size_t failed = regressionCount(rows);
    std::string out = "### ArenaScope arena check: ";
    out += failed == 0 ? "no regression" : std::to_string(failed) + (failed == 1 ? " regression" : " regressions");
    out += " in " + std::to_string(rows.size()) + (rows.size() == 1 ? " check" : " checks") + "\n\n";
    out += "Smallest arena per model and configuration; growth allowed: " + limit.text();
    if (budget)
        out += "; budget: " + formatBytes(*budget);
    out += ".\n\n";
    out += "| model | configuration | before | after | delta | verdict |\n";
    out += "|---|---|---:|---:|---:|---|\n";
    for (const CheckRow& r : rows) {
        const BaselineJudgement& j = r.judgement;
        std::string verdict(checkOutcomeText(j.outcome));
        if (j.regression)
            verdict = "**" + verdict + "**";
        out += "| " + cell(r.model) + " | `" + cell(r.configuration) + "` | " + bytesOrDash(j.before) + " | "
            + bytesOrDash(j.after) + " | " + deltaText(j) + " | " + cell(verdict) + " |\n";
    }
    std::string details;
    for (const CheckRow& r : rows) {
        const BaselineJudgement& j = r.judgement;
        const bool changed = j.outcome != CheckOutcome::Same && j.outcome != CheckOutcome::StillFails;
        if (!changed && j.note.empty())
            continue;
        std::string line = "- " + r.model + " (`" + r.configuration + "`): " + summary(j, limit);
        if (!j.grew.empty())
            line += "\n  - grew: " + itemsText(j.grew, 8);
        if (!j.shrank.empty())
            line += "\n  - shrank: " + itemsText(j.shrank, 4);
        details += line + "\n";
    }
    if (!details.empty())
        out += "\n" + details;
    return out;
}

std::string checkJunit(const std::vector<CheckRow>& rows, const GrowthLimit& limit, std::optional<std::uint64_t> budget)
{
    const std::size_t failed = regressionCount(rows);
    const std::string counts
        = " tests=\"" + std::to_string(rows.size()) + "\" failures=\"" + std::to_string(failed) + "\" errors=\"0\"";
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<testsuites name=\"arenascope check\"" + counts + ">\n";
    out += "  <testsuite name=\"arenascope check\"" + counts + ">\n";
    out += "    <properties>\n";
    out += "      <property name=\"max_growth\" value=\"" + xmlEscape(limit.text()) + "\"/>\n";
    if (budget)
        out += "      <property name=\"budget_bytes\" value=\"" + std::to_string(*budget) + "\"/>\n";
    out += "    </properties>\n";
    for (const CheckRow& r : rows) {
        const BaselineJudgement& j = r.judgement;
        out += "    <testcase classname=\"" + xmlEscape(r.model) + "\" name=\"" + xmlEscape(r.configuration) + "\"";
        const std::string text = summary(j, limit);
        std::string body = text;
        if (!j.grew.empty())
            body += "\ngrew: " + itemsText(j.grew, 20);
        if (!j.shrank.empty())
            body += "\nshrank: " + itemsText(j.shrank, 20);
        if (j.regression) {
            out += ">\n      <failure message=\"" + xmlEscape(text) + "\" type=\""
                + xmlEscape(std::string(checkOutcomeText(j.outcome))) + "\">" + xmlEscape(body) + "</failure>\n";
            out += "    </testcase>\n";
        } else {
            out += ">\n      <system-out>" + xmlEscape(body) + "</system-out>\n    </testcase>\n";
        }
    }
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

} // namespace arenascope
