#include "boards.h"

#include "core/util/enum_names.h"
#include "tflm_distributions.h"

#include <array>
#include <string>

namespace arenascope {

namespace {

constexpr std::uint64_t KiB = 1024;

// RAM: the on-chip SRAM the chip's datasheet states (all banks together; the largest contiguous
// region can be smaller, as on the STM32H7). Kernels: what the board's usual TFLM distribution
// compiles (each ships its own TFLM snapshot; ArenaScope emulates the one its verdict names).
constexpr std::array kBoards = {
    Board { "arduino-nano-33-ble-sense", "Arduino Nano 33 BLE Sense", "nRF52840: Cortex-M4F at 64 MHz",
        TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM4, EspChip::Esp32S3, CoProcessor::None, 256 * KiB,
        "256 KB RAM (Nordic nRF52840 Product Specification)",
        "Arduino_TensorFlowLite (tensorflow/tflite-micro-arduino-examples): CMSIS-NN kernels", "arduino" },
    Board { "rpi-pico", "Raspberry Pi Pico", "RP2040: two Cortex-M0+ at 133 MHz", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM0Plus, EspChip::Esp32S3, CoProcessor::None, 264 * KiB,
        "264 KB on-chip SRAM (Raspberry Pi RP2040 Datasheet)",
        "raspberrypi/pico-tflmicro: CMSIS-NN kernels (no DSP extension on the M0+)", "pico-tflmicro" },
    Board { "rpi-pico2", "Raspberry Pi Pico 2", "RP2350: two Cortex-M33 at 150 MHz", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM33, EspChip::Esp32S3, CoProcessor::None, 520 * KiB,
        "520 KB on-chip SRAM (Raspberry Pi RP2350 Datasheet)", "raspberrypi/pico-tflmicro: CMSIS-NN kernels (DSP)",
        "pico-tflmicro" },
    Board { "stm32f746g-disco", "STM32F746G-DISCO", "STM32F746NG: Cortex-M7 at 216 MHz", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM7, EspChip::Esp32S3, CoProcessor::None, 320 * KiB,
        "320 KB SRAM including 64 KB DTCM (ST DS10916, STM32F745xx/STM32F746xx)",
        "TFLM's cortex_m_generic build with OPTIMIZED_KERNEL_DIR=cmsis_nn", "" },
    Board { "nucleo-h743zi2", "NUCLEO-H743ZI2", "STM32H743ZI: Cortex-M7 at 480 MHz", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM7, EspChip::Esp32S3, CoProcessor::None, 1024 * KiB,
        "1 MB RAM: 192 KB TCM, 864 KB user SRAM (largest block: 512 KB AXI SRAM), 4 KB backup (ST DS12110)",
        "TFLM's cortex_m_generic build with OPTIMIZED_KERNEL_DIR=cmsis_nn", "" },
    Board { "sparkfun-edge", "SparkFun Edge", "Ambiq Apollo3 Blue: Cortex-M4F at 48 MHz", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM4, EspChip::Esp32S3, CoProcessor::None, 384 * KiB,
        "384 KB SRAM (Ambiq Apollo3 Blue Datasheet)", "TFLM's sparkfun_edge target with OPTIMIZED_KERNEL_DIR=cmsis_nn",
        "" },
    Board { "esp32-devkitc", "ESP32-DevKitC", "ESP32: two Xtensa LX6 at 240 MHz", TargetKind::Ilp32, KernelSet::EspNn,
        Cpu::CortexM4, EspChip::Esp32, CoProcessor::None, 520 * KiB,
        "520 KB SRAM (Espressif ESP32 Series Datasheet; ESP-IDF leaves about 320 KB of DRAM for the heap)",
        "espressif/esp-tflite-micro: ESP-NN kernels, generic esp-nn functions", "esp-tflite-micro-1.3.8" },
    Board { "esp32-s3-devkitc-1", "ESP32-S3-DevKitC-1", "ESP32-S3: two Xtensa LX7 at 240 MHz", TargetKind::Ilp32,
        KernelSet::EspNn, Cpu::CortexM4, EspChip::Esp32S3, CoProcessor::None, 512 * KiB,
        "512 KB SRAM (Espressif ESP32-S3 Series Datasheet; PSRAM modules add 2-8 MB)",
        "espressif/esp-tflite-micro: ESP-NN kernels, ESP32-S3 esp-nn functions", "esp-tflite-micro-1.3.8" },
    Board { "arduino-nicla-vision", "Arduino Nicla Vision", "STM32H747AII6: Cortex-M7 at 480 MHz + Cortex-M4",
        TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM7, EspChip::Esp32S3, CoProcessor::None, 1024 * KiB,
        "1 MB RAM (Arduino Nicla Vision datasheet)", "OpenMV firmware's TFLM: CMSIS-NN kernels, on the M7", "" },
    Board { "corstone-300", "Arm Corstone-300 FVP (Ethos-U55)", "Cortex-M55 with an Ethos-U55 NPU", TargetKind::CortexM,
        KernelSet::CmsisNn, Cpu::CortexM55, EspChip::Esp32S3, CoProcessor::EthosU, 4096 * KiB,
        "4 MB internal SRAM, two 2 MB banks (Arm MPS3 AN552 memory map)",
        "TFLM's cortex_m_corstone_300 target: CMSIS-NN kernels (MVE), CO_PROCESSOR=ethos_u", "" },
    Board { "grove-vision-ai-v2", "Seeed Grove Vision AI V2", "Himax HX6538: Cortex-M55 with an Ethos-U55 NPU",
        TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM55, EspChip::Esp32S3, CoProcessor::EthosU, 2560 * KiB,
        "2.5 MB SRAM (Himax WiseEye2 HX6538 product brief)",
        "Himax WiseEye2 SDK (Seeed_Grove_Vision_AI_Module_V2): CMSIS-NN kernels (MVE), CO_PROCESSOR=ethos_u",
        "himax-2412" },
    Board { "alif-ensemble-e7", "Alif Ensemble E7 DevKit", "Alif AE722F80F55D5: Cortex-M55 HP with an Ethos-U55",
        TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM55, EspChip::Esp32S3, CoProcessor::EthosU, 13824 * KiB,
        "13.5 MB SRAM (Alif Ensemble E7 datasheet)",
        "Alif's ML examples (Arm ML evaluation kit): CMSIS-NN kernels (MVE), CO_PROCESSOR=ethos_u", "arm-mlek-24.11" },
};

} // namespace

std::span<const Board> boards()
{
    return kBoards;
}

const Board* findBoard(std::string_view id)
{
    return rowWhere(kBoards, &Board::id, id);
}

EmulationSettings withBoard(const Board& board, EmulationSettings settings)
{
    settings.target = board.target;
    settings.kernels = board.kernels;
    settings.cpu = board.cpu;
    settings.espChip = board.espChip;
    if (board.kernels == KernelSet::EspNn)
        settings.espNn = kNewestEspNn;
    settings.coProcessor = board.coProcessor;
    const TflmDistribution* d = findTflmDistribution(board.tflm);
    settings.tflm = d ? d->snapshot : kNewestTflm;
    settings.tflmDistribution = d ? d->name : std::string_view {};
    return settings;
}

const Board* boardOf(const EmulationSettings& s)
{
    for (const Board& b : kBoards) {
        const bool same = s.target == b.target && s.kernels == b.kernels && s.coProcessor == b.coProcessor
            && (b.kernels != KernelSet::CmsisNn || s.cpu == b.cpu)
            && (b.kernels != KernelSet::EspNn || s.espChip == b.espChip);
        if (same)
            return &b;
    }
    return nullptr;
}

std::string boardIds()
{
    std::string out;
    for (const Board& b : kBoards)
        out += (out.empty() ? "" : ", ") + std::string(b.id);
    return out;
}

} // namespace arenascope
