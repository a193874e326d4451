// FinishModelAllocation, the memory plan, and the interpreter's own tensors.
// Sources: tensorflow/lite/micro/micro_allocator.cc (CommitStaticMemoryPlan) and
// micro_interpreter.cc (AllocateTensors) @90b983c2.
#include "emulation.h"

#include "core/arena/align.h"
#include "core/model/npu_tensors.h"
#include "core/planner/greedy_planner.h"
#include "core/planner/linear_planner.h"
#include "core/planner/offline_checks.h"
#include "core/util/format.h"

#include <algorithm>

namespace arenascope::detail {

namespace {
using S = RuntimeStruct;

// The largest buffer TFLM's int-sized planner can take, aligned up to 16 without passing INT32_MAX.
constexpr std::uint64_t kLargestPlannableBytes = static_cast<std::uint64_t>(INT32_MAX) - 15;

// CreatePlan hands the buffers to LinearMemoryPlanner one by one: it counts the online ones
// ("Too many buffers" past its array), and it has no AddBuffer for an offline offset, so the
// first buffer an offline plan places makes MicroMemoryPlanner's default return kTfLiteError,
// which AllocateTensors passes up without printing anything.
// `before`: buffers earlier models on the same allocator already gave the planner (it is never reset).
template <typename NameOf>
Status linearAcceptsAll(const std::vector<BufferRequest>& requests, std::size_t before, NameOf nameOf)
{
    auto online = static_cast<std::int64_t>(before);
    for (std::size_t k = 0; k < requests.size(); ++k) {
        if (requests[k].offlineOffset == kOnlinePlanned) {
            if (online >= kLinearMaxBuffers)
                return makeError(ErrorCode::OutOfMemory,
                    formatString("Too many buffers (max is %lld)", static_cast<long long>(kLinearMaxBuffers)));
            ++online;
            continue;
        }
        Error e = makeError(ErrorCode::Unsupported,
            "AllocateTensors fails without a message: the linear planner cannot take the model's offline memory plan ("
                + nameOf(k)
                + " has an offline offset, and LinearMemoryPlanner has no AddBuffer for one). Use the "
                  "greedy planner (no preserve_all_tensors), or a model without OfflineMemoryAllocation.");
        e.tflmSilent = true;
        return e;
    }
    return okStatus();
}
} // namespace

Status Emulation::plannerScratchNegative(std::uint64_t deficit, std::size_t buffers)
{
    // TFLM's arithmetic, in the target's size_t (micro_allocator.cc CommitStaticMemoryPlan,
    // greedy_memory_planner.cc Init @90b983c2, the same at every snapshot): GetAvailableMemory
    // wraps to 2^N - deficit, AllocateTemp of that wraps too and succeeds, Init takes it as int
    // (-deficit) and divides it by per_buffer_size(), a size_t, so the int becomes 2^N - deficit
    // again; the quotient is stored back into an int.
    const unsigned bits = 8U * m_target.sizeTBytes();
    const std::uint64_t wrapped = bits == 64 ? (0 - deficit) : ((1ULL << bits) - deficit) & 0xFFFFFFFFULL;
    const auto maxBuffers = static_cast<std::int32_t>(
        static_cast<std::uint32_t>((wrapped / static_cast<std::uint64_t>(kGreedyBytesPerBuffer)) & 0xFFFFFFFFULL));
    if (maxBuffers < 0 || buffers > static_cast<std::uint64_t>(maxBuffers))
        return makeError(ErrorCode::OutOfMemory, formatString("Too many buffers (max is %d)", maxBuffers));
    Error e = makeError(ErrorCode::OutOfMemory,
        formatString("TFLM prints nothing here and does not return: the tail grew %llu B into the temp memory holding "
                     "the allocation info while the variables were allocated, so GetAvailableMemory wrapped around "
                     "and GreedyMemoryPlanner::Init took a buffer count of %d; the planner then writes its arrays "
                     "past the arena (a host faults, a microcontroller corrupts memory)",
            static_cast<unsigned long long>(deficit), maxBuffers));
    e.tflmSilent = true;
    m_plannerOverrun = true;
    return e;
}

Plan Emulation::planOnLinear(const std::vector<BufferRequest>& requests)
{
    // LinearMemoryPlanner appends every AddBuffer at next_free_offset_ and answers
    // GetOffsetForBuffer(i) with its i-th buffer ever: after another model on the same allocator,
    // this model's buffers get the offsets of that model's (linear_memory_planner.cc @90b983c2).
    SharedAllocator::LinearPlanner& planner = m_shared.linear;
    Plan plan;
    for (const BufferRequest& r : requests) {
        planner.offsets.push_back(static_cast<std::int32_t>(std::min<std::int64_t>(planner.nextFree, INT32_MAX)));
        planner.nextFree += r.size;
        plan.overflow |= planner.nextFree > INT32_MAX; // TFLM's int offsets would overflow
    }
    for (std::size_t k = 0; k < requests.size(); ++k)
        plan.offsets.push_back(planner.offsets[k]);
    plan.maxBytes = planner.nextFree;
    return plan;
}

std::string Emulation::plannedName(const AllocationInfo& a) const
{
    if (a.tensor < 0)
        return "scratch buffer " + std::to_string(a.scratchIndex);
    const Subgraph& sg = m_model.subgraphs()[static_cast<std::size_t>(a.subgraph)];
    return "tensor " + std::to_string(a.tensor) + " (" + sg.tensors[static_cast<std::size_t>(a.tensor)].name
        + ") of subgraph " + std::to_string(a.subgraph);
}

Status Emulation::finishModelAllocation()
{
    m_arena.context.phase = Phase::FinishAllocation;
    if (!m_scratch.empty()) {
        const StructLayout h = m_target.layout(S::ScratchBufferHandle);
        auto r = m_arena.persistent(h.size * m_scratch.size(), h.align, Category::ScratchHandles,
            "ScratchBufferHandle[" + std::to_string(m_scratch.size()) + "]");
        if (!r)
            return r.error();
    }
    m_arena.context.phase = Phase::CommitPlan;
    ARENASCOPE_TRY(commitStaticMemoryPlan());
    m_shared.modelIsAllocating = false;
    return okStatus();
}

Status Emulation::allocateVariables()
{
    const auto& plan = m_model.offlinePlan();
    m_hasData.resize(m_model.subgraphs().size());
    for (const Subgraph& sg : m_model.subgraphs()) {
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        auto& hasData = m_hasData[sg.id.value];
        hasData.assign(sg.tensors.size(), false);
        for (const Tensor& t : sg.tensors) {
            hasData[t.id.value] = t.hasData;
            if (!t.isVariable)
                continue;
            // MicroAllocator::AllocateVariables indexes the offline offsets within the subgraph.
            if (plan && t.id.value < plan->offsets.size() && plan->offsets[t.id.value] != kOnlinePlanned)
                continue;
            auto r = m_arena.persistent(t.bytes, kArenaBufferAlignment, Category::Variables,
                "variable tensor " + std::to_string(t.id.value) + " " + t.name,
                RecordedType::TfLiteTensorVariableBufferData);
            if (!r) {
                m_extraLog.push_back(formatString(
                    "Failed to allocate variable tensor of size %llu", static_cast<unsigned long long>(t.bytes)));
                return r.error();
            }
            hasData[t.id.value] = true;
            m_variableOffsets[{ sg.id.value, t.id.value }] = r.value();
        }
    }
    m_arena.context.subgraph = -1;
    markResourceHandles();
    return okStatus();
}

void Emulation::markResourceHandles()
{
    if (!m_resourceVariables)
        return;
    // VAR_HANDLE's Prepare pointed its output's data at its OpData (the resource id): the
    // tensor has data, so the planner skips it (AllocationInfoBuilder: data == nullptr only).
    for (const auto& [key, id] : m_resourceVariables->boundTensors()) {
        const auto [sg, tensor] = key;
        m_hasData[static_cast<std::size_t>(sg)][static_cast<std::size_t>(tensor)] = true;
        const auto& ops = m_model.subgraphs()[static_cast<std::size_t>(sg)].operators;
        for (const Operator& o : ops) {
            const bool produces = std::find(o.outputs.begin(), o.outputs.end(), tensor) != o.outputs.end();
            const auto user = m_userData.find({ sg, static_cast<std::int32_t>(o.id.value) });
            if (produces && user != m_userData.end()) {
                m_variableOffsets[{ static_cast<std::uint32_t>(sg), static_cast<std::uint32_t>(tensor) }]
                    = user->second;
                break;
            }
        }
    }
}

Status Emulation::commitStaticMemoryPlan()
{
    const std::uint64_t sizeT = m_target.sizeTBytes();
    const std::uint64_t offsetsBytes = sizeT * m_model.subgraphs().size();
    auto offsets = m_arena.temp(offsetsBytes, sizeT, Category::PlannerInfo, "subgraph offsets");
    if (!offsets) {
        m_extraLog.push_back(formatString("Failed to allocate memory for memory planning, %llu bytes required",
            static_cast<unsigned long long>(offsetsBytes)));
        return offsets.error();
    }
    const StructLayout ai = m_target.layout(S::AllocationInfo);
    const std::uint64_t infoBytes = ai.size * (m_model.tensorCount() + m_scratch.size());
    auto info = m_arena.temp(infoBytes, ai.align, Category::PlannerInfo,
        "AllocationInfo[" + std::to_string(m_model.tensorCount() + m_scratch.size()) + "]");
    if (!info) {
        m_extraLog.push_back(formatString("Failed to allocate memory for memory planning, %llu bytes required",
            static_cast<unsigned long long>(infoBytes)));
        return info.error();
    }
    if (const auto& plan = m_model.offlinePlan())
        for (std::uint32_t count : plan->entryTensorCounts)
            if (count != m_model.tensorCount())
                return makeError(ErrorCode::Unsupported,
                    formatString("Nbr of offline buffer offsets (%u) in metadata not equal nbr tensors (%zu)", count,
                        m_model.tensorCount()));
    ARENASCOPE_TRY(allocateVariables());
    auto built = buildAllocationInfo(m_model, m_hasData, m_scratch);
    if (!built)
        return built.error();
    const AllocationInfoSet& set = built.value();
    m_result.scopeCount = set.scopeCount;

    // Negative when AllocateVariables' tail grew into the allocation info still held in temp.
    const std::int64_t signedAvailable = m_arena.head().signedAvailableMemory(kArenaBufferAlignment);
    auto scratch = m_arena.tempOfAllAvailable(kArenaBufferAlignment, Category::PlannerScratch, "planner scratch");
    if (!scratch)
        return scratch.error();
    const std::uint64_t remaining = scratch.value().bytes;

    std::vector<BufferRequest> requests;
    std::vector<std::size_t> owners;
    for (std::size_t i = 0; i < set.infos.size(); ++i) {
        const AllocationInfo& a = set.infos[i];
        if (!a.needsAllocating)
            continue;
        // TFLM's planners take sizes as int (AddBuffer(int size, ...)): past INT32_MAX the size
        // wraps (and on 32-bit targets the byte count already wrapped in size_t). Say so
        // rather than plan a wrapped size.
        if (a.bytes > kLargestPlannableBytes)
            return makeError(ErrorCode::Unsupported,
                formatString("%s needs %s: TFLM's memory planner takes buffer sizes as int, so it cannot place more "
                             "than %s",
                    plannedName(a).c_str(), formatBytes(a.bytes).c_str(), formatBytes(kLargestPlannableBytes).c_str()));
        requests.push_back(BufferRequest {
            static_cast<std::int32_t>(alignUp(a.bytes, kArenaBufferAlignment)), a.first, a.last, a.offlineOffset });
        owners.push_back(i);
    }
    recordPlannedBuffers(set, requests, owners);
    const bool linear = m_result.settings.effectivePlanner() == PlannerKind::Linear;
    if (linear)
        ARENASCOPE_TRY(linearAcceptsAll(requests, m_shared.linear.offsets.size(),
            [&](std::size_t k) { return plannedName(set.infos[owners[k]]); }));
    const std::uint64_t maxBuffers = linear ? static_cast<std::uint64_t>(kLinearMaxBuffers)
                                            : remaining / static_cast<std::uint64_t>(kGreedyBytesPerBuffer);
    if (!linear)
        m_arena.buffersFitAvailable(requests.size(), static_cast<std::uint64_t>(kGreedyBytesPerBuffer));
    if (!linear && signedAvailable < 0)
        return plannerScratchNegative(static_cast<std::uint64_t>(-signedAvailable), requests.size());
    if (requests.size() > maxBuffers)
        return makeError(ErrorCode::OutOfMemory,
            formatString("Too many buffers (max is %llu)", static_cast<unsigned long long>(maxBuffers)));
    const std::shared_ptr<const Plan> planned = linear ? std::make_shared<const Plan>(planOnLinear(requests))
        : m_plans ? m_plans->planFor(requests, 0, [&] { return planGreedy(requests); })
                  : std::make_shared<const Plan>(planGreedy(requests));
    const Plan& plan = *planned;
    if (plan.overflow)
        return makeError(ErrorCode::Unsupported,
            formatString(
                "the memory plan needs %s of head: TFLM's planner computes offsets as int, which overflow past "
                "%s",
                formatBytes(static_cast<std::uint64_t>(plan.maxBytes)).c_str(),
                formatBytes(static_cast<std::uint64_t>(INT32_MAX)).c_str()));
    for (std::size_t k = 0; k < plan.offsets.size(); ++k)
        m_result.planned[k].offset = plan.offsets[k];
    if (m_model.offlinePlan()) {
        const auto name = [&](std::size_t k) { return plannedName(set.infos[owners[k]]); };
        const auto byVela = [&](std::size_t k) {
            const AllocationInfo& a = set.infos[owners[k]];
            return a.tensor >= 0 && placedByVela(m_model, a.subgraph, a.tensor);
        };
        for (std::string& w : offlinePlanWarnings(requests, name, byVela))
            m_result.warnings.push_back(std::move(w));
    }
    m_result.planBytes = plan.maxBytes;

    m_arena.head().deallocateTemp(info.value());
    m_arena.head().deallocateTemp(offsets.value());
    m_arena.head().deallocateTemp(scratch.value().offset);
    ARENASCOPE_TRY(m_arena.resetTemp());
    ARENASCOPE_TRY(m_arena.head().deallocateResizable(m_scratchHead));
    // The head is reserved for the largest plan any model on this allocator has had
    // (max_head_buffer_usage_).
    const auto head = std::max(m_shared.maxHeadUsage, static_cast<std::uint64_t>(plan.maxBytes));
    m_shared.maxHeadUsage = head;
    ARENASCOPE_TRY(m_arena.head().reserveOverlay(head, kArenaBufferAlignment));
    AllocationEvent e = m_arena.event(Category::PlannedHead, Region::Head, head, m_arena.head().headOffset(),
        m_arena.head().overlayOffset(), "memory plan");
    e.kind = EventKind::PlanCommit;
    m_arena.record(std::move(e));
    return okStatus();
}

void Emulation::recordPlannedBuffers(
    const AllocationInfoSet& set, const std::vector<BufferRequest>& requests, const std::vector<std::size_t>& owners)
{
    // Each subgraph's tensors marked as its inputs or outputs, once (a model may have 100,000).
    enum : std::uint8_t { kInput = 1, kOutput = 2 };
    std::vector<std::vector<std::uint8_t>> role(m_model.subgraphs().size());
    for (const Subgraph& sg : m_model.subgraphs()) {
        auto& r = role[sg.id.value];
        r.assign(sg.tensors.size(), 0);
        for (std::int32_t t : sg.inputs)
            if (t >= 0 && static_cast<std::size_t>(t) < r.size())
                r[static_cast<std::size_t>(t)] |= kInput;
        for (std::int32_t t : sg.outputs)
            if (t >= 0 && static_cast<std::size_t>(t) < r.size())
                r[static_cast<std::size_t>(t)] |= kOutput;
    }
    for (std::size_t k = 0; k < requests.size(); ++k) {
        const AllocationInfo& a = set.infos[owners[k]];
        PlannedBuffer b;
        b.subgraph = a.subgraph;
        b.tensor = a.tensor;
        b.scratchIndex = a.scratchIndex;
        b.bytes = a.bytes;
        b.alignedBytes = static_cast<std::uint64_t>(requests[k].size);
        b.first = a.first;
        b.last = a.last;
        b.offlineOffset = a.offlineOffset;
        if (a.tensor < 0) {
            b.kind = BufferKind::Scratch;
            b.op = m_scratch[static_cast<std::size_t>(a.scratchIndex)].node;
        } else if (a.offlineOffset != kOnlinePlanned) {
            b.kind = BufferKind::OfflinePlaced;
        } else {
            const std::uint8_t r = role[static_cast<std::size_t>(a.subgraph)][static_cast<std::size_t>(a.tensor)];
            b.kind = (r & kInput) ? BufferKind::ModelInput
                : (r & kOutput)   ? BufferKind::ModelOutput
                                  : BufferKind::Activation;
        }
        m_result.planned.push_back(b);
    }
    m_allocationInfo = set;
}

Status Emulation::allocateInterpreterTensors()
{
    m_arena.context.phase = Phase::InterpreterTensors;
    const Subgraph& main = m_model.subgraphs()[0];
    ARENASCOPE_TRY(ioTensors(main.inputs, "input"));
    ARENASCOPE_TRY(ioTensors(main.outputs, "output"));
    return okStatus();
}

Status Emulation::ioTensors(const std::vector<std::int32_t>& list, const char* what)
{
    const std::uint64_t arrayBytes = m_target.pointerBytes() * list.size();
    auto arr = m_arena.persistent(arrayBytes, kArenaBufferAlignment, Category::IoTensorArrays,
        std::string(what) + "_tensors_ array", RecordedType::PersistentBufferData);
    if (!arr) {
        m_extraLog.push_back(formatString("Failed to allocate memory for context->%s_tensors_, %llu bytes required",
            what, static_cast<unsigned long long>(arrayBytes)));
        return arr.error();
    }
    m_arena.context.subgraph = 0;
    const StructLayout tl = m_target.layout(S::TfLiteTensor);
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Tensor& t = m_model.subgraphs()[0].tensors[static_cast<std::size_t>(list[i])];
        const std::string initFailed = formatString("Failed to initialize %s tensor %zu", what, i);
        auto s = m_arena.persistent(tl.size, tl.align, Category::PersistentTensors,
            std::string("TfLiteTensor for ") + what + " " + std::to_string(i),
            RecordedType::PersistentTfLiteTensorData);
        if (!s) {
            m_extraLog.insert(
                m_extraLog.end(), { "Failed to allocate memory for persistent TfLiteTensor", initFailed });
            return s.error();
        }
        if (t.quant.present) {
            const char* populateFailed = "Failed to populate a persistent TfLiteTensor struct from flatbuffer data!";
            const StructLayout q = m_target.layout(S::TfLiteAffineQuantization);
            auto a = m_arena.persistent(q.size, q.align, Category::QuantizationData, "TfLiteAffineQuantization",
                RecordedType::PersistentTfLiteTensorQuantizationData);
            if (!a) {
                m_extraLog.insert(m_extraLog.end(),
                    { "Unable to allocate TfLiteAffineQuantization.", "", populateFailed, initFailed });
                return a.error();
            }
            auto z = m_arena.persistent(m_target.intArrayBytes(t.quant.channels), 4, Category::QuantizationData,
                "zero points[" + std::to_string(t.quant.channels) + "]",
                RecordedType::PersistentTfLiteTensorQuantizationData);
            if (!z) {
                m_extraLog.insert(m_extraLog.end(),
                    { "Unable to allocate quantization->zero_point.", "", populateFailed, initFailed });
                return z.error();
            }
        }
    }
    m_arena.context.subgraph = -1;
    return okStatus();
}

} // namespace arenascope::detail
