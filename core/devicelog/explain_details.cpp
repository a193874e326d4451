#include "explain_details.h"

#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/util/format.h"
#include "core/util/parallel.h"

#include <algorithm>
#include <map>

namespace arenascope::detail {

namespace {

std::uint64_t lossAt(std::uint32_t offset)
{
    return offset % 16 == 0 ? 0 : 16 - offset % 16;
}

bool reproducesAll(const ExplainContext& c, const EmulationSettings& s, const std::vector<std::uint64_t>& sizes)
{
    for (std::size_t a = 0; a < c.attempts.size(); ++a) {
        ++c.emulations;
        if (!compareAttempt(c.attempts[a], *emulate(c.model, s.withArena(sizes[a]))).reproduced)
            return false;
    }
    return true;
}

// The arena offsets 0-15 at which `declared` bytes reproduce attempt 0, given its sizes at
// offset 0 (the search's): an arena k bytes past a 16-byte boundary loses 16 - k bytes.
std::vector<std::uint32_t> offsetsFor(std::uint64_t declared, const std::vector<SizeRange>& atZero)
{
    std::vector<std::uint32_t> out;
    for (std::uint32_t k = 0; k < 16; ++k) {
        const std::uint64_t loss = lossAt(k);
        if (declared < loss)
            continue;
        for (const SizeRange& r : atZero)
            if (r.contains(declared - loss)) {
                out.push_back(k);
                break;
            }
    }
    return out;
}

std::vector<SizeRange> shifted(std::vector<SizeRange> ranges, std::uint64_t by)
{
    for (SizeRange& r : ranges) {
        r.lo += by;
        r.hi += by;
    }
    return ranges;
}

// Usual configurations first: exact matches, the greedy planner, the plain interpreter, no
// resource variables, the newest snapshot.
bool usualFirst(const ExplainMatch& a, const ExplainMatch& b)
{
    auto rank = [](const ExplainMatch& m) {
        return std::tuple { !m.exact, m.settings.planner != PlannerKind::Greedy,
            m.settings.interpreter != InterpreterKind::Plain, -static_cast<int>(m.settings.tflm) };
    };
    return rank(a) < rank(b);
}

std::optional<std::uint64_t> smallestArena(const ExplainContext& c, const EmulationSettings& s)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    const MinimumSearch m
        = findMinimumArena(c.model, s.withArena(std::nullopt), kMeasureArenaBytes, deadline, c.options.cancel);
    c.emulations += 40;
    return m.bytes;
}

} // namespace

std::string matchTitle(const EmulationSettings& s)
{
    std::string out = buildTitle(s) + ", TFLM " + tflmVersionLabel(s.tflm);
    if (s.effectivePlanner() == PlannerKind::Linear)
        out += ", linear planner";
    if (s.effectiveInterpreter() == InterpreterKind::Recording)
        out += ", recording interpreter";
    if (s.resourceVariables > 0)
        out += formatString(", %u resource variables", s.resourceVariables)
            + (s.resourceVariablesArena ? " on an arena of their own (ESPHome)" : "");
    return out;
}

void collectMatches(const ExplainContext& c, ExplainResult& result)
{
    std::size_t inconsistent = 0;
    std::int64_t bestScore = std::numeric_limits<std::int64_t>::min();
    for (std::size_t k = 0; k < c.members.size(); ++k) {
        const ClassOutcome& out = c.outcomes[k];
        const EmulationSettings& rep = c.candidates[c.members[k].front()];
        if (!out.reproduced) {
            if (out.solutions.empty() || out.score <= bestScore)
                continue;
            bestScore = out.score;
            const AttemptSolution& s = out.solutions.back();
            ExplainMatch near;
            near.settings = rep.withArena(s.nearestSize ? s.nearestSize : c.options.declaredArenaBytes);
            near.configuration = explicitConfigurationText(near.settings);
            near.title = matchTitle(near.settings);
            near.emulatedLines = s.nearest.emulatedLines;
            result.nearest = std::move(near);
            result.nearestAttempt = result.explainedAttempts[out.failedAttempt];
            result.nearestFact = s.nearest.firstDifferent;
            result.nearestWhy = s.nearest.why;
            continue;
        }
        ExplainMatch m;
        m.settings = rep;
        for (const AttemptSolution& s : out.solutions)
            m.attemptSizes.push_back(s.sizes);
        m.exact = std::all_of(out.solutions.begin(), out.solutions.end(), [](const auto& s) { return s.exact; });
        if (c.options.declaredArenaBytes && !c.options.fixed.arenaOffset) {
            m.offsets = offsetsFor(*c.options.declaredArenaBytes, m.attemptSizes.front());
            if (m.offsets.empty()) {
                ++inconsistent;
                continue;
            }
            m.settings.arenaOffset = m.offsets.front();
            for (auto& ranges : m.attemptSizes)
                ranges = shifted(ranges, lossAt(m.offsets.front()));
            m.settings.arenaSize = *c.options.declaredArenaBytes;
        } else if (c.options.declaredArenaBytes) {
            const auto& r = m.attemptSizes.front();
            if (std::none_of(r.begin(), r.end(),
                    [&](const SizeRange& x) { return x.contains(*c.options.declaredArenaBytes); })) {
                ++inconsistent;
                continue;
            }
            m.settings.arenaSize = *c.options.declaredArenaBytes;
        } else {
            m.settings.arenaSize = m.attemptSizes.front().front().lo;
        }
        m.sizes = m.attemptSizes.front();
        std::vector<std::uint64_t> sizes;
        for (std::size_t a = 0; a < m.attemptSizes.size(); ++a)
            sizes.push_back(a == 0 ? *m.settings.arenaSize : m.attemptSizes[a].front().lo);
        for (std::size_t i = 1; i < c.members[k].size(); ++i) {
            EmulationSettings other = c.candidates[c.members[k][i]];
            other.arenaOffset = m.settings.arenaOffset;
            if (reproducesAll(c, other, sizes))
                m.alike.push_back(other.withArena(m.settings.arenaSize));
        }
        m.configuration = explicitConfigurationText(m.settings);
        m.title = matchTitle(m.settings);
        // "esp-nn 1.2.1 or 1.2.2" when other versions of the same build print the same.
        std::string versions;
        for (const EmulationSettings& a : m.alike) {
            EmulationSettings same = a;
            same.espNn = m.settings.espNn;
            if (a.kernels == KernelSet::EspNn && a.espNn != m.settings.espNn
                && same == m.settings.withArena(a.arenaSize))
                versions += " or " + std::string(espNnVersionName(a.espNn));
        }
        if (!versions.empty()) {
            const std::string named = "esp-nn " + std::string(espNnVersionName(m.settings.espNn));
            if (const auto at = m.title.find(named); at != std::string::npos)
                m.title.insert(at + named.size(), versions);
        }
        ++c.emulations;
        const FactComparison shown = compareAttempt(c.attempts.front(), *emulate(c.model, m.settings));
        m.emulatedLines = shown.emulatedLines;
        for (std::size_t i : shown.implied)
            m.impliedLines.push_back(c.attempts.front().facts[i].line);
        result.matches.push_back(std::move(m));
    }
    std::stable_sort(result.matches.begin(), result.matches.end(), usualFirst);
    if (!result.matches.empty()) {
        result.nearest.reset();
        result.nearestWhy.clear();
    }
    if (inconsistent > 0)
        result.notes.push_back(formatString("%zu more builds print these lines, at other arena sizes than the "
                                            "declared %s at any arena offset",
            inconsistent, formatBytes(*c.options.declaredArenaBytes).c_str()));
}

void addDetails(const ExplainContext& c, ExplainResult& result)
{
    const std::size_t n = std::min(result.matches.size(), c.options.detailedMatches);
    parallelFor(
        n,
        [&](std::size_t i) {
            ExplainMatch& m = result.matches[i];
            m.detailed = true;
            m.minArenaBytes = smallestArena(c, m.settings);
            std::vector<std::pair<EmulationSettings, std::string>> others;
            if (!c.options.otherVersions)
                return;
            if (m.settings.kernels == KernelSet::EspNn)
                for (EspNnVersion v : allEspNnVersions())
                    if (v != m.settings.espNn) {
                        EmulationSettings s = m.settings;
                        s.espNn = v;
                        others.emplace_back(s, "esp-nn " + std::string(espNnVersionName(v)));
                    }
            for (const TflmVersionInfo& v : tflmVersions())
                if (v.version != m.settings.tflm) {
                    EmulationSettings s = m.settings;
                    s.tflm = v.version;
                    others.emplace_back(s, "TFLM " + tflmVersionLabel(v.version));
                }
            for (auto& [s, label] : others) {
                if (!settingsConflict(s).empty())
                    continue;
                OtherVersion o;
                o.settings = s.withArena(std::nullopt);
                o.label = label;
                o.minArenaBytes = smallestArena(c, s);
                o.fitsDeviceArena = o.minArenaBytes && *o.minArenaBytes <= m.arenaBytes();
                m.otherVersions.push_back(std::move(o));
            }
        },
        {}, c.options.workers);
    // Every other match's smallest arena too (the minimum search replays one run: milliseconds
    // each), so the build that printed the log has its figure wherever it is listed; bounded.
    const auto stop = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    parallelFor(
        result.matches.size() > n ? result.matches.size() - n : 0,
        [&](std::size_t i) {
            if (std::chrono::steady_clock::now() < stop && !(c.options.cancel && c.options.cancel->load()))
                result.matches[n + i].minArenaBytes = smallestArena(c, result.matches[n + i].settings);
        },
        {}, c.options.workers);
    if (result.nearest)
        result.nearest->minArenaBytes = smallestArena(c, result.nearest->settings);
    // A size at which the matches print different things (up to six builds of different runs).
    std::vector<const ExplainMatch*> shown;
    for (std::size_t i = 0; i < n && i < 4; ++i)
        shown.push_back(&result.matches[i]);
    if (shown.size() < 2)
        return;
    std::vector<std::uint64_t> probes;
    for (const ExplainMatch* m : shown)
        if (m->minArenaBytes) {
            probes.push_back(*m->minArenaBytes);
            if (*m->minArenaBytes > 1)
                probes.push_back(*m->minArenaBytes - 1);
        }
    std::size_t bestGroups = 1;
    for (std::uint64_t p : probes) {
        std::map<std::string, std::vector<const ExplainMatch*>> groups;
        for (const ExplainMatch* m : shown) {
            ++c.emulations;
            const auto r = emulate(c.model, m->settings.withArena(p));
            groups[r->ok ? std::string("allocates") : "prints \"" + r->failure->message + "\""].push_back(m);
        }
        if (groups.size() <= bestGroups)
            continue;
        bestGroups = groups.size();
        std::string text = "with an arena of " + formatBytes(p) + ": ";
        bool firstGroup = true;
        for (const auto& [what, list] : groups) {
            text += firstGroup ? "" : "; ";
            firstGroup = false;
            for (std::size_t i = 0; i < list.size(); ++i)
                text += (i ? ", " : "") + list[i]->title;
            text += " " + what;
        }
        result.tellApart = text;
    }
}

} // namespace arenascope::detail
