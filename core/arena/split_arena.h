#pragma once
// TFLM's two-arena allocators, used by the four-argument MicroAllocator::Create: the
// persistent (tail) part in one arena, the non-persistent (head + temp) part in another,
// e.g. the head in fast SRAM and the tail elsewhere. Offsets are per arena.
// Sources: arena_allocator/persistent_arena_buffer_allocator.cc and
// non_persistent_arena_buffer_allocator.cc @90b983c2.

#include "buffer_allocator.h"
#include "temp_ledger.h"

namespace arenascope {

class PersistentArena final : public PersistentAllocator {
public:
    // TFLM aligns the end of the persistent arena down to 16 before using it.
    explicit PersistentArena(std::uint64_t size);
    Result<std::uint64_t> allocatePersistent(std::uint64_t size, std::uint64_t alignment) override;
    std::uint64_t persistentUsedBytes() const override { return m_end - m_tail; }
    std::uint64_t tailOffset() const override { return m_tail; }

private:
    std::uint64_t m_end;
    std::uint64_t m_tail;
};

class NonPersistentArena final : public NonPersistentAllocator {
public:
    explicit NonPersistentArena(std::uint64_t size);
    Result<std::uint64_t> allocateResizable(std::uint64_t size, std::uint64_t alignment) override;
    Status resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment) override;
    Status deallocateResizable(std::uint64_t buffer) override;
    Status reserveOverlay(std::uint64_t size, std::uint64_t alignment) override;
    Result<std::uint64_t> allocateTemp(std::uint64_t size, std::uint64_t alignment) override;
    void deallocateTemp(std::uint64_t buffer) override;
    Status resetTemp() override;
    std::uint64_t availableMemory(std::uint64_t alignment) const override;
    std::int64_t signedAvailableMemory(std::uint64_t alignment) const override
    {
        return static_cast<std::int64_t>(availableMemory(alignment)); // the tail is another arena
    }
    std::uint64_t overlayOffset() const override { return 0; }
    std::uint64_t nonPersistentUsedBytes() const override { return m_nextTemp; }
    std::uint64_t headOffset() const override { return m_headTemp; }
    std::uint64_t tempOffset() const override { return m_nextTemp; }

private:
    std::uint64_t m_end;
    std::uint64_t m_headTemp = 0;
    std::uint64_t m_nextTemp = 0;
    TempLedger m_ledger;
};

} // namespace arenascope
