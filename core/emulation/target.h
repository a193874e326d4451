#pragma once
// The device ABI an emulation runs for: pointer width, the enum rule, and so the size and
// alignment of every TFLM runtime struct that lands in the arena. Layouts are computed from
// each struct's members (tflm_structs.h) by the target's rules (struct_layout.h), never
// taken from sizeof on the machine that runs ArenaScope.

#include "struct_layout.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace arenascope {

enum class TargetKind {
    CortexM, // arm-none-eabi GCC (bare-metal Cortex-M): 4-byte pointers, short enums
    Ilp32, // 32-bit with int-sized enums: ESP32 (Xtensa), RISC-V GCC, Arm with -fno-short-enums
    X86_64, // 64-bit host
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
    Count_,
};

class Target {
public:
    Target(TargetKind kind, Abi abi);

    TargetKind kind() const { return m_kind; }
    const Abi& abi() const { return m_abi; }
    std::uint32_t pointerBytes() const { return m_abi.pointerBytes; }
    // size_t, intptr_t and pointers are the same width on every supported target.
    std::uint32_t sizeTBytes() const { return m_abi.pointerBytes; }
    bool is64Bit() const { return m_abi.pointerBytes == 8; }

    StructLayout layout(RuntimeStruct s) const { return m_runtime[static_cast<std::size_t>(s)]; }
    StructLayout layout(const StructDef& def) const { return layoutOf(def, m_abi); }
    // TfLiteIntArrayGetSizeInBytes(n): header int plus n ints.
    std::uint64_t intArrayBytes(std::uint64_t n) const { return 4 + 4 * n; }

private:
    TargetKind m_kind;
    Abi m_abi;
    std::array<StructLayout, static_cast<std::size_t>(RuntimeStruct::Count_)> m_runtime {};
};

const Target& targetFor(TargetKind kind);
std::span<const TargetKind> allTargets();
std::string_view targetName(TargetKind kind); // "cortex-m", "ilp32", "x86_64"
std::string_view targetDescription(TargetKind kind); // "Cortex-M, arm-none-eabi GCC", ...
std::optional<TargetKind> parseTarget(std::string_view name);

} // namespace arenascope
