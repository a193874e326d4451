#include "cpu_table.h"
#include "emulation_result.h"
#include "emulation_settings.h"

#include "core/util/enum_names.h"

#include <array>
#include <iterator>

namespace arenascope {

constexpr EnumName<RecordedType> kRecordedTypes[] = { { RecordedType::TfLiteEvalTensorData, "TfLiteEvalTensorData" },
    { RecordedType::PersistentTfLiteTensorData, "PersistentTfLiteTensorData" },
    { RecordedType::PersistentTfLiteTensorQuantizationData, "PersistentTfLiteTensorQuantizationData" },
    { RecordedType::PersistentBufferData, "PersistentBufferData" },
    { RecordedType::TfLiteTensorVariableBufferData, "TfLiteTensorVariableBufferData" },
    { RecordedType::NodeAndRegistrationArray, "NodeAndRegistrationArray" }, { RecordedType::OpData, "OpData" } };
static_assert(namesEachValue(kRecordedTypes, RecordedType::OpData));
static_assert(std::size(kRecordedTypes) == static_cast<std::size_t>(RecordedType::Count_));

const char* recordedTypeName(RecordedType type)
{
    return nameIn(kRecordedTypes, type).data();
}

constexpr EnumName<Phase> kPhases[]
    = { { Phase::CreateAllocator, "create_allocator" }, { Phase::StartAllocation, "start_allocation" },
          { Phase::ParseOptions, "parse_options" }, { Phase::KernelInit, "kernel_init" },
          { Phase::KernelPrepare, "kernel_prepare" }, { Phase::FinishAllocation, "finish_allocation" },
          { Phase::CommitPlan, "commit_plan" }, { Phase::InterpreterTensors, "interpreter_tensors" } };
static_assert(namesEachValue(kPhases, Phase::InterpreterTensors));
static_assert(std::size(kPhases) == static_cast<std::size_t>(Phase::Count_));

const char* phaseName(Phase phase)
{
    return nameIn(kPhases, phase).data();
}

constexpr EnumName<Category> kCategories[]
    = { { Category::AllocatorObjects, "allocator_objects" }, { Category::EvalTensors, "eval_tensors" },
          { Category::NodeAndRegistrations, "node_and_registrations" }, { Category::BuiltinOptions, "builtin_options" },
          { Category::KernelPersistent, "op_data" }, { Category::ScratchRequests, "scratch_requests" },
          { Category::ScratchHandles, "scratch_handles" }, { Category::Variables, "variables" },
          { Category::PersistentTensors, "persistent_tensors" }, { Category::IoTensorArrays, "io_tensor_arrays" },
          { Category::QuantizationData, "quantization_data" }, { Category::TempTensors, "temp_tensors" },
          { Category::TempBuffers, "temp_buffers" }, { Category::PlannerInfo, "planner_info" },
          { Category::PlannerScratch, "planner_scratch" }, { Category::PlannedHead, "planned_head" } };
static_assert(namesEachValue(kCategories, Category::PlannedHead));
static_assert(std::size(kCategories) == static_cast<std::size_t>(Category::Count_));

const char* categoryName(Category category)
{
    return nameIn(kCategories, category).data();
}

constexpr EnumName<EventKind> kEventKinds[] = { { EventKind::Allocation, "allocation" },
    { EventKind::ScratchRequest, "scratch_request" }, { EventKind::HeadReserve, "head_reserve" },
    { EventKind::TempReset, "temp_reset" }, { EventKind::PlanCommit, "plan_commit" } };
static_assert(namesEachValue(kEventKinds, EventKind::PlanCommit));

const char* eventKindName(EventKind kind)
{
    return nameIn(kEventKinds, kind).data();
}

constexpr EnumName<Region> kRegions[]
    = { { Region::Head, "head" }, { Region::Temp, "temp" }, { Region::Tail, "tail" } };
static_assert(namesEachValue(kRegions, Region::Tail));

const char* regionName(Region region)
{
    return nameIn(kRegions, region).data();
}

constexpr EnumName<BufferKind> kBufferKinds[] = { { BufferKind::Activation, "activation" },
    { BufferKind::ModelInput, "input" }, { BufferKind::ModelOutput, "output" }, { BufferKind::Scratch, "scratch" },
    { BufferKind::OfflinePlaced, "offline" } };
static_assert(namesEachValue(kBufferKinds, BufferKind::OfflinePlaced));

const char* bufferKindName(BufferKind kind)
{
    return nameIn(kBufferKinds, kind).data();
}

constexpr EnumName<TensorPlace> kTensorPlaces[] = { { TensorPlace::Head, "head" }, { TensorPlace::Tail, "tail" },
    { TensorPlace::Flash, "flatbuffer" }, { TensorPlace::None, "none" } };
static_assert(namesEachValue(kTensorPlaces, TensorPlace::None));

const char* tensorPlaceName(TensorPlace place)
{
    return nameIn(kTensorPlaces, place).data();
}

constexpr EnumName<PlannerKind> kPlanners[] = { { PlannerKind::Greedy, "greedy" }, { PlannerKind::Linear, "linear" } };
static_assert(namesEachValue(kPlanners, PlannerKind::Linear));

std::string_view plannerName(PlannerKind kind)
{
    return nameIn(kPlanners, kind);
}
std::optional<PlannerKind> parsePlanner(std::string_view name)
{
    return valueIn(kPlanners, name);
}

constexpr EnumName<InterpreterKind> kInterpreters[]
    = { { InterpreterKind::Plain, "plain" }, { InterpreterKind::Recording, "recording" } };
static_assert(namesEachValue(kInterpreters, InterpreterKind::Recording));

std::string_view interpreterName(InterpreterKind kind)
{
    return nameIn(kInterpreters, kind);
}
std::optional<InterpreterKind> parseInterpreter(std::string_view name)
{
    return valueIn(kInterpreters, name);
}

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
    const CpuInfo* c = rowWhere(kCpus, &CpuInfo::cpu, cpu);
    return c ? c->extension : CpuExtension::None;
}

namespace {

constexpr EnumName<KernelSet> kKernelSets[]
    = { { KernelSet::Reference, "reference" }, { KernelSet::CmsisNn, "cmsis-nn" }, { KernelSet::EspNn, "esp-nn" } };
static_assert(namesEachValue(kKernelSets, KernelSet::EspNn));

constexpr EnumName<CpuExtension> kCpuExtensions[]
    = { { CpuExtension::None, "none" }, { CpuExtension::Dsp, "DSP" }, { CpuExtension::Mve, "MVE" } };
static_assert(namesEachValue(kCpuExtensions, CpuExtension::Mve));

constexpr EnumName<CoProcessor> kCoProcessors[] = { { CoProcessor::None, "none" }, { CoProcessor::EthosU, "ethos-u" } };
static_assert(namesEachValue(kCoProcessors, CoProcessor::EthosU));

} // namespace

std::string_view kernelSetName(KernelSet kind)
{
    return nameIn(kKernelSets, kind);
}
std::optional<KernelSet> parseKernelSet(std::string_view name)
{
    return valueIn(kKernelSets, name);
}
std::string_view cpuExtensionName(CpuExtension e)
{
    return nameIn(kCpuExtensions, e);
}
std::string_view coProcessorName(CoProcessor c)
{
    return nameIn(kCoProcessors, c);
}
std::optional<CoProcessor> parseCoProcessor(std::string_view name)
{
    return valueIn(kCoProcessors, name);
}

std::string_view cpuName(Cpu cpu)
{
    const CpuInfo* c = rowWhere(kCpus, &CpuInfo::cpu, cpu);
    return c ? c->name : "?";
}

std::span<const Cpu> allCpus()
{
    static const auto cpus = [] {
        std::array<Cpu, std::size(kCpus)> out {};
        for (std::size_t i = 0; i < out.size(); ++i)
            out[i] = kCpus[i].cpu;
        return out;
    }();
    return cpus;
}

std::optional<Cpu> parseCpu(std::string_view name)
{
    return fieldWhere(kCpus, &CpuInfo::name, name, &CpuInfo::cpu);
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
