// The C boundary between the core (compiled to WebAssembly) and the page's Web Worker
// (web/site/worker.js). It only hands the core's own results over, as text: the plan JSON
// (`arenascope plan --json`, core/report/plan_report.h), the CSV and HTML exports
// (core/report), the replayed arena (core/analysis/replay.h), and the planned buffers in a
// compact form for drawing. Nothing here computes a figure of its own.
//
// Every function returns a NUL-terminated UTF-8 string owned by this file, valid until the next
// call (the worker copies it out at once); its length in bytes is as_result_size().
// Single-threaded: one worker owns one module instance.
//
// Usage (worker.js):
//   const p = M._as_alloc(bytes.length); M.HEAPU8.set(bytes, p);
//   JSON.parse(text(M._as_load(p, bytes.length, name)));     // {"ok":true,...} or {"ok":false,"error":"..."}
//   JSON.parse(text(M._as_analyze(config, -1)));            // {"ok":true,"headline":"...","view":{...}}

#include "cli/configuration.h"
#include "cli/settings_options.h"
#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"
#include "core/analysis/replay.h"
#include "core/analysis/verdict.h"
#include "core/emulation/boards.h"
#include "core/emulation/buffer_name.h"
#include "core/emulation/configuration_text.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"
#include "core/report/csv_report.h"
#include "core/report/html_report.h"
#include "core/report/plan_report.h"
#include "core/util/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using nlohmann::json;

namespace arenascope {
namespace {

// What the page takes: a model larger than this is refused before it is read (the command line
// takes up to kMaxModelFileBytes; a browser tab holds the file, the module's copy and the
// analysis in one 32-bit address space).
constexpr std::uint64_t kMaxWebModelBytes = 64ULL * 1024 * 1024;

struct State {
    ModelPtr model;
    AnalysisPtr analysis; // the last analysis, at the last size asked for
    std::string result; // what the last call returned
    std::vector<std::uint8_t> bytes; // as_lesson_model / as_example_model
};

State& state()
{
    static State s;
    return s;
}

const char* reply(std::string text)
{
    state().result = std::move(text);
    return state().result.c_str();
}

const char* fail(const std::string& message)
{
    return reply(json { { "ok", false }, { "error", message } }.dump());
}

std::optional<std::uint64_t> sizeArg(double size)
{
    if (!(size >= 0))
        return std::nullopt;
    return static_cast<std::uint64_t>(size);
}

// What the timeline and the arena map draw, from the run whose figures the verdict states:
// the planned buffers as flat rows (first, last, offset, bytes, aligned bytes, kind, tensor,
// subgraph), the allocator's regions, and the tail's events as [offset, used, category].
json viewOf(const Analysis& a)
{
    const EmulationResult& run = figuresRun(a);
    std::vector<std::int64_t> rows;
    rows.reserve(run.planned.size() * 8);
    std::vector<std::string> names;
    names.reserve(run.planned.size());
    for (const PlannedBuffer& b : run.planned) {
        rows.insert(rows.end(),
            { b.first, b.last, b.offset, static_cast<std::int64_t>(b.bytes), static_cast<std::int64_t>(b.alignedBytes),
                static_cast<std::int64_t>(b.kind), b.tensor, b.subgraph });
        names.push_back(bufferName(*a.model, b));
    }
    std::vector<std::uint64_t> tail;
    for (const AllocationEvent& e : run.events) {
        if (e.kind == EventKind::Allocation && e.region == Region::Tail && !e.failed)
            tail.insert(tail.end(), { e.offset, e.used, static_cast<std::uint64_t>(e.category) });
    }
    return json {
        { "buffers", rows },
        { "names", names },
        { "tail", tail },
        { "steps", run.scopeCount },
        { "figures_arena_bytes", a.verdict->figuresArenaBytes },
        { "shown_arena_bytes", a.shownArenaBytes() },
        { "head_bytes", run.headBytes },
        { "tail_bytes", run.tailBytes },
        { "tail_offset", run.tailOffset },
        { "temp_peak_bytes", run.tempPeakBytes },
        { "plan_bytes", run.planBytes },
        { "events", run.events.size() },
        { "peak_step", a.peakScope },
    };
}

const char* analysisReply(const AnalysisPtr& a)
{
    state().analysis = a;
    const Verdict& v = *a->verdict;
    json out { { "ok", true }, { "headline", v.headline }, { "kind", verdictKindName(v.kind) },
        { "tflm_message", v.tflmMessage }, { "plain_words", v.plainWords }, { "where", v.where },
        { "configuration", configurationText(a->settings) }, { "settings", describeSettings(a->settings) },
        { "view", viewOf(*a) } };
    if (v.minArenaBytes)
        out["min_arena_bytes"] = *v.minArenaBytes;
    // The plan JSON (as_plan_json) is not part of it: writing the whole allocation log at every
    // step of a drag would cost more than the analysis.
    return reply(out.dump());
}

} // namespace
} // namespace arenascope

using namespace arenascope;

extern "C" {

std::uint8_t* as_alloc(std::size_t bytes)
{
    return static_cast<std::uint8_t*>(std::malloc(bytes == 0 ? 1 : bytes));
}

void as_free(void* p)
{
    std::free(p);
}

std::size_t as_result_size()
{
    return state().result.size();
}

std::size_t as_bytes_size()
{
    return state().bytes.size();
}

double as_max_model_bytes()
{
    return static_cast<double>(kMaxWebModelBytes);
}

// Loads a model from `n` bytes at `bytes` (which it frees) with the command line's verified
// loader: {"ok":true,"description":..,"operator_count":..,"tensor_count":..,"subgraphs":..} or
// {"ok":false,"error":"<the CLI's message>"}.
const char* as_load(std::uint8_t* bytes, std::size_t n, const char* name)
{
    std::vector<std::uint8_t> data(bytes, bytes + n);
    std::free(bytes);
    state().analysis.reset();
    state().model.reset();
    if (n > kMaxWebModelBytes)
        return fail("The page takes models up to 64 MiB (67,108,864 B); use the command line for larger ones.");
    auto model = loadModelBytes(std::move(data), name);
    if (!model)
        return fail(describe(model.error()));
    state().model = model.value();
    const Model& m = *state().model;
    return reply(json { { "ok", true }, { "description", m.description() }, { "file_bytes", m.fileSize() },
        { "subgraphs", m.subgraphs().size() }, { "operator_count", m.operatorCount() },
        { "tensor_count", m.tensorCount() } }
                     .dump());
}

// Analyses the loaded model under `configuration` (the command line's KEY=VALUE text, boards
// included) at `arenaSize` bytes (negative: no size given).
const char* as_analyze(const char* configuration, double arenaSize)
{
    if (!state().model)
        return fail("No model is loaded.");
    std::vector<std::string> args;
    if (const auto size = sizeArg(arenaSize))
        args = { "--arena-size", std::to_string(*size) };
    auto settings = settingsWithConfiguration(configuration, args);
    if (!settings)
        return fail(describe(settings.error()));
    return analysisReply(analyze(state().model, settings.value()));
}

// The last analysis at another arena size (the drag of the arena line): reanalyzeAtSize.
const char* as_at_size(double arenaSize)
{
    if (!state().analysis)
        return fail("No analysis yet.");
    return analysisReply(reanalyzeAtSize(*state().analysis, sizeArg(arenaSize)));
}

// What the other builds need (plan's "alternatives"), as `plan --json` writes them.
const char* as_alternatives()
{
    if (!state().analysis)
        return fail("No analysis yet.");
    const std::vector<Alternative> others = alternatives(*state().analysis);
    // The fields plan's "alternatives" has (core/report/plan_report.cpp), and the board whose
    // build it is, for the page's list.
    json rows = json::array();
    for (const Alternative& o : others) {
        json row { { "config", o.configuration }, { "min_arena_bytes", nullptr }, { "delta_bytes", nullptr },
            { "complete", o.complete }, { "failure", nullptr } };
        if (o.minArenaBytes)
            row["min_arena_bytes"] = *o.minArenaBytes;
        if (o.deltaBytes)
            row["delta_bytes"] = *o.deltaBytes;
        if (!o.failure.empty())
            row["failure"] = o.failure;
        if (const Board* b = boardOf(o.settings))
            row["board"] = b->title;
        rows.push_back(std::move(row));
    }
    return reply(json { { "ok", true }, { "alternatives", rows } }.dump());
}

// The last analysis as `plan --json` writes it without the other builds (compact).
const char* as_plan_json()
{
    if (!state().analysis)
        return fail("No analysis yet.");
    return reply(planJson(*state().analysis, false));
}

// An export of the last analysis from core/report: "plan.json" (with the alternatives, as
// `plan --json`), "tensors.csv", "allocations.csv", "live_bytes.csv", "report.html".
const char* as_export(const char* kind, const std::uint8_t* png, std::size_t pngBytes)
{
    if (!state().analysis)
        return fail("No analysis yet.");
    const Analysis& a = *state().analysis;
    const std::string k = kind;
    if (k == "plan.json") {
        const std::vector<Alternative> others = alternatives(a);
        return reply(planJson(a, true, &others));
    }
    if (k == "tensors.csv")
        return reply(tensorTableCsv(a));
    if (k == "allocations.csv")
        return reply(allocationLogCsv(a));
    if (k == "live_bytes.csv")
        return reply(liveBytesCsv(a));
    if (k == "report.html") {
        std::vector<ReportImage> images;
        if (png && pngBytes > 0)
            images.push_back({ "Arena timeline", std::vector<std::uint8_t>(png, png + pngBytes) });
        auto html = htmlReport(a, images);
        return html ? reply(std::move(html.value())) : fail(describe(html.error()));
    }
    return fail("Unknown export '" + k + "'.");
}

// The arena right after allocation event `event` of the figures' run (-1: empty), with the
// event in one sentence: {"event":..,"head_end":..,"temp_end":..,"tail_begin":..,"tail":[[b,e],..],
// "temps":[[b,e],..],"failed":[b,e]|null,"text":"..."}.
const char* as_replay(int event)
{
    if (!state().analysis)
        return fail("No analysis yet.");
    const Analysis& a = *state().analysis;
    const EmulationResult& run = figuresRun(a);
    const ArenaSnapshot s = replayArena(run, event);
    auto blocks = [](const std::vector<ReplayBlock>& v) {
        json out = json::array();
        for (const ReplayBlock& b : v)
            out.push_back({ b.begin, b.end });
        return out;
    };
    json out { { "ok", true }, { "event", s.event }, { "events", run.events.size() }, { "head_end", s.headEnd },
        { "temp_end", s.tempEnd }, { "tail_begin", s.tailBegin }, { "plan_committed", s.planCommitted },
        { "tail", blocks(s.tail) }, { "temps", blocks(s.temps) },
        { "failed", s.failed ? json { s.failed->begin, s.failed->end } : json(nullptr) },
        { "text", s.event >= 0 ? describeEvent(*a.model, run, s.event) : std::string("The empty arena.") } };
    return reply(out.dump());
}

// Every board: [{"id","title","chip","ram_bytes","configuration"}].
const char* as_boards()
{
    json rows = json::array();
    for (const Board& b : boards()) {
        rows.push_back({ { "id", b.id }, { "title", b.title }, { "chip", b.chip }, { "ram_bytes", b.ramBytes },
            { "configuration", configurationText(withBoard(b, EmulationSettings {})) } });
    }
    return reply(rows.dump());
}

// The configuration keys, from the command line's option rows (cli/settings_options.h):
// [{"key":"kernels","value":"KERNELS","help":"...","choices":[...]|null,"flag":false}].
const char* as_options()
{
    json rows = json::array();
    for (const SettingsOptionRow& r : settingsOptionRows()) {
        if (!r.inConfiguration)
            continue;
        json row { { "key", r.spec.name.substr(2) }, { "value", r.spec.value }, { "help", r.spec.help },
            { "flag", r.spec.kind == ValueKind::None }, { "choices", nullptr } };
        if (r.spec.choices)
            row["choices"] = r.spec.choices();
        rows.push_back(std::move(row));
    }
    return reply(rows.dump());
}

// Every lesson: [{"id","title","guide"}].
const char* as_lessons()
{
    json rows = json::array();
    for (const Lesson& l : lessons())
        rows.push_back({ { "id", l.id }, { "title", l.title }, { "guide", l.guide } });
    return reply(rows.dump());
}

// A lesson's model (or, for "", the bundled example), as bytes: the pointer, its length in
// as_bytes_size(). Null when there is no such lesson.
const std::uint8_t* as_lesson_model(const char* id)
{
    const std::string wanted = id;
    state().bytes.clear();
    if (wanted.empty()) {
        state().bytes = buildExampleModel();
    } else {
        for (const Lesson& l : lessons()) {
            if (l.id == wanted)
                state().bytes = l.build();
        }
    }
    return state().bytes.empty() ? nullptr : state().bytes.data();
}

// A synthetic chain of `operators` operators (core/model/synthetic_model.h), as bytes, its
// length in as_bytes_size(): what the benchmark measures the page's responsiveness on.
const std::uint8_t* as_chain_model(int operators)
{
    state().bytes = buildChainModel(operators < 1 ? 1 : operators, 1);
    return state().bytes.data();
}

} // extern "C"
