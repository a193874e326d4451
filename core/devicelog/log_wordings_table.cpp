#include "log_wordings.h"

// The wordings as data (TFLM formats per snapshot); matching is log_wordings.cpp.

#include "core/emulation/tflm_changes.h"
#include "core/util/enum_names.h"

#include <array>

namespace arenascope {

namespace {

bool never(TflmVersion)
{
    return false;
}
bool withStrayF(TflmVersion v)
{
    return !tflmHas(v, TflmChange::PrepareFailureNumber);
}
bool withoutStrayF(TflmVersion v)
{
    return tflmHas(v, TflmChange::PrepareFailureNumber);
}
bool scratchTypo(TflmVersion v)
{
    return !tflmHas(v, TflmChange::ScratchLimitTypoFixed);
}
bool scratchFixed(TflmVersion v)
{
    return tflmHas(v, TflmChange::ScratchLimitTypoFixed);
}
bool opVersionAdvice(TflmVersion v)
{
    // 2023-02: tensorflow/lite/core/api/op_resolver.cc printed the version and advice.
    return !atLeast(v, TflmVersion::V2024_05);
}
bool noOpVersionAdvice(TflmVersion v)
{
    return atLeast(v, TflmVersion::V2024_05);
}
bool tempTensorReported(TflmVersion v)
{
    return tflmHas(v, TflmChange::TempTensorNullChecked);
}
bool dynamicTensorsFail(TflmVersion v)
{
    return tflmHas(v, TflmChange::DynamicTensorsFail);
}
bool oldPlanPrint(TflmVersion v)
{
    return !planPrintIsNew(v);
}
bool newPlanPrint(TflmVersion v)
{
    return planPrintIsNew(v);
}

constexpr std::string_view kArena = "arena_allocator/single_arena_buffer_allocator.cc";
constexpr std::string_view kSplit = "arena_allocator/non_persistent_arena_buffer_allocator.cc";
constexpr std::string_view kAllocator = "micro_allocator.cc";
constexpr std::string_view kInterpreter = "micro_interpreter.cc";
constexpr std::string_view kGraph = "micro_interpreter_graph.cc";
constexpr std::string_view kInfo = "micro_allocation_info.cc";
constexpr std::string_view kRecording = "recording_micro_allocator.cc";
constexpr std::string_view kPlanner = "memory_planner/greedy_memory_planner.cc";
constexpr std::string_view kResolver = "micro_op_resolver.cc";
constexpr std::string_view kVariables = "micro_resource_variable.cc";

using K = FactKind;

// The formats are TFLM's (the files named, tflite-micro 4e62ea7b .. 90b983c2; the two oldest rows:
// simple_memory_allocator.cc and micro_allocator.cc before 2022-03).
constexpr std::array kWordings = {
    Wording { "resize", K::ResizeFailed, "Failed to resize buffer. Requested: %u, available %u, missing: %u", "RAM", "",
        nullptr, "", kArena },
    Wording { "tail", K::TailFailed, "Failed to allocate tail memory. Requested: %u, available %u, missing: %u", "RAM",
        "", nullptr, "", kArena },
    Wording { "temp", K::TempFailed, "Failed to allocate temp memory. Requested: %u, available %u, missing: %u", "RAM",
        "", nullptr, "", kArena },
    Wording { "set_head", K::ResizeFailed, "Failed to set head size. Requested: %u, available %u, missing: %u", "RAM",
        "", never, "2022-03-08 (tflite-micro a6f1b9ebc renamed it 'Failed to resize buffer')",
        "simple_memory_allocator.cc" },
    Wording { "too_small", K::PlanTooLarge,
        "Arena size is too small for all buffers. Needed %u but only %u was available.", "BA", "", never,
        "2022-03-01 (tflite-micro 8c41f9606: the plan is reserved in the head since)", kAllocator },
    Wording { "not_resizable", K::AllocatorInternal,
        "Internal error: either buffer is not resizable or ResetTempAllocations() is not called before "
        "ResizeBuffer().",
        "", "head resize with temp memory held", nullptr, "", kArena },
    Wording { "split_not_resizable", K::AllocatorInternal, "Internal error: buffer is not resizable", "",
        "head resize of another buffer", nullptr, "", kSplit },
    Wording { "split_temp_held", K::AllocatorInternal, "ResetTempAllocations() is not called before ResizeBuffer().",
        "", "head resize with temp memory held", nullptr, "", kSplit },
    Wording { "second_resizable", K::AllocatorInternal,
        "Cannot allocate a new resizable buffer when one is already allocated", "", "a second resizable buffer",
        nullptr, "", kSplit },
    Wording { "temp_count", K::TempNotFreed, "Number of allocated temp buffers: %d. Checksum passing status: %d", "CS",
        "", nullptr, "", kArena },
    Wording { "temp_reset", K::TempNotFreed, "All temp buffers must be freed before calling ResetTempAllocations()", "",
        "", nullptr, "", kArena },
    Wording { "quantization", K::AllocationStepFailed, "Unable to allocate TfLiteAffineQuantization.", "",
        "TfLiteAffineQuantization", nullptr, "", kAllocator },
    Wording { "zero_point", K::AllocationStepFailed, "Unable to allocate quantization->zero_point.", "",
        "quantization->zero_point", nullptr, "", kAllocator },
    Wording { "metadata", K::AllocationStepFailed, "Failed to allocate memory for model metadata.", "",
        "model metadata", nullptr, "", kAllocator },
    Wording { "node_and_registrations", K::AllocationStepFailed,
        "Failed to allocate memory for node_and_registrations.", "", "node_and_registrations", nullptr, "",
        kAllocator },
    Wording { "persistent_tensor", K::AllocationStepFailed, "Failed to allocate memory for persistent TfLiteTensor", "",
        "persistent TfLiteTensor", nullptr, "", kAllocator },
    Wording { "eval_tensors", K::AllocationStepFailed,
        "Failed to allocate memory for context->eval_tensors, %d bytes required", "B", "context->eval_tensors", nullptr,
        "", kAllocator },
    Wording { "memory_planning", K::AllocationStepFailed,
        "Failed to allocate memory for memory planning, %d bytes required", "B", "memory planning", nullptr, "",
        kInfo },
    Wording { "io_tensors", K::AllocationStepFailed,
        "Failed to allocate memory for context->%s_tensors_, %d bytes required", "sB", "", nullptr, "", kInterpreter },
    Wording { "too_many_buffers", K::AllocationStepFailed, "Too many buffers (max is %d)", "C",
        "memory planner buffers", nullptr, "", kPlanner },
    Wording { "variable", K::AllocationStepFailed, "Failed to allocate variable tensor of size %d", "B",
        "variable tensor", nullptr, "", kAllocator },
    Wording { "start_allocation", K::AllocationStepFailed, "Failed starting model allocation.", "", "model allocation",
        nullptr, "", kInterpreter },
    Wording { "populate_persistent", K::TensorStepFailed,
        "Failed to populate a persistent TfLiteTensor struct from flatbuffer data!", "", "persistent TfLiteTensor",
        nullptr, "", kAllocator },
    Wording { "temp_tensor", K::TensorStepFailed, "Failed to allocate temp. memory for tensor %d, subgraph %d", "TG",
        "temp TfLiteTensor", tempTensorReported, "", kAllocator },
    Wording { "populate_temp", K::TensorStepFailed,
        "Failed to populate a temp TfLiteTensor struct from flatbuffer data!", "", "temp TfLiteTensor", nullptr, "",
        kAllocator },
    Wording {
        "init_tensor", K::TensorStepFailed, "Failed to initialize tensor %d", "T", "tensor", nullptr, "", kAllocator },
    Wording { "init_io_tensor", K::TensorStepFailed, "Failed to initialize %s tensor %d", "sT", "", nullptr, "",
        kInterpreter },
    Wording { "scratch_limit_exeeds", K::ScratchLimit, "Scratch buffer request exeeds limit per operator (%d)", "C", "",
        scratchTypo, "", kAllocator },
    Wording { "scratch_limit", K::ScratchLimit, "Scratch buffer request exceeds limit per operator (%d)", "C", "",
        scratchFixed, "", kAllocator },
    Wording { "prepare_stray_f", K::PrepareFailed, "Node %s (number %df) failed to prepare with status %d", "oIS", "",
        withStrayF, "", kGraph },
    Wording { "prepare", K::PrepareFailed, "Node %s (number %u) failed to prepare with status %d", "oIS", "",
        withoutStrayF, "", kGraph },
    Wording { "dynamic_tensor", K::KernelMessage, "Op#%u (%s) of subgraph %u has dynamic tensor #%d", "IoGT",
        "dynamic tensor", dynamicTensorsFail, "", kGraph },
    Wording { "dynamic_tensors", K::KernelMessage, "Dynamic tensors are not supported", "", "dynamic tensors",
        dynamicTensorsFail, "", kGraph },
    Wording { "op_not_found_version", K::UnresolvedOp,
        "Didn't find op for builtin opcode '%s' version '%d'. An older version of this builtin might be supported. "
        "Are you using an old TFLite binary with a newer model?",
        "oI", "", opVersionAdvice, "", "tensorflow/lite/core/api/op_resolver.cc" },
    Wording { "op_not_found", K::UnresolvedOp, "Didn't find op for builtin opcode '%s'", "o", "", noOpVersionAdvice, "",
        kResolver },
    Wording { "registration", K::UnresolvedOp, "Failed to get registration from op code %s", "o", "", nullptr, "",
        kInterpreter },
    Wording { "missing_registration", K::UnresolvedOp, "Missing registration for opcode_index %d", "I", "", nullptr, "",
        kInterpreter },
    Wording { "skipping_op", K::UnresolvedOp, "Skipping op for opcode_index %d", "I", "", nullptr, "", kInterpreter },
    Wording { "no_parser", K::UnresolvedOp, "Did not find a parser for %s", "o", "", nullptr, "", kInterpreter },
    Wording { "builtin_custom_options", K::UnresolvedOp,
        "Unsupported behavior: found builtin operator %s with custom options.", "o", "", nullptr, "", kInterpreter },
    Wording { "custom_without_code", K::UnresolvedOp, "Operator with CUSTOM builtin_code has no custom_code.", "",
        "CUSTOM", nullptr, "", kResolver },
    Wording { "variables_needed", K::ResourceVariables,
        "VAR_HANDLE requires resource variables. Please create ResourceVariables and pass it to the interpreter.", "",
        "VAR_HANDLE without resource variables", nullptr, "", "kernels/var_handle.cc" },
    Wording { "variables_exhausted", K::ResourceVariables,
        "Failed to allocate resource variable. Maximum resource variable count (%d) reached.", "C",
        "resource variables exhausted", nullptr, "", kVariables },
    Wording { "variable_buffer", K::ResourceVariables, "Failed to allocate resource buffer.", "",
        "resource variable buffer", nullptr, "", kVariables },
    Wording { "recording_total", K::RecordingTotal, "[RecordingMicroAllocator] Arena allocation total %d bytes", "B",
        "total", nullptr, "", kRecording },
    Wording { "recording_head", K::RecordingHead, "[RecordingMicroAllocator] Arena allocation head %d bytes", "B",
        "head", nullptr, "", kRecording },
    Wording { "recording_tail", K::RecordingTail, "[RecordingMicroAllocator] Arena allocation tail %d bytes", "B",
        "tail", nullptr, "", kRecording },
    Wording { "recording_category", K::RecordingCategory,
        "[RecordingMicroAllocator] '%s' used %d bytes with alignment overhead (requested %d bytes for %d %s)", "sURC-",
        "", nullptr, "", kRecording },
    Wording { "plan_buffer", K::PlanBuffer, "%c (id=%d): size=%d, offset=%d, first_used=%d last_used=%d", "-IBOFL", "",
        nullptr, "", kPlanner },
    Wording { "plan_row", K::PlanRow, "%4d: %s (%dk)", "IsB", "", newPlanPrint, "", kPlanner },
    Wording { "plan_row_narrow", K::PlanRow, " %d: %s (%dk)", "IsB", "", oldPlanPrint, "", kPlanner },
    Wording { "plan_row_wide", K::PlanRow, "%d: %s (%dk)", "IsB", "", oldPlanPrint, "", kPlanner },
};

} // namespace

bool planPrintIsNew(TflmVersion v)
{
    // tflite-micro b2f27186d (2024-12-14, "enhance profiling and benchmarking") changed both.
    return tflmVersionInfo(v).date >= "2024-12-14";
}

std::span<const Wording> wordings()
{
    return kWordings;
}

const Wording* findWording(std::string_view id)
{
    return rowWhere(kWordings, &Wording::id, id);
}

} // namespace arenascope
