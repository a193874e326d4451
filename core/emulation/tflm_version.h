#pragma once
// The TFLM snapshot a firmware is built from. Distributions pin a snapshot and keep it for
// years, and the arena moves between snapshots (kernels' op data and scratch requests, the
// operators a resolver can register, the checks Prepare makes). Each snapshot ArenaScope knows
// is a row of kTflmVersions (tflm_version.cpp): its commit, date and who ships it; code that
// differs between snapshots asks `settings.tflm` (or `atLeast`) and keeps the rows in one place.
//
//   snapshot   date      shipped by (tflm_distributions.h: the evidence, and the nearest-only ones)
//   90b983c2   2026-08   tflite-micro main (the figures of ../shared/oracle)
//   b8c7ecc1   2025-11   esp-tflite-micro 1.3.5
//   10ebaab9   2025-01   esp-tflite-micro 1.3.3 (ESPHome), pico-tflmicro, Himax WiseEye2 SDK 2412
//   71fba59b   2024-05   Zephyr 3.7 LTS and 4.0, esp-tflite-micro 1.3.1
//   4e62ea7b   2023-02   the Arduino library (tflite-micro-arduino-examples)
//
// Usage:
//   if (atLeast(ctx.settings().tflm, TflmVersion::V2025_01)) ...
//   parseTflmVersion("10ebaab9") == TflmVersion::V2025_01

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace arenascope {

// Oldest first, so later snapshots compare greater.
enum class TflmVersion { V2023_02, V2024_05, V2025_01, V2025_11, V2026_08 };

inline constexpr TflmVersion kNewestTflm = TflmVersion::V2026_08;

// Which CPU extensions a CMSIS-NN build was measured for: none (Cortex-M3), DSP (Cortex-M4),
// MVE (Cortex-M55).
struct CmsisNnMeasured {
    bool none = false, dsp = false, mve = false;
};

struct TflmVersionInfo {
    TflmVersion version;
    std::string_view id; // the commit's first 8 hex digits: "10ebaab9"
    std::string_view commit; // all 40
    std::string_view date; // "2025-01-07"
    std::string_view shippedBy; // "esp-tflite-micro 1.3.5; nearest for esp-tflite-micro 1.3.4, ..."
    // Real TFLM at this snapshot was built with ../shared/harness (reference kernels, cortex-m and
    // x86_64 layouts) and its figures are fidelity cases (tests/fidelity/measured/tflm_<id>).
    bool measured;
    std::string_view cmsisNn; // the ARM-software/CMSIS-NN commit its cmsis_nn_download.sh pins (8 hex)
    // The CPU extensions its OPTIMIZED_KERNEL_DIR=cmsis_nn build was measured on, bare metal
    // (Cortex-M4 for DSP, Cortex-M3 for none, Cortex-M55 for MVE); the other CPUs of a measured
    // extension take the same paths (tests/fidelity: ../shared/oracle, measured/tflm_<id>).
    CmsisNnMeasured cmsisNnMeasured;
};

std::span<const TflmVersionInfo> tflmVersions(); // oldest first
const TflmVersionInfo& tflmVersionInfo(TflmVersion v);
inline bool tflmSnapshotMeasured(TflmVersion v)
{
    return tflmVersionInfo(v).measured;
}
inline std::string_view tflmVersionId(TflmVersion v)
{
    return tflmVersionInfo(v).id;
}
// "10ebaab9 (2025-01-07)".
std::string tflmVersionLabel(TflmVersion v);
// A commit prefix of at least 7 hex digits, a date prefix ("2025-01"), or "newest".
std::optional<TflmVersion> parseTflmVersion(std::string_view text);
std::string tflmVersionChoices(); // "90b983c2|b8c7ecc1|10ebaab9|71fba59b|4e62ea7b"

constexpr bool atLeast(TflmVersion v, TflmVersion since)
{
    return static_cast<int>(v) >= static_cast<int>(since);
}

} // namespace arenascope
