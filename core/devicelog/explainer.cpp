#include "explainer.h"

#include "explain_details.h"
#include "log_wordings.h"

#include "core/analysis/analysis_limits.h"
#include "core/emulation/emulator.h"
#include "core/util/format.h"
#include "core/util/parallel.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace arenascope {

namespace {

using Clock = std::chrono::steady_clock;

// FNV-1a over the run's allocations, messages and plan: two configurations with equal keys
// print the same at every arena size (the snapshot is part of the key, so its wording is too).
class RunKey {
public:
    void add(std::uint64_t v)
    {
        for (int i = 0; i < 8; ++i) {
            m_hash ^= (v >> (8 * i)) & 0xff;
            m_hash *= 1099511628211ULL;
        }
    }
    void add(std::string_view s)
    {
        add(s.size());
        for (char c : s) {
            m_hash ^= static_cast<unsigned char>(c);
            m_hash *= 1099511628211ULL;
        }
    }
    std::uint64_t value() const { return m_hash; }

private:
    std::uint64_t m_hash = 14695981039346656037ULL;
};

std::uint64_t runKey(const EmulationResult& r, const EmulatedLogOptions& options)
{
    RunKey k;
    k.add(static_cast<std::uint64_t>(r.settings.tflm));
    k.add(r.settings.arenaStartLoss());
    for (const AllocationEvent& e : r.events) {
        k.add(static_cast<std::uint64_t>(e.kind) | static_cast<std::uint64_t>(e.region) << 8
            | static_cast<std::uint64_t>(e.phase) << 16 | static_cast<std::uint64_t>(e.failed) << 24);
        k.add(e.requested);
        k.add(e.used);
        k.add(static_cast<std::uint64_t>(e.op + 1) | static_cast<std::uint64_t>(e.subgraph + 1) << 32);
        k.add(e.label);
    }
    if (r.failure)
        for (const std::string& line : r.failure->log)
            k.add(line);
    for (const PlannedBuffer& b : r.planned) {
        k.add(b.alignedBytes);
        k.add(static_cast<std::uint64_t>(b.offset));
        k.add(static_cast<std::uint64_t>(b.first) << 32 | static_cast<std::uint32_t>(b.last));
    }
    if (options.recordingBlock)
        for (const RecordedAllocation& a : r.recording) {
            k.add(a.requested);
            k.add(a.used);
            k.add(a.count);
        }
    k.add(static_cast<std::uint64_t>(r.settings.effectivePlanner()));
    return k.value();
}

// The large run: 64 MiB, or larger when the model does not fit (as analyze measures).
EmulationResultPtr bigRun(const Model& model, const EmulationSettings& s, std::atomic<std::size_t>& emulations)
{
    const AnalysisLimits limits;
    EmulationResultPtr r;
    for (std::uint64_t size = kMeasureArenaBytes;; size = std::min(size * 4, limits.largestMeasureArenaBytes)) {
        ++emulations;
        r = emulate(model, s.withArena(size));
        if (r->ok || !r->failure || !r->failure->capacity || size >= limits.largestMeasureArenaBytes)
            return r;
    }
}

// Snapshots whose wording every fact of the attempts uses.
std::vector<TflmVersion> snapshotsPrinting(
    const ParsedLog& log, const std::vector<std::size_t>& attempts, std::vector<std::string>& notes)
{
    std::vector<TflmVersion> out;
    for (const TflmVersionInfo& v : tflmVersions()) {
        bool all = true;
        for (std::size_t a : attempts)
            for (const LogFact* f : log.attemptFacts(a))
                if (const Wording* w = findWording(f->wording); w && w->printedBy && !w->printedBy(v.version))
                    all = false;
        if (all)
            out.push_back(v.version);
    }
    for (std::size_t a : attempts)
        for (const LogFact* f : log.attemptFacts(a))
            if (const Wording* w = findWording(f->wording); w && !w->until.empty()) {
                notes.push_back(formatString("line %zu is worded as TFLM printed it until %s: the firmware's TFLM "
                                             "is older than every snapshot ArenaScope emulates (the oldest is %s)",
                    f->line, std::string(w->until).c_str(), tflmVersionLabel(tflmVersions().front().version).c_str()));
                return out;
            }
    return out;
}

// The log with its lines in wordings older than every snapshot reworded as the snapshots print
// the same event; nullopt when it has none (or one without an equivalent).
std::optional<ParsedLog> modernized(const ParsedLog& log)
{
    bool any = false;
    ParsedLog out = log;
    for (LogFact& f : out.facts) {
        const Wording* w = findWording(f.wording);
        if (!w || w->until.empty())
            continue;
        auto modern = modernEquivalent(f);
        if (!modern)
            return std::nullopt;
        f = *modern;
        any = true;
    }
    return any ? std::optional<ParsedLog>(std::move(out)) : std::nullopt;
}

// An older TFLM's log: no snapshot prints its words, so nothing matches; the build that prints
// the same numbers in today's words is the nearest.
ExplainResultPtr explainOlderWording(
    ParsedLog log, ParsedLog modern, const ModelPtr& model, const ExplainOptions& options)
{
    auto near = explainLog(std::move(modern), model, options);
    auto result = std::make_shared<ExplainResult>(*near);
    result->log = std::move(log);
    std::vector<std::string> notes;
    snapshotsPrinting(result->log, result->explainedAttempts, notes);
    result->notes.insert(result->notes.begin(), notes.begin(), notes.end());
    if (!result->matches.empty()) {
        result->nearest = result->matches.front();
        result->nearestAttempt = result->explainedAttempts.front();
        result->nearestFact.reset();
        result->nearestWhy
            = "this build prints the same numbers in the words of the snapshots ArenaScope emulates; the "
              "log's words are an older TFLM's, so no emulated build prints this log as it is";
        result->matches.clear();
        result->tellApart.clear();
    }
    return result;
}

} // namespace

ExplainResultPtr explainLog(ParsedLog log, const ModelPtr& model, const ExplainOptions& options)
{
    if (model)
        if (auto modern = modernized(log))
            return explainOlderWording(std::move(log), std::move(*modern), model, options);
    const auto start = Clock::now();
    auto result = std::make_shared<ExplainResult>();
    result->log = std::move(log);
    result->modelGiven = model != nullptr;
    for (std::size_t a = 0; a < result->log.attempts.size(); ++a)
        if (!attemptOf(result->log, a).facts.empty())
            result->explainedAttempts.push_back(a);
    if (!model || result->explainedAttempts.empty()) {
        if (model)
            result->notes.push_back("the log holds no line TFLM prints about the arena: nothing to reproduce");
        return result;
    }
    std::vector<AttemptFacts> attempts;
    ConfigConstraints fixed = options.fixed;
    for (std::size_t a : result->explainedAttempts) {
        attempts.push_back(attemptOf(result->log, a));
        if (attempts.back().options.recordingBlock && !fixed.interpreter)
            fixed.interpreter = InterpreterKind::Recording; // PrintAllocations needs the recording allocator
        if (attempts.back().options.planPrint && !fixed.planner)
            fixed.planner = PlannerKind::Greedy; // only the greedy planner prints its plan
    }
    // A number no TFLM prints (overflowing, or missing != requested - available): no build
    // reproduces the line, and no nearest build means anything beside it.
    for (const AttemptFacts& a : attempts)
        for (const LogFact& f : a.facts)
            if (!f.impossible.empty()) {
                result->notes.push_back(formatString("line %zu: %s: no build TFLM makes prints it, so none reproduces "
                                                     "this log (was the line edited or garbled?)",
                    f.line, f.impossible.c_str()));
                result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
                return result;
            }
    const std::vector<TflmVersion> snapshots = snapshotsPrinting(result->log, result->explainedAttempts, result->notes);
    std::vector<EmulationSettings> candidates;
    for (const EmulationSettings& s : candidateConfigurations(*model, fixed))
        if (std::find(snapshots.begin(), snapshots.end(), s.tflm) != snapshots.end())
            candidates.push_back(s);
    result->configurations = candidates.size();
    if (candidates.empty()) {
        result->notes.push_back("no configuration ArenaScope emulates prints these lines in these words");
        result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return result;
    }

    SolveBudget budget { start + options.budget, options.cancel, nullptr };
    std::atomic<std::size_t> emulations { 0 };
    budget.emulations = &emulations;
    std::mutex progressLock;
    const double total = static_cast<double>(candidates.size()) * 2;
    auto report = [&](double done) {
        if (options.progress) {
            const std::lock_guard<std::mutex> lock(progressLock);
            options.progress(std::min(1.0, done / total));
        }
    };

    // 1. One run per configuration in a large arena; identical runs form one class.
    EmulatedLogOptions keyOptions;
    for (const AttemptFacts& a : attempts)
        keyOptions.recordingBlock = keyOptions.recordingBlock || a.options.recordingBlock;
    std::vector<EmulationResultPtr> runs(candidates.size());
    std::vector<std::uint64_t> keys(candidates.size());
    parallelFor(
        candidates.size(),
        [&](std::size_t i) {
            if (budget.expired())
                return;
            runs[i] = bigRun(*model, candidates[i], emulations);
            keys[i] = runKey(*runs[i], keyOptions);
        },
        [&](std::size_t done) { report(static_cast<double>(done)); }, options.workers);
    std::map<std::uint64_t, std::vector<std::size_t>> classes;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (runs[i])
            classes[keys[i]].push_back(i);
    std::vector<std::vector<std::size_t>> members;
    for (auto& [key, list] : classes)
        members.push_back(std::move(list));
    result->distinctRuns = members.size();

    // 2. Solve each class's arena sizes, attempt by attempt.
    std::vector<detail::ClassOutcome> outcomes(members.size());
    parallelFor(
        members.size(),
        [&](std::size_t c) {
            const std::size_t rep = members[c].front();
            detail::ClassOutcome& out = outcomes[c];
            for (std::size_t a = 0; a < attempts.size(); ++a) {
                if (budget.expired())
                    return;
                AttemptSolution s = solveAttempt(*model, candidates[rep], *runs[rep], attempts[a], budget);
                const bool solved = !s.sizes.empty();
                out.score = solved ? out.score : s.score + 1'000'000 * static_cast<std::int64_t>(a);
                out.failedAttempt = a;
                out.solutions.push_back(std::move(s));
                if (!solved)
                    return;
            }
            out.reproduced = true;
        },
        [&](std::size_t done) {
            report(static_cast<double>(candidates.size())
                + static_cast<double>(done) * static_cast<double>(candidates.size())
                    / static_cast<double>(members.size()));
        },
        options.workers);

    // 3. Matches, the nearest miss, and the details users act on.
    detail::ExplainContext context { *model, candidates, runs, members, outcomes, attempts, options, emulations };
    detail::collectMatches(context, *result);
    detail::addDetails(context, *result);
    result->emulations = emulations.load();
    result->cancelled = options.cancel && options.cancel->load();
    result->timedOut = !result->cancelled && Clock::now() > budget.deadline;
    if (result->timedOut)
        result->notes.push_back(formatString("the search stopped at its time limit (%lld s): configurations not "
                                             "finished are not matches",
            static_cast<long long>(options.budget.count() / 1000)));
    result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

} // namespace arenascope
