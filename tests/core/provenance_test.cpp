// Every configuration says how it is proven, and says "measured" only for builds real TFLM was
// run as (tests/fidelity: ../shared/oracle and tests/fidelity/measured).
#include "core/emulation/esp_nn_build.h"
#include "core/emulation/provenance.h"
#include "core/emulation/target.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

EmulationSettings esp(EspChip chip, EspNnVersion version)
{
    EmulationSettings s;
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = chip;
    s.espNn = version;
    return s;
}

TEST(Provenance, MeasuredOnlyWhereTflmWasRun)
{
    EXPECT_EQ(provenance(EmulationSettings {}).level, ProvenanceLevel::Measured);
    for (EspNnVersion v : { EspNnVersion::V1_1_2, EspNnVersion::V1_2_0, EspNnVersion::V1_2_1, EspNnVersion::V1_2_3 })
        EXPECT_EQ(provenance(esp(EspChip::Esp32S3, v)).level, ProvenanceLevel::Measured) << espNnVersionName(v);
    // 1.2.2 changed no scratch function since 1.2.1; ESP32 was built with 1.1.2 and 1.2.3.
    EXPECT_EQ(provenance(esp(EspChip::Esp32S3, EspNnVersion::V1_2_2)).level, ProvenanceLevel::SameCode);
    EXPECT_EQ(provenance(esp(EspChip::Esp32, EspNnVersion::V1_1_2)).level, ProvenanceLevel::Measured);
    EXPECT_EQ(provenance(esp(EspChip::Esp32, EspNnVersion::V1_2_1)).level, ProvenanceLevel::SameCode);
    EXPECT_EQ(provenance(esp(EspChip::Esp32C3, EspNnVersion::V1_2_3)).level, ProvenanceLevel::SameCode);
    // ESP32-P4 measured with the harness at 1.1.2, 1.2.0, 1.2.1 and 1.2.3 (measured/esp/esp32p4_*).
    for (EspNnVersion v : { EspNnVersion::V1_1_2, EspNnVersion::V1_2_0, EspNnVersion::V1_2_1, EspNnVersion::V1_2_3 })
        EXPECT_EQ(provenance(esp(EspChip::Esp32P4, v)).level, ProvenanceLevel::Measured) << espNnVersionName(v);
    EXPECT_EQ(provenance(esp(EspChip::Esp32P4, EspNnVersion::V1_2_2)).level, ProvenanceLevel::SameCode);
    EmulationSettings cmsis;
    cmsis.kernels = KernelSet::CmsisNn;
    cmsis.cpu = Cpu::CortexM7;
    EXPECT_EQ(provenance(cmsis).level, ProvenanceLevel::SameCode);
    EmulationSettings ethos;
    ethos.coProcessor = CoProcessor::EthosU;
    EXPECT_EQ(provenance(ethos).level, ProvenanceLevel::Measured);
    ethos.target = TargetKind::Ilp32;
    EXPECT_EQ(provenance(ethos).level, ProvenanceLevel::SameCode);
    EmulationSettings split;
    split.nonPersistentBytes = 4096;
    EXPECT_EQ(provenance(split).level, ProvenanceLevel::Source);
}

// An older snapshot's ESP-NN build is measured as the esp-tflite-micro release that carries it
// (measured/esp_tflm_<id>: 1.3.3.1, 1.3.1, 1.3.5; at 4e62ea7b, which no release carries,
// tflite-micro-esp-examples fbea7c12's glue), on ESP32-S3 and ESP32 with esp-nn 1.2.3 (10ebaab9:
// ESP32-S3 only), the same code elsewhere; the text names what was measured.
TEST(Provenance, OlderSnapshotsEspNnByTheirRelease)
{
    using L = ProvenanceLevel;
    using N = EspNnVersion;
    struct Cell {
        TflmVersion tflm;
        EspChip chip;
        EspNnVersion espNn;
        ProvenanceLevel level;
        const char* names = "";
    };
    const Cell cells[] = {
        { TflmVersion::V2025_01, EspChip::Esp32S3, N::V1_2_3, L::Measured, "esp-tflite-micro 1.3.3.1" },
        { TflmVersion::V2025_01, EspChip::Esp32S3, N::V1_1_2, L::SameCode },
        { TflmVersion::V2024_05, EspChip::Esp32S3, N::V1_1_2, L::SameCode, "esp-tflite-micro 1.3.1" },
        { TflmVersion::V2024_05, EspChip::Esp32S3, N::V1_2_3, L::Measured },
        { TflmVersion::V2024_05, EspChip::Esp32, N::V1_2_3, L::Measured }, // generic esp-nn
        { TflmVersion::V2024_05, EspChip::Esp32C3, N::V1_2_3, L::SameCode },
        { TflmVersion::V2025_11, EspChip::Esp32C3, N::V1_2_3, L::SameCode, "esp-tflite-micro 1.3.5" },
        { TflmVersion::V2025_11, EspChip::Esp32, N::V1_2_3, L::Measured },
        { TflmVersion::V2025_11, EspChip::Esp32S3, N::V1_2_3, L::Measured },
        { TflmVersion::V2025_11, EspChip::Esp32S3, N::V1_2_1, L::SameCode },
        { TflmVersion::V2023_02, EspChip::Esp32S3, N::V1_2_1, L::SameCode, "tflite-micro-esp-examples fbea7c12" },
        { TflmVersion::V2023_02, EspChip::Esp32S3, N::V1_2_3, L::Measured },
        { TflmVersion::V2023_02, EspChip::Esp32, N::V1_2_3, L::Measured },
    };
    for (const Cell& cell : cells) {
        EmulationSettings s = esp(cell.chip, cell.espNn);
        s.tflm = cell.tflm;
        const Provenance p = provenance(s);
        EXPECT_EQ(p.level, cell.level) << p.text;
        EXPECT_NE(p.text.find(cell.names), std::string::npos) << p.text;
    }
}

// An older snapshot's CMSIS-NN build is measured where its own pin was run (measured/tflm_<id>:
// cm4, cm3 and cm55), the same code on the CPUs of the same extension, and says which CMSIS-NN it
// means everywhere.
TEST(Provenance, OlderSnapshotsCmsisNnByTheirOwnPin)
{
    using L = ProvenanceLevel;
    struct Cell {
        TflmVersion tflm;
        Cpu cpu;
        ProvenanceLevel level;
        const char* pin;
    };
    const Cell cells[] = {
        { TflmVersion::V2023_02, Cpu::CortexM4, L::Measured, "e98ee09a" },
        { TflmVersion::V2023_02, Cpu::CortexM3, L::Measured, "e98ee09a" },
        { TflmVersion::V2023_02, Cpu::CortexM7, L::SameCode, "e98ee09a" }, // DSP, as the Cortex-M4
        { TflmVersion::V2023_02, Cpu::CortexM55, L::Measured, "e98ee09a" },
        { TflmVersion::V2023_02, Cpu::CortexM85, L::SameCode, "e98ee09a" }, // the same MVE paths
        { TflmVersion::V2024_05, Cpu::CortexM4, L::Measured, "01dee38e" },
        { TflmVersion::V2024_05, Cpu::CortexM0, L::SameCode, "01dee38e" },
        { TflmVersion::V2024_05, Cpu::CortexM85, L::SameCode, "01dee38e" },
        { TflmVersion::V2025_01, Cpu::CortexM55, L::Measured, "22080c68" },
        { TflmVersion::V2025_01, Cpu::CortexM85, L::SameCode, "22080c68" },
        { TflmVersion::V2025_11, Cpu::CortexM4, L::Measured, "e096196a" },
        { TflmVersion::V2025_11, Cpu::CortexM3, L::Measured, "e096196a" },
        { TflmVersion::V2025_11, Cpu::CortexM33, L::SameCode, "e096196a" }, // DSP, as the Cortex-M4
        { TflmVersion::V2025_11, Cpu::CortexM0Plus, L::SameCode, "e096196a" }, // none, as the Cortex-M3
        { TflmVersion::V2025_11, Cpu::CortexM55, L::Measured, "e096196a" },
    };
    EmulationSettings s;
    s.kernels = KernelSet::CmsisNn;
    for (const Cell& cell : cells) {
        s.tflm = cell.tflm;
        s.cpu = cell.cpu;
        const Provenance p = provenance(s);
        EXPECT_EQ(p.level, cell.level) << p.text;
        EXPECT_NE(p.text.find(std::string("CMSIS-NN ") + cell.pin), std::string::npos) << p.text;
    }
}

TEST(Provenance, EthosUMeasuredAtTheNewestAndB8c7ecc1TheSameCodeElsewhere)
{
    EmulationSettings s;
    s.coProcessor = CoProcessor::EthosU;
    s.tflm = TflmVersion::V2025_11;
    Provenance p = provenance(s);
    EXPECT_EQ(p.level, ProvenanceLevel::Measured) << p.text;
    EXPECT_NE(p.text.find("with kernels/ethos_u/ethosu.cc"), std::string::npos) << p.text;
    s.target = TargetKind::X86_64;
    p = provenance(s);
    EXPECT_EQ(p.level, ProvenanceLevel::SameCode) << p.text;
    EXPECT_NE(p.text.find("the ethos-u operator (kernels/ethos_u/ethosu.cc, the same file at every snapshot)"),
        std::string::npos)
        << p.text;
    s.target = TargetKind::CortexM;
    s.tflm = TflmVersion::V2025_01; // measured/tflm_10ebaab9/ethos_abi32arm_se
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured) << provenance(s).text;
    s.tflm = TflmVersion::V2024_05; // the same ethosu.cc, not built there
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::SameCode) << provenance(s).text;
    s.kernels = KernelSet::CmsisNn;
    s.cpu = Cpu::CortexM55;
    s.tflm = TflmVersion::V2025_11; // CMSIS-NN measured at b8c7ecc1 on Cortex-M55, the NPU beside it
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::SameCode) << provenance(s).text;
    s.kernels = KernelSet::Reference;
    s.nonPersistentBytes = 4096; // a construction no measured build used: neither is it with the NPU
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Source) << provenance(s).text;
}

// The whole grid a user can choose: every snapshot x target x kernel set x CPU x ESP chip and
// esp-nn version x co-processor that can be built. No cell is read from source only (issue 39):
// each is measured, or the same code as a measured build. Ethos-U adds no class: its operator is
// the same file at every snapshot, measured at 90b983c2, b8c7ecc1 and 10ebaab9.
TEST(Provenance, NoCellOfTheGridIsReadFromSourceOnly)
{
    constexpr Cpu kCpus[] = { Cpu::CortexM0, Cpu::CortexM0Plus, Cpu::CortexM3, Cpu::CortexM4, Cpu::CortexM7,
        Cpu::CortexM33, Cpu::CortexM55, Cpu::CortexM85 };
    int cells = 0;
    for (const TflmVersionInfo& v : tflmVersions())
        for (TargetKind target : allTargets())
            for (KernelSet kernels : { KernelSet::Reference, KernelSet::CmsisNn, KernelSet::EspNn })
                for (CoProcessor co : { CoProcessor::None, CoProcessor::EthosU }) {
                    EmulationSettings s;
                    s.tflm = v.version;
                    s.target = target;
                    s.kernels = kernels;
                    s.coProcessor = co;
                    if (!settingsConflict(s).empty())
                        continue;
                    auto check = [&](const EmulationSettings& cell) {
                        ++cells;
                        const Provenance p = provenance(cell);
                        EXPECT_NE(p.level, ProvenanceLevel::Source)
                            << v.id << " " << targetName(target) << " " << kernelSetName(kernels) << " "
                            << cpuName(cell.cpu) << " " << espChipName(cell.espChip) << " "
                            << espNnVersionName(cell.espNn) << " " << coProcessorName(co) << ": " << p.text;
                    };
                    if (kernels == KernelSet::CmsisNn)
                        for (Cpu cpu : kCpus) {
                            s.cpu = cpu;
                            check(s);
                        }
                    else if (kernels == KernelSet::EspNn)
                        for (EspChip chip : allEspChips())
                            for (EspNnVersion nn : allEspNnVersions()) {
                                s.espChip = chip;
                                s.espNn = nn;
                                check(s);
                            }
                    else
                        check(s);
                }
    EXPECT_GE(cells, 460); // 5 snapshots x the buildable targets, kernels, CPUs, chips and esp-nn versions
}

} // namespace
} // namespace arenascope
