#pragma once
// The head side both non-persistent allocators share (single_arena.cpp, split_arena.cpp): the one
// resizable buffer at the arena's first aligned byte, then temp buffers after it, all below
// `limit` (the persistent tail in one arena, the arena's end when the tail is another arena).
// Each allocator keeps its own marks and passes them in; only what the two do alike is here.

#include "align.h"
#include "arena_messages.h"
#include "temp_ledger.h"

#include <cstdint>

namespace arenascope::headArea {

// ResizeBuffer: only when no temp buffer is live and `buffer` is the resizable one.
inline Status resize(std::uint64_t& head, std::uint64_t& temp, std::uint64_t limit, std::uint64_t buffer,
    std::uint64_t size, std::uint64_t alignment)
{
    const std::uint64_t expected = alignUp(0, alignment);
    if (head != temp || buffer != expected)
        return arenaMessages::notResizable();
    const std::uint64_t available = limit > expected ? limit - expected : 0;
    if (available < size)
        return arenaMessages::resizeFailed(size, available);
    head = expected + size;
    temp = head;
    return okStatus();
}

// AllocateTemp: `overrun` is what counts as available when the next temp start already lies
// past `limit`.
inline Result<std::uint64_t> allocateTemp(std::uint64_t& temp, std::uint64_t limit, TempLedger& ledger,
    std::uint64_t size, std::uint64_t alignment, std::uint64_t overrun)
{
    const std::uint64_t start = alignUp(temp, alignment);
    const std::uint64_t available = limit >= start ? limit - start : overrun;
    if (available < size)
        return arenaMessages::tempFailed(size, available);
    temp = start + size;
    ledger.allocated(start);
    return start;
}

// ResetTempAllocations: refused while a temp buffer is live, else temp buffers start over at the head.
inline Status resetTemp(std::uint64_t& temp, std::uint64_t head, const TempLedger& ledger)
{
    ARENASCOPE_TRY(ledger.checkAllReleased());
    temp = head;
    return okStatus();
}

// GetAvailableMemory: the aligned bytes between the next temp start and `limit`.
inline std::uint64_t available(std::uint64_t temp, std::uint64_t limit, std::uint64_t alignment)
{
    const std::uint64_t start = alignUp(temp, alignment);
    const std::uint64_t end = alignDown(limit, alignment);
    return end > start ? end - start : 0;
}

} // namespace arenascope::headArea
