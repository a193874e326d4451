#include "split_arena.h"

#include "align.h"
#include "arena_messages.h"
#include "head_area.h"

namespace arenascope {

PersistentArena::PersistentArena(std::uint64_t size)
    : m_end(alignDown(size, kArenaBufferAlignment))
    , m_tail(m_end)
{
}

Result<std::uint64_t> PersistentArena::allocatePersistent(std::uint64_t size, std::uint64_t alignment)
{
    const std::int64_t result = tailStartFor(m_tail, size, alignment);
    if (result < 0)
        return arenaMessages::tailFailed(size, static_cast<std::uint64_t>(-result));
    m_tail = static_cast<std::uint64_t>(result);
    return m_tail;
}

NonPersistentArena::NonPersistentArena(std::uint64_t size)
    : m_end(size)
{
}

Result<std::uint64_t> NonPersistentArena::allocateResizable(std::uint64_t size, std::uint64_t alignment)
{
    const std::uint64_t expected = alignUp(0, alignment);
    if (m_headTemp != expected)
        return makeError(ErrorCode::Internal, "Cannot allocate a new resizable buffer when one is already allocated");
    ARENASCOPE_TRY(resizeBuffer(expected, size, alignment));
    return expected;
}

Status NonPersistentArena::resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment)
{
    return headArea::resize(m_headTemp, m_nextTemp, m_end, buffer, size, alignment);
}

Status NonPersistentArena::deallocateResizable(std::uint64_t buffer)
{
    return resizeBuffer(buffer, 0, 1);
}

Status NonPersistentArena::reserveOverlay(std::uint64_t size, std::uint64_t alignment)
{
    return resizeBuffer(alignUp(0, alignment), size, alignment);
}

Result<std::uint64_t> NonPersistentArena::allocateTemp(std::uint64_t size, std::uint64_t alignment)
{
    // The tail is another arena: nothing to overrun here.
    return headArea::allocateTemp(m_nextTemp, m_end, m_ledger, size, alignment, 0);
}

void NonPersistentArena::deallocateTemp(std::uint64_t buffer)
{
    m_ledger.released(buffer);
}

Status NonPersistentArena::resetTemp()
{
    return headArea::resetTemp(m_nextTemp, m_headTemp, m_ledger);
}

std::uint64_t NonPersistentArena::availableMemory(std::uint64_t alignment) const
{
    return headArea::available(m_nextTemp, m_end, alignment);
}

} // namespace arenascope
