#include "target.h"

#include <array>

namespace arenascope {

namespace {

using S = RuntimeStruct;
constexpr std::size_t kStructCount = static_cast<std::size_t>(S::Count_);

// {size, align} per struct, compiled for each ABI (tflite-micro @90b983c2, -DTF_LITE_STATIC_MEMORY)
// and checked against measured arenas: see tests/core/fidelity_test.cpp.
struct Table {
    std::array<StructLayout, kStructCount> layouts;
};

constexpr Table makeTable(bool is64)
{
    Table t{};
    auto set = [&t](S s, std::uint32_t size, std::uint32_t align) {
        t.layouts[static_cast<std::size_t>(s)] = StructLayout{size, align};
    };
    const std::uint32_t p = is64 ? 8 : 4;
    set(S::SingleArenaBufferAllocator, is64 ? 72 : 36, p);           // 2 vptrs, 5 pointers, intptr, int
    set(S::RecordingSingleArenaBufferAllocator, is64 ? 104 : 52, p); // + 4 size_t counters
    set(S::PersistentArenaBufferAllocator, is64 ? 32 : 16, p);
    set(S::NonPersistentArenaBufferAllocator, is64 ? 56 : 32, p);
    set(S::GreedyMemoryPlanner, is64 ? 72 : 44, p);
    set(S::LinearMemoryPlanner, is64 ? 8216 : 4108, p);              // size_t offsets[1024]
    set(S::MicroAllocator, is64 ? 72 : 36, p);
    set(S::RecordingMicroAllocator, is64 ? 248 : 124, p);            // + 7 RecordedAllocation
    set(S::MicroBuiltinDataAllocator, is64 ? 16 : 8, p);
    set(S::SubgraphAllocations, is64 ? 16 : 8, p);
    set(S::TfLiteEvalTensor, is64 ? 24 : 12, p);
    set(S::NodeAndRegistration, is64 ? 64 : 32, p);
    set(S::ScratchBufferRequest, is64 ? 16 : 12, p);
    set(S::ScratchBufferHandle, p, p);
    set(S::AllocationInfo, is64 ? 32 : 24, p);
    set(S::TfLiteTensor, is64 ? 64 : 40, p);
    set(S::TfLiteAffineQuantization, is64 ? 24 : 12, p);
    set(S::SizeT, p, p);
    set(S::Pointer, p, p);
    return t;
}

constexpr Table kCortexM = makeTable(false);
constexpr Table kX86_64 = makeTable(true);

const Target kCortexMTarget{TargetKind::CortexM, 4};
const Target kX86Target{TargetKind::X86_64, 8};

} // namespace

StructLayout Target::layout(RuntimeStruct s) const
{
    const Table& t = is64Bit() ? kX86_64 : kCortexM;
    return t.layouts[static_cast<std::size_t>(s)];
}

const Target& targetFor(TargetKind kind)
{
    return kind == TargetKind::X86_64 ? kX86Target : kCortexMTarget;
}

std::string_view targetName(TargetKind kind)
{
    return kind == TargetKind::X86_64 ? "x86_64" : "cortex-m";
}

std::optional<TargetKind> parseTarget(std::string_view name)
{
    if (name == "cortex-m")
        return TargetKind::CortexM;
    if (name == "x86_64")
        return TargetKind::X86_64;
    return std::nullopt;
}

} // namespace arenascope
