#include "provenance.h"

#include "tflm_distributions.h"

#include "core/util/enum_names.h"
#include "core/util/version.h"

namespace arenascope {

namespace {

constexpr const char* kReferenceBuild = kEmulatedTflm;

Provenance referenceKernels(const EmulationSettings& s)
{
    // abi32arm_se (cortex-m), abi32arm (ilp32) and abi64 (x86_64) builds of the reference kernels.
    return { ProvenanceLevel::Measured,
        "measured against real TFLM (" + std::string(kReferenceBuild) + ", reference kernels, "
            + std::string(targetName(s.target)) + " layout)" };
}

Provenance cmsisKernels(const EmulationSettings& s)
{
    // Bare-metal CMSIS-NN builds: Cortex-M4 (DSP), Cortex-M3 (none), Cortex-M55 (MVE), at the
    // snapshots tflmVersions() lists; CMSIS-NN's buffer sizes depend on the extension only.
    const TflmVersionInfo& v = tflmVersionInfo(s.tflm);
    const std::string build
        = (s.tflm == kNewestTflm ? std::string(kReferenceBuild) : "tflite-micro " + tflmVersionLabel(s.tflm))
        + " with CMSIS-NN " + std::string(v.cmsisNn);
    const CpuExtension e = s.cpuExtension();
    const bool measuredExtension = e == CpuExtension::Dsp ? v.cmsisNnMeasured.dsp
        : e == CpuExtension::Mve                          ? v.cmsisNnMeasured.mve
                                                          : v.cmsisNnMeasured.none;
    if (!measuredExtension)
        return { ProvenanceLevel::Source,
            "read from source, not yet measured: " + build + " for " + std::string(cpuName(s.cpu)) };
    const Cpu measured = e == CpuExtension::Dsp ? Cpu::CortexM4
        : e == CpuExtension::Mve                ? Cpu::CortexM55
                                                : Cpu::CortexM3;
    if (s.cpu == measured)
        return { ProvenanceLevel::Measured,
            "measured against real TFLM (" + build + " for " + std::string(cpuName(s.cpu)) + ")" };
    return { ProvenanceLevel::SameCode,
        "measured on " + std::string(cpuName(measured)) + " (" + build + "): " + std::string(cpuName(s.cpu))
            + " takes the same CMSIS-NN " + std::string(cpuExtensionName(e)) + " paths" };
}

Provenance espKernels(const EmulationSettings& s)
{
    // esp-tflite-micro 99f49e14 with every esp-nn version, for ESP32-S3 and ESP32 (the generic
    // family): ../shared/oracle/esp and tests/fidelity/measured/esp; ESP32-P4 with 1.1.2, 1.2.0,
    // 1.2.1 and 1.2.3: tests/fidelity/measured/esp/esp32p4_*.
    const std::string build = "esp-tflite-micro " + std::string(kEspTfliteMicroCommit) + ", esp-nn "
        + std::string(espNnVersionName(s.espNn));
    // esp-nn 1.2.2 (def4d7a) changed no scratch-size function since 1.2.1 (only requantization
    // calls in Eval): its figures are 1.2.1's, measured.
    if (s.espNn == EspNnVersion::V1_2_2)
        return { ProvenanceLevel::SameCode,
            "esp-nn 1.2.2 computes every scratch size as the measured 1.2.1 does (its changes are in Eval only); "
            "esp-tflite-micro "
                + std::string(kEspTfliteMicroCommit) + " for " + std::string(espChipTitle(s.espChip)) };
    // The generic family was built with esp-nn 1.1.2 and 1.2.3, whose _opt scratch functions are
    // identical; the versions between have the same ones.
    if (s.espChip == EspChip::Esp32 && s.espNn != EspNnVersion::V1_1_2 && s.espNn != EspNnVersion::V1_2_3)
        return { ProvenanceLevel::SameCode,
            "measured on ESP32 with esp-nn 1.1.2 and 1.2.3, whose generic scratch functions esp-nn "
                + std::string(espNnVersionName(s.espNn)) + " shares (esp-tflite-micro "
                + std::string(kEspTfliteMicroCommit) + ")" };
    if (s.espChip == EspChip::Esp32S3 || s.espChip == EspChip::Esp32 || s.espChip == EspChip::Esp32P4)
        return { ProvenanceLevel::Measured,
            "measured against real TFLM (" + build + " for " + std::string(espChipTitle(s.espChip)) + ")" };
    return { ProvenanceLevel::SameCode,
        "measured on ESP32 (" + build + "): " + std::string(espChipTitle(s.espChip))
            + " compiles the same generic esp-nn functions and struct layout" };
}

// The older snapshots whose reference build was also measured on the ilp32 layout (abi32arm:
// 32-bit int enums, as ESP32's toolchains lay TFLM out; tests/fidelity/measured/tflm_<id>/abi32arm.json);
// tflmSnapshotMeasured covers the cortex-m and x86_64 layouts.
bool ilp32ReferenceMeasured(TflmVersion v)
{
    return v == TflmVersion::V2025_11 || v == TflmVersion::V2025_01 || v == TflmVersion::V2024_05
        || v == TflmVersion::V2023_02;
}

// The builds with CO_PROCESSOR=ethos_u (kernels/ethos_u/ethosu.cc, the reference kernels beside
// it) measured at each snapshot: tests/fidelity/measured/ethos_u (the newest) and
// tests/fidelity/measured/tflm_<id>/ethos_*.json.
bool ethosUMeasured(TflmVersion v, TargetKind target)
{
    if (v == kNewestTflm)
        return target == TargetKind::CortexM || target == TargetKind::X86_64;
    return (v == TflmVersion::V2025_11 || v == TflmVersion::V2025_01) && target == TargetKind::CortexM;
}

// With CO_PROCESSOR=ethos_u: the ethos-u operator's Init and Prepare beside `base`, the
// provenance of the same build without it. kernels/ethos_u/ethosu.cc is the same file at
// 90b983c2, b8c7ecc1, 10ebaab9 and 71fba59b (at 4e62ea7b it differs only in the registration
// type's name), so where it was not measured with these settings it is the code measured
// elsewhere.
Provenance withEthosU(const EmulationSettings& s, Provenance base)
{
    if (s.kernels == KernelSet::Reference && ethosUMeasured(s.tflm, s.target)
        && base.level == ProvenanceLevel::Measured) {
        base.text += " with kernels/ethos_u/ethosu.cc";
        return base;
    }
    if (base.level == ProvenanceLevel::Source)
        return base;
    return { ProvenanceLevel::SameCode,
        base.text
            + "; the ethos-u operator (kernels/ethos_u/ethosu.cc, the same file at every snapshot) measured "
              "with the reference kernels on cortex-m at 90b983c2, b8c7ecc1 and 10ebaab9" };
}

// The esp-tflite-micro build measured with an older snapshot's TFLM files, or nullptr: a release
// (its tag) whose TFLM files are the snapshot's, or at 4e62ea7b, which no release carries, the
// tree of its date (tflite-micro-esp-examples, the repository esp-tflite-micro was before v1.0.0).
const char* espTfliteMicroReleaseMeasured(TflmVersion v)
{
    if (v == TflmVersion::V2025_11)
        return "esp-tflite-micro 1.3.5";
    if (v == TflmVersion::V2025_01)
        return "esp-tflite-micro 1.3.3.1";
    if (v == TflmVersion::V2024_05)
        return "esp-tflite-micro 1.3.1";
    if (v == TflmVersion::V2023_02)
        return "tflite-micro-esp-examples fbea7c12";
    return nullptr;
}

// An older snapshot: measured where tests/fidelity/measured/tflm_<id> holds that build's figures
// (the reference kernels on cortex-m and x86_64, and on ilp32 where measured), read from source
// otherwise. `s` is the build without the co-processor (provenance() adds the ethos-u operator).
Provenance olderSnapshot(const EmulationSettings& s)
{
    if (s.kernels == KernelSet::CmsisNn && s.target == TargetKind::CortexM)
        return cmsisKernels(s);
    // esp-tflite-micro releases measured with the TFLM snapshot they carry, with esp-nn 1.2.3
    // (tests/fidelity/measured/esp_tflm_<id>): 1.3.5 (b8c7ecc1's TFLM files) and 1.3.1 (71fba59b's) on
    // ESP32-S3 and ESP32, 1.3.3.1 (ESPHome's pin; 10ebaab9's) on ESP32-S3; at 4e62ea7b, the ESP-NN glue
    // of tflite-micro-esp-examples fbea7c12 (2023-03, whose TFLM files are 4e62ea7b's parent's) built
    // with 4e62ea7b, on ESP32-S3 and ESP32. Their glue differs from 99f49e14's only in what does not
    // move these figures (the filter channels handed to esp-nn, which no scratch function reads) and
    // in what the emulation dates (the conv Init, the snapshot's structs), so the other chips and
    // versions keep the scratch functions measured there.
    const char* espRelease = espTfliteMicroReleaseMeasured(s.tflm);
    if (s.kernels == KernelSet::EspNn && s.target == TargetKind::Ilp32 && espRelease != nullptr
        && !s.nonPersistentBytes) {
        const std::string release = espRelease;
        const std::string build = release + " (tflite-micro " + tflmVersionLabel(s.tflm) + "), esp-nn "
            + std::string(espNnVersionName(s.espNn)) + " for " + std::string(espChipTitle(s.espChip));
        const bool esp32Too = s.tflm != TflmVersion::V2025_01;
        const bool measuredChip = s.espChip == EspChip::Esp32S3 || (esp32Too && s.espChip == EspChip::Esp32);
        if (measuredChip && s.espNn == EspNnVersion::V1_2_3)
            return { ProvenanceLevel::Measured, "measured against real TFLM (" + build + ")" };
        return { ProvenanceLevel::SameCode,
            build + ": the " + release + " glue measured on " + (esp32Too ? "ESP32-S3 and ESP32" : "ESP32-S3")
                + " with esp-nn 1.2.3, these esp-nn scratch functions with esp-tflite-micro "
                + std::string(kEspTfliteMicroCommit) };
    }
    const std::string build = "tflite-micro " + tflmVersionLabel(s.tflm);
    const bool measuredLayout
        = s.target == TargetKind::Ilp32 ? ilp32ReferenceMeasured(s.tflm) : tflmSnapshotMeasured(s.tflm);
    const bool measured = s.kernels == KernelSet::Reference && measuredLayout;
    if (measured)
        return { ProvenanceLevel::Measured,
            "measured against real TFLM (" + build + ", reference kernels, " + std::string(targetName(s.target))
                + " layout)" };
    return { ProvenanceLevel::Source,
        "read from source, not yet measured: " + build + " with " + describeKernels(s) + " on the "
            + std::string(targetName(s.target)) + " layout" };
}

} // namespace

Provenance provenance(const EmulationSettings& s)
{
    // The build without the co-processor, then the ethos-u operator beside it.
    EmulationSettings cpuOnly = s;
    cpuOnly.coProcessor = CoProcessor::None;
    Provenance p;
    if (s.tflm != kNewestTflm) {
        p = olderSnapshot(cpuOnly);
    } else {
        switch (s.kernels) {
        case KernelSet::Reference:
            p = referenceKernels(s);
            break;
        case KernelSet::CmsisNn:
            p = cmsisKernels(s);
            break;
        case KernelSet::EspNn:
            p = espKernels(s);
            break;
        }
    }
    if (s.coProcessor == CoProcessor::EthosU)
        p = withEthosU(s, std::move(p));
    // A distribution named: what it is and how close its TFLM is to the snapshot emulated.
    if (const TflmDistribution* d = findTflmDistribution(s.tflmDistribution)) {
        p.text += "; " + std::string(d->title) + " is tflite-micro " + std::string(d->upstream) + " ("
            + std::string(d->upstreamDate) + ")";
        p.text += d->exact() ? ", whose TFLM files are " + std::string(tflmVersionId(d->snapshot)) + "'s"
                             : ", emulated as " + std::string(tflmVersionId(d->snapshot))
                + "; it differs in: " + std::string(d->differs);
    }
    // Parts of the construction no measured build used.
    if (s.nonPersistentBytes)
        return { ProvenanceLevel::Source,
            "read from source, not yet measured: separate persistent and non-persistent arenas (" + p.text + ")" };
    return p;
}

Provenance sharedArenaProvenance(const EmulationSettings& s)
{
    Provenance p = provenance(s);
    // The layouts multitenant.cc was run on (tests/fidelity/measured/multitenant/<abi>.json).
    const bool measuredLayout = s.target == TargetKind::X86_64 || s.target == TargetKind::CortexM;
    const bool measured = s.tflm == kNewestTflm && s.kernels == KernelSet::Reference
        && s.coProcessor == CoProcessor::None && measuredLayout && !s.nonPersistentBytes;
    if (measured) {
        p.text += "; several models on one MicroAllocator measured too (../shared/harness multitenant)";
        return p;
    }
    if (p.level == ProvenanceLevel::Measured)
        p.level = ProvenanceLevel::SameCode;
    p.text += "; several models on one MicroAllocator: measured at " + std::string(kEmulatedTflm)
        + " with the reference kernels, and the code that carries state from one model to the next is the same in "
          "this build";
    return p;
}

std::string_view provenanceName(ProvenanceLevel level)
{
    static constexpr EnumName<ProvenanceLevel> kNames[] = { { ProvenanceLevel::Measured, "measured" },
        { ProvenanceLevel::SameCode, "same_code" }, { ProvenanceLevel::Source, "source" } };
    static_assert(namesEachValue(kNames, ProvenanceLevel::Source));
    return nameIn(kNames, level);
}

std::string describeKernels(const EmulationSettings& s)
{
    switch (s.kernels) {
    case KernelSet::Reference:
        return "reference kernels";
    case KernelSet::CmsisNn:
        return "CMSIS-NN kernels for " + std::string(cpuName(s.cpu)) + " ("
            + std::string(cpuExtensionName(s.cpuExtension())) + ")";
    case KernelSet::EspNn:
        return "ESP-NN kernels for " + std::string(espChipTitle(s.espChip)) + ", esp-nn "
            + std::string(espNnVersionName(s.espNn)) + (s.espNn == kNewestEspNn ? " (the newest)" : "");
    }
    return "?";
}

std::string emulatedTflm(const EmulationSettings& s)
{
    if (s.tflm != kNewestTflm) {
        std::string out = "tflite-micro " + std::string(tflmVersionId(s.tflm));
        if (s.kernels == KernelSet::CmsisNn)
            out += " with CMSIS-NN " + std::string(tflmVersionInfo(s.tflm).cmsisNn);
        if (s.kernels == KernelSet::EspNn)
            out += " in esp-tflite-micro, with esp-nn " + std::string(espNnVersionName(s.espNn));
        if (s.coProcessor == CoProcessor::EthosU)
            out += ", CO_PROCESSOR=ethos_u";
        return out;
    }
    std::string out;
    switch (s.kernels) {
    case KernelSet::Reference:
        out = kReferenceBuild;
        break;
    case KernelSet::CmsisNn:
        out = std::string(kReferenceBuild) + " with CMSIS-NN 4ab83cc3";
        break;
    case KernelSet::EspNn:
        out = "esp-tflite-micro " + std::string(kEspTfliteMicroCommit) + " (tflite-micro 096563546) with esp-nn "
            + std::string(espNnVersionName(s.espNn));
        break;
    }
    if (s.coProcessor == CoProcessor::EthosU)
        out += ", CO_PROCESSOR=ethos_u";
    return out;
}

} // namespace arenascope
