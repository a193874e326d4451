#include "emulator.h"

#include "allocation_info.h"
#include "kernel_context.h"
#include "kernel_profile.h"

#include "core/arena/align.h"
#include "core/arena/single_arena.h"
#include "core/arena/split_arena.h"
#include "core/model/builtin_names.h"
#include "core/planner/greedy_planner.h"
#include "core/planner/linear_planner.h"
#include "core/util/format.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

namespace arenascope {

namespace {

constexpr std::uint64_t kMaxScratchBuffersPerOp = 12;  // micro_allocator.cc

using S = RuntimeStruct;

// One emulated MicroInterpreter. Each method mirrors one TFLM function; the
// KernelContext overrides are what kernel profiles call.
class Emulation final : public KernelContext {
public:
    Emulation(const Model& model, const EmulationSettings& settings)
        : m_model(model)
        , m_target(targetFor(settings.target))
    {
        m_result.settings = settings;
        // Up to two dozen events per operator (temp tensors dominate), plus a few per model.
        m_result.events.reserve(24 * model.operatorCount() + 32);
    }

    EmulationResultPtr run()
    {
        Status status = runAll();
        m_result.ok = status.ok();
        if (!status.ok() && !m_result.failure)
            fail(status.error());
        finishFigures();
        return std::make_shared<const EmulationResult>(std::move(m_result));
    }

    // KernelContext ------------------------------------------------------------------
    const Target& target() const override { return m_target; }
    const Model& model() const override { return m_model; }
    const Subgraph& subgraph() const override { return m_model.subgraphs()[static_cast<std::size_t>(m_subgraph)]; }
    const Operator& op() const override { return subgraph().operators[static_cast<std::size_t>(m_op)]; }

    Status allocatePersistent(std::uint64_t bytes, std::string label) override
    {
        auto r = persistent(bytes, kArenaBufferAlignment, Category::KernelPersistent, std::move(label),
                            RecordedType::PersistentBufferData);
        if (!r)
            return r.error();
        return okStatus();
    }

    Result<TempTensor> tempInput(std::size_t i) override { return tempTensor(op().inputs, i, "input"); }
    Result<TempTensor> tempOutput(std::size_t i) override { return tempTensor(op().outputs, i, "output"); }
    Result<TempTensor> tempIntermediate(std::size_t i) override
    {
        return tempTensor(op().intermediates, i, "intermediate");
    }

    void releaseTemp(const TempTensor& t) override
    {
        if (!t.valid)
            return;
        if (t.zeroPointOffset)
            m_nonPersistent->deallocateTemp(*t.zeroPointOffset);
        if (t.quantOffset)
            m_nonPersistent->deallocateTemp(*t.quantOffset);
        m_nonPersistent->deallocateTemp(t.structOffset);
    }

    Result<std::uint64_t> allocateTempBuffer(std::uint64_t bytes, std::uint64_t alignment, std::string label) override
    {
        return temp(bytes, alignment, Category::TempBuffers, std::move(label));
    }

    void releaseTempBuffer(std::uint64_t offset) override { m_nonPersistent->deallocateTemp(offset); }

    Status requestScratch(std::uint64_t bytes, std::string label) override
    {
        std::uint64_t pending = 0;
        for (const ScratchRequest& r : m_scratch)
            pending += r.node == -1 ? 1 : 0;
        if (pending >= kMaxScratchBuffersPerOp)
            return kernelError(formatString("Scratch buffer request exeeds limit per operator (%llu)",
                                            static_cast<unsigned long long>(kMaxScratchBuffersPerOp)));
        m_scratch.push_back(ScratchRequest{bytes, -1, m_subgraph});
        AllocationEvent e = event(Category::ScratchRequests, Region::Head, bytes, 0, m_nonPersistent->headOffset());
        e.label = "scratch request #" + std::to_string(m_scratch.size() - 1) + ": " + label;
        m_result.events.push_back(std::move(e));
        return okStatus();
    }

    Error kernelError(std::string message) override
    {
        return makeError(ErrorCode::Unsupported, std::move(message));
    }

private:
    // The whole MicroInterpreter constructor + AllocateTensors -------------------------
    Status runAll()
    {
        ARENASCOPE_TRY(createAllocator());
        ARENASCOPE_TRY(startModelAllocation());
        ARENASCOPE_TRY(prepareNodeAndRegistrations());
        ARENASCOPE_TRY(initKernels());
        ARENASCOPE_TRY(prepareKernels());
        ARENASCOPE_TRY(finishModelAllocation());
        ARENASCOPE_TRY(allocateInterpreterTensors());
        return okStatus();
    }

    // MicroAllocator::Create (two- or four-argument form).
    Status createAllocator()
    {
        m_phase = Phase::CreateAllocator;
        const EmulationSettings& s = m_result.settings;
        const bool recording = s.effectiveInterpreter() == InterpreterKind::Recording;
        const PlannerKind planner = s.effectivePlanner();
        const S plannerStruct = planner == PlannerKind::Linear ? S::LinearMemoryPlanner : S::GreedyMemoryPlanner;
        const char* plannerLabel = planner == PlannerKind::Linear ? "LinearMemoryPlanner" : "GreedyMemoryPlanner";
        if (s.nonPersistentBytes) {
            auto persistentArena = std::make_unique<PersistentArena>(s.arenaBytes);
            m_persistent = persistentArena.get();
            m_ownedPersistent = std::move(persistentArena);
            auto np = std::make_unique<NonPersistentArena>(*s.nonPersistentBytes);
            m_nonPersistent = np.get();
            m_ownedNonPersistent = std::move(np);
            ARENASCOPE_TRY(structInTail(S::PersistentArenaBufferAllocator, "PersistentArenaBufferAllocator"));
            ARENASCOPE_TRY(structInTail(S::NonPersistentArenaBufferAllocator, "NonPersistentArenaBufferAllocator"));
            ARENASCOPE_TRY(structInTail(plannerStruct, plannerLabel));
            ARENASCOPE_TRY(structInTail(recording ? S::RecordingMicroAllocator : S::MicroAllocator,
                                        recording ? "RecordingMicroAllocator" : "MicroAllocator"));
            return okStatus();
        }
        auto single = std::make_unique<SingleArena>(s.arenaBytes);
        m_persistent = single.get();
        m_nonPersistent = single.get();
        m_single = std::move(single);
        ARENASCOPE_TRY(structInTail(recording ? S::RecordingSingleArenaBufferAllocator : S::SingleArenaBufferAllocator,
                                    recording ? "RecordingSingleArenaBufferAllocator" : "SingleArenaBufferAllocator"));
        ARENASCOPE_TRY(structInTail(plannerStruct, plannerLabel));
        ARENASCOPE_TRY(structInTail(recording ? S::RecordingMicroAllocator : S::MicroAllocator,
                                    recording ? "RecordingMicroAllocator" : "MicroAllocator"));
        return okStatus();
    }

    // MicroAllocator::StartModelAllocation.
    Status startModelAllocation()
    {
        m_phase = Phase::StartAllocation;
        Status s = startModelAllocationSteps();
        if (!s)
            m_extraLog.push_back("Failed starting model allocation.");
        return s;
    }

    Status startModelAllocationSteps()
    {
        ARENASCOPE_TRY(structInTail(S::MicroBuiltinDataAllocator, "MicroBuiltinDataAllocator"));
        // InitScratchBufferData: room for one operator's scratch requests at the head.
        const StructLayout req = m_target.layout(S::ScratchBufferRequest);
        auto head = m_nonPersistent->allocateResizable(req.size * kMaxScratchBuffersPerOp, req.align);
        if (!head)
            return head.error();
        m_scratchHead = head.value();
        m_result.events.push_back(event(Category::ScratchRequests, Region::Head, req.size * kMaxScratchBuffersPerOp,
                                        m_nonPersistent->headOffset(), m_scratchHead, "scratch request area"));
        const StructLayout sa = m_target.layout(S::SubgraphAllocations);
        const auto subgraphCount = m_model.subgraphs().size();
        auto r = persistent(sa.size * subgraphCount, sa.align, Category::AllocatorObjects,
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
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            auto e = persistent(et.size * sg.tensors.size(), et.align, Category::EvalTensors,
                                "TfLiteEvalTensor[" + std::to_string(sg.tensors.size()) + "]",
                                RecordedType::TfLiteEvalTensorData,
                                static_cast<std::uint64_t>(sg.tensors.size()));
            if (!e)
                return e.error();
        }
        const StructLayout nr = m_target.layout(S::NodeAndRegistration);
        for (const Subgraph& sg : m_model.subgraphs()) {
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            auto e = persistent(nr.size * sg.operators.size(), nr.align, Category::NodeAndRegistrations,
                                "NodeAndRegistration[" + std::to_string(sg.operators.size()) + "]",
                                RecordedType::NodeAndRegistrationArray,
                                static_cast<std::uint64_t>(sg.operators.size()));
            if (!e)
                return e.error();
        }
        m_subgraph = -1;
        return okStatus();
    }

    // MicroInterpreter::PrepareNodeAndRegistrationDataFromFlatbuffer.
    Status prepareNodeAndRegistrations()
    {
        m_phase = Phase::ParseOptions;
        m_profiles.resize(m_model.subgraphs().size());
        for (const Subgraph& sg : m_model.subgraphs()) {
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            for (const Operator& o : sg.operators) {
                m_op = static_cast<std::int32_t>(o.id.value);
                const KernelProfile* profile = findKernelProfile(o.builtinCode, o.customName);
                if (!profile) {
                    Error e = makeError(ErrorCode::UnresolvedOp,
                                        "Failed to get registration from op code " + builtinOperatorName(o.builtinCode));
                    m_extraLog.push_back(" ");
                    return e;
                }
                m_profiles[sg.id.value].push_back(profile);
                if (!o.isCustom() && o.flatbuffer && o.flatbuffer->custom_options())
                    return makeError(ErrorCode::Unsupported,
                                     "Unsupported behavior: found builtin operator " + o.displayName() +
                                         " with custom options.");
                if (profile->options.size > 0) {
                    auto r = persistent(profile->options.size, profile->options.align, Category::BuiltinOptions,
                                        profile->options.name ? profile->options.name : "builtin options");
                    if (!r)
                        return r.error();
                }
            }
        }
        m_op = -1;
        m_subgraph = -1;
        return okStatus();
    }

    // MicroInterpreterGraph::InitSubgraphs.
    Status initKernels()
    {
        m_phase = Phase::KernelInit;
        for (const Subgraph& sg : m_model.subgraphs()) {
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            for (const Operator& o : sg.operators) {
                m_op = static_cast<std::int32_t>(o.id.value);
                const KernelProfile* profile = m_profiles[sg.id.value][o.id.value];
                if (profile->init)
                    ARENASCOPE_TRY(profile->init(*this));
            }
        }
        m_op = -1;
        m_subgraph = -1;
        return okStatus();
    }

    // MicroInterpreterGraph::PrepareSubgraphs + MicroAllocator::FinishPrepareNodeAllocations.
    Status prepareKernels()
    {
        m_phase = Phase::KernelPrepare;
        const StructLayout req = m_target.layout(S::ScratchBufferRequest);
        for (const Subgraph& sg : m_model.subgraphs()) {
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            for (const Operator& o : sg.operators) {
                m_op = static_cast<std::int32_t>(o.id.value);
                const KernelProfile* profile = m_profiles[sg.id.value][o.id.value];
                if (profile->prepare) {
                    Status s = profile->prepare(*this);
                    if (!s) {
                        m_extraLog.push_back(formatString("Node %s (number %d) failed to prepare with status 1",
                                                          o.displayName().c_str(), m_op));
                        return s;
                    }
                }
                ARENASCOPE_TRY(checkDynamicOutputs(sg, o));
                ARENASCOPE_TRY(m_nonPersistent->resetTemp());
                for (ScratchRequest& r : m_scratch)
                    if (r.node == -1)
                        r.node = m_op;
                const std::uint64_t want = req.size * (m_scratch.size() + kMaxScratchBuffersPerOp);
                const std::uint64_t before = m_nonPersistent->headOffset();
                ARENASCOPE_TRY(m_nonPersistent->resizeBuffer(m_scratchHead, want, req.align));
                if (m_nonPersistent->headOffset() > before)
                    m_result.events.push_back(event(Category::ScratchRequests, Region::Head, want,
                                                    m_nonPersistent->headOffset() - before, m_scratchHead,
                                                    "scratch request area grows"));
            }
        }
        m_op = -1;
        m_subgraph = -1;
        return okStatus();
    }

    Status checkDynamicOutputs(const Subgraph& sg, const Operator& o)
    {
        for (std::int32_t idx : o.outputs) {
            const Tensor& t = sg.tensors[static_cast<std::size_t>(idx)];
            if (t.shape.size() == 1 && t.shape[0] == 0)
                continue;  // legacy scalar
            if (std::any_of(t.shape.begin(), t.shape.end(), [](std::int32_t d) { return d <= 0; }))
                return makeError(ErrorCode::Unsupported,
                                 formatString("Op#%d (%s) of subgraph %d has dynamic tensor #%d", m_op,
                                              o.displayName().c_str(), m_subgraph, idx));
        }
        return okStatus();
    }

    // MicroAllocator::FinishModelAllocation.
    Status finishModelAllocation()
    {
        m_phase = Phase::FinishAllocation;
        if (!m_scratch.empty()) {
            const StructLayout h = m_target.layout(S::ScratchBufferHandle);
            auto r = persistent(h.size * m_scratch.size(), h.align, Category::ScratchHandles,
                                "ScratchBufferHandle[" + std::to_string(m_scratch.size()) + "]");
            if (!r)
                return r.error();
        }
        m_phase = Phase::CommitPlan;
        return commitStaticMemoryPlan();
    }

    // AllocateVariables: TFLM does this inside CommitStaticMemoryPlan, after the allocation
    // info is in temp and the offline plan was read; offline-placed variables get no tail buffer.
    Status allocateVariables()
    {
        const auto& plan = m_model.offlinePlan();
        m_hasData.resize(m_model.subgraphs().size());
        for (const Subgraph& sg : m_model.subgraphs()) {
            m_subgraph = static_cast<std::int32_t>(sg.id.value);
            auto& hasData = m_hasData[sg.id.value];
            hasData.assign(sg.tensors.size(), false);
            for (const Tensor& t : sg.tensors) {
                hasData[t.id.value] = t.hasData;
                if (!t.isVariable)
                    continue;
                if (plan && t.id.value < plan->offsets.size() && plan->offsets[t.id.value] != kOnlinePlanned)
                    continue;
                auto r = persistent(t.bytes, kArenaBufferAlignment, Category::Variables,
                                    "variable tensor " + std::to_string(t.id.value) + " " + t.name,
                                    RecordedType::TfLiteTensorVariableBufferData);
                if (!r) {
                    m_extraLog.push_back(formatString("Failed to allocate variable tensor of size %llu",
                                                      static_cast<unsigned long long>(t.bytes)));
                    return r.error();
                }
                hasData[t.id.value] = true;
                m_variableOffsets[{sg.id.value, t.id.value}] = r.value();
            }
        }
        m_subgraph = -1;
        return okStatus();
    }

    // MicroAllocator::CommitStaticMemoryPlan.
    Status commitStaticMemoryPlan()
    {
        const StructLayout sizeT = m_target.layout(S::SizeT);
        const std::uint64_t offsetsBytes = sizeT.size * m_model.subgraphs().size();
        auto offsets = temp(offsetsBytes, sizeT.align, Category::PlannerInfo, "subgraph offsets");
        if (!offsets) {
            m_extraLog.push_back(formatString("Failed to allocate memory for memory planning, %llu bytes required",
                                              static_cast<unsigned long long>(offsetsBytes)));
            return offsets.error();
        }
        const StructLayout ai = m_target.layout(S::AllocationInfo);
        const std::uint64_t infoBytes = ai.size * (m_model.tensorCount() + m_scratch.size());
        auto info = temp(infoBytes, ai.align, Category::PlannerInfo, "AllocationInfo[" +
                         std::to_string(m_model.tensorCount() + m_scratch.size()) + "]");
        if (!info) {
            m_extraLog.push_back(formatString("Failed to allocate memory for memory planning, %llu bytes required",
                                              static_cast<unsigned long long>(infoBytes)));
            return info.error();
        }
        if (const auto& plan = m_model.offlinePlan(); plan && plan->tensorCount != m_model.tensorCount())
            return makeError(ErrorCode::Unsupported,
                             formatString("Nbr of offline buffer offsets (%u) in metadata not equal nbr tensors (%zu)",
                                          plan->tensorCount, m_model.tensorCount()));
        ARENASCOPE_TRY(allocateVariables());
        auto built = buildAllocationInfo(m_model, m_hasData, m_scratch);
        if (!built)
            return built.error();
        const AllocationInfoSet& set = built.value();
        m_result.scopeCount = set.scopeCount;

        const std::uint64_t remaining = m_nonPersistent->availableMemory(kArenaBufferAlignment);
        auto scratch = temp(remaining, kArenaBufferAlignment, Category::PlannerScratch, "planner scratch");
        if (!scratch)
            return scratch.error();

        std::vector<BufferRequest> requests;
        std::vector<std::size_t> owners;
        for (std::size_t i = 0; i < set.infos.size(); ++i) {
            const AllocationInfo& a = set.infos[i];
            if (!a.needsAllocating)
                continue;
            requests.push_back(BufferRequest{static_cast<std::int32_t>(alignUp(a.bytes, kArenaBufferAlignment)),
                                             a.first, a.last, a.offlineOffset});
            owners.push_back(i);
        }
        recordPlannedBuffers(set, requests, owners);
        const bool linear = m_result.settings.effectivePlanner() == PlannerKind::Linear;
        const std::uint64_t maxBuffers = linear ? static_cast<std::uint64_t>(kLinearMaxBuffers)
                                                : remaining / static_cast<std::uint64_t>(kGreedyBytesPerBuffer);
        if (requests.size() > maxBuffers)
            return makeError(ErrorCode::OutOfMemory,
                             formatString("Too many buffers (max is %llu)", static_cast<unsigned long long>(maxBuffers)));
        const Plan plan = linear ? planLinear(requests) : planGreedy(requests);
        for (std::size_t k = 0; k < plan.offsets.size(); ++k)
            m_result.planned[k].offset = plan.offsets[k];
        m_result.planBytes = plan.maxBytes;

        m_nonPersistent->deallocateTemp(info.value());
        m_nonPersistent->deallocateTemp(offsets.value());
        m_nonPersistent->deallocateTemp(scratch.value());
        ARENASCOPE_TRY(m_nonPersistent->resetTemp());
        ARENASCOPE_TRY(m_nonPersistent->deallocateResizable(m_scratchHead));
        const auto head = static_cast<std::uint64_t>(plan.maxBytes);
        ARENASCOPE_TRY(m_nonPersistent->reserveOverlay(head, kArenaBufferAlignment));
        m_result.events.push_back(event(Category::PlannedHead, Region::Head, head, m_nonPersistent->headOffset(),
                                        m_nonPersistent->overlayOffset(), "memory plan"));
        return okStatus();
    }

    void recordPlannedBuffers(const AllocationInfoSet& set, const std::vector<BufferRequest>& requests,
                              const std::vector<std::size_t>& owners)
    {
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
                const Subgraph& sg = m_model.subgraphs()[static_cast<std::size_t>(a.subgraph)];
                auto contains = [](const std::vector<std::int32_t>& v, std::int32_t x) {
                    return std::find(v.begin(), v.end(), x) != v.end();
                };
                b.kind = contains(sg.inputs, a.tensor)    ? BufferKind::ModelInput
                         : contains(sg.outputs, a.tensor) ? BufferKind::ModelOutput
                                                          : BufferKind::Activation;
            }
            m_result.planned.push_back(b);
        }
        m_allocationInfo = set;
    }

    // The tail of MicroInterpreter::AllocateTensors: persistent TfLiteTensors for model I/O.
    Status allocateInterpreterTensors()
    {
        m_phase = Phase::InterpreterTensors;
        const Subgraph& main = m_model.subgraphs()[0];
        ARENASCOPE_TRY(ioTensors(main.inputs, "input"));
        ARENASCOPE_TRY(ioTensors(main.outputs, "output"));
        return okStatus();
    }

    Status ioTensors(const std::vector<std::int32_t>& list, const char* what)
    {
        const std::uint64_t arrayBytes = m_target.pointerBytes * list.size();
        auto arr = persistent(arrayBytes, kArenaBufferAlignment, Category::IoTensorArrays,
                              std::string(what) + "_tensors_ array", RecordedType::PersistentBufferData);
        if (!arr) {
            m_extraLog.push_back(formatString("Failed to allocate memory for context->%s_tensors_, %llu bytes required",
                                              what, static_cast<unsigned long long>(arrayBytes)));
            return arr.error();
        }
        m_subgraph = 0;
        const StructLayout tl = m_target.layout(S::TfLiteTensor);
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Tensor& t = m_model.subgraphs()[0].tensors[static_cast<std::size_t>(list[i])];
            const std::string initFailed = formatString("Failed to initialize %s tensor %zu", what, i);
            auto s = persistent(tl.size, tl.align, Category::PersistentTensors,
                                std::string("TfLiteTensor for ") + what + " " + std::to_string(i),
                                RecordedType::PersistentTfLiteTensorData);
            if (!s) {
                m_extraLog.insert(m_extraLog.end(), {"Failed to allocate memory for persistent TfLiteTensor",
                                                     initFailed});
                return s.error();
            }
            if (t.quant.present) {
                const char* populateFailed = "Failed to populate a persistent TfLiteTensor struct from flatbuffer data!";
                const StructLayout q = m_target.layout(S::TfLiteAffineQuantization);
                auto a = persistent(q.size, q.align, Category::QuantizationData, "TfLiteAffineQuantization",
                                    RecordedType::PersistentTfLiteTensorQuantizationData);
                if (!a) {
                    m_extraLog.insert(m_extraLog.end(), {"Unable to allocate TfLiteAffineQuantization.", "",
                                                         populateFailed, initFailed});
                    return a.error();
                }
                auto z = persistent(m_target.intArrayBytes(t.quant.channels), 4, Category::QuantizationData,
                                    "zero points[" + std::to_string(t.quant.channels) + "]",
                                    RecordedType::PersistentTfLiteTensorQuantizationData);
                if (!z) {
                    m_extraLog.insert(m_extraLog.end(), {"Unable to allocate quantization->zero_point.", "",
                                                         populateFailed, initFailed});
                    return z.error();
                }
            }
        }
        m_subgraph = -1;
        return okStatus();
    }

    // Allocation primitives that also record events ---------------------------------
    Status structInTail(S s, const char* label)
    {
        const StructLayout l = m_target.layout(s);
        auto r = persistent(l.size, l.align, Category::AllocatorObjects, label);
        if (!r)
            return r.error();
        return okStatus();
    }

    Result<std::uint64_t> persistent(std::uint64_t bytes, std::uint64_t alignment, Category category,
                                     std::string label, std::optional<RecordedType> recorded = std::nullopt,
                                     std::uint64_t recordedCount = 1)
    {
        const std::uint64_t before = m_persistent->persistentUsedBytes();
        auto r = m_persistent->allocatePersistent(bytes, alignment);
        AllocationEvent e = event(category, Region::Tail, bytes, 0, r ? r.value() : 0, std::move(label));
        if (!r) {
            e.failed = true;
            m_result.events.push_back(std::move(e));
            return r.error();
        }
        e.used = m_persistent->persistentUsedBytes() - before;
        // SingleArenaBufferAllocator checks the tail only against the head, not against temp
        // allocations a kernel still holds: TFLM then silently writes over them. Keep going as
        // TFLM does, but remember the hazard.
        if (m_single && r.value() < m_single->tempOffset() && m_result.warnings.empty())
            m_result.warnings.push_back(formatString(
                "%s (%llu bytes at offset %llu) overlaps %llu bytes of temp memory still in use: TFLM does not "
                "check this and corrupts the temp tensors",
                e.label.c_str(), static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(r.value()),
                static_cast<unsigned long long>(m_single->tempOffset() - r.value())));
        if (recorded) {
            RecordedAllocation& rec = m_result.recording[static_cast<std::size_t>(*recorded)];
            rec.requested += bytes;
            rec.used += e.used;
            rec.count += recordedCount;
        }
        m_result.events.push_back(std::move(e));
        return r;
    }

    Result<std::uint64_t> temp(std::uint64_t bytes, std::uint64_t alignment, Category category, std::string label,
                               std::int32_t tensor = -1)
    {
        const std::uint64_t before = m_nonPersistent->tempOffset();
        auto r = m_nonPersistent->allocateTemp(bytes, alignment);
        AllocationEvent e = event(category, Region::Temp, bytes, 0, r ? r.value() : 0, std::move(label));
        e.tensor = tensor;
        if (!r) {
            e.failed = true;
            m_result.events.push_back(std::move(e));
            return r.error();
        }
        e.used = m_nonPersistent->tempOffset() - before;
        // The greedy planner's scratch takes whatever is left: not a demand of the model.
        if (category != Category::PlannerScratch)
            m_result.tempPeakBytes = std::max(m_result.tempPeakBytes,
                                              m_nonPersistent->tempOffset() - m_nonPersistent->headOffset());
        m_nonPersistentPeak = std::max(m_nonPersistentPeak, m_nonPersistent->tempOffset());
        m_result.events.push_back(std::move(e));
        return r;
    }

    // MicroAllocator::AllocateTempTfLiteTensor: the struct, then its quantization.
    Result<TempTensor> tempTensor(const std::vector<std::int32_t>& list, std::size_t i, const char* role)
    {
        TempTensor out;
        if (i >= list.size() || list[i] < 0)
            return out;
        const Tensor& t = subgraph().tensors[static_cast<std::size_t>(list[i])];
        // Short labels (no heap allocation); the tensor index travels in the event.
        const StructLayout tl = m_target.layout(S::TfLiteTensor);
        auto s = temp(tl.size, tl.align, Category::TempTensors, std::string(role) + " tensor", list[i]);
        if (!s)
            return s.error();
        out.valid = true;
        out.tensor = list[i];
        out.structOffset = s.value();
        if (t.quant.present) {
            const StructLayout q = m_target.layout(S::TfLiteAffineQuantization);
            auto a = temp(q.size, q.align, Category::TempTensors, "quantization", list[i]);
            if (!a)
                return a.error();
            out.quantOffset = a.value();
            auto z = temp(m_target.intArrayBytes(t.quant.channels), 4, Category::TempTensors, "zero points", list[i]);
            if (!z)
                return z.error();
            out.zeroPointOffset = z.value();
        }
        return out;
    }

    AllocationEvent event(Category category, Region region, std::uint64_t requested, std::uint64_t used,
                          std::uint64_t offset, std::string label = {}) const
    {
        AllocationEvent e;
        e.phase = m_phase;
        e.subgraph = m_subgraph;
        e.op = m_op;
        e.category = category;
        e.region = region;
        e.requested = requested;
        e.used = used;
        e.offset = offset;
        e.label = std::move(label);
        return e;
    }

    void fail(const Error& error)
    {
        Failure f;
        f.phase = m_phase;
        f.subgraph = m_subgraph;
        f.op = m_op;
        f.code = error.code;
        f.capacity = error.code == ErrorCode::OutOfMemory;
        f.message = error.message;
        f.log.push_back(f.message);
        for (const auto& line : m_extraLog)
            f.log.push_back(line);
        if (f.capacity)
            parseQuantities(f);
        // Every failure is an event of the log, so views can point at it.
        if (m_result.events.empty() || !m_result.events.back().failed) {
            const bool resize = f.message.rfind("Failed to resize buffer", 0) == 0;
            const bool temp = f.message.rfind("Failed to allocate temp", 0) == 0;
            AllocationEvent e = event(resize ? (m_phase == Phase::CommitPlan ? Category::PlannedHead
                                                                             : Category::ScratchRequests)
                                             : temp ? Category::PlannerInfo : Category::PlannerScratch,
                                      resize ? Region::Head : Region::Temp, f.requested, 0, 0, f.message);
            if (!f.capacity)
                e.region = Region::Tail;
            e.failed = true;
            m_result.events.push_back(std::move(e));
        }
        m_result.failure = std::move(f);
    }

    // "Requested: X, available Y, missing: Z" -> numbers (all of TFLM's capacity messages).
    static void parseQuantities(Failure& f)
    {
        unsigned long long r = 0, a = 0, m = 0;
        const auto pos = f.message.find("Requested: ");
        if (pos != std::string::npos &&
            std::sscanf(f.message.c_str() + pos, "Requested: %llu, available %llu, missing: %llu", &r, &a, &m) == 3) {
            f.requested = r;
            f.available = a;
            f.missing = m;
        }
    }

    void finishFigures()
    {
        if (m_persistent) {
            m_result.tailBytes = m_persistent->persistentUsedBytes();
            m_result.tailOffset = m_persistent->tailOffset();
        }
        if (m_nonPersistent)
            m_result.headBytes = m_nonPersistent->nonPersistentUsedBytes();
        m_result.arenaUsedBytes = m_result.headBytes + m_result.tailBytes;
        placeTensors();
    }

    void placeTensors()
    {
        for (const Subgraph& sg : m_model.subgraphs()) {
            for (const Tensor& t : sg.tensors) {
                TensorPlacement p;
                p.subgraph = static_cast<std::int32_t>(sg.id.value);
                p.index = static_cast<std::int32_t>(t.id.value);
                p.bytes = t.bytes;
                if (t.hasData) {
                    p.place = TensorPlace::Flash;
                } else if (auto it = m_variableOffsets.find({sg.id.value, t.id.value}); it != m_variableOffsets.end()) {
                    p.place = TensorPlace::Tail;
                    p.offset = it->second;
                }
                m_result.tensors.push_back(p);
            }
        }
        std::size_t base = 0;
        std::vector<std::size_t> subgraphBase;
        for (const Subgraph& sg : m_model.subgraphs()) {
            subgraphBase.push_back(base);
            base += sg.tensors.size();
        }
        for (const AllocationInfo& a : m_allocationInfo.infos) {
            if (a.tensor < 0)
                continue;
            TensorPlacement& p = m_result.tensors[subgraphBase[static_cast<std::size_t>(a.subgraph)] +
                                                  static_cast<std::size_t>(a.tensor)];
            p.firstUse = a.first;
            p.lastUse = a.last;
        }
        for (std::size_t k = 0; k < m_result.planned.size(); ++k) {
            const PlannedBuffer& b = m_result.planned[k];
            if (b.tensor < 0)
                continue;
            TensorPlacement& p = m_result.tensors[subgraphBase[static_cast<std::size_t>(b.subgraph)] +
                                                  static_cast<std::size_t>(b.tensor)];
            p.planIndex = static_cast<std::int32_t>(k);
            if (b.offset >= 0 && m_result.ok) {
                p.place = TensorPlace::Head;
                p.offset = m_nonPersistent->overlayOffset() + static_cast<std::uint64_t>(b.offset);
            }
        }
    }

    const Model& m_model;
    const Target& m_target;
    EmulationResult m_result;
    std::unique_ptr<SingleArena> m_single;
    std::unique_ptr<PersistentAllocator> m_ownedPersistent;
    std::unique_ptr<NonPersistentAllocator> m_ownedNonPersistent;
    PersistentAllocator* m_persistent = nullptr;
    NonPersistentAllocator* m_nonPersistent = nullptr;
    Phase m_phase = Phase::CreateAllocator;
    std::int32_t m_subgraph = -1;
    std::int32_t m_op = -1;
    std::uint64_t m_scratchHead = 0;
    std::uint64_t m_nonPersistentPeak = 0;
    std::vector<ScratchRequest> m_scratch;
    std::vector<std::vector<const KernelProfile*>> m_profiles;
    std::vector<std::vector<bool>> m_hasData;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> m_variableOffsets;
    AllocationInfoSet m_allocationInfo;
    std::vector<std::string> m_extraLog;
};

} // namespace

EmulationResultPtr emulate(const Model& model, const EmulationSettings& settings)
{
    Emulation emulation(model, settings);
    return emulation.run();
}

} // namespace arenascope
