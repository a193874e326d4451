#pragma once
// Every call one emulation made to its arena allocators, kept so that "would this model allocate
// in an arena of another size?" is answered by replaying the calls on an allocator of that size,
// without emulating the kernels again. The search for the smallest arena asks that dozens of
// times; a replay costs a few nanoseconds per call where an emulation costs microseconds.
//
// Why a replay is exact: what a model asks of the allocators (sizes, alignments, the order of
// allocations and releases) does not depend on the arena's size; the size only decides which
// call fails first, and TFLM stops there. Two requests do depend on the size and are recorded as
// what they are, not as numbers: the greedy planner's scratch takes all available head memory
// (TempOfAllAvailable), and the planner fails when its buffers do not fit that scratch
// (BuffersFitAvailable). Temp offsets handed back to the allocator are the same at every size
// (head and temp grow from offset 0); tail offsets are never handed back.
//
// Usage:
//   ArenaTrace trace;
//   emulate(model, settingsAt64MiB, plans, &trace);   // a run that succeeded: trace.complete
//   ReplayOutcome r = replayTrace(trace, 40'000);    // as emulate() at 40,000 B would end

#include "buffer_allocator.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace arenascope {

enum class TraceOp : std::uint8_t {
    Persistent, // a: size, b: alignment
    Resizable, // a: size, b: alignment
    Resize, // a: buffer, b: size, c: alignment
    DeallocateResizable, // a: buffer
    ReserveOverlay, // a: size, b: alignment
    Temp, // a: size, b: alignment
    TempOfAllAvailable, // b: alignment; the size is what is available then
    BuffersFitAvailable, // a: buffers, b: bytes each; fails past the last TempOfAllAvailable's size
    DeallocateTemp, // a: buffer
    ResetTemp,
};

struct TraceStep {
    TraceOp op;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    std::uint64_t c = 0;
};

struct ArenaTrace {
    bool split = false; // persistent and non-persistent arenas apart (else one arena)
    bool complete = false; // the emulation ran to the end: only then is the trace replayable
    std::vector<TraceStep> steps;
    // Several models in one arena: steps.size() when each one's AllocateTensors returned.
    std::vector<std::size_t> checkpoints;
};

struct ReplayOutcome {
    bool ok = false; // every call succeeded
    bool tempOverwrite = false; // a tail allocation landed on temp memory still in use (one arena)
    // Where it failed: the index of the call that failed (SIZE_MAX when none did) and the
    // allocator's message for it, in TFLM's words (empty for BuffersFitAvailable, which has none).
    std::size_t failedStep = SIZE_MAX;
    std::string failure;
};

// The calls of `trace` on a fresh single arena of `arenaBytes` (after its start alignment), or on
// split arenas of `arenaBytes` (persistent) and `nonPersistentBytes`.
// `stepLimit`: only the first steps (a checkpoint: the models up to one allocated).
ReplayOutcome replayTrace(const ArenaTrace& trace, std::uint64_t arenaBytes, std::uint64_t nonPersistentBytes = 0,
    std::size_t stepLimit = SIZE_MAX);

// Forwards every call to the allocators it wraps and records the ones that change them.
class TracingAllocator final : public PersistentAllocator, public NonPersistentAllocator {
public:
    TracingAllocator(PersistentAllocator& tail, NonPersistentAllocator& head, ArenaTrace& trace)
        : m_tail(tail)
        , m_head(head)
        , m_trace(trace)
    {
    }

    // The next allocateTemp takes all available memory (the greedy planner's scratch).
    void nextTempTakesAllAvailable() { m_nextTakesAll = true; }
    // The planner needs `bytesEach` of that scratch per buffer.
    void buffersFitAvailable(std::uint64_t buffers, std::uint64_t bytesEach)
    {
        m_trace.steps.push_back({ TraceOp::BuffersFitAvailable, buffers, bytesEach });
    }

    Result<std::uint64_t> allocatePersistent(std::uint64_t size, std::uint64_t alignment) override;
    std::uint64_t persistentUsedBytes() const override { return m_tail.persistentUsedBytes(); }
    std::uint64_t tailOffset() const override { return m_tail.tailOffset(); }

    Result<std::uint64_t> allocateResizable(std::uint64_t size, std::uint64_t alignment) override;
    Status resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment) override;
    Status deallocateResizable(std::uint64_t buffer) override;
    Status reserveOverlay(std::uint64_t size, std::uint64_t alignment) override;
    Result<std::uint64_t> allocateTemp(std::uint64_t size, std::uint64_t alignment) override;
    void deallocateTemp(std::uint64_t buffer) override;
    Status resetTemp() override;
    std::uint64_t availableMemory(std::uint64_t alignment) const override { return m_head.availableMemory(alignment); }
    std::int64_t signedAvailableMemory(std::uint64_t alignment) const override
    {
        return m_head.signedAvailableMemory(alignment);
    }
    std::uint64_t overlayOffset() const override { return m_head.overlayOffset(); }
    std::uint64_t nonPersistentUsedBytes() const override { return m_head.nonPersistentUsedBytes(); }
    std::uint64_t headOffset() const override { return m_head.headOffset(); }
    std::uint64_t tempOffset() const override { return m_head.tempOffset(); }

private:
    PersistentAllocator& m_tail;
    NonPersistentAllocator& m_head;
    ArenaTrace& m_trace;
    bool m_nextTakesAll = false;
};

} // namespace arenascope
