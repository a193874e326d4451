#pragma once
// What the other builds need: the same model's smallest arena under the other configurations
// users ship, each with its difference to the configuration shown, the largest first. The
// report from one kernel selection is no substitute for another's (dtln needs 9,232 B more with
// CMSIS-NN than with the reference kernels); this says by how much.
//
// The configurations: every target with the reference kernels, CMSIS-NN on one CPU of each
// extension class (none: cortex-m0plus, DSP: cortex-m4, MVE: cortex-m55), ESP-NN on each
// esp-nn family (ESP32-S3, generic: ESP32) at the newest esp-nn; the planner, interpreter,
// co-processor, resource variables and arena offset of the shown configuration kept.
//
// They are analysed on every core under one time budget (AlternativesLimits): one whose search
// for the smallest arena is not done in time says so (`complete` false) instead of holding up
// the rest.
//
// Usage:
//   for (const Alternative& a : alternatives(*analysis))
//       std::cout << a.configuration << " " << a.deltaBytes.value_or(0) << "\n";

#include "analysis.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct Alternative {
    EmulationSettings settings; // arenaSize: none
    std::string configuration; // configurationText(settings)
    std::optional<std::uint64_t> minArenaBytes; // none: no size helps (the failure says why)
    std::optional<std::int64_t> deltaBytes; // minArenaBytes - the shown configuration's
    std::string failure; // TFLM's message when there is no minimum
    // False when the budget ran out before the search finished: minArenaBytes (if any) works,
    // a smaller arena may too.
    bool complete = true;
};

struct AlternativesLimits {
    std::chrono::milliseconds budget { 10'000 }; // wall time for all of them together
    const std::atomic<bool>* cancel = nullptr; // stops every search as the budget does
};

// The configurations compared with `shown` (itself left out).
std::vector<EmulationSettings> alternativeSettings(const EmulationSettings& shown);

// Each alternative's smallest arena for the analysis's model, sorted by |delta| (those
// without a minimum last).
std::vector<Alternative> alternatives(const Analysis& shown, const AlternativesLimits& limits = {});

} // namespace arenascope
