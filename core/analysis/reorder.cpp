#include "reorder.h"

#include "analysis.h"

#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/model_rewrite.h"
#include "core/util/format.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace arenascope {

namespace {

constexpr std::size_t kExactOperators = 16; // 2^16 sets of executed operators

// The scheduling problem: per operator its dependencies; per planned tensor its size,
// producer (-1: a model input, alive from the start) and readers.
struct Graph {
    std::size_t ops = 0;
    std::vector<std::vector<std::int32_t>> before; // operators that must run earlier
    struct Buffer {
        std::uint64_t bytes = 0;
        std::int32_t producer = -1;
        std::vector<std::int32_t> readers;
        bool output = false;
    };
    std::vector<Buffer> buffers;
    std::vector<std::uint64_t> scratch; // per operator
};

bool stateful(const Operator& o)
{
    static const std::vector<std::string> kNames
        = { "VAR_HANDLE", "READ_VARIABLE", "ASSIGN_VARIABLE", "CALL_ONCE", "IF", "WHILE" };
    return std::find(kNames.begin(), kNames.end(), o.displayName()) != kNames.end();
}

Graph buildGraph(const Subgraph& sg, const EmulationResult& measured)
{
    Graph g;
    g.ops = sg.operators.size();
    g.before.resize(g.ops);
    g.scratch.assign(g.ops, 0);
    std::unordered_map<std::int32_t, std::int32_t> producer;
    for (std::size_t k = 0; k < g.ops; ++k)
        for (std::int32_t t : sg.operators[k].outputs)
            producer[t] = static_cast<std::int32_t>(k);
    std::int32_t lastStateful = -1;
    for (std::size_t k = 0; k < g.ops; ++k) {
        for (std::int32_t t : sg.operators[k].inputs)
            if (auto it = producer.find(t); it != producer.end() && it->second != static_cast<std::int32_t>(k))
                g.before[k].push_back(it->second);
        if (stateful(sg.operators[k])) {
            if (lastStateful >= 0)
                g.before[k].push_back(lastStateful);
            lastStateful = static_cast<std::int32_t>(k);
        }
    }
    std::unordered_map<std::int32_t, std::size_t> bufferOf;
    const std::unordered_set<std::int32_t> outputs(sg.outputs.begin(), sg.outputs.end());
    for (const PlannedBuffer& b : measured.planned) {
        if (b.subgraph != 0)
            continue;
        if (b.tensor < 0) {
            if (b.op >= 0 && static_cast<std::size_t>(b.op) < g.ops)
                g.scratch[static_cast<std::size_t>(b.op)] += b.alignedBytes;
            continue;
        }
        Graph::Buffer buf;
        buf.bytes = b.alignedBytes;
        auto it = producer.find(b.tensor);
        buf.producer = it == producer.end() ? -1 : it->second;
        buf.output = outputs.count(b.tensor) != 0;
        bufferOf[b.tensor] = g.buffers.size();
        g.buffers.push_back(std::move(buf));
    }
    for (std::size_t k = 0; k < g.ops; ++k)
        for (std::int32_t t : sg.operators[k].inputs)
            if (auto it = bufferOf.find(t); it != bufferOf.end())
                g.buffers[it->second].readers.push_back(static_cast<std::int32_t>(k));
    return g;
}

// Bytes alive while operator `o` runs after the operators in `done` (a membership vector).
std::uint64_t liveAt(const Graph& g, const std::vector<char>& done, std::int32_t o)
{
    std::uint64_t live = g.scratch[static_cast<std::size_t>(o)];
    for (const Graph::Buffer& b : g.buffers) {
        const bool started = b.producer < 0 || b.producer == o || done[static_cast<std::size_t>(b.producer)];
        if (!started)
            continue;
        bool needed = b.output;
        for (std::int32_t r : b.readers)
            needed = needed || r == o || !done[static_cast<std::size_t>(r)];
        if (b.readers.empty() && !b.output)
            needed = b.producer == o;
        if (needed)
            live += b.bytes;
    }
    return live;
}

std::uint64_t peakOf(const Graph& g, const std::vector<std::int32_t>& order)
{
    std::vector<char> done(g.ops, 0);
    std::uint64_t peak = 0;
    for (std::int32_t o : order) {
        peak = std::max(peak, liveAt(g, done, o));
        done[static_cast<std::size_t>(o)] = 1;
    }
    return peak;
}

bool ready(const Graph& g, const std::vector<char>& done, std::size_t k)
{
    if (done[k])
        return false;
    for (std::int32_t d : g.before[k])
        if (!done[static_cast<std::size_t>(d)])
            return false;
    return true;
}

// Greedy list schedule: the ready operator that keeps the fewest bytes alive; ties keep the
// stored order.
std::vector<std::int32_t> greedySchedule(const Graph& g)
{
    std::vector<char> done(g.ops, 0);
    std::vector<std::int32_t> order;
    while (order.size() < g.ops) {
        std::int32_t best = -1;
        std::uint64_t bestLive = 0;
        for (std::size_t k = 0; k < g.ops; ++k) {
            if (!ready(g, done, k))
                continue;
            const std::uint64_t live = liveAt(g, done, static_cast<std::int32_t>(k));
            if (best < 0 || live < bestLive) {
                best = static_cast<std::int32_t>(k);
                bestLive = live;
            }
        }
        if (best < 0)
            break; // a cycle: cannot happen in a valid model
        done[static_cast<std::size_t>(best)] = 1;
        order.push_back(best);
    }
    return order;
}

// Exact: the best peak for every set of executed operators (a set's live bytes do not depend
// on the order inside it), then the order back from the full set.
std::vector<std::int32_t> exactSchedule(const Graph& g)
{
    const std::size_t sets = std::size_t { 1 } << g.ops;
    constexpr std::uint64_t kUnreached = UINT64_MAX;
    std::vector<std::uint64_t> best(sets, kUnreached);
    std::vector<std::int8_t> last(sets, -1);
    best[0] = 0;
    std::vector<char> done(g.ops, 0);
    for (std::size_t s = 0; s < sets; ++s) {
        if (best[s] == kUnreached)
            continue;
        for (std::size_t k = 0; k < g.ops; ++k)
            done[k] = static_cast<char>((s >> k) & 1U);
        for (std::size_t k = 0; k < g.ops; ++k) {
            if (!ready(g, done, k))
                continue;
            const std::size_t next = s | (std::size_t { 1 } << k);
            const std::uint64_t cost = std::max(best[s], liveAt(g, done, static_cast<std::int32_t>(k)));
            if (cost < best[next]) {
                best[next] = cost;
                last[next] = static_cast<std::int8_t>(k);
            }
        }
    }
    std::vector<std::int32_t> order;
    for (std::size_t s = sets - 1; s != 0 && last[s] >= 0; s &= ~(std::size_t { 1 } << last[s]))
        order.push_back(last[s]);
    std::reverse(order.begin(), order.end());
    return order;
}

Status checkReorderable(const Model& model)
{
    if (model.subgraphs().size() != 1)
        return makeError(ErrorCode::Unsupported,
            "reordering handles single-subgraph models (control-flow subgraphs run in their own order)", model.path());
    if (model.offlinePlan())
        return makeError(ErrorCode::Unsupported,
            "the model has an offline memory plan made for its stored order: reordering would void it", model.path());
    return okStatus();
}

} // namespace

Result<ReorderResult> reorderOperators(const Model& model, const EmulationSettings& settings)
{
    ARENASCOPE_TRY(checkReorderable(model));
    const EmulationSettings measure = settings.withArena(kMeasureArenaBytes);
    const auto before = emulate(model, measure);
    if (!before->ok)
        return makeError(
            ErrorCode::Unsupported, "the model does not allocate: " + before->failure->message, model.path());
    const Graph g = buildGraph(model.subgraphs()[0], *before);
    std::vector<std::int32_t> stored(g.ops);
    for (std::size_t k = 0; k < g.ops; ++k)
        stored[k] = static_cast<std::int32_t>(k);
    ReorderResult r;
    r.exact = g.ops <= kExactOperators;
    r.order = r.exact ? exactSchedule(g) : greedySchedule(g);
    if (r.order.size() != g.ops)
        return makeError(ErrorCode::Internal, "no valid operator order found (a dependency cycle?)", model.path());
    r.peakBefore = peakOf(g, stored);
    r.peakAfter = peakOf(g, r.order);
    r.headBefore = before->planBytes;
    r.headAfter = before->planBytes;
    r.minArenaBefore = findMinimumArena(model, settings, kMeasureArenaBytes);
    r.minArenaAfter = r.minArenaBefore;
    if (!r.improved()) {
        r.order = stored;
        r.peakAfter = r.peakBefore;
        return r;
    }
    auto bytes = rewriteModel(model, [&](tflite::ModelT& m) {
        auto& ops = m.subgraphs[0]->operators;
        std::vector<std::unique_ptr<tflite::OperatorT>> reordered;
        for (std::int32_t k : r.order)
            reordered.push_back(std::move(ops[static_cast<std::size_t>(k)]));
        ops = std::move(reordered);
        return okStatus();
    });
    if (!bytes)
        return bytes.error();
    auto reloaded = loadModelBytes(bytes.value(), model.path() + " (reordered)");
    if (!reloaded)
        return makeError(ErrorCode::Internal, "the reordered model does not load: " + describe(reloaded.error()));
    const auto after = emulate(*reloaded.value(), measure);
    if (!after->ok)
        return makeError(ErrorCode::Internal, "the reordered model does not allocate: " + after->failure->message);
    r.headAfter = after->planBytes;
    r.minArenaAfter = findMinimumArena(*reloaded.value(), settings, kMeasureArenaBytes);
    r.modelBytes = std::move(bytes.value());
    return r;
}

std::string reorderedModelName(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    const std::size_t stem
        = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? path.size() : dot;
    return path.substr(0, stem) + "_reordered.tflite";
}

Result<ReorderedModel> reorderedModel(const Model& model, const EmulationSettings& settings)
{
    auto r = reorderOperators(model, settings);
    if (!r)
        return r.error();
    ReorderedModel out { std::move(r.value()), nullptr };
    if (!out.result.improved())
        return out;
    auto loaded = loadModelBytes(out.result.modelBytes, reorderedModelName(model.path()));
    if (!loaded)
        return makeError(ErrorCode::Internal, "the reordered model does not load: " + describe(loaded.error()));
    out.model = loaded.value();
    return out;
}

} // namespace arenascope
