#include "emulation_result.h"
#include "settings.h"

namespace arenascope {

const char* recordedTypeName(RecordedType type)
{
    switch (type) {
    case RecordedType::TfLiteEvalTensorData: return "TfLiteEvalTensorData";
    case RecordedType::PersistentTfLiteTensorData: return "PersistentTfLiteTensorData";
    case RecordedType::PersistentTfLiteTensorQuantizationData: return "PersistentTfLiteTensorQuantizationData";
    case RecordedType::PersistentBufferData: return "PersistentBufferData";
    case RecordedType::TfLiteTensorVariableBufferData: return "TfLiteTensorVariableBufferData";
    case RecordedType::NodeAndRegistrationArray: return "NodeAndRegistrationArray";
    case RecordedType::OpData: return "OpData";
    case RecordedType::Count_: break;
    }
    return "?";
}

const char* phaseName(Phase phase)
{
    switch (phase) {
    case Phase::CreateAllocator: return "create_allocator";
    case Phase::StartAllocation: return "start_allocation";
    case Phase::ParseOptions: return "parse_options";
    case Phase::KernelInit: return "kernel_init";
    case Phase::KernelPrepare: return "kernel_prepare";
    case Phase::FinishAllocation: return "finish_allocation";
    case Phase::CommitPlan: return "commit_plan";
    case Phase::InterpreterTensors: return "interpreter_tensors";
    case Phase::Count_: break;
    }
    return "?";
}

const char* categoryName(Category category)
{
    switch (category) {
    case Category::AllocatorObjects: return "allocator_objects";
    case Category::EvalTensors: return "eval_tensors";
    case Category::NodeAndRegistrations: return "node_and_registrations";
    case Category::BuiltinOptions: return "builtin_options";
    case Category::KernelPersistent: return "op_data";
    case Category::ScratchRequests: return "scratch_requests";
    case Category::ScratchHandles: return "scratch_handles";
    case Category::Variables: return "variables";
    case Category::PersistentTensors: return "persistent_tensors";
    case Category::IoTensorArrays: return "io_tensor_arrays";
    case Category::QuantizationData: return "quantization_data";
    case Category::TempTensors: return "temp_tensors";
    case Category::TempBuffers: return "temp_buffers";
    case Category::PlannerInfo: return "planner_info";
    case Category::PlannerScratch: return "planner_scratch";
    case Category::PlannedHead: return "planned_head";
    case Category::Count_: break;
    }
    return "?";
}

const char* regionName(Region region)
{
    switch (region) {
    case Region::Head: return "head";
    case Region::Temp: return "temp";
    case Region::Tail: return "tail";
    }
    return "?";
}

const char* bufferKindName(BufferKind kind)
{
    switch (kind) {
    case BufferKind::Activation: return "activation";
    case BufferKind::ModelInput: return "input";
    case BufferKind::ModelOutput: return "output";
    case BufferKind::Scratch: return "scratch";
    case BufferKind::OfflinePlaced: return "offline";
    }
    return "?";
}

const char* tensorPlaceName(TensorPlace place)
{
    switch (place) {
    case TensorPlace::Head: return "head";
    case TensorPlace::Tail: return "tail";
    case TensorPlace::Flash: return "flatbuffer";
    case TensorPlace::None: return "none";
    }
    return "?";
}

std::string_view plannerName(PlannerKind kind)
{
    return kind == PlannerKind::Linear ? "linear" : "greedy";
}

std::string_view interpreterName(InterpreterKind kind)
{
    return kind == InterpreterKind::Recording ? "recording" : "plain";
}

std::optional<PlannerKind> parsePlanner(std::string_view name)
{
    if (name == "greedy")
        return PlannerKind::Greedy;
    if (name == "linear")
        return PlannerKind::Linear;
    return std::nullopt;
}

std::optional<InterpreterKind> parseInterpreter(std::string_view name)
{
    if (name == "plain")
        return InterpreterKind::Plain;
    if (name == "recording")
        return InterpreterKind::Recording;
    return std::nullopt;
}

} // namespace arenascope
