#pragma once
// The fidelity cases: one per oracle file (a model measured on one TFLM build) and planner.
// ../shared/oracle/tflm/<model>.<build>.json, ../shared/oracle/ops/<model>.<build>.json and
// ../shared/oracle/esp/<build>/<model>.<build>.json (esp-tflite-micro with ESP-NN), and the
// figures the project measured itself with ../shared/harness (tests/fidelity/measured/, README
// there); each build maps to the settings that must reproduce it.

#include "core/emulation/emulation_settings.h"

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace arenascope::test {

struct OracleCase {
    std::string name; // "tflm_person_detect_cortex_m_greedy": gtest- and ctest-safe
    std::filesystem::path oracleFile;
    std::filesystem::path model;
    // Figures the project measured itself (measured/<group>/<build>.json): the model's entry in
    // that file, and the model's bytes (a probe model built in code).
    std::string measuredKey;
    const std::vector<std::uint8_t>* modelBytes = nullptr;
    std::string build; // "abi32arm_se", "cm4_cmsisnn", ...
    EmulationSettings settings;
};

// The builds the emulation reproduces, with their settings.
struct OracleBuild {
    const char* suffix; // file suffix after ".tflite."
    const char* label; // in case names
    TargetKind target;
    KernelSet kernels;
    Cpu cpu;
    EspChip espChip = EspChip::Esp32S3; // ESP-NN builds
    EspNnVersion espNn = kNewestEspNn;
    CoProcessor coProcessor = CoProcessor::None; // TFLM built with CO_PROCESSOR=ethos_u
    TflmVersion tflm = kNewestTflm; // the TFLM snapshot built
};
const std::vector<OracleBuild>& oracleBuilds();

// Every case found (both planners), sorted by name; the shared oracle's cases are absent when
// ../shared is, the measured probe models' never are.
const std::vector<OracleCase>& oracleCases();

} // namespace arenascope::test

namespace arenascope::test {
// gtest prints a case by its name.
inline void PrintTo(const OracleCase& c, std::ostream* os)
{
    *os << c.name;
}
} // namespace arenascope::test
