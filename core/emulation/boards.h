#pragma once
// Boards as users name them, each with the build its usual TFLM distribution makes (target,
// kernels, CPU or ESP chip, NPU) and its on-chip RAM from the datasheet. A board is a shortcut
// for those settings, never a setting of its own: `--board nano33` equals `--target cortex-m
// --kernels cmsis-nn --cpu cortex-m4`.
//
// Usage:
//   if (const Board* b = findBoard("rpi-pico")) settings = withBoard(*b, settings);
//   for (const Board& b : boards()) list(b.id, b.title, b.ramBytes);

#include "emulation_settings.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace arenascope {

struct Board {
    std::string_view id; // "arduino-nano-33-ble-sense": what --board takes
    std::string_view title; // "Arduino Nano 33 BLE Sense"
    std::string_view chip; // "nRF52840: Cortex-M4F at 64 MHz"
    TargetKind target;
    KernelSet kernels;
    Cpu cpu; // CMSIS-NN builds
    EspChip espChip; // ESP-NN builds
    CoProcessor coProcessor;
    std::uint64_t ramBytes; // on-chip RAM, all of it (the arena gets what the firmware leaves)
    std::string_view ramSource; // the datasheet figure: "256 KB RAM (nRF52840 Product Specification)"
    std::string_view distribution; // the TFLM distribution and its kernels
    // Its usual TFLM distribution by name (tflm_distributions.h: "arduino"); empty: tflite-micro
    // main itself (TFLM's own board targets), the newest snapshot.
    std::string_view tflm;
};

std::span<const Board> boards();
const Board* findBoard(std::string_view id);

// `settings` with the board's target, kernels, CPU, ESP chip, co-processor and usual TFLM
// distribution (everything else kept; an ESP board takes the newest esp-nn, as a rebuild does).
EmulationSettings withBoard(const Board& board, EmulationSettings settings);

// The board whose build `settings` is, if one matches exactly (the first in the table); the TFLM
// snapshot is not compared (a board's users may build any).
const Board* boardOf(const EmulationSettings& settings);

// "arduino-nano-33-ble-sense, rpi-pico, ...": for messages.
std::string boardIds();

} // namespace arenascope
