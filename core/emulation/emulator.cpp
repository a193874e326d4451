#include "emulator.h"

#include "emulation.h"
#include "kernels/builtin_options.h"
#include "resource_variables.h"
#include "tflm_changes.h"
#include "tflm_registry.h"
#include "tflm_structs.h"

#include "core/arena/align.h"
#include "core/model/builtin_names.h"
#include "core/util/format.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>

namespace arenascope {

namespace detail {

namespace {
constexpr std::uint64_t kMaxScratchBuffersPerOp = 12; // micro_allocator.cc
using S = RuntimeStruct;
} // namespace

EmulationResultPtr Emulation::run()
{
    const Status status = runAll();
    if (m_trace)
        m_trace->complete = status.ok();
    return finish(status);
}

void Emulation::takeTurn()
{
    m_arena.recordInto(m_result);
    m_arena.context.tenant = m_tenant;
}

EmulationResultPtr Emulation::finish(const Status& status)
{
    m_arena.recordInto(m_result);
    m_result.ok = status.ok();
    if (!status.ok() && !m_result.failure) {
        recordFailure(m_result, m_arena, status.error(), m_extraLog);
        m_result.failure->plannerOverrun = m_plannerOverrun;
    }
    finishResult(m_result, m_arena, m_model, m_allocationInfo, m_variableOffsets);
    return std::make_shared<const EmulationResult>(std::move(m_result));
}

Status Emulation::construct()
{
    takeTurn();
    m_arena.context.phase = Phase::CreateAllocator;
    m_arena.context.subgraph = -1;
    m_arena.context.op = -1;
    return createResourceVariables();
}

Status Emulation::allocateTensors()
{
    takeTurn();
    ARENASCOPE_TRY(startModelAllocation());
    ARENASCOPE_TRY(prepareNodeAndRegistrations());
    ARENASCOPE_TRY(initKernels());
    ARENASCOPE_TRY(prepareKernels());
    ARENASCOPE_TRY(finishModelAllocation());
    ARENASCOPE_TRY(allocateInterpreterTensors());
    return okStatus();
}

Status Emulation::allocatePersistent(std::uint64_t bytes, std::string label)
{
    auto r = m_arena.persistent(
        bytes, kArenaBufferAlignment, Category::KernelPersistent, std::move(label), RecordedType::PersistentBufferData);
    if (!r)
        return r.error();
    if (m_arena.context.phase == Phase::KernelInit)
        m_userData.emplace(std::pair { m_arena.context.subgraph, m_arena.context.op }, r.value());
    return okStatus();
}

Result<TempTensor> Emulation::tempInput(std::size_t i)
{
    return m_arena.tempTensor(subgraph(), op().inputs, i, "input");
}

Result<TempTensor> Emulation::tempOutput(std::size_t i)
{
    return m_arena.tempTensor(subgraph(), op().outputs, i, "output");
}

Result<TempTensor> Emulation::tempIntermediate(std::size_t i)
{
    return m_arena.tempTensor(subgraph(), op().intermediates, i, "intermediate");
}

Result<std::uint64_t> Emulation::allocateTempBuffer(std::uint64_t bytes, std::uint64_t alignment, std::string label)
{
    return m_arena.temp(bytes, alignment, Category::TempBuffers, std::move(label));
}

Status Emulation::requestScratch(std::uint64_t bytes, std::string label)
{
    std::uint64_t pending = 0;
    for (const ScratchRequest& r : m_scratch)
        pending += r.node == -1 ? 1 : 0;
    if (pending >= kMaxScratchBuffersPerOp)
        return kernelError(formatString("Scratch buffer request %s limit per operator (%llu)",
            tflmHas(m_result.settings.tflm, TflmChange::ScratchLimitTypoFixed) ? "exceeds" : "exeeds",
            static_cast<unsigned long long>(kMaxScratchBuffersPerOp)));
    m_scratch.push_back(ScratchRequest { bytes, -1, m_arena.context.subgraph });
    AllocationEvent e = m_arena.event(Category::ScratchRequests, Region::Head, bytes, 0, m_arena.head().headOffset());
    e.kind = EventKind::ScratchRequest;
    e.label = "scratch request #" + std::to_string(m_scratch.size() - 1) + ": " + label;
    m_arena.record(std::move(e));
    return okStatus();
}

Error Emulation::kernelError(std::string message)
{
    return makeError(ErrorCode::Unsupported, std::move(message));
}

Status Emulation::runAll()
{
    ARENASCOPE_TRY(createAllocator());
    ARENASCOPE_TRY(construct());
    return allocateTensors();
}

Status Emulation::createAllocator()
{
    takeTurn();
    m_arena.context.phase = Phase::CreateAllocator;
    const EmulationSettings& s = m_result.settings;
    const bool recording = s.effectiveInterpreter() == InterpreterKind::Recording;
    const PlannerKind planner = s.effectivePlanner();
    const S plannerStruct = planner == PlannerKind::Linear ? S::LinearMemoryPlanner : S::GreedyMemoryPlanner;
    const char* plannerLabel = planner == PlannerKind::Linear ? "LinearMemoryPlanner" : "GreedyMemoryPlanner";
    const S allocator = recording ? S::RecordingMicroAllocator : S::MicroAllocator;
    const char* allocatorLabel = recording ? "RecordingMicroAllocator" : "MicroAllocator";
    if (s.nonPersistentBytes) {
        m_arena.useSplitArenas(s.arenaBytes(), *s.nonPersistentBytes);
        ARENASCOPE_TRY(m_arena.structInTail(S::PersistentArenaBufferAllocator, "PersistentArenaBufferAllocator"));
        ARENASCOPE_TRY(m_arena.structInTail(S::NonPersistentArenaBufferAllocator, "NonPersistentArenaBufferAllocator"));
    } else {
        // MicroAllocator::Create aligns the arena's start up to 16 bytes; what remains is the
        // allocator's arena (tensor_arena + arena_size - aligned_arena).
        const std::uint64_t loss = s.arenaStartLoss();
        if (s.arenaBytes() < loss)
            return makeError(ErrorCode::OutOfMemory,
                formatString("The arena (%llu bytes) is smaller than the %llu bytes its start loses to alignment",
                    static_cast<unsigned long long>(s.arenaBytes()), static_cast<unsigned long long>(loss)));
        m_arena.useSingleArena(s.arenaBytes() - loss);
        ARENASCOPE_TRY(
            m_arena.structInTail(recording ? S::RecordingSingleArenaBufferAllocator : S::SingleArenaBufferAllocator,
                recording ? "RecordingSingleArenaBufferAllocator" : "SingleArenaBufferAllocator"));
    }
    ARENASCOPE_TRY(m_arena.structInTail(plannerStruct, plannerLabel));
    ARENASCOPE_TRY(m_arena.structInTail(allocator, allocatorLabel));
    return okStatus();
}

Status Emulation::createResourceVariables()
{
    const std::uint32_t n = resourceVariablesFor(m_result.settings, m_model);
    if (n == 0)
        return okStatus();
    if (m_result.settings.resourceVariablesArena)
        return createSeparateResourceVariables(*m_result.settings.resourceVariablesArena, n);
    // Both through MicroAllocator::AllocatePersistentBuffer: 16-byte aligned, recorded as
    // PersistentBufferData by a RecordingMicroAllocator.
    const StructLayout object = m_target.layout(tflm::kMicroResourceVariables);
    const StructLayout entry = m_target.layout(tflm::kMicroResourceVariable);
    ARENASCOPE_TRY(m_arena
                       .persistent(object.size, kArenaBufferAlignment, Category::Variables, "MicroResourceVariables",
                           RecordedType::PersistentBufferData)
                       .status());
    ARENASCOPE_TRY(m_arena
                       .persistent(std::uint64_t { entry.size } * n, kArenaBufferAlignment, Category::Variables,
                           "MicroResourceVariable[" + std::to_string(n) + "]", RecordedType::PersistentBufferData)
                       .status());
    m_resourceVariables.emplace(n);
    return okStatus();
}

Error Emulation::variableArenaError(const Error& e)
{
    m_result.variableArena->failed = true;
    return makeError(ErrorCode::Unsupported, e.message, "the resource-variables arena");
}

Status Emulation::createSeparateResourceVariables(std::uint64_t arenaBytes, std::uint32_t count)
{
    // The two-argument MicroAllocator::Create: its allocator, planner and MicroAllocator in the
    // tail of that arena (plain ones: no recording), then the variables from that allocator.
    m_variableArena.emplace(arenaBytes);
    m_result.variableArena = VariableArenaUse { arenaBytes, 0, false };
    const StructLayout layouts[] = { m_target.layout(S::SingleArenaBufferAllocator),
        m_target.layout(S::GreedyMemoryPlanner), m_target.layout(S::MicroAllocator) };
    for (const StructLayout& l : layouts)
        if (auto r = m_variableArena->allocatePersistent(l.size, l.align); !r)
            return variableArenaError(r.error());
    const StructLayout object = m_target.layout(tflm::kMicroResourceVariables);
    const StructLayout entry = m_target.layout(tflm::kMicroResourceVariable);
    for (std::uint64_t bytes : { std::uint64_t { object.size }, std::uint64_t { entry.size } * count })
        if (auto r = m_variableArena->allocatePersistent(bytes, kArenaBufferAlignment); !r)
            return variableArenaError(r.error());
    m_result.variableArena->usedBytes = m_variableArena->persistentUsedBytes();
    m_resourceVariables.emplace(count);
    return okStatus();
}

Status Emulation::startModelAllocation()
{
    m_arena.context.phase = Phase::StartAllocation;
    // An earlier interpreter on this allocator failed before FinishModelAllocation.
    if (m_shared.modelIsAllocating) {
        m_extraLog.push_back("Failed starting model allocation.");
        return makeError(ErrorCode::Unsupported,
            "MicroAllocator: Model allocation started before finishing previously allocated model");
    }
    m_shared.modelIsAllocating = true;
    Status s = startModelAllocationSteps();
    if (!s)
        m_extraLog.push_back("Failed starting model allocation.");
    return s;
}

Status Emulation::startModelAllocationSteps()
{
    ARENASCOPE_TRY(m_arena.structInTail(S::MicroBuiltinDataAllocator, "MicroBuiltinDataAllocator"));
    // InitScratchBufferData: room for one operator's scratch requests at the head.
    const StructLayout req = m_target.layout(S::ScratchBufferRequest);
    auto head = m_arena.head().allocateResizable(req.size * kMaxScratchBuffersPerOp, req.align);
    if (!head)
        return head.error();
    m_scratchHead = head.value();
    AllocationEvent area = m_arena.event(Category::ScratchRequests, Region::Head, req.size * kMaxScratchBuffersPerOp,
        m_arena.head().headOffset(), m_scratchHead, "scratch request area");
    area.kind = EventKind::HeadReserve;
    m_arena.record(std::move(area));
    const StructLayout sa = m_target.layout(S::SubgraphAllocations);
    const auto subgraphCount = m_model.subgraphs().size();
    auto r = m_arena.persistent(sa.size * subgraphCount, sa.align, Category::AllocatorObjects,
        "SubgraphAllocations[" + std::to_string(subgraphCount) + "]");
    if (!r)
        return r.error();
    const StructLayout et = m_target.layout(S::TfLiteEvalTensor);
    for (const Subgraph& sg : m_model.subgraphs()) {
        for (const Tensor& t : sg.tensors) {
            if (!tflmTypeSize(t.type) && t.type != DataType::String)
                return makeError(ErrorCode::Unsupported,
                    formatString("Unsupported data type %d in tensor", static_cast<int>(t.type)),
                    formatString("subgraph %u, tensor %u", sg.id.value, t.id.value));
        }
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        auto e = m_arena.persistent(et.size * sg.tensors.size(), et.align, Category::EvalTensors,
            "TfLiteEvalTensor[" + std::to_string(sg.tensors.size()) + "]", RecordedType::TfLiteEvalTensorData,
            static_cast<std::uint64_t>(sg.tensors.size()));
        if (!e)
            return e.error();
    }
    const StructLayout nr = m_target.layout(S::NodeAndRegistration);
    for (const Subgraph& sg : m_model.subgraphs()) {
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        auto e = m_arena.persistent(nr.size * sg.operators.size(), nr.align, Category::NodeAndRegistrations,
            "NodeAndRegistration[" + std::to_string(sg.operators.size()) + "]", RecordedType::NodeAndRegistrationArray,
            static_cast<std::uint64_t>(sg.operators.size()));
        if (!e)
            return e.error();
    }
    m_arena.context.subgraph = -1;
    return okStatus();
}

Status Emulation::prepareNodeAndRegistrations()
{
    m_arena.context.phase = Phase::ParseOptions;
    m_profiles.resize(m_model.subgraphs().size());
    for (const Subgraph& sg : m_model.subgraphs()) {
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        for (const Operator& o : sg.operators) {
            m_arena.context.op = static_cast<std::int32_t>(o.id.value);
            const TflmVersion version = m_result.settings.tflm;
            const KernelProfile* profile = findKernelProfile(
                o.builtinCode, o.customName, m_result.settings.kernels, m_result.settings.coProcessor, version);
            // An operator this snapshot has no kernel for resolves to nothing, profile or not.
            const bool newerThanSnapshot = tflmAddsLater(o.builtinCode, o.customName, version);
            if (!profile || newerThanSnapshot) {
                const bool registered = !newerThanSnapshot
                    && (o.isCustom() ? tflmRegistersCustom(o.customName) : tflmRegistersBuiltin(o.builtinCode));
                if (registered)
                    return makeError(ErrorCode::Unsupported,
                        "ArenaScope has no kernel profile for " + o.displayName()
                            + " yet (TFLM registers it), so its allocations cannot be emulated");
                // GetRegistrationFromOpCode names a missing builtin; a missing custom operator is
                // only reported by the interpreter's line.
                const std::string registration
                    = "Failed to get registration from op code " + builtinOperatorName(o.builtinCode);
                if (o.isCustom()) {
                    m_extraLog.push_back(" ");
                    return makeError(ErrorCode::UnresolvedOp, registration);
                }
                Error e = makeError(ErrorCode::UnresolvedOp,
                    unresolvedBuiltinMessage(builtinOperatorName(o.builtinCode), o.version, version));
                m_extraLog.push_back(registration);
                m_extraLog.push_back(" ");
                return e;
            }
            m_profiles[sg.id.value].push_back(profile);
            if (!o.isCustom() && o.flatbuffer && o.flatbuffer->custom_options())
                return makeError(ErrorCode::Unsupported,
                    "Unsupported behavior: found builtin operator " + o.displayName() + " with custom options.");
            if (profile->options) {
                const StructDef& params = kernels::options::paramsAt(*profile->options, m_result.settings.tflm);
                const StructLayout l = m_target.layout(params);
                auto r = m_arena.persistent(l.size, l.align, Category::BuiltinOptions, std::string(params.name));
                if (!r)
                    return r.error();
            }
        }
    }
    m_arena.context.op = -1;
    m_arena.context.subgraph = -1;
    return okStatus();
}

Status Emulation::initKernels()
{
    m_arena.context.phase = Phase::KernelInit;
    for (const Subgraph& sg : m_model.subgraphs()) {
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        for (const Operator& o : sg.operators) {
            m_arena.context.op = static_cast<std::int32_t>(o.id.value);
            const KernelProfile* profile = m_profiles[sg.id.value][o.id.value];
            if (profile->init)
                ARENASCOPE_TRY(profile->init(*this));
        }
    }
    m_arena.context.op = -1;
    m_arena.context.subgraph = -1;
    return okStatus();
}

Status Emulation::prepareKernels()
{
    m_arena.context.phase = Phase::KernelPrepare;
    const StructLayout req = m_target.layout(S::ScratchBufferRequest);
    for (const Subgraph& sg : m_model.subgraphs()) {
        m_arena.context.subgraph = static_cast<std::int32_t>(sg.id.value);
        for (const Operator& o : sg.operators) {
            m_arena.context.op = static_cast<std::int32_t>(o.id.value);
            const KernelProfile* profile = m_profiles[sg.id.value][o.id.value];
            if (profile->prepare) {
                Status s = profile->prepare(*this);
                if (!s) {
                    // Before 2025-08 the format had a stray 'f' after the number ("(number 3f)").
                    const bool strayF = !tflmHas(m_result.settings.tflm, TflmChange::PrepareFailureNumber);
                    m_extraLog.push_back(formatString("Node %s (number %d%s) failed to prepare with status 1",
                        o.displayName().c_str(), m_arena.context.op, strayF ? "f" : ""));
                    return s;
                }
            }
            if (tflmHas(m_result.settings.tflm, TflmChange::DynamicTensorsFail))
                ARENASCOPE_TRY(checkDynamicOutputs(sg, o));
            ARENASCOPE_TRY(m_arena.resetTemp());
            for (ScratchRequest& r : m_scratch)
                if (r.node == -1)
                    r.node = m_arena.context.op;
            const std::uint64_t want = req.size * (m_scratch.size() + kMaxScratchBuffersPerOp);
            const std::uint64_t before = m_arena.head().headOffset();
            ARENASCOPE_TRY(m_arena.head().resizeBuffer(m_scratchHead, want, req.align));
            if (m_arena.head().headOffset() > before) {
                AllocationEvent e = m_arena.event(Category::ScratchRequests, Region::Head, want,
                    m_arena.head().headOffset() - before, m_scratchHead, "scratch request area grows");
                e.kind = EventKind::HeadReserve;
                m_arena.record(std::move(e));
            }
        }
    }
    m_arena.context.op = -1;
    m_arena.context.subgraph = -1;
    return okStatus();
}

Status Emulation::checkDynamicOutputs(const Subgraph& sg, const Operator& o)
{
    for (std::int32_t idx : o.outputs) {
        const Tensor& t = sg.tensors[static_cast<std::size_t>(idx)];
        if (t.shape.size() == 1 && t.shape[0] == 0)
            continue; // legacy scalar
        if (std::any_of(t.shape.begin(), t.shape.end(), [](std::int32_t d) { return d <= 0; }))
            return makeError(ErrorCode::Unsupported,
                formatString("Op#%d (%s) of subgraph %d has dynamic tensor #%d", m_arena.context.op,
                    o.displayName().c_str(), m_arena.context.subgraph, idx));
    }
    return okStatus();
}

} // namespace detail

EmulationResultPtr emulate(const Model& model, const EmulationSettings& settings, PlanCache* plans, ArenaTrace* trace)
{
    detail::Emulation emulation(model, settings, plans, trace);
    return emulation.run();
}

} // namespace arenascope
