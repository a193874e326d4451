#pragma once
// The device ABI an emulation runs for: pointer width and the size and alignment of every
// TFLM runtime struct that lands in the arena. Values come from a per-target table (read
// off the TFLM headers and checked against measured arenas), never from sizeof on the
// machine that runs ArenaScope.

#include <cstdint>
#include <optional>
#include <string_view>

namespace arenascope {

enum class TargetKind {
    CortexM,  // 32-bit ARM EABI/AAPCS: 4-byte pointers, 8-byte aligned 64-bit types
    X86_64,   // 64-bit host
};

struct StructLayout {
    std::uint32_t size = 0;
    std::uint32_t align = 1;
};

// TFLM runtime structs placed in the arena (names as in TFLM).
enum class RuntimeStruct {
    SingleArenaBufferAllocator,
    RecordingSingleArenaBufferAllocator,
    PersistentArenaBufferAllocator,
    NonPersistentArenaBufferAllocator,
    GreedyMemoryPlanner,
    LinearMemoryPlanner,
    MicroAllocator,
    RecordingMicroAllocator,
    MicroBuiltinDataAllocator,
    SubgraphAllocations,
    TfLiteEvalTensor,
    NodeAndRegistration,
    ScratchBufferRequest,
    ScratchBufferHandle,
    AllocationInfo,
    TfLiteTensor,
    TfLiteAffineQuantization,
    SizeT,
    Pointer,
    Count_,
};

struct Target {
    TargetKind kind = TargetKind::CortexM;
    std::uint32_t pointerBytes = 4;

    StructLayout layout(RuntimeStruct s) const;
    // TfLiteIntArrayGetSizeInBytes(n): header int plus n ints.
    std::uint64_t intArrayBytes(std::uint64_t n) const { return 4 + 4 * n; }
    bool is64Bit() const { return pointerBytes == 8; }
};

const Target& targetFor(TargetKind kind);
std::string_view targetName(TargetKind kind);  // "cortex-m", "x86_64"
std::optional<TargetKind> parseTarget(std::string_view name);

} // namespace arenascope
