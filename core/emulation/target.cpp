#include "target.h"

#include "core/util/enum_names.h"

#include "tflm_structs.h"

namespace arenascope {

namespace {

using S = RuntimeStruct;

const StructDef& runtimeDef(S s)
{
    switch (s) {
    case S::SingleArenaBufferAllocator:
        return tflm::kSingleArenaBufferAllocator;
    case S::RecordingSingleArenaBufferAllocator:
        return tflm::kRecordingSingleArenaBufferAllocator;
    case S::PersistentArenaBufferAllocator:
        return tflm::kPersistentArenaBufferAllocator;
    case S::NonPersistentArenaBufferAllocator:
        return tflm::kNonPersistentArenaBufferAllocator;
    case S::GreedyMemoryPlanner:
        return tflm::kGreedyMemoryPlanner;
    case S::LinearMemoryPlanner:
        return tflm::kLinearMemoryPlanner;
    case S::MicroAllocator:
        return tflm::kMicroAllocator;
    case S::RecordingMicroAllocator:
        return tflm::kRecordingMicroAllocator;
    case S::MicroBuiltinDataAllocator:
        return tflm::kMicroBuiltinDataAllocator;
    case S::SubgraphAllocations:
        return tflm::kSubgraphAllocations;
    case S::TfLiteEvalTensor:
        return tflm::kTfLiteEvalTensor;
    case S::NodeAndRegistration:
        return tflm::kNodeAndRegistration;
    case S::ScratchBufferRequest:
        return tflm::kScratchBufferRequest;
    case S::ScratchBufferHandle:
        return tflm::kScratchBufferHandle;
    case S::AllocationInfo:
        return tflm::kAllocationInfo;
    case S::TfLiteTensor:
        return tflm::kTfLiteTensor;
    case S::TfLiteAffineQuantization:
        return tflm::kTfLiteAffineQuantization;
    case S::Count_:
        break;
    }
    return tflm::kScratchBufferHandle;
}

struct TargetInfo {
    TargetKind kind;
    std::string_view name;
    std::string_view description;
    Abi abi;
};

constexpr TargetInfo kTargets[] = {
    { TargetKind::CortexM, "cortex-m", "Cortex-M, arm-none-eabi GCC", Abi { 4, true } },
    { TargetKind::Ilp32, "ilp32", "32-bit, int enums (ESP32, RISC-V)", Abi { 4, false } },
    { TargetKind::X86_64, "x86_64", "64-bit host", Abi { 8, false } },
};

const TargetInfo& info(TargetKind kind)
{
    return rowWhereOr(kTargets, &TargetInfo::kind, kind, kTargets[0]);
}

} // namespace

Target::Target(TargetKind kind, Abi abi)
    : m_kind(kind)
    , m_abi(abi)
{
    for (std::size_t i = 0; i < m_runtime.size(); ++i)
        m_runtime[i] = layoutOf(runtimeDef(static_cast<S>(i)), m_abi);
}

const Target& targetFor(TargetKind kind)
{
    static const Target cortexM(TargetKind::CortexM, info(TargetKind::CortexM).abi);
    static const Target ilp32(TargetKind::Ilp32, info(TargetKind::Ilp32).abi);
    static const Target x86(TargetKind::X86_64, info(TargetKind::X86_64).abi);
    switch (kind) {
    case TargetKind::CortexM:
        return cortexM;
    case TargetKind::Ilp32:
        return ilp32;
    case TargetKind::X86_64:
        return x86;
    }
    return cortexM;
}

std::span<const TargetKind> allTargets()
{
    static constexpr TargetKind kAll[] = { TargetKind::CortexM, TargetKind::Ilp32, TargetKind::X86_64 };
    return kAll;
}

std::string_view targetName(TargetKind kind)
{
    return info(kind).name;
}

std::string_view targetDescription(TargetKind kind)
{
    return info(kind).description;
}

std::optional<TargetKind> parseTarget(std::string_view name)
{
    return fieldWhere(kTargets, &TargetInfo::name, name, &TargetInfo::kind);
}

} // namespace arenascope
