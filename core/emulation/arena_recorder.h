#pragma once
// The emulated arena plus its record: every allocation goes through here, lands in the
// right allocator (one arena, or separate persistent and non-persistent arenas) and becomes
// an AllocationEvent in the result, tagged with the stage and operator being emulated.
//
// Usage (inside the emulator):
//   ArenaRecorder arena(result, target);
//   arena.useSingleArena(bytes);
//   arena.context = {Phase::KernelInit, subgraph, op};
//   auto offset = arena.persistent(56, 16, Category::KernelPersistent, "OpDataConv",
//                                  RecordedType::PersistentBufferData);

#include "emulation_result.h"
#include "kernel_context.h"
#include "target.h"

#include "core/arena/arena_trace.h"
#include "core/arena/buffer_allocator.h"
#include "core/arena/single_arena.h"

#include <memory>
#include <optional>
#include <string>

namespace arenascope {

struct EmulationContext {
    Phase phase = Phase::CreateAllocator;
    std::int32_t subgraph = -1;
    std::int32_t op = -1;
    std::int32_t tenant = -1; // several interpreters on one allocator: whose turn it is
};

class ArenaRecorder {
public:
    ArenaRecorder(EmulationResult& result, const Target& target);

    // Where events and figures go from now on: one allocator serves several interpreters in
    // turn, each with its own result (shared_arena.h).
    void recordInto(EmulationResult& result) { m_result = &result; }

    // Records every allocator call of the arenas set up after this into `trace` (arena_trace.h).
    void traceInto(ArenaTrace* trace) { m_trace = trace; }
    void useSingleArena(std::uint64_t bytes);
    void useSplitArenas(std::uint64_t persistentBytes, std::uint64_t nonPersistentBytes);

    PersistentAllocator& tail() { return *m_persistent; }
    NonPersistentAllocator& head() { return *m_nonPersistent; }
    bool ready() const { return m_persistent && m_nonPersistent; }

    // A tail allocation; `recorded` adds it to a RecordingMicroAllocator category.
    Result<std::uint64_t> persistent(std::uint64_t bytes, std::uint64_t alignment, Category category, std::string label,
        std::optional<RecordedType> recorded = std::nullopt, std::uint64_t recordedCount = 1);
    // A runtime struct of the target, in the tail.
    Status structInTail(RuntimeStruct s, const char* label);
    // The greedy planner's scratch: all the memory left above the head, for `buffers` buffers of
    // `bytesEach` (TFLM fails with "Too many buffers" when they do not fit; see `tooMany`).
    // Returns the scratch's offset and size.
    struct AllAvailable {
        std::uint64_t offset = 0;
        std::uint64_t bytes = 0;
    };
    Result<AllAvailable> tempOfAllAvailable(std::uint64_t alignment, Category category, std::string label);
    // Records that the planner needs `bytesEach` of the scratch per buffer (for a replay).
    void buffersFitAvailable(std::uint64_t buffers, std::uint64_t bytesEach);
    // A temp allocation above the head.
    Result<std::uint64_t> temp(
        std::uint64_t bytes, std::uint64_t alignment, Category category, std::string label, std::int32_t tensor = -1);
    // MicroAllocator::AllocateTempTfLiteTensor: the struct, then its quantization data.
    // tempTensorStructFailed() tells whether the last failure was the struct's own allocation.
    Result<TempTensor> tempTensor(
        const Subgraph& subgraph, const std::vector<std::int32_t>& list, std::size_t i, const char* role);
    void releaseTemp(const TempTensor& tensor);
    bool tempTensorStructFailed() const { return m_tempTensorStructFailed; }
    // ResetTempAllocations, recorded as a TempReset event when temp memory was in use.
    Status resetTemp();
    // An event of the current context (not yet recorded).
    AllocationEvent event(Category category, Region region, std::uint64_t requested, std::uint64_t used,
        std::uint64_t offset, std::string label = {}) const;
    // Appends `e` with the allocator's state after it.
    void record(AllocationEvent e);

    EmulationContext context;

private:
    bool m_tempTensorStructFailed = false;
    EmulationResult* m_result;
    std::uint32_t m_sequence = 0; // the next event's AllocationEvent::sequence
    const Target& m_target;
    std::unique_ptr<SingleArena> m_single;
    ArenaTrace* m_trace = nullptr;
    std::unique_ptr<TracingAllocator> m_tracing;
    std::unique_ptr<PersistentAllocator> m_ownedPersistent;
    std::unique_ptr<NonPersistentAllocator> m_ownedNonPersistent;
    PersistentAllocator* m_persistent = nullptr;
    NonPersistentAllocator* m_nonPersistent = nullptr;
};

} // namespace arenascope
