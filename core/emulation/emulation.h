#pragma once
// Internal to core/emulation: one emulated MicroInterpreter (construction + AllocateTensors).
// Each method mirrors one TFLM function; the KernelContext overrides are what kernel
// profiles call. emulator.cpp holds construction through kernel Prepare, plan_commit.cpp
// FinishModelAllocation and the interpreter's own tensors.

#include "allocation_info.h"
#include "arena_recorder.h"
#include "emulation_result.h"
#include "kernel_context.h"
#include "kernel_profile.h"
#include "result_builder.h"

#include "core/arena/single_arena.h"
#include "core/planner/buffer_request.h"
#include "core/planner/plan_cache.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arenascope::detail {

// What one MicroAllocator keeps from one interpreter's AllocateTensors to the next
// (micro_allocator.cc @90b983c2, the same at every snapshot ArenaScope emulates): the arena and
// its buffer allocators, the largest memory plan so far (max_head_buffer_usage_: the head is
// reserved for it), whether a model's allocation is under way (model_is_allocating_: a model
// that failed leaves it set, and every later StartModelAllocation fails), and the linear
// planner, which has no Init to reset it: its buffers and offsets carry over to the next model.
struct SharedAllocator {
    SharedAllocator(EmulationResult& first, const Target& target)
        : arena(first, target)
    {
    }
    ArenaRecorder arena;
    std::uint64_t maxHeadUsage = 0;
    bool modelIsAllocating = false;
    struct LinearPlanner {
        std::int64_t nextFree = 0; // next_free_offset_
        std::vector<std::int32_t> offsets; // buffer_offsets_, in AddBuffer order
    } linear;
};

class Emulation final : public KernelContext {
public:
    // One interpreter with its own allocator: MicroInterpreter(model, resolver, arena, size).
    Emulation(
        const Model& model, const EmulationSettings& settings, PlanCache* plans = nullptr, ArenaTrace* trace = nullptr)
        : m_model(model)
        , m_plans(plans)
        , m_trace(trace)
        , m_target(targetFor(settings.target))
        , m_ownAllocator(std::make_unique<SharedAllocator>(m_result, m_target))
        , m_shared(*m_ownAllocator)
        , m_arena(m_shared.arena)
    {
        m_result.settings = settings;
        if (m_trace) {
            *m_trace = ArenaTrace {};
            m_arena.traceInto(m_trace);
        }
        // Up to two dozen events per operator (temp tensors dominate), plus a few per model.
        m_result.events.reserve(24 * model.operatorCount() + 32);
    }

    // One of several interpreters built on `shared`: MicroInterpreter(model, resolver, allocator,
    // resource_variables). `tenant` tags its events.
    Emulation(const Model& model, const EmulationSettings& settings, SharedAllocator& shared, std::int32_t tenant)
        : m_model(model)
        , m_plans(nullptr)
        , m_trace(nullptr)
        , m_target(targetFor(settings.target))
        , m_shared(shared)
        , m_arena(m_shared.arena)
        , m_tenant(tenant)
    {
        m_result.settings = settings;
    }

    EmulationResultPtr run();

    // The steps of a shared allocator's life, for shared_arena.cpp; each records into this
    // interpreter's result. MicroAllocator::Create (once, before the first interpreter):
    Status createAllocator();
    // The interpreter's construction: MicroResourceVariables::Create when it has variables.
    Status construct();
    // MicroInterpreter::AllocateTensors.
    Status allocateTensors();
    // The result, with `status` as this interpreter's outcome (its failure recorded).
    EmulationResultPtr finish(const Status& status);

    // KernelContext ------------------------------------------------------------------
    const Target& target() const override { return m_target; }
    const EmulationSettings& settings() const override { return m_result.settings; }
    const Model& model() const override { return m_model; }
    const Subgraph& subgraph() const override
    {
        return m_model.subgraphs()[static_cast<std::size_t>(m_arena.context.subgraph)];
    }
    const Operator& op() const override { return subgraph().operators[static_cast<std::size_t>(m_arena.context.op)]; }

    Status allocatePersistent(std::uint64_t bytes, std::string label) override;

    Result<TempTensor> tempInput(std::size_t i) override;
    Result<TempTensor> tempOutput(std::size_t i) override;
    Result<TempTensor> tempIntermediate(std::size_t i) override;
    void releaseTemp(const TempTensor& t) override { m_arena.releaseTemp(t); }

    Result<std::uint64_t> allocateTempBuffer(std::uint64_t bytes, std::uint64_t alignment, std::string label) override;

    void releaseTempBuffer(std::uint64_t offset) override { m_arena.head().deallocateTemp(offset); }

    Status requestScratch(std::uint64_t bytes, std::string label) override;

    Error kernelError(std::string message) override;
    // "tensor 3 (conv1) of subgraph 0" or "scratch buffer 2", for messages.
    std::string plannedName(const AllocationInfo& a) const;

    ResourceVariables* resourceVariables() override { return m_resourceVariables ? &*m_resourceVariables : nullptr; }

private:
    // The whole MicroInterpreter constructor + AllocateTensors -------------------------
    Status runAll();
    // This interpreter's turn: its result gets the events, its tenant tags them.
    void takeTurn();

    // MicroResourceVariables::Create(allocator, n), made before the interpreter when asked for.
    Status createResourceVariables();

    // MicroAllocator::Create(var_arena, size) then MicroResourceVariables::Create on it: the
    // variables in an arena of their own (EmulationSettings::resourceVariablesArena).
    Status createSeparateResourceVariables(std::uint64_t arenaBytes, std::uint32_t count);

    // A failure of the resource-variables arena: TFLM's message, but no size of this arena fixes it.
    Error variableArenaError(const Error& e);

    // MicroAllocator::StartModelAllocation.
    Status startModelAllocation();

    Status startModelAllocationSteps();

    // MicroInterpreter::PrepareNodeAndRegistrationDataFromFlatbuffer.
    Status prepareNodeAndRegistrations();

    // MicroInterpreterGraph::InitSubgraphs.
    Status initKernels();

    // MicroInterpreterGraph::PrepareSubgraphs + MicroAllocator::FinishPrepareNodeAllocations.
    Status prepareKernels();

    Status checkDynamicOutputs(const Subgraph& sg, const Operator& o);

    // MicroAllocator::FinishModelAllocation.
    Status finishModelAllocation();

    // AllocateVariables: TFLM does this inside CommitStaticMemoryPlan, after the allocation
    // info is in temp and the offline plan was read; offline-placed variables get no tail buffer.
    Status allocateVariables();

    // Tensors VAR_HANDLE pointed at its resource id: not planned, placed in its OpData.
    void markResourceHandles();

    // MicroAllocator::CommitStaticMemoryPlan.
    Status commitStaticMemoryPlan();
    // The greedy planner handed a negative scratch size (`deficit` bytes of the tail in temp).
    Status plannerScratchNegative(std::uint64_t deficit, std::size_t buffers);
    // The linear planner's answer, carrying its state from earlier models on the allocator.
    Plan planOnLinear(const std::vector<BufferRequest>& requests);

    void recordPlannedBuffers(const AllocationInfoSet& set, const std::vector<BufferRequest>& requests,
        const std::vector<std::size_t>& owners);

    // The tail of MicroInterpreter::AllocateTensors: persistent TfLiteTensors for model I/O.
    Status allocateInterpreterTensors();

    Status ioTensors(const std::vector<std::int32_t>& list, const char* what);

    const Model& m_model;
    PlanCache* m_plans; // may be null
    ArenaTrace* m_trace; // may be null
    const Target& m_target;
    EmulationResult m_result;
    std::unique_ptr<SharedAllocator> m_ownAllocator; // alone: the allocator is this interpreter's
    SharedAllocator& m_shared;
    ArenaRecorder& m_arena; // m_shared.arena
    std::int32_t m_tenant = -1;
    bool m_plannerOverrun = false; // the last failure was plannerScratchNegative's overrun
    std::uint64_t m_scratchHead = 0;
    std::vector<ScratchRequest> m_scratch;
    std::vector<std::vector<const KernelProfile*>> m_profiles;
    std::vector<std::vector<bool>> m_hasData;
    VariableOffsets m_variableOffsets;
    AllocationInfoSet m_allocationInfo;
    std::vector<std::string> m_extraLog;
    std::optional<ResourceVariables> m_resourceVariables;
    std::optional<SingleArena> m_variableArena; // the resource variables' own arena, when separate
    // Each node's user_data: the first buffer its Init allocated, by (subgraph, operator).
    std::map<std::pair<std::int32_t, std::int32_t>, std::uint64_t> m_userData;
};

} // namespace arenascope::detail
