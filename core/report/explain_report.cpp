#include "explain_report.h"

#include "json_writer.h"

#include "core/analysis/concepts.h"
#include "core/devicelog/fact_compare.h"
#include "core/devicelog/fact_text.h"
#include "core/emulation/tflm_version.h"
#include "core/util/format.h"

namespace arenascope {

namespace {

// Which attempt each fact belongs to (facts of folded repeats are not kept).
std::vector<std::optional<std::size_t>> attemptOfFacts(const ParsedLog& log)
{
    std::vector<std::optional<std::size_t>> out(log.facts.size());
    for (std::size_t a = 0; a < log.attempts.size(); ++a)
        for (std::size_t i : log.attempts[a].facts)
            out[i] = a;
    return out;
}

std::string conceptLink(std::string_view id)
{
    const Concept* c = findConcept(id);
    return c ? "[Help > Concepts > " + std::string(c->term) + "]" : "";
}

std::string wrap(const std::string& text, std::size_t indent, std::size_t width = 100)
{
    std::string out, line;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string word = text.substr(start, end - start);
        if (!line.empty() && line.size() + 1 + word.size() > width - indent) {
            out += std::string(indent, ' ') + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = end + 1;
    }
    if (!line.empty())
        out += std::string(indent, ' ') + line + "\n";
    return out;
}

void factsText(std::string& out, const ParsedLog& log)
{
    const auto attemptIndex = attemptOfFacts(log);
    for (std::size_t i = 0; i < log.facts.size(); ++i) {
        const LogFact& f = log.facts[i];
        if (!attemptIndex[i])
            continue;
        const FactText t = explainFact(f);
        out += formatString("line %zu  %s\n", f.line, f.text.c_str());
        out += wrap(t.text + " " + conceptLink(t.conceptId), 6);
        const LogAttempt& a = log.attempts[*attemptIndex[i]];
        if (a.repeats > 1 && a.facts.back() == i)
            out += formatString(
                "      (these lines appear %zu times: a reboot loop prints the same attempt again)\n", a.repeats);
    }
}

std::string needText(const ExplainMatch& m)
{
    if (!m.minArenaBytes)
        return "No arena size makes this build allocate the model.";
    const auto delta = static_cast<std::int64_t>(*m.minArenaBytes) - static_cast<std::int64_t>(m.arenaBytes());
    return "That build needs " + formatBytes(*m.minArenaBytes) + ": "
        + (delta > 0 ? formatBytes(static_cast<std::uint64_t>(delta)) + " more than the device had."
                     : "the device's arena is enough.");
}

// "0, 4-15".
std::string offsetsText(const std::vector<std::uint32_t>& offsets)
{
    std::string out;
    for (std::size_t i = 0; i < offsets.size();) {
        std::size_t j = i;
        while (j + 1 < offsets.size() && offsets[j + 1] == offsets[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(offsets[i]);
        if (j > i)
            out += "-" + std::to_string(offsets[j]);
        i = j + 1;
    }
    return out;
}

std::string arenaText(const ExplainMatch& m)
{
    const bool declared = !m.offsets.empty();
    std::string text = "arena " + formatBytes(m.arenaBytes());
    if (!declared && m.sizes.size() == 1 && m.sizes.front().unbounded)
        text = "any arena of " + sizeRangeText(m.sizes.front()) + " (the log reads the same at each)";
    else if (!declared && m.sizes.size() == 1 && m.sizes.front().lo != m.sizes.front().hi)
        text = "arena " + sizeRangeText(m.sizes.front()) + " (the log reads the same at each)";
    if (m.settings.arenaOffset != 0 || !m.offsets.empty()) {
        text += formatString(", starting %u B past a 16-byte boundary", m.settings.arenaOffset);
        if (m.offsets.size() > 1)
            text += " (it reads the same at offsets " + offsetsText(m.offsets) + ")";
    }
    return text;
}

void matchText(std::string& out, std::size_t n, const ExplainMatch& m)
{
    if (!m.detailed) {
        out += formatString(
            "%zu. %s, %s\n   config: %s\n", n, m.title.c_str(), arenaText(m).c_str(), m.configuration.c_str());
        if (m.minArenaBytes)
            out += "   " + needText(m) + "\n";
        return;
    }
    out += formatString("%zu. %s\n", n, m.title.c_str());
    out += "   " + arenaText(m) + "\n";
    out += "   config: " + m.configuration + "\n";
    out += "   " + needText(m) + "\n";
    if (!m.alike.empty()) {
        out += "   The same at every size:";
        for (std::size_t i = 0; i < m.alike.size(); ++i)
            out += (i ? "; " : " ") + explicitConfigurationText(m.alike[i]);
        out += "\n";
    }
    out += wrap("TFLM " + std::string(tflmVersionId(m.settings.tflm)) + " ships in "
            + std::string(tflmVersionInfo(m.settings.tflm).shippedBy) + ".",
        3);
    for (const char* kind : { "esp-nn", "TFLM" }) {
        std::string fits, breaks;
        for (const OtherVersion& o : m.otherVersions) {
            if (o.label.rfind(kind, 0) != 0)
                continue;
            const std::string item = o.label + " ("
                + (o.minArenaBytes ? "needs " + formatBytes(*o.minArenaBytes) : std::string("no arena is enough"))
                + ")";
            std::string& into = o.fitsDeviceArena ? fits : breaks;
            into += (into.empty() ? "" : "; ") + item;
        }
        if (!fits.empty())
            out += wrap("Fits in " + formatBytes(m.arenaBytes()) + " with " + fits + ".", 3);
        if (!breaks.empty())
            out += wrap("Does not fit in " + formatBytes(m.arenaBytes()) + " with " + breaks + ".", 3);
    }
    if (!m.exact)
        out += "   (the log lacks some lines this build prints there; the ones it has are all reproduced)\n";
    for (std::size_t line : m.impliedLines)
        out += formatString("   (line %zu is the kernel's own check of the temp tensor that did not fit: TFLM's "
                            "kernel prints it; ArenaScope reproduces the failure, not the check's file and line)\n",
            line);
}

void jsonFact(JsonWriter& w, const LogFact& f, std::optional<std::size_t> attempt)
{
    w.beginObject();
    w.field("line", static_cast<std::uint64_t>(f.line));
    w.field("kind", factKindName(f.kind));
    w.field("wording", f.wording);
    w.field("text", f.text);
    auto opt = [&](const char* key, const auto& v) {
        if (v)
            w.field(key, *v);
    };
    opt("requested", f.requested);
    opt("available", f.available);
    opt("missing", f.missing);
    opt("bytes", f.bytes);
    opt("used", f.used);
    opt("count", f.count);
    opt("index", f.index);
    opt("status", f.status);
    opt("offset", f.offset);
    opt("first_used", f.firstUsed);
    opt("last_used", f.lastUsed);
    opt("subgraph", f.subgraph);
    opt("tensor", f.tensor);
    if (!f.op.empty())
        w.field("operator", f.op);
    if (!f.subject.empty())
        w.field("subject", f.subject);
    if (!f.impossible.empty())
        w.field("impossible", f.impossible);
    w.key("attempt");
    w.value(attempt ? std::optional<std::uint64_t>(*attempt) : std::nullopt);
    const FactText t = explainFact(f);
    w.field("explanation", t.text);
    w.field("concept", t.conceptId);
    w.endObject();
}

// [lo, hi] (hi null: no upper end), and the sizes modulo 16 that belong when not all do.
void jsonRange(JsonWriter& w, const SizeRange& r)
{
    w.beginArray();
    w.value(r.lo);
    if (r.unbounded)
        w.null();
    else
        w.value(r.hi);
    if (r.residues != 0xffff) {
        w.beginArray();
        for (unsigned k = 0; k < 16; ++k)
            if ((r.residues >> k) & 1U)
                w.value(static_cast<std::uint64_t>(k));
        w.endArray();
    }
    w.endArray();
}

void jsonMatch(JsonWriter& w, const ExplainMatch& m)
{
    w.beginObject();
    w.field("config", m.configuration);
    w.field("title", m.title);
    w.field("arena_bytes", m.arenaBytes());
    w.key("arena_bytes_range");
    jsonRange(w, m.sizes.empty() ? SizeRange { m.arenaBytes(), m.arenaBytes(), false } : m.sizes.front());
    w.key("attempt_arena_bytes");
    w.beginArray();
    for (const auto& ranges : m.attemptSizes) {
        w.beginArray();
        for (const SizeRange& r : ranges)
            jsonRange(w, r);
        w.endArray();
    }
    w.endArray();
    w.key("arena_offsets");
    w.beginArray();
    for (std::uint32_t k : m.offsets)
        w.value(k);
    w.endArray();
    w.field("min_arena_bytes", m.minArenaBytes);
    if (m.minArenaBytes)
        w.field("shortfall_bytes",
            static_cast<std::uint64_t>(*m.minArenaBytes > m.arenaBytes() ? *m.minArenaBytes - m.arenaBytes() : 0));
    w.field("exact", m.exact);
    w.key("implied_lines");
    w.beginArray();
    for (std::size_t line : m.impliedLines)
        w.value(static_cast<std::uint64_t>(line));
    w.endArray();
    w.key("alike");
    w.beginArray();
    for (const EmulationSettings& s : m.alike)
        w.value(explicitConfigurationText(s));
    w.endArray();
    w.key("other_versions");
    w.beginArray();
    for (const OtherVersion& o : m.otherVersions) {
        w.beginObject();
        w.field("label", o.label);
        w.field("config", explicitConfigurationText(o.settings));
        w.field("min_arena_bytes", o.minArenaBytes);
        w.field("fits", o.fitsDeviceArena);
        w.endObject();
    }
    w.endArray();
    w.key("emulated_lines");
    w.beginArray();
    for (const std::string& l : m.emulatedLines)
        w.value(l);
    w.endArray();
    w.endObject();
}

} // namespace

std::string sizeRangeText(const SizeRange& r)
{
    if (r.unbounded && r.residues != 0xffff) {
        std::string which;
        for (unsigned k = 0; k < 16; ++k)
            if ((r.residues >> k) & 1U)
                which += (which.empty() ? "" : ", ") + std::to_string(k);
        return "at least " + formatBytes(r.lo) + " whose size modulo 16 is " + which;
    }
    if (r.unbounded)
        return "at least " + formatBytes(r.lo);
    if (r.lo == r.hi)
        return formatBytes(r.lo);
    return formatCount(r.lo) + "-" + formatBytes(r.hi);
}

std::string explainText(const ExplainResult& r, const std::string& modelName)
{
    const ParsedLog& log = r.log;
    std::string out = formatString("Read %zu lines (%s): %zu about the arena, %zu ignored.\n", log.lines,
        formatBytes(log.bytesRead).c_str(), log.facts.size(), log.ignoredLines);
    for (const std::string& note : log.notes)
        out += "Note: " + note + ".\n";
    out += "\n";
    factsText(out, log);
    if (log.facts.empty())
        out += "No line of this log is one TFLM prints about the arena.\n";
    if (!r.modelGiven) {
        out += "\nGive the model (--model M.tflite) to find the build and arena size that print this log.\n";
        return out;
    }
    out += "\n";
    const std::string searched = formatString("%zu configurations, %zu distinct, %s emulations, %.1f s",
        r.configurations, r.distinctRuns, formatCount(r.emulations).c_str(), r.seconds);
    if (!r.matches.empty()) {
        out += formatString("With %s, reproduced by %zu build%s (%s):\n\n", modelName.c_str(), r.matches.size(),
            r.matches.size() == 1 ? "" : "s", searched.c_str());
        for (std::size_t i = 0; i < r.matches.size(); ++i)
            matchText(out, i + 1, r.matches[i]);
        if (!r.tellApart.empty())
            out += "\n" + wrap("To tell them apart: " + r.tellApart + ".", 0);
        if (r.matches.front().offsets.empty() && r.matches.front().settings.arenaOffset == 0)
            out += "\n"
                + wrap("Arena sizes are for an arena starting on a 16-byte boundary (an alignas(16) array); one "
                       "starting k bytes past a boundary was 16 - k B larger. --arena-size N (the size the "
                       "firmware declares) solves the start instead.",
                    0);
    } else if (!r.explainedAttempts.empty()) {
        out += formatString(
            "With %s, no build ArenaScope emulates reproduces this log (%s).\n", modelName.c_str(), searched.c_str());
        if (r.nearest) {
            out += "Nearest: " + r.nearest->title + "\n";
            if (r.nearest->settings.arenaSize)
                out += "   at " + formatBytes(*r.nearest->settings.arenaSize) + "\n";
            out += "   config: " + r.nearest->configuration + "\n";
        }
        if (!r.nearestWhy.empty() && r.nearestAttempt && r.nearestFact) {
            const AttemptFacts a = attemptOf(r.log, *r.nearestAttempt);
            if (*r.nearestFact < a.facts.size())
                out += formatString("   line %zu reads \"%s\"; %s\n", a.facts[*r.nearestFact].line,
                    a.facts[*r.nearestFact].text.c_str(), r.nearestWhy.c_str());
        } else if (!r.nearestWhy.empty()) {
            out += "   " + r.nearestWhy + "\n";
        }
    }
    for (const std::string& note : r.notes)
        out += "Note: " + note + ".\n";
    return out;
}

std::string explainJson(const ExplainResult& r, const std::string& modelName)
{
    JsonWriter w;
    w.beginObject();
    w.key("model");
    if (r.modelGiven)
        w.value(modelName);
    else
        w.null();
    w.key("log");
    w.beginObject();
    w.field("lines", static_cast<std::uint64_t>(r.log.lines));
    w.field("bytes_read", r.log.bytesRead);
    w.field("ignored_lines", static_cast<std::uint64_t>(r.log.ignoredLines));
    w.key("ignored_sample");
    w.beginArray();
    for (const IgnoredLine& l : r.log.ignoredSample) {
        w.beginObject();
        w.field("line", static_cast<std::uint64_t>(l.line));
        w.field("text", l.text);
        w.endObject();
    }
    w.endArray();
    w.key("notes");
    w.beginArray();
    for (const std::string& n : r.log.notes)
        w.value(n);
    w.endArray();
    w.endObject();
    const auto attemptIndex = attemptOfFacts(r.log);
    w.key("facts");
    w.beginArray();
    for (std::size_t i = 0; i < r.log.facts.size(); ++i)
        jsonFact(w, r.log.facts[i], attemptIndex[i]);
    w.endArray();
    w.key("attempts");
    w.beginArray();
    for (const LogAttempt& a : r.log.attempts) {
        w.beginObject();
        w.key("facts");
        w.beginArray();
        for (std::size_t i : a.facts)
            w.value(static_cast<std::uint64_t>(i));
        w.endArray();
        w.field("repeats", static_cast<std::uint64_t>(a.repeats));
        w.field("failed", a.failed());
        w.endObject();
    }
    w.endArray();
    w.key("matches");
    w.beginArray();
    for (const ExplainMatch& m : r.matches)
        jsonMatch(w, m);
    w.endArray();
    w.key("nearest");
    if (r.nearest) {
        w.beginObject();
        w.field("config", r.nearest->configuration);
        w.field("title", r.nearest->title);
        w.field("arena_bytes", r.nearest->settings.arenaSize);
        w.field("min_arena_bytes", r.nearest->minArenaBytes);
        w.key("attempt");
        w.value(r.nearestAttempt ? std::optional<std::uint64_t>(*r.nearestAttempt) : std::nullopt);
        std::optional<std::uint64_t> line;
        if (r.nearestAttempt && r.nearestFact) {
            const AttemptFacts a = attemptOf(r.log, *r.nearestAttempt);
            if (*r.nearestFact < a.facts.size())
                line = a.facts[*r.nearestFact].line;
        }
        w.field("differing_line", line);
        w.field("why", r.nearestWhy);
        w.key("emulated_lines");
        w.beginArray();
        for (const std::string& l : r.nearest->emulatedLines)
            w.value(l);
        w.endArray();
        w.endObject();
    } else {
        w.null();
    }
    w.field("tell_apart", r.tellApart);
    w.key("notes");
    w.beginArray();
    for (const std::string& n : r.notes)
        w.value(n);
    w.endArray();
    w.key("search");
    w.beginObject();
    w.field("configurations", static_cast<std::uint64_t>(r.configurations));
    w.field("distinct_runs", static_cast<std::uint64_t>(r.distinctRuns));
    w.field("emulations", static_cast<std::uint64_t>(r.emulations));
    w.field("seconds", r.seconds);
    w.field("timed_out", r.timedOut);
    w.field("cancelled", r.cancelled);
    w.endObject();
    w.endObject();
    return w.str() + "\n";
}

} // namespace arenascope
