#include "plan_report.h"

#include "core/model/npu_tensors.h"

#include "json_writer.h"

#include "core/analysis/verdict.h"

#include "core/emulation/resource_variables.h"
#include "core/emulation/target.h"
#include "core/util/format.h"

#include <sstream>

namespace arenascope {

namespace {

const Tensor& tensorOf(const Model& model, const TensorPlacement& t)
{
    return model.subgraphs()[static_cast<std::size_t>(t.subgraph)].tensors[static_cast<std::size_t>(t.index)];
}

} // namespace

void writeFailureJson(JsonWriter& w, const Failure* f)
{
    if (!f) {
        w.null();
        return;
    }
    w.beginObject();
    w.field("stage", phaseName(f->phase));
    w.key("operator_index");
    if (f->op >= 0)
        w.value(f->op);
    else
        w.null();
    w.field("requested", f->requested);
    w.field("available", f->available);
    w.field("missing", f->missing);
    w.field("message", f->message);
    // true: TFLM prints nothing for this failure; `message` is ArenaScope's explanation.
    w.field("tflm_silent", f->tflmSilent);
    w.field("capacity", f->capacity);
    // true: this TFLM snapshot does not check the failed allocation; the device crashes after
    // `message` instead of AllocateTensors returning an error.
    w.field("writes_through_null", f->writesThroughNull);
    // true: TFLM's planner was handed a negative scratch size and writes past the arena (no message).
    w.field("planner_overrun", f->plannerOverrun);
    w.key("log");
    w.beginArray();
    for (const auto& line : f->log)
        w.value(line);
    w.endArray();
    w.endObject();
}

namespace {

template <typename T> void writeArray(JsonWriter& w, std::string_view key, const std::vector<T>& values)
{
    w.key(key);
    w.beginArray();
    for (const T& v : values)
        w.value(v);
    w.endArray();
}

} // namespace

std::string tensorKind(const Model& model, const EmulationResult& result, const TensorPlacement& t)
{
    const Tensor& tensor = tensorOf(model, t);
    if (tensor.hasData)
        return "constant";
    if (tensor.isVariable)
        return "variable";
    // Vela's scratch areas for the NPU: planned offline, named for what they are.
    switch (npuScratchRole(model, t.subgraph, t.index)) {
    case NpuScratch::Scratch:
        return "npu_scratch";
    case NpuScratch::ScratchFast:
        return "npu_scratch_fast";
    case NpuScratch::None:
        break;
    }
    if (t.planIndex >= 0)
        return bufferKindName(result.planned[static_cast<std::size_t>(t.planIndex)].kind);
    return "unplanned";
}

void writeSettingsJson(JsonWriter& w, const EmulationSettings& s, const Model& model)
{
    w.field("tflm", std::string(tflmVersionId(s.tflm)));
    if (!s.tflmDistribution.empty())
        w.field("tflm_distribution", std::string(s.tflmDistribution));
    w.field("target", std::string(targetName(s.target)));
    w.field("kernels", std::string(kernelSetName(s.kernels)));
    w.key("cpu");
    if (s.kernels == KernelSet::CmsisNn)
        w.value(std::string(cpuName(s.cpu)));
    else
        w.null();
    const bool esp = s.kernels == KernelSet::EspNn;
    w.field("chip", esp ? std::optional<std::string>(espChipName(s.espChip)) : std::nullopt);
    w.field("esp_nn", esp ? std::optional<std::string>(espNnVersionName(s.espNn)) : std::nullopt);
    w.field("co_processor", std::string(coProcessorName(s.coProcessor)));
    w.field("resource_variables", static_cast<std::uint64_t>(resourceVariablesFor(s, model)));
    w.field("resource_variables_arena", s.resourceVariablesArena);
    w.field("arena_offset", static_cast<std::uint64_t>(s.arenaOffset));
    w.field("planner", std::string(plannerName(s.effectivePlanner())));
    w.field("interpreter", std::string(interpreterName(s.effectiveInterpreter())));
    w.field("preserve_all_tensors", s.preserveAllTensors);
}

std::string planJson(const Analysis& a, bool pretty, const std::vector<Alternative>* alternatives)
{
    const Model& model = *a.model;
    const Verdict& v = *a.verdict;
    const EmulationResult& m = figuresRun(a);
    JsonWriter w(pretty);
    w.beginObject();
    w.field("model", model.path());
    writeSettingsJson(w, a.settings, model);
    w.field("arena_size", a.arenaSize());
    w.field("non_persistent_arena_size", a.settings.nonPersistentBytes);
    w.field("fits", a.fits());
    w.field("verdict", verdictKindName(v.kind));
    w.field("headline", v.headline);
    w.field("fidelity", std::string(provenanceName(v.fidelity)));
    w.field("fidelity_note", v.fidelityNote);
    w.field("min_arena_bytes", a.minArenaBytes);
    // Separate arenas only: min_arena_bytes is the persistent arena's, this the other's.
    w.field("min_non_persistent_arena_bytes", a.minNonPersistentBytes);
    // Set only when TFLM's tail overwrites live temp memory at min_arena_bytes: the smallest
    // arena where it does not.
    w.field("overwrite_free_min_bytes", a.overwriteFreeMinBytes);
    w.field("shortfall_bytes", v.shortfallBytes);
    w.field("headroom_bytes", v.headroomBytes);
    // The figures below, tensors and recording included, are those of one run in an arena of
    // this size: the given size when it fits, the smallest arena when it does not.
    w.field("figures_arena_bytes", v.figuresArenaBytes);
    w.field("arena_used_bytes", v.arenaUsedBytes);
    w.field("head_bytes", v.headBytes);
    w.field("tail_bytes", v.tailBytes);
    w.field("temp_peak_bytes", v.tempPeakBytes);
    w.field("lower_bound_bytes", a.lowerBoundBytes);
    w.field("alignment_waste_bytes", a.alignmentWasteBytes);
    w.field("plan_bytes", static_cast<std::int64_t>(m.planBytes));
    w.field("model_file_bytes", model.fileSize());
    w.field("flash_constant_bytes", model.constantBytes());
    w.key("failure");
    writeFailureJson(w, a.failure());
    w.key("tensors");
    w.beginArray();
    for (const TensorPlacement& t : m.tensors) {
        const Tensor& tensor = tensorOf(model, t);
        w.beginObject();
        w.field("subgraph", t.subgraph);
        w.field("index", t.index);
        w.field("name", tensor.name);
        w.field("bytes", t.bytes);
        w.field("offset", t.offset);
        w.field("first_use", t.firstUse);
        w.field("last_use", t.lastUse);
        w.field("kind", tensorKind(model, m, t));
        w.field("where", tensorPlaceName(t.place));
        w.endObject();
    }
    w.endArray();
    w.key("recording");
    w.beginObject();
    for (std::size_t i = 0; i < m.recording.size(); ++i) {
        w.key(recordedTypeName(static_cast<RecordedType>(i)));
        w.beginObject();
        w.field("requested", m.recording[i].requested);
        w.field("used", m.recording[i].used);
        w.field("count", m.recording[i].count);
        w.endObject();
    }
    w.endObject();
    if (alternatives) {
        w.key("alternatives");
        w.beginArray();
        for (const Alternative& alt : *alternatives) {
            w.beginObject();
            w.field("config", alt.configuration);
            w.field("min_arena_bytes", alt.minArenaBytes);
            w.field("delta_bytes", alt.deltaBytes);
            w.field("complete", alt.complete);
            w.key("failure");
            if (alt.failure.empty())
                w.null();
            else
                w.value(alt.failure);
            w.endObject();
        }
        w.endArray();
    }
    // The allocation log is the one at the given size (where it fails, if it does).
    const EmulationResult& events = *a.atSize;
    w.key("events");
    w.beginArray();
    for (const AllocationEvent& e : events.events) {
        w.beginObject();
        w.field("kind", eventKindName(e.kind));
        w.field("phase", phaseName(e.phase));
        w.field("subgraph", e.subgraph);
        w.field("operator", e.op);
        w.field("category", categoryName(e.category));
        w.field("region", regionName(e.region));
        w.field("requested", e.requested);
        w.field("used", e.used);
        w.field("padding", e.padding());
        w.field("offset", e.offset);
        w.field("label", e.label);
        w.key("tensor");
        if (e.tensor >= 0)
            w.value(e.tensor);
        else
            w.null();
        w.field("failed", e.failed);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

std::string planText(const Analysis& a, const std::vector<Alternative>* alternatives)
{
    const Verdict& v = *a.verdict;
    std::ostringstream out;
    out << "model:            " << a.model->path() << "\n";
    out << "settings:         " << describeSettings(a.settings) << "\n";
    if (v.arenaSize && v.nonPersistentBytes)
        out << "arena sizes:      persistent " << formatBytes(*v.arenaSize) << ", non-persistent "
            << formatBytes(*v.nonPersistentBytes) << "\n";
    else if (v.arenaSize)
        out << "arena size:       " << formatBytes(*v.arenaSize) << "\n";
    out << "verdict:          " << v.headline << "\n";
    out << "fidelity:         " << v.fidelityNote << "\n";
    if (v.failed) {
        out << "TFLM says:        " << v.tflmMessage << "\n";
        out << "where:            " << v.stage << (v.where.empty() ? "" : ", " + v.where) << "\n";
        out << "meaning:          " << v.plainWords << "\n";
    }
    if (v.kind == VerdictKind::CannotAllocate)
        return out.str();
    if (v.minArenaBytes && v.minNonPersistentBytes)
        out << "smallest arenas:  persistent " << formatBytes(*v.minArenaBytes) << ", non-persistent "
            << formatBytes(*v.minNonPersistentBytes) << "\n";
    else if (v.minArenaBytes)
        out << "smallest arena:   " << formatBytes(*v.minArenaBytes) << "\n";
    if (v.overwriteFreeMinBytes)
        out << "without overwrite: " << formatBytes(*v.overwriteFreeMinBytes)
            << " (smallest arena where the tail stays clear of live temp memory)\n";
    out << "figures at:       an arena of " << formatBytes(v.figuresArenaBytes) << "\n";
    out << "arena used:       " << formatBytes(v.arenaUsedBytes) << " (head " << formatBytes(v.headBytes) << ", tail "
        << formatBytes(v.tailBytes) << ")\n";
    out << "temp peak:        " << formatBytes(v.tempPeakBytes) << " above the head (while kernels prepare)\n";
    out << "lower bound:      " << formatBytes(a.lowerBoundBytes) << " of simultaneously live planned buffers\n";
    out << "flash (model):    " << formatBytes(a.model->fileSize()) << ", " << formatBytes(a.model->constantBytes())
        << " of them constant tensor data\n";
    for (const auto& w : v.warnings)
        out << "warning:          " << w << "\n";
    if (alternatives && !alternatives->empty()) {
        out << "other builds:     smallest arena (difference to this one)\n";
        for (const Alternative& alt : *alternatives) {
            out << "  " << alt.configuration << ": ";
            if (!alt.complete)
                out << "not decided within the time budget"
                    << (alt.minArenaBytes ? " (" + formatBytes(*alt.minArenaBytes) + " works)" : std::string());
            else if (alt.minArenaBytes)
                out << formatBytes(*alt.minArenaBytes)
                    << (alt.deltaBytes ? " (" + formatSignedBytes(*alt.deltaBytes) + ")" : std::string());
            else
                out << "fails at every size: " << alt.failure;
            out << "\n";
        }
    }
    return out.str();
}

std::string infoJson(const Model& model, bool pretty)
{
    JsonWriter w(pretty);
    w.beginObject();
    w.field("model", model.path());
    w.field("file_bytes", model.fileSize());
    w.field("schema_version", model.schemaVersion());
    w.field("description", model.description());
    w.field("constant_bytes", model.constantBytes());
    w.field("tensor_count", static_cast<std::uint64_t>(model.tensorCount()));
    w.field("operator_count", static_cast<std::uint64_t>(model.operatorCount()));
    w.key("metadata");
    w.beginArray();
    for (const auto& md : model.metadata()) {
        w.beginObject();
        w.field("name", md.name);
        w.field("buffer", md.buffer);
        w.field("bytes", md.bytes);
        w.endObject();
    }
    w.endArray();
    w.key("offline_memory_allocation");
    if (const auto& plan = model.offlinePlan()) {
        w.beginObject();
        w.field("version", plan->version);
        w.field("subgraphs", plan->subgraphs);
        w.field("tensor_count", plan->tensorCount);
        writeArray(w, "offsets", plan->offsets);
        w.endObject();
    } else {
        w.null();
    }
    w.key("subgraphs");
    w.beginArray();
    for (const Subgraph& sg : model.subgraphs()) {
        w.beginObject();
        w.field("index", sg.id.value);
        w.field("name", sg.name);
        writeArray(w, "inputs", sg.inputs);
        writeArray(w, "outputs", sg.outputs);
        w.key("tensors");
        w.beginArray();
        for (const Tensor& t : sg.tensors) {
            w.beginObject();
            w.field("index", t.id.value);
            w.field("name", t.name);
            w.field("type", std::string(dataTypeName(t.type)));
            writeArray(w, "shape", t.shape);
            w.field("bytes", t.bytes);
            w.field("in_arena", !t.hasData);
            w.field("is_variable", t.isVariable);
            w.field("quant_channels", t.quant.channels);
            w.endObject();
        }
        w.endArray();
        w.key("operators");
        w.beginArray();
        for (const Operator& op : sg.operators) {
            w.beginObject();
            w.field("index", op.id.value);
            w.field("name", op.displayName());
            w.field("builtin_code", op.builtinCode);
            w.field("version", op.version);
            writeArray(w, "inputs", op.inputs);
            writeArray(w, "outputs", op.outputs);
            writeArray(w, "intermediates", op.intermediates);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

std::string infoText(const Model& model)
{
    std::ostringstream out;
    out << "model:           " << model.path() << "\n";
    out << "file size:       " << model.fileSize() << " bytes (" << model.constantBytes()
        << " bytes of constant tensor data stay in flash)\n";
    out << "subgraphs:       " << model.subgraphs().size() << "\n";
    out << "tensors:         " << model.tensorCount() << "\n";
    out << "operators:       " << model.operatorCount() << "\n";
    if (model.offlinePlan())
        out << "offline plan:    OfflineMemoryAllocation with " << model.offlinePlan()->tensorCount << " offsets\n";
    for (const auto& md : model.metadata())
        out << "metadata:        " << md.name << " (" << md.bytes << " bytes)\n";
    for (const Subgraph& sg : model.subgraphs()) {
        out << "\nsubgraph " << sg.id.value << (sg.name.empty() ? "" : " (" + sg.name + ")") << ": "
            << sg.tensors.size() << " tensors, " << sg.operators.size() << " operators\n";
        for (const Operator& op : sg.operators) {
            out << formatString("  %4u  %-28s in [", op.id.value, op.displayName().c_str());
            for (std::size_t i = 0; i < op.inputs.size(); ++i)
                out << (i ? " " : "") << op.inputs[i];
            out << "] out [";
            for (std::size_t i = 0; i < op.outputs.size(); ++i)
                out << (i ? " " : "") << op.outputs[i];
            out << "]\n";
        }
    }
    return out.str();
}

} // namespace arenascope
