#include "arena_trace.h"

#include "single_arena.h"
#include "split_arena.h"

#include <algorithm>
#include <memory>

namespace arenascope {

Result<std::uint64_t> TracingAllocator::allocatePersistent(std::uint64_t size, std::uint64_t alignment)
{
    m_trace.steps.push_back({ TraceOp::Persistent, size, alignment });
    return m_tail.allocatePersistent(size, alignment);
}

Result<std::uint64_t> TracingAllocator::allocateResizable(std::uint64_t size, std::uint64_t alignment)
{
    m_trace.steps.push_back({ TraceOp::Resizable, size, alignment });
    return m_head.allocateResizable(size, alignment);
}

Status TracingAllocator::resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment)
{
    m_trace.steps.push_back({ TraceOp::Resize, buffer, size, alignment });
    return m_head.resizeBuffer(buffer, size, alignment);
}

Status TracingAllocator::deallocateResizable(std::uint64_t buffer)
{
    m_trace.steps.push_back({ TraceOp::DeallocateResizable, buffer });
    return m_head.deallocateResizable(buffer);
}

Status TracingAllocator::reserveOverlay(std::uint64_t size, std::uint64_t alignment)
{
    m_trace.steps.push_back({ TraceOp::ReserveOverlay, size, alignment });
    return m_head.reserveOverlay(size, alignment);
}

Result<std::uint64_t> TracingAllocator::allocateTemp(std::uint64_t size, std::uint64_t alignment)
{
    m_trace.steps.push_back({ m_nextTakesAll ? TraceOp::TempOfAllAvailable : TraceOp::Temp, size, alignment });
    m_nextTakesAll = false;
    return m_head.allocateTemp(size, alignment);
}

void TracingAllocator::deallocateTemp(std::uint64_t buffer)
{
    m_trace.steps.push_back({ TraceOp::DeallocateTemp, buffer });
    m_head.deallocateTemp(buffer);
}

Status TracingAllocator::resetTemp()
{
    m_trace.steps.push_back({ TraceOp::ResetTemp });
    return m_head.resetTemp();
}

ReplayOutcome replayTrace(
    const ArenaTrace& trace, std::uint64_t arenaBytes, std::uint64_t nonPersistentBytes, std::size_t stepLimit)
{
    std::unique_ptr<SingleArena> single;
    std::unique_ptr<PersistentArena> persistentArena;
    std::unique_ptr<NonPersistentArena> nonPersistentArena;
    PersistentAllocator* tail = nullptr;
    NonPersistentAllocator* head = nullptr;
    if (trace.split) {
        persistentArena = std::make_unique<PersistentArena>(arenaBytes);
        nonPersistentArena = std::make_unique<NonPersistentArena>(nonPersistentBytes);
        tail = persistentArena.get();
        head = nonPersistentArena.get();
    } else {
        single = std::make_unique<SingleArena>(arenaBytes);
        tail = single.get();
        head = single.get();
    }
    ReplayOutcome out;
    std::uint64_t allAvailable = 0; // the size of the last TempOfAllAvailable
    const std::size_t steps = std::min(stepLimit, trace.steps.size());
    for (std::size_t k = 0; k < steps; ++k) {
        const TraceStep& s = trace.steps[k];
        Status status = okStatus();
        switch (s.op) {
        case TraceOp::Persistent: {
            const auto r = tail->allocatePersistent(s.a, s.b);
            status = r.status();
            // As ArenaRecorder::persistent: the single arena's tail may land on live temp memory.
            if (r && single && r.value() < single->tempOffset())
                out.tempOverwrite = true;
            break;
        }
        case TraceOp::Resizable:
            status = head->allocateResizable(s.a, s.b).status();
            break;
        case TraceOp::Resize:
            status = head->resizeBuffer(s.a, s.b, s.c);
            break;
        case TraceOp::DeallocateResizable:
            status = head->deallocateResizable(s.a);
            break;
        case TraceOp::ReserveOverlay:
            status = head->reserveOverlay(s.a, s.b);
            break;
        case TraceOp::Temp:
            status = head->allocateTemp(s.a, s.b).status();
            break;
        case TraceOp::TempOfAllAvailable:
            allAvailable = head->availableMemory(s.b);
            status = head->allocateTemp(allAvailable, s.b).status();
            break;
        case TraceOp::BuffersFitAvailable:
            if (s.b != 0 && s.a > allAvailable / s.b) {
                out.failedStep = k;
                return out;
            }
            break;
        case TraceOp::DeallocateTemp:
            head->deallocateTemp(s.a);
            break;
        case TraceOp::ResetTemp:
            status = head->resetTemp();
            break;
        }
        if (!status) {
            out.failedStep = k;
            out.failure = status.error().message;
            return out;
        }
    }
    out.ok = true;
    return out;
}

} // namespace arenascope
