#pragma once
// The choices a user makes for one emulation: the device (target ABI, kernel set, CPU),
// the interpreter TFLM is built with, and the arena.

#include "esp_nn_build.h"
#include "target.h"
#include "tflm_version.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace arenascope {

// The arena an emulation runs in when no size is given: large enough for any model ArenaScope
// is meant for, so its figures are what the model needs.
inline constexpr std::uint64_t kMeasureArenaBytes = 64ULL * 1024 * 1024;

enum class PlannerKind { Greedy, Linear };
enum class InterpreterKind { Plain, Recording };

// Which kernels the firmware is built with: TFLM's reference kernels, Arm's optimized
// CMSIS-NN kernels (OPTIMIZED_KERNEL_DIR=cmsis_nn), or Espressif's ESP-NN kernels
// (esp-tflite-micro's kernels/esp_nn/), each for the operators it replaces.
enum class KernelSet { Reference, CmsisNn, EspNn };

// The Cortex-M CPU CMSIS-NN is compiled for; it decides the DSP / MVE code paths and with
// them some scratch buffer sizes.
enum class Cpu { CortexM0, CortexM0Plus, CortexM3, CortexM4, CortexM7, CortexM33, CortexM55, CortexM85 };
enum class CpuExtension { None, Dsp, Mve }; // ARM_MATH_DSP / ARM_MATH_MVEI (MVE implies DSP)

// A co-processor TFLM is built for (CO_PROCESSOR=...): ethos_u registers the `ethos-u` custom
// operator Vela writes for an Arm Ethos-U NPU (kernels/ethos_u/ethosu.cc). Orthogonal to the
// kernel set, which the CPU runs the other operators with.
enum class CoProcessor { None, EthosU };

inline constexpr std::uint32_t kResourceVariablesAuto = UINT32_MAX;

struct EmulationSettings {
    TflmVersion tflm = kNewestTflm; // the TFLM snapshot the firmware is built from
    // The distribution the user named (tflm_distributions.h: "zephyr-4.4"), emulated as `tflm`;
    // empty when a snapshot was named. Points into the static distribution table.
    std::string_view tflmDistribution;
    TargetKind target = TargetKind::CortexM;
    KernelSet kernels = KernelSet::Reference;
    Cpu cpu = Cpu::CortexM4; // used with KernelSet::CmsisNn
    EspChip espChip = EspChip::Esp32S3; // used with KernelSet::EspNn
    EspNnVersion espNn = kNewestEspNn; // used with KernelSet::EspNn
    CoProcessor coProcessor = CoProcessor::None;
    PlannerKind planner = PlannerKind::Greedy;
    InterpreterKind interpreter = InterpreterKind::Plain;
    bool preserveAllTensors = false; // TFLM switches to the linear planner
    // MicroResourceVariables::Create(allocator, n) before the interpreter; 0 = none created;
    // kResourceVariablesAuto: n = the model's VAR_HANDLE operators (none when it has none), as
    // TFLM's benchmarks and the oracle harness create them.
    std::uint32_t resourceVariables = 0;
    // The arena to check (bytes); none given: the emulation runs in a 64 MiB measuring arena and
    // the analysis reports what the model needs.
    std::optional<std::uint64_t> arenaSize;
    std::uint64_t arenaBytes() const { return arenaSize.value_or(kMeasureArenaBytes); }
    // Separate persistent and non-persistent arenas (four-argument MicroAllocator::Create):
    // when set, arenaSize is the persistent arena and this is the non-persistent one.
    std::optional<std::uint64_t> nonPersistentBytes;
    // Where the arena starts: this many bytes (0-15) past a 16-byte boundary, as a buffer from a
    // heap may. MicroAllocator::Create aligns the start up and loses 16 - offset bytes.
    std::uint32_t arenaOffset = 0;
    // The bytes MicroAllocator::Create loses aligning that start up to 16.
    std::uint64_t arenaStartLoss() const { return arenaOffset % 16 == 0 ? 0 : 16 - arenaOffset % 16; }
    // The resource variables are created in an arena of their own of this size (bytes), with
    // MicroAllocator::Create(var_arena, size) as ESPHome's micro_wake_word does: that allocator,
    // MicroResourceVariables and its entries leave this arena's tail. The variables' buffers do
    // not: ASSIGN_VARIABLE allocates them through the interpreter's context, in this arena's
    // tail (micro_resource_variable.cc). Needs resourceVariables > 0.
    std::optional<std::uint64_t> resourceVariablesArena;

    bool operator==(const EmulationSettings&) const = default;

    // What TFLM actually builds. preserve_all_tensors switches to the linear planner; the
    // four-argument MicroAllocator::Create (separate arenas) always builds a plain
    // MicroAllocator with a GreedyMemoryPlanner (there is no recording or linear variant).
    PlannerKind effectivePlanner() const
    {
        if (nonPersistentBytes)
            return PlannerKind::Greedy;
        return preserveAllTensors ? PlannerKind::Linear : planner;
    }
    InterpreterKind effectiveInterpreter() const { return nonPersistentBytes ? InterpreterKind::Plain : interpreter; }
    CpuExtension cpuExtension() const;
    // These settings with another arena size (none: the measuring arena).
    EmulationSettings withArena(std::optional<std::uint64_t> bytes) const
    {
        EmulationSettings s = *this;
        s.arenaSize = bytes;
        return s;
    }
};

std::string_view plannerName(PlannerKind kind);
std::string_view interpreterName(InterpreterKind kind);
std::string_view kernelSetName(KernelSet kind); // "reference", "cmsis-nn", "esp-nn"
std::string_view cpuName(Cpu cpu); // "cortex-m4"
std::string_view cpuExtensionName(CpuExtension e); // "none", "DSP", "MVE"
std::optional<PlannerKind> parsePlanner(std::string_view name);
std::optional<InterpreterKind> parseInterpreter(std::string_view name);
std::optional<KernelSet> parseKernelSet(std::string_view name);
std::optional<Cpu> parseCpu(std::string_view name);
std::string_view coProcessorName(CoProcessor c); // "none", "ethos-u"
std::optional<CoProcessor> parseCoProcessor(std::string_view name);

// Why a combination cannot be built (CMSIS-NN needs the cortex-m target, ESP-NN the ilp32
// target), or empty.
std::string_view settingsConflict(const EmulationSettings& s);

} // namespace arenascope
