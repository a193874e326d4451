#pragma once
// The two faces of TFLM's arena buffer allocators, as offsets instead of pointers.
//
//   offset 0                                                              arena end
//   | head (resizable) | temp (scoped) ->      free        <- tail (persistent) |
//
// - Persistent ("tail") buffers grow down from the end and live as long as the model.
// - The head is one resizable buffer at the start: scratch-buffer requests while
//   kernels prepare, then the planned activations (the memory plan).
// - Temp buffers stack up above the head and are dropped together by resetTemp().
// Failures carry TFLM's own messages, e.g. "Failed to allocate tail memory. Requested:
// 144, available 72, missing: 72". Source: arena_allocator/ in tflite-micro @90b983c2.

#include "core/util/result.h"

#include <cstdint>

namespace arenascope {

class PersistentAllocator {
public:
    virtual ~PersistentAllocator() = default;
    // Offset of `size` bytes aligned to `alignment`, below everything allocated so far.
    virtual Result<std::uint64_t> allocatePersistent(std::uint64_t size, std::uint64_t alignment) = 0;
    virtual std::uint64_t persistentUsedBytes() const = 0;
    // Lowest offset used by the tail (== size of the persistent arena when empty).
    virtual std::uint64_t tailOffset() const = 0;
};

class NonPersistentAllocator {
public:
    virtual ~NonPersistentAllocator() = default;
    virtual Result<std::uint64_t> allocateResizable(std::uint64_t size, std::uint64_t alignment) = 0;
    virtual Status resizeBuffer(std::uint64_t buffer, std::uint64_t size, std::uint64_t alignment) = 0;
    virtual Status deallocateResizable(std::uint64_t buffer) = 0;
    virtual Status reserveOverlay(std::uint64_t size, std::uint64_t alignment) = 0;
    virtual Result<std::uint64_t> allocateTemp(std::uint64_t size, std::uint64_t alignment) = 0;
    virtual void deallocateTemp(std::uint64_t buffer) = 0;
    virtual Status resetTemp() = 0;
    virtual std::uint64_t availableMemory(std::uint64_t alignment) const = 0;
    // aligned tail - aligned temp as TFLM computes it before the size_t wraps: negative when the
    // tail has grown into live temp memory.
    virtual std::int64_t signedAvailableMemory(std::uint64_t alignment) const = 0;
    virtual std::uint64_t overlayOffset() const = 0;
    virtual std::uint64_t nonPersistentUsedBytes() const = 0;
    virtual std::uint64_t headOffset() const = 0; // end of the head
    virtual std::uint64_t tempOffset() const = 0; // end of the temp stack
};

} // namespace arenascope
