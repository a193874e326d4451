#pragma once
// What one emulated AllocateTensors produced: every allocation as an event, the memory
// plan, where each tensor landed, and the first failure if there was one.
// Immutable once built; shared with the UI as std::shared_ptr<const EmulationResult>.

#include "emulation_settings.h"

#include "core/util/result.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

// Stages of MicroInterpreter construction and AllocateTensors, in the order they run.
enum class Phase {
    CreateAllocator, // MicroAllocator::Create: allocator and planner objects in the tail
    StartAllocation, // StartModelAllocation: eval tensors, node/registration arrays
    ParseOptions, // builtin option structs parsed from the flatbuffer
    KernelInit, // each kernel's Init
    KernelPrepare, // each kernel's Prepare (temp tensors, scratch requests)
    FinishAllocation, // scratch handles, variable tensors
    CommitPlan, // allocation info and planner scratch in temp, the plan, head resize
    InterpreterTensors, // the persistent TfLiteTensors kept for model inputs and outputs
    Count_,
};

enum class Region { Head, Temp, Tail };

// What an allocation is for; the tail breakdown and TFLM's recording categories derive from it.
enum class Category {
    AllocatorObjects, // SingleArenaBufferAllocator, planner, MicroAllocator, builtin-data allocator,
                      // SubgraphAllocations
    EvalTensors, // TfLiteEvalTensor arrays
    NodeAndRegistrations, // NodeAndRegistration arrays
    BuiltinOptions, // TfLite*Params structs parsed from builtin options
    KernelPersistent, // op data from kernel Init/Prepare (AllocatePersistentBuffer)
    ScratchRequests, // scratch-buffer requests kept in the head while preparing
    ScratchHandles, // ScratchBufferHandle array
    Variables, // variable tensor buffers
    PersistentTensors, // TfLiteTensor structs for model inputs/outputs
    IoTensorArrays, // the interpreter's input/output pointer arrays
    QuantizationData, // TfLiteAffineQuantization + zero-point arrays of persistent tensors
    TempTensors, // TfLiteTensor structs (and quantization) a kernel holds while preparing
    TempBuffers, // AllocateTempBuffer from a kernel
    PlannerInfo, // AllocationInfo array and subgraph offsets while planning
    PlannerScratch, // the greedy planner's working arrays
    PlannedHead, // the committed memory plan (activations and scratch buffers)
    Count_,
};

// What an event does to the arena (replay and the allocation log read this, never the label).
enum class EventKind {
    Allocation, // a tail, temp or head allocation of `requested` bytes at `offset`
    ScratchRequest, // RequestScratchBufferInArena: a request kept in the scratch-request area
    HeadReserve, // the scratch-request area set or grown: the head now ends at `requested`
    TempReset, // ResetTempAllocations: every temp allocation above the head is released
    PlanCommit, // the memory plan committed: the head now holds `requested` bytes of plan
};

struct AllocationEvent {
    EventKind kind = EventKind::Allocation;
    Phase phase = Phase::CreateAllocator;
    std::int32_t subgraph = -1;
    std::int32_t op = -1; // operator index in `subgraph`, -1 when not for an operator
    Category category = Category::AllocatorObjects;
    Region region = Region::Tail;
    std::uint64_t requested = 0; // bytes asked for
    std::uint64_t used = 0; // bytes the region grew by, alignment padding included
    std::uint64_t offset = 0; // where it landed (head/temp: from the arena start; tail too)
    std::string label; // "TfLiteEvalTensor[89]", "OpDataConv", ...
    std::int32_t tensor = -1; // the tensor an allocation is for (temp tensors), -1 if none
    // Several models in one arena (shared_arena.h): the tenant whose interpreter made it; -1 alone.
    std::int32_t tenant = -1;
    std::uint32_t sequence = 0; // order among all events of the arena (several tenants interleave)
    bool failed = false;
    // The allocator right after the event (offsets from the arena start; with separate arenas
    // the tail is in the persistent arena, head and temp in the non-persistent one).
    std::uint64_t headEndAfter = 0; // end of the head
    std::uint64_t tempEndAfter = 0; // end of the temp allocations above the head
    std::uint64_t tailBeginAfter = 0; // start of the tail
    std::uint64_t padding() const { return used > requested ? used - requested : 0; }
};

enum class TensorPlace { Head, Tail, Flash, None };

struct TensorPlacement {
    std::int32_t subgraph = 0;
    std::int32_t index = 0;
    std::uint64_t bytes = 0;
    std::optional<std::uint64_t> offset; // from the arena start (head or tail)
    TensorPlace place = TensorPlace::None;
    std::int32_t firstUse = -1; // allocation scope (see core/emulation/allocation_info.h)
    std::int32_t lastUse = -1;
    std::int32_t planIndex = -1; // index into EmulationResult::planned, -1 if not planned
};

enum class BufferKind { Activation, ModelInput, ModelOutput, Scratch, OfflinePlaced };

struct PlannedBuffer {
    BufferKind kind = BufferKind::Activation;
    std::int32_t subgraph = 0;
    std::int32_t tensor = -1; // -1 for a scratch buffer
    std::int32_t scratchIndex = -1; // request index for a scratch buffer
    std::int32_t op = -1; // requesting operator, for a scratch buffer
    std::uint64_t bytes = 0; // as requested
    std::uint64_t alignedBytes = 0; // as planned (16-aligned)
    std::int32_t first = 0;
    std::int32_t last = 0;
    std::int32_t offlineOffset = -1;
    std::int64_t offset = -1; // -1 if planning did not finish
};

// TFLM's RecordedAllocationType, in its enum order.
enum class RecordedType {
    TfLiteEvalTensorData,
    PersistentTfLiteTensorData,
    PersistentTfLiteTensorQuantizationData,
    PersistentBufferData,
    TfLiteTensorVariableBufferData,
    NodeAndRegistrationArray,
    OpData,
    Count_,
};
const char* recordedTypeName(RecordedType type);

struct RecordedAllocation {
    std::uint64_t requested = 0;
    std::uint64_t used = 0;
    std::uint64_t count = 0;
};

struct Failure {
    Phase phase = Phase::CreateAllocator;
    std::int32_t subgraph = -1;
    std::int32_t op = -1;
    bool capacity = false; // more arena would fix it
    ErrorCode code = ErrorCode::OutOfMemory;
    std::uint64_t requested = 0; // for capacity failures
    std::uint64_t available = 0;
    std::uint64_t missing = 0;
    std::string message; // the first line TFLM prints (ArenaScope's explanation when TFLM prints none)
    std::vector<std::string> log; // every line TFLM prints, in order
    bool tflmSilent = false; // TFLM fails without a message here (the log is empty)
    // The temp TfLiteTensor struct did not fit, and the snapshot does not check that (before
    // b15beb9d4, TflmChange::TempTensorNullChecked): after the allocator's message TFLM writes
    // through the null pointer (a host segfaults; a microcontroller writes near address 0)
    // instead of AllocateTensors returning an error.
    bool writesThroughNull = false;
    // The greedy planner was handed a negative scratch size: the tail had grown into the temp
    // memory holding the allocation info, GetAvailableMemory wrapped, and Init turned it into a
    // huge buffer count; the planner then writes its arrays past the arena (a host segfaults, a
    // microcontroller corrupts memory) and TFLM prints nothing.
    bool plannerOverrun = false;
};

// A tail allocation that landed on temp memory a kernel still held. TFLM's
// SingleArenaBufferAllocator::AllocatePersistentBuffer checks the new tail only against the
// head, not against live temp allocations (single_arena_buffer_allocator.cc), so the kernel
// then writes its persistent data over temp TfLiteTensor structs it goes on reading. What
// happens next depends on the bytes written and on pointer values (the arena's address), not
// on sizes: TFLM may succeed, fail a check on a corrupted field, or crash. ArenaScope carries on
// as if nothing was overwritten and says so; figures at such a size are not reliable.
struct TempOverwrite {
    std::string label; // the tail allocation ("OpDataFullyConnected", ...)
    std::int32_t subgraph = -1;
    std::int32_t op = -1;
    std::uint64_t offset = 0; // where the tail allocation landed
    std::uint64_t bytes = 0; // bytes of live temp memory under it
};

// The resource variables' own arena (EmulationSettings::resourceVariablesArena): its size, the
// bytes its allocator and MicroResourceVariables took, and whether an allocation there failed
// (no size of the tensor arena fixes that).
struct VariableArenaUse {
    std::uint64_t arenaBytes = 0;
    std::uint64_t usedBytes = 0;
    bool failed = false;
};

struct EmulationResult {
    EmulationSettings settings;
    bool ok = false;
    std::optional<Failure> failure;
    std::vector<std::string> warnings; // hazards TFLM does not report (e.g. tail over live temp)
    std::optional<TempOverwrite> tempOverwrite; // the first one, if the tail ever overran live temp
    std::vector<AllocationEvent> events;
    std::vector<PlannedBuffer> planned;
    std::vector<TensorPlacement> tensors; // every tensor of every subgraph
    std::int64_t planBytes = 0; // memory plan size (head after commit)
    std::uint64_t arenaUsedBytes = 0; // MicroInterpreter::arena_used_bytes()
    std::uint64_t headBytes = 0; // non-persistent used bytes
    std::uint64_t tailBytes = 0; // persistent used bytes
    std::uint64_t tempPeakBytes = 0; // most temp memory in use at once, above the head
    std::uint64_t tailOffset = 0; // lowest tail offset reached
    std::int32_t scopeCount = 0; // allocation scopes (timeline steps)
    std::array<RecordedAllocation, static_cast<std::size_t>(RecordedType::Count_)> recording {};
    std::optional<VariableArenaUse> variableArena;
};

using EmulationResultPtr = std::shared_ptr<const EmulationResult>;

const char* phaseName(Phase phase);
const char* categoryName(Category category);
const char* eventKindName(EventKind kind);
const char* regionName(Region region);
const char* bufferKindName(BufferKind kind);
const char* tensorPlaceName(TensorPlace place);

} // namespace arenascope
