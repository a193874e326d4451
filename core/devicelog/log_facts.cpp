#include "log_facts.h"

#include "core/util/enum_names.h"

#include <tuple>

namespace arenascope {

namespace {

constexpr EnumName<FactKind> kFactKinds[] = {
    { FactKind::ResizeFailed, "resize_failed" },
    { FactKind::TailFailed, "tail_failed" },
    { FactKind::TempFailed, "temp_failed" },
    { FactKind::PlanTooLarge, "plan_too_large" },
    { FactKind::AllocationStepFailed, "allocation_step_failed" },
    { FactKind::TensorStepFailed, "tensor_step_failed" },
    { FactKind::TempNotFreed, "temp_not_freed" },
    { FactKind::AllocatorInternal, "allocator_internal" },
    { FactKind::ScratchLimit, "scratch_limit" },
    { FactKind::PrepareFailed, "prepare_failed" },
    { FactKind::KernelCheck, "kernel_check" },
    { FactKind::KernelMessage, "kernel_message" },
    { FactKind::UnresolvedOp, "unresolved_op" },
    { FactKind::ResourceVariables, "resource_variables" },
    { FactKind::AllocateTensorsFailed, "allocate_tensors_failed" },
    { FactKind::RecordingTotal, "recording_total" },
    { FactKind::RecordingHead, "recording_head" },
    { FactKind::RecordingTail, "recording_tail" },
    { FactKind::RecordingCategory, "recording_category" },
    { FactKind::PlanBuffer, "plan_buffer" },
    { FactKind::PlanRow, "plan_row" },
};
static_assert(namesEachValue(kFactKinds, FactKind::PlanRow));
static_assert(std::size(kFactKinds) == static_cast<std::size_t>(FactKind::Count_));

auto numbersOf(const LogFact& f)
{
    return std::tie(f.kind, f.requested, f.available, f.missing, f.bytes, f.used, f.count, f.index, f.status, f.offset,
        f.firstUsed, f.lastUsed, f.subgraph, f.tensor, f.op, f.subject);
}

} // namespace

std::string_view factKindName(FactKind kind)
{
    return nameIn(kFactKinds, kind);
}

bool LogFact::sameNumbersAs(const LogFact& other) const
{
    return numbersOf(*this) == numbersOf(other);
}

bool LogFact::sameAs(const LogFact& other) const
{
    // The text carries the wording; two lines that read the same are the same fact (kernel
    // messages and checks have nothing else).
    return sameNumbersAs(other) && text == other.text;
}

} // namespace arenascope
