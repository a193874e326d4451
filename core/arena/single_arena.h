#pragma once
// TFLM's SingleArenaBufferAllocator: head, temp and tail in one arena.
// Source: tensorflow/lite/micro/arena_allocator/single_arena_buffer_allocator.cc @90b983c2.

#include "buffer_allocator.h"
#include "temp_ledger.h"

namespace arenascope {

class SingleArena final : public PersistentAllocator, public NonPersistentAllocator {
public:
    // An arena of `size` bytes whose first byte is 16-byte aligned.
    explicit SingleArena(std::uint64_t size);

    Result<std::uint64_t> allocatePersistent(std::uint64_t size, std::uint64_t alignment) override;
    std::uint64_t persistentUsedBytes() const override { return m_end - m_tail; }
    std::uint64_t tailOffset() const override { return m_tail; }

    Result<std::uint64_t> allocateResizable(std::uint64_t size, std::uint64_t alignment) override;
    Status resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment) override;
    Status deallocateResizable(std::uint64_t buffer) override;
    Status reserveOverlay(std::uint64_t size, std::uint64_t alignment) override;
    Result<std::uint64_t> allocateTemp(std::uint64_t size, std::uint64_t alignment) override;
    void deallocateTemp(std::uint64_t buffer) override;
    Status resetTemp() override;
    std::uint64_t availableMemory(std::uint64_t alignment) const override;
    std::int64_t signedAvailableMemory(std::uint64_t alignment) const override;
    std::uint64_t overlayOffset() const override { return 0; }
    std::uint64_t nonPersistentUsedBytes() const override;
    std::uint64_t headOffset() const override { return m_head; }
    std::uint64_t tempOffset() const override { return m_temp; }

    std::uint64_t size() const { return m_end; }

private:
    std::uint64_t m_end;
    std::uint64_t m_head = 0;
    std::uint64_t m_temp = 0;
    std::uint64_t m_tail;
    TempLedger m_ledger;
};

} // namespace arenascope
