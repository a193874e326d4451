#include "single_arena.h"

#include "align.h"
#include "arena_messages.h"
#include "head_area.h"

#include <algorithm>

namespace arenascope {

SingleArena::SingleArena(std::uint64_t size)
    : m_end(size)
    , m_tail(size)
{
}

Result<std::uint64_t> SingleArena::allocateResizable(std::uint64_t size, std::uint64_t alignment)
{
    // Only one resizable buffer exists, starting at the arena's first aligned byte.
    const std::uint64_t buffer = alignUp(0, alignment);
    ARENASCOPE_TRY(resizeBuffer(buffer, size, alignment));
    return buffer;
}

Status SingleArena::deallocateResizable(std::uint64_t buffer)
{
    return resizeBuffer(buffer, 0, 1);
}

Status SingleArena::reserveOverlay(std::uint64_t size, std::uint64_t alignment)
{
    return resizeBuffer(alignUp(0, alignment), size, alignment);
}

Status SingleArena::resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment)
{
    return headArea::resize(m_head, m_temp, m_tail, buffer, size, alignment);
}

Result<std::uint64_t> SingleArena::allocatePersistent(std::uint64_t size, std::uint64_t alignment)
{
    // TFLM aligns the pointer tail - size down; below the arena start that is still an
    // address, so the arithmetic is signed (the arena start is 16-byte aligned).
    const std::int64_t result = tailStartFor(m_tail, size, alignment);
    if (result < static_cast<std::int64_t>(m_head))
        return arenaMessages::tailFailed(size, static_cast<std::uint64_t>(static_cast<std::int64_t>(m_head) - result));
    m_tail = static_cast<std::uint64_t>(result);
    return m_tail;
}

Result<std::uint64_t> SingleArena::allocateTemp(std::uint64_t size, std::uint64_t alignment)
{
    // TFLM computes tail - temp as size_t: a tail that already overran the temp area wraps
    // to a huge number and the allocation "succeeds" (see Emulation's hazard warning).
    return headArea::allocateTemp(m_temp, m_tail, m_ledger, size, alignment, UINT64_MAX);
}

void SingleArena::deallocateTemp(std::uint64_t buffer)
{
    m_ledger.released(buffer);
}

Status SingleArena::resetTemp()
{
    return headArea::resetTemp(m_temp, m_head, m_ledger);
}

std::uint64_t SingleArena::availableMemory(std::uint64_t alignment) const
{
    return headArea::available(m_temp, m_tail, alignment);
}

std::int64_t SingleArena::signedAvailableMemory(std::uint64_t alignment) const
{
    return static_cast<std::int64_t>(alignDown(m_tail, alignment))
        - static_cast<std::int64_t>(alignUp(m_temp, alignment));
}

std::uint64_t SingleArena::nonPersistentUsedBytes() const
{
    return std::max(m_head, m_temp);
}

} // namespace arenascope
