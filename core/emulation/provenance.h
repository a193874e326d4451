#pragma once
// Whether real TFLM proves the figures of a configuration. Every build ArenaScope emulates
// is one of:
//   Measured  a real-TFLM build of this very configuration was run on models and compared
//             figure by figure (tests/fidelity: ../shared/oracle and tests/fidelity/measured);
//   SameCode  not built itself, but it compiles the same code, to the arena, as a measured
//             build (a Cortex-M7 takes CMSIS-NN's DSP paths like the measured Cortex-M4; an
//             ESP32-C3 esp-nn's generic functions like the measured ESP32);
//   Source    read from the source and not yet measured.
//
// Usage:
//   const Provenance p = provenance(settings);
//   if (p.level == ProvenanceLevel::Source) warn(p.text);

#include "emulation_settings.h"

#include <string>

namespace arenascope {

enum class ProvenanceLevel { Measured, SameCode, Source };

struct Provenance {
    ProvenanceLevel level = ProvenanceLevel::Source;
    std::string text; // one sentence: "measured against real TFLM (esp-tflite-micro 99f49e14, ...)"
};

Provenance provenance(const EmulationSettings& s);

// Several models on one MicroAllocator (shared_arena.h) under `s`: the weaker of the build's own
// provenance and that of sharing the allocator, which was measured with ../shared/harness's
// multitenant on the layouts tests/fidelity/measured/multitenant holds (reference kernels at
// 90b983c2); elsewhere the sharing is the same code (micro_allocator.cc's few lines that carry
// state between models are identical at every snapshot ArenaScope emulates).
Provenance sharedArenaProvenance(const EmulationSettings& s);
std::string_view provenanceName(ProvenanceLevel level); // "measured", "same_code", "source"

// The kernels in words: "reference kernels", "CMSIS-NN kernels for cortex-m4 (DSP)",
// "ESP-NN kernels for ESP32-S3, esp-nn 1.2.3".
std::string describeKernels(const EmulationSettings& s);

// The TFLM source the configuration's figures follow: "tflite-micro 90b983c2",
// "tflite-micro 90b983c2 with CMSIS-NN 4ab83cc3", "esp-tflite-micro 99f49e14 (tflite-micro
// 096563546) with esp-nn 1.2.3"; for baselines and generated headers.
std::string emulatedTflm(const EmulationSettings& s);

} // namespace arenascope
