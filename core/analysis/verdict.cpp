#include "verdict.h"

#include "core/emulation/buffer_name.h"
#include "core/emulation/provenance.h"
#include "core/emulation/tflm_distributions.h"
#include "core/emulation/tflm_version.h"
#include "core/model/npu_tensors.h"

#include "core/util/enum_names.h"
#include "core/util/format.h"

#include <algorithm>
#include <map>

namespace arenascope {

namespace {

// What happens in each phase, in words.
constexpr EnumName<Phase> kPhaseInWords[] = {
    { Phase::CreateAllocator, "creating TFLM's allocator and planner objects in the tail" },
    { Phase::StartAllocation, "allocating the eval-tensor and node arrays in the tail" },
    { Phase::ParseOptions, "storing operator options in the tail" },
    { Phase::KernelInit, "a kernel's Init allocating its persistent op data" },
    { Phase::KernelPrepare, "a kernel's Prepare (temp tensors above the head, persistent buffers in the tail)" },
    { Phase::FinishAllocation, "allocating scratch-buffer handles in the tail" },
    { Phase::CommitPlan, "committing the memory plan: the planned activations (head) must fit below the tail" },
    { Phase::InterpreterTensors, "the interpreter's input/output tensors in the tail" },
};
static_assert(namesEachValue(kPhaseInWords, Phase::InterpreterTensors));

VerdictKind kindOf(const Analysis& a)
{
    if (const Failure* f = a.failure(); f && !f->capacity)
        return VerdictKind::CannotAllocate;
    if (!a.arenaSize())
        return VerdictKind::NoSizeGiven;
    return a.atSize->ok ? VerdictKind::Fits : VerdictKind::DoesNotFit;
}

const EmulationResult& runFor(const Analysis& a, VerdictKind kind)
{
    if (kind == VerdictKind::Fits)
        return *a.atSize;
    if (kind == VerdictKind::DoesNotFit && a.atMinimum)
        return *a.atMinimum;
    return *a.measured;
}

// Separate persistent and non-persistent arenas: the sum of what each lacks or has to spare.
std::string splitHeadlineOf(const Verdict& v)
{
    const std::string both
        = "persistent " + formatBytes(*v.minArenaBytes) + ", non-persistent " + formatBytes(*v.minNonPersistentBytes);
    switch (v.kind) {
    case VerdictKind::Fits:
        if (v.headroomBytes == 0)
            return "Fits: exactly the smallest arenas (" + both + ")";
        return "Fits: " + formatBytes(v.headroomBytes) + " more than the smallest arenas (" + both + ")";
    case VerdictKind::DoesNotFit:
        return "Does not fit: " + formatBytes(v.shortfallBytes) + " short of the smallest arenas (" + both + ")";
    case VerdictKind::NoSizeGiven:
        return "Needs a persistent arena of " + formatBytes(*v.minArenaBytes) + " and a non-persistent arena of "
            + formatBytes(*v.minNonPersistentBytes) + " (the smallest that work)";
    case VerdictKind::CannotAllocate:
        return "Fails before the arena size matters";
    }
    return {};
}

std::string headlineOf(const Verdict& v)
{
    if (v.minArenaBytes && v.minNonPersistentBytes)
        return splitHeadlineOf(v);
    const std::string smallest = v.minArenaBytes ? formatBytes(*v.minArenaBytes) : std::string();
    switch (v.kind) {
    case VerdictKind::Fits:
        if (!v.minArenaBytes)
            return "Fits in " + formatBytes(*v.arenaSize);
        if (v.overwriteFreeMinBytes && *v.arenaSize < *v.overwriteFreeMinBytes)
            return "Fits only by luck: below " + formatBytes(*v.overwriteFreeMinBytes)
                + " TFLM's tail overwrites temp memory still in use";
        if (v.headroomBytes == 0)
            return "Fits: exactly the smallest arena (" + smallest + ")";
        return "Fits: " + formatBytes(v.headroomBytes) + " more than the smallest arena (" + smallest + ")";
    case VerdictKind::DoesNotFit:
        if (!v.minArenaBytes)
            return "Does not fit: no arena up to " + formatBytes(v.figuresArenaBytes) + " works";
        return "Does not fit: " + formatBytes(v.shortfallBytes) + " short of the smallest arena (" + smallest + ")";
    case VerdictKind::NoSizeGiven:
        if (!v.minArenaBytes)
            return "Cannot allocate even in a " + formatBytes(v.figuresArenaBytes) + " arena";
        if (v.overwriteFreeMinBytes)
            return "Needs an arena of " + formatBytes(*v.overwriteFreeMinBytes) + " (TFLM may allocate from " + smallest
                + ", but below " + formatBytes(*v.overwriteFreeMinBytes)
                + " its tail overwrites temp memory still in use)";
        return "Needs an arena of " + smallest + " (the smallest that works)";
    case VerdictKind::CannotAllocate:
        return "Fails before the arena size matters";
    }
    return {};
}

// What TFLM's capacity message means, with its bytes.
std::string plainWordsOf(const Failure& f)
{
    if (!f.capacity) {
        // A kernel's check on quantization parameters (scales, zero points) rather than on types.
        if (f.message.find("params.scale") != std::string::npos
            || f.message.find("params.zero_point") != std::string::npos)
            return "No arena size fixes this: a kernel rejected the model's quantization parameters (scales or zero "
                   "points). Quantize the model again so they meet what the kernel checks.";
        return "No arena size fixes this: register the operator in your op resolver, or convert the model to "
               "operators and types TFLM supports.";
    }
    const bool negative = f.missing > f.requested;
    std::string s;
    if (f.message.rfind("Failed to allocate tail memory", 0) == 0) {
        s = "A persistent allocation of " + formatBytes(f.requested) + " in the tail did not fit: ";
        s += negative ? "the head had already grown " + formatBytes(f.missing - f.requested)
                + " past where it would start (TFLM prints the negative 'available' as an unsigned number)."
                      : "only " + formatBytes(f.requested - f.missing) + " were left above the head.";
    } else if (f.message.rfind("Failed to resize buffer", 0) == 0) {
        s = "The head (the memory plan, or the scratch-request area while preparing) needs " + formatBytes(f.requested)
            + "; only " + formatBytes(f.available) + " lie below the tail.";
    } else if (f.message.rfind("Failed to allocate temp memory", 0) == 0) {
        s = "A temporary allocation of " + formatBytes(f.requested) + " above the head did not fit: only "
            + formatBytes(f.available) + " were free below the tail.";
    } else if (f.message.rfind("Too many buffers", 0) == 0) {
        s = "The greedy planner keeps its per-buffer bookkeeping in the free arena; there is not enough room "
            "for one entry per planned buffer.";
    } else {
        s = "The arena ran out of memory at this step.";
    }
    return s
        + " This is the first allocation that fails, not the whole shortfall: a larger arena moves the "
          "failure to a later allocation until the smallest arena is reached.";
}

std::string whereOf(const Analysis& a, const Failure& f)
{
    if (f.op < 0 || f.subgraph < 0 || static_cast<std::size_t>(f.subgraph) >= a.model->subgraphs().size())
        return {};
    const Subgraph& sg = a.model->subgraphs()[static_cast<std::size_t>(f.subgraph)];
    if (static_cast<std::size_t>(f.op) >= sg.operators.size())
        return {};
    return "operator " + std::to_string(f.op) + " (" + sg.operators[static_cast<std::size_t>(f.op)].displayName()
        + ") of subgraph " + std::to_string(f.subgraph);
}

std::vector<TailShare> tailOf(const EmulationResult& r)
{
    std::map<Category, std::uint64_t> byCategory;
    for (const AllocationEvent& e : r.events)
        if (e.region == Region::Tail && !e.failed)
            byCategory[e.category] += e.used;
    std::vector<TailShare> out;
    for (const auto& [category, bytes] : byCategory)
        out.push_back(TailShare { category, bytes });
    std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.bytes > y.bytes; });
    return out;
}

std::vector<PeakBuffer> largestAtPeak(const Analysis& a)
{
    std::vector<PeakBuffer> live;
    const auto& planned = a.measured->planned;
    for (std::size_t i = 0; i < planned.size(); ++i)
        if (planned[i].first <= a.peakScope && a.peakScope <= planned[i].last)
            live.push_back(
                PeakBuffer { static_cast<std::int32_t>(i), bufferName(*a.model, planned[i]), planned[i].alignedBytes });
    std::stable_sort(live.begin(), live.end(), [](const auto& x, const auto& y) { return x.bytes > y.bytes; });
    if (live.size() > 5)
        live.resize(5);
    return live;
}

// A Vela scratch_fast tensor with bytes of its own in this arena: on an Ethos-U65 in
// Dedicated_Sram mode the driver gives the NPU its fast memory for it, so those bytes are held
// twice. (When scratch_fast lies inside scratch, as Vela writes it for shared SRAM, nothing is.)
std::optional<std::string> scratchFastNote(const Analysis& a)
{
    if (a.settings.coProcessor != CoProcessor::EthosU || !a.measured || !a.measured->ok)
        return std::nullopt;
    const auto& tensors = a.measured->tensors;
    auto find = [&](std::int32_t subgraph, NpuScratch role) -> const TensorPlacement* {
        for (const TensorPlacement& t : tensors)
            if (t.subgraph == subgraph && t.offset && t.bytes > 0
                && npuScratchRole(*a.model, t.subgraph, t.index) == role)
                return &t;
        return nullptr;
    };
    for (std::size_t sg = 0; sg < a.model->subgraphs().size(); ++sg) {
        const auto subgraph = static_cast<std::int32_t>(sg);
        const TensorPlacement* fast = find(subgraph, NpuScratch::ScratchFast);
        if (!fast)
            continue;
        const TensorPlacement* scratch = find(subgraph, NpuScratch::Scratch);
        const bool inside = scratch && *fast->offset >= *scratch->offset
            && *fast->offset + fast->bytes <= *scratch->offset + scratch->bytes;
        if (inside)
            continue;
        const Tensor& t = a.model->subgraphs()[sg].tensors[static_cast<std::size_t>(fast->index)];
        return "The NPU's scratch_fast tensor (" + t.name + ", " + formatBytes(fast->bytes)
            + ") has bytes of its own in this arena. On an Ethos-U65 in Dedicated_Sram mode the driver points the NPU "
              "at its fast memory for it instead, so those bytes are reserved twice; compile with Vela's memory mode "
              "for your system to avoid it.";
    }
    return std::nullopt;
}

} // namespace

Verdict makeVerdict(const Analysis& a)
{
    Verdict v;
    v.kind = kindOf(a);
    v.arenaSize = a.arenaSize();
    v.minArenaBytes = a.minArenaBytes;
    v.nonPersistentBytes = a.settings.nonPersistentBytes;
    v.minNonPersistentBytes = a.minNonPersistentBytes;
    // Each arena's spare bytes or missing bytes (one arena when they are not separate).
    auto account = [&v](std::optional<std::uint64_t> size, std::optional<std::uint64_t> minimum) {
        if (!size || !minimum)
            return;
        if (*size >= *minimum)
            v.headroomBytes += *size - *minimum;
        else
            v.shortfallBytes += *minimum - *size;
    };
    account(v.arenaSize, v.minArenaBytes);
    account(v.nonPersistentBytes, v.minNonPersistentBytes);
    if (v.kind == VerdictKind::DoesNotFit)
        v.headroomBytes = 0;
    const EmulationResult& r = runFor(a, v.kind);
    v.figuresArenaBytes = r.settings.arenaBytes();
    if (v.kind == VerdictKind::Fits)
        v.budgetArenaBytes = *v.arenaSize + v.nonPersistentBytes.value_or(0);
    else if (v.minArenaBytes)
        v.budgetArenaBytes = *v.minArenaBytes + v.minNonPersistentBytes.value_or(0);
    else
        v.budgetArenaBytes = v.figuresArenaBytes + r.settings.nonPersistentBytes.value_or(0);
    v.arenaUsedBytes = r.arenaUsedBytes;
    v.headBytes = r.headBytes;
    v.tailBytes = r.tailBytes;
    v.tempPeakBytes = r.tempPeakBytes;
    v.tail = tailOf(r);
    if (const Failure* f = a.failure()) {
        v.failed = true;
        v.stage = phaseName(f->phase);
        v.stageInWords = explainPhase(f->phase);
        v.where = whereOf(a, *f);
        v.tflmMessage = f->message;
        v.plainWords = plainWordsOf(*f);
        if (f->writesThroughNull)
            v.plainWords += " On the device it is worse: TFLM " + tflmVersionLabel(a.settings.tflm)
                + " does not check this allocation (a temp TfLiteTensor) and writes through the null pointer it got "
                  "after printing the line above: on a host a segmentation fault, on a microcontroller a write near "
                  "address 0 (a fault, or state corrupted silently), never an error from AllocateTensors. TFLM "
                  "checks it from b15beb9d4 (2025-03-17) on.";
        if (f->tflmSilent) {
            v.tflmMessage = f->plannerOverrun
                ? "(nothing: AllocateTensors never returns; the planner writes past the arena)"
                : "(nothing: AllocateTensors returns kTfLiteError without a message)";
            v.plainWords = f->message;
        }
        const auto& vars = a.measured->variableArena;
        if (vars && vars->failed)
            v.plainWords = "The resource variables' own arena (" + formatBytes(vars->arenaBytes)
                + ") is too small for its allocator and MicroResourceVariables with its entries: no size of the "
                  "tensor arena fixes this; make the variables' arena larger or create fewer variables.";
    }
    v.overwriteFreeMinBytes = a.overwriteFreeMinBytes;
    v.headline = headlineOf(v);
    if (a.peakScope >= 0 && a.measured->ok) {
        v.peakStep = a.peakScope;
        v.largestAtPeak = largestAtPeak(a);
    }
    v.warnings = a.atSize->warnings;
    v.warnings.insert(v.warnings.end(), a.notes.begin(), a.notes.end());
    if (const std::uint64_t loss = a.settings.arenaStartLoss())
        v.warnings.push_back("The arena starts " + std::to_string(a.settings.arenaOffset)
            + " B past a 16-byte boundary: TFLM aligns its start up and loses " + formatBytes(loss)
            + ", which the sizes above include. Declare the arena alignas(16) to get them back.");
    if (auto note = scratchFastNote(a))
        v.warnings.push_back(std::move(*note));
    const Provenance p = provenance(a.settings);
    v.fidelity = p.level;
    v.fidelityNote = p.text;
    v.overwriteFreeMinBytes = a.overwriteFreeMinBytes;
    if (a.atMinimum && a.atMinimum->tempOverwrite && a.minArenaBytes) {
        const TempOverwrite& o = *a.atMinimum->tempOverwrite;
        std::string w = "At the smallest arena (" + formatBytes(*a.minArenaBytes) + ") " + o.label + " lands on "
            + formatBytes(o.bytes) + " of temp memory operator " + std::to_string(o.op)
            + " still uses: TFLM does not check this, so whether AllocateTensors succeeds there, and "
              "whether the kernel's data is right, depends on the overwritten bytes.";
        if (a.overwriteFreeMinBytes)
            w += " From " + formatBytes(*a.overwriteFreeMinBytes) + " on nothing is overwritten: use at least that.";
        v.warnings.push_back(std::move(w));
    }
    return v;
}

const EmulationResult& figuresRun(const Analysis& a)
{
    return runFor(a, kindOf(a));
}

const char* verdictKindName(VerdictKind kind)
{
    static constexpr EnumName<VerdictKind> kNames[]
        = { { VerdictKind::Fits, "fits" }, { VerdictKind::DoesNotFit, "does_not_fit" },
              { VerdictKind::NoSizeGiven, "no_size_given" }, { VerdictKind::CannotAllocate, "cannot_allocate" } };
    static_assert(namesEachValue(kNames, VerdictKind::CannotAllocate));
    return nameIn(kNames, kind).data();
}

std::string describeSettings(const EmulationSettings& s)
{
    std::string out;
    if (const TflmDistribution* d = findTflmDistribution(s.tflmDistribution))
        out = tflmDistributionLabel(*d) + ", ";
    else if (s.tflm != kNewestTflm)
        out = "TFLM " + tflmVersionLabel(s.tflm) + ", ";
    out += std::string(targetName(s.target)) + " (" + std::string(targetDescription(s.target)) + "), ";
    out += describeKernels(s) + ", ";
    if (s.coProcessor == CoProcessor::EthosU)
        out += "Ethos-U NPU (CO_PROCESSOR=ethos_u), ";
    out += std::string(plannerName(s.effectivePlanner())) + " planner, "
        + std::string(interpreterName(s.effectiveInterpreter())) + " interpreter";
    if (s.preserveAllTensors)
        out += ", preserve_all_tensors";
    if (s.resourceVariables)
        out += ", " + std::to_string(s.resourceVariables) + " resource variables";
    if (s.resourceVariablesArena)
        out += " in their own " + formatBytes(*s.resourceVariablesArena) + " arena";
    if (s.arenaOffset)
        out += ", arena starting " + std::to_string(s.arenaOffset) + " B past a 16-byte boundary";
    if (s.nonPersistentBytes)
        out += ", separate persistent and non-persistent arenas";
    return out;
}

std::string explainPhase(Phase phase)
{
    return std::string(nameIn(kPhaseInWords, phase, ""));
}

} // namespace arenascope
