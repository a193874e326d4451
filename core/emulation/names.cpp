#include "emulation_result.h"
#include "emulation_settings.h"

namespace arenascope {

const char* recordedTypeName(RecordedType type)
{
    switch (type) {
    case RecordedType::TfLiteEvalTensorData:
        return "TfLiteEvalTensorData";
    case RecordedType::PersistentTfLiteTensorData:
        return "PersistentTfLiteTensorData";
    case RecordedType::PersistentTfLiteTensorQuantizationData:
        return "PersistentTfLiteTensorQuantizationData";
    case RecordedType::PersistentBufferData:
        return "PersistentBufferData";
    case RecordedType::TfLiteTensorVariableBufferData:
        return "TfLiteTensorVariableBufferData";
    case RecordedType::NodeAndRegistrationArray:
        return "NodeAndRegistrationArray";
    case RecordedType::OpData:
        return "OpData";
    case RecordedType::Count_:
        break;
    }
    return "?";
}

const char* phaseName(Phase phase)
{
    switch (phase) {
    case Phase::CreateAllocator:
        return "create_allocator";
    case Phase::StartAllocation:
        return "start_allocation";
    case Phase::ParseOptions:
        return "parse_options";
    case Phase::KernelInit:
        return "kernel_init";
    case Phase::KernelPrepare:
        return "kernel_prepare";
    case Phase::FinishAllocation:
        return "finish_allocation";
    case Phase::CommitPlan:
        return "commit_plan";
    case Phase::InterpreterTensors:
        return "interpreter_tensors";
    case Phase::Count_:
        break;
    }
    return "?";
}

const char* categoryName(Category category)
{
    switch (category) {
    case Category::AllocatorObjects:
        return "allocator_objects";
    case Category::EvalTensors:
        return "eval_tensors";
    case Category::NodeAndRegistrations:
        return "node_and_registrations";
    case Category::BuiltinOptions:
        return "builtin_options";
    case Category::KernelPersistent:
        return "op_data";
    case Category::ScratchRequests:
        return "scratch_requests";
    case Category::ScratchHandles:
        return "scratch_handles";
    case Category::Variables:
        return "variables";
    case Category::PersistentTensors:
        return "persistent_tensors";
    case Category::IoTensorArrays:
        return "io_tensor_arrays";
    case Category::QuantizationData:
        return "quantization_data";
    case Category::TempTensors:
        return "temp_tensors";
    case Category::TempBuffers:
        return "temp_buffers";
    case Category::PlannerInfo:
        return "planner_info";
    case Category::PlannerScratch:
        return "planner_scratch";
    case Category::PlannedHead:
        return "planned_head";
    case Category::Count_:
        break;
    }
    return "?";
}

const char* eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Allocation:
        return "allocation";
    case EventKind::ScratchRequest:
        return "scratch_request";
    case EventKind::HeadReserve:
        return "head_reserve";
    case EventKind::TempReset:
        return "temp_reset";
    case EventKind::PlanCommit:
        return "plan_commit";
    }
    return "?";
}

const char* regionName(Region region)
{
    switch (region) {
    case Region::Head:
        return "head";
    case Region::Temp:
        return "temp";
    case Region::Tail:
        return "tail";
    }
    return "?";
}

const char* bufferKindName(BufferKind kind)
{
    switch (kind) {
    case BufferKind::Activation:
        return "activation";
    case BufferKind::ModelInput:
        return "input";
    case BufferKind::ModelOutput:
        return "output";
    case BufferKind::Scratch:
        return "scratch";
    case BufferKind::OfflinePlaced:
        return "offline";
    }
    return "?";
}

const char* tensorPlaceName(TensorPlace place)
{
    switch (place) {
    case TensorPlace::Head:
        return "head";
    case TensorPlace::Tail:
        return "tail";
    case TensorPlace::Flash:
        return "flatbuffer";
    case TensorPlace::None:
        return "none";
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

namespace arenascope {

namespace {

struct CpuInfo {
    Cpu cpu;
    std::string_view name;
    CpuExtension extension;
};

// Which extension CMSIS-NN's arm_nn_math_types.h sees for each CPU (GCC's __ARM_FEATURE_DSP
// and __ARM_FEATURE_MVE defines): M0/M0+/M3 neither, M4/M7/M33 DSP, M55/M85 MVE.
constexpr CpuInfo kCpus[] = {
    { Cpu::CortexM0, "cortex-m0", CpuExtension::None },
    { Cpu::CortexM0Plus, "cortex-m0plus", CpuExtension::None },
    { Cpu::CortexM3, "cortex-m3", CpuExtension::None },
    { Cpu::CortexM4, "cortex-m4", CpuExtension::Dsp },
    { Cpu::CortexM7, "cortex-m7", CpuExtension::Dsp },
    { Cpu::CortexM33, "cortex-m33", CpuExtension::Dsp },
    { Cpu::CortexM55, "cortex-m55", CpuExtension::Mve },
    { Cpu::CortexM85, "cortex-m85", CpuExtension::Mve },
};

} // namespace

CpuExtension EmulationSettings::cpuExtension() const
{
    for (const CpuInfo& c : kCpus)
        if (c.cpu == cpu)
            return c.extension;
    return CpuExtension::None;
}

std::string_view kernelSetName(KernelSet kind)
{
    switch (kind) {
    case KernelSet::Reference:
        return "reference";
    case KernelSet::CmsisNn:
        return "cmsis-nn";
    case KernelSet::EspNn:
        return "esp-nn";
    }
    return "?";
}

std::string_view cpuName(Cpu cpu)
{
    for (const CpuInfo& c : kCpus)
        if (c.cpu == cpu)
            return c.name;
    return "?";
}

std::string_view cpuExtensionName(CpuExtension e)
{
    switch (e) {
    case CpuExtension::None:
        return "none";
    case CpuExtension::Dsp:
        return "DSP";
    case CpuExtension::Mve:
        return "MVE";
    }
    return "?";
}

std::optional<KernelSet> parseKernelSet(std::string_view name)
{
    if (name == "reference")
        return KernelSet::Reference;
    if (name == "cmsis-nn")
        return KernelSet::CmsisNn;
    if (name == "esp-nn")
        return KernelSet::EspNn;
    return std::nullopt;
}

std::string_view coProcessorName(CoProcessor c)
{
    return c == CoProcessor::EthosU ? "ethos-u" : "none";
}

std::optional<CoProcessor> parseCoProcessor(std::string_view name)
{
    if (name == "none")
        return CoProcessor::None;
    if (name == "ethos-u")
        return CoProcessor::EthosU;
    return std::nullopt;
}

std::optional<Cpu> parseCpu(std::string_view name)
{
    for (const CpuInfo& c : kCpus)
        if (c.name == name)
            return c.cpu;
    return std::nullopt;
}

std::string_view settingsConflict(const EmulationSettings& s)
{
    if (s.kernels == KernelSet::CmsisNn && s.target != TargetKind::CortexM)
        return "CMSIS-NN kernels are built only for Cortex-M: choose the cortex-m target";
    if (s.kernels == KernelSet::EspNn && s.target != TargetKind::Ilp32)
        return "ESP-NN kernels are built for ESP32 chips (Xtensa or RISC-V GCC, int-sized enums): choose the ilp32 "
               "target";
    if (s.arenaOffset > 15)
        return "the arena offset is the start's distance past a 16-byte boundary: 0 to 15 bytes";
    if (s.arenaOffset != 0 && s.nonPersistentBytes)
        return "an arena offset applies to one arena: leave out the separate non-persistent arena";
    if (s.resourceVariablesArena && s.resourceVariables == 0)
        return "a resource-variables arena holds the resource variables: give their count too";
    if (s.resourceVariablesArena && s.nonPersistentBytes)
        return "a resource-variables arena is emulated with one tensor arena: leave out the separate "
               "non-persistent arena";
    return {};
}

} // namespace arenascope
