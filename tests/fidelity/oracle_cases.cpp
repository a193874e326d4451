#include "oracle_cases.h"

#include "measured_file.h"
#include "probe_models.h"

#include "../core/test_support.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <utility>

namespace arenascope::test {

namespace {

// esp-tflite-micro with ESP-NN: the 32-bit int-enum layout of the Xtensa / RISC-V toolchains.
OracleBuild espBuild(const char* suffix, const char* label, EspChip chip, EspNnVersion version)
{
    return OracleBuild { suffix, label, TargetKind::Ilp32, KernelSet::EspNn, Cpu::CortexM4, chip, version };
}

// TFLM 90b983c2 built with CO_PROCESSOR=ethos_u: reference kernels plus kernels/ethos_u/ethosu.cc.
OracleBuild ethosBuild(const char* suffix, const char* label, TargetKind target)
{
    OracleBuild b { suffix, label, target, KernelSet::Reference, Cpu::CortexM4 };
    b.coProcessor = CoProcessor::EthosU;
    return b;
}

// An esp-tflite-micro release with the TFLM snapshot it carries (measured/esp_tflm_<id>).
OracleBuild espSnapshotBuild(const char* suffix, const char* label, EspChip chip, EspNnVersion v, TflmVersion tflm)
{
    OracleBuild b = espBuild(suffix, label, chip, v);
    b.tflm = tflm;
    return b;
}

// An older TFLM snapshot's reference build (measured/tflm_<id>).
OracleBuild snapshotBuild(const char* suffix, const char* label, TargetKind target, TflmVersion v)
{
    OracleBuild b { suffix, label, target, KernelSet::Reference, Cpu::CortexM4 };
    b.tflm = v;
    return b;
}

// An older TFLM snapshot built with CO_PROCESSOR=ethos_u (measured/tflm_<id>/ethos_*).
OracleBuild snapshotEthosBuild(const char* suffix, const char* label, TargetKind target, TflmVersion v)
{
    OracleBuild b = ethosBuild(suffix, label, target);
    b.tflm = v;
    return b;
}

// An older TFLM snapshot's bare-metal CMSIS-NN build, with the CMSIS-NN that snapshot pins.
OracleBuild snapshotCmsisBuild(const char* suffix, const char* label, Cpu cpu, TflmVersion v)
{
    OracleBuild b { suffix, label, TargetKind::CortexM, KernelSet::CmsisNn, cpu };
    b.tflm = v;
    return b;
}

} // namespace

const std::vector<OracleBuild>& oracleBuilds()
{
    static const std::vector<OracleBuild> builds = {
        { "abi32arm_se", "cortex_m", TargetKind::CortexM, KernelSet::Reference, Cpu::CortexM4 },
        { "abi32arm", "ilp32", TargetKind::Ilp32, KernelSet::Reference, Cpu::CortexM4 },
        { "abi64", "x86_64", TargetKind::X86_64, KernelSet::Reference, Cpu::CortexM4 },
        { "cm4_cmsisnn", "cmsis_nn_m4", TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM4 },
        { "cm3_cmsisnn", "cmsis_nn_m3", TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM3 },
        { "cm55_cmsisnn", "cmsis_nn_m55", TargetKind::CortexM, KernelSet::CmsisNn, Cpu::CortexM55 },
        espBuild("esp32s3_nn1.1.2", "esp_nn_s3_1_1_2", EspChip::Esp32S3, EspNnVersion::V1_1_2),
        espBuild("esp32s3_nn1.2.0", "esp_nn_s3_1_2_0", EspChip::Esp32S3, EspNnVersion::V1_2_0),
        espBuild("esp32s3_nn1.2.1", "esp_nn_s3_1_2_1", EspChip::Esp32S3, EspNnVersion::V1_2_1),
        espBuild("esp32s3_nn1.2.3", "esp_nn_s3_1_2_3", EspChip::Esp32S3, EspNnVersion::V1_2_3),
        espBuild("esp32_nn1.1.2", "esp_nn_esp32_1_1_2", EspChip::Esp32, EspNnVersion::V1_1_2),
        espBuild("esp32_nn1.2.3", "esp_nn_esp32_1_2_3", EspChip::Esp32, EspNnVersion::V1_2_3),
        espBuild("esp32p4_nn1.1.2", "esp_nn_p4_1_1_2", EspChip::Esp32P4, EspNnVersion::V1_1_2),
        espBuild("esp32p4_nn1.2.0", "esp_nn_p4_1_2_0", EspChip::Esp32P4, EspNnVersion::V1_2_0),
        espBuild("esp32p4_nn1.2.1", "esp_nn_p4_1_2_1", EspChip::Esp32P4, EspNnVersion::V1_2_1),
        espBuild("esp32p4_nn1.2.3", "esp_nn_p4_1_2_3", EspChip::Esp32P4, EspNnVersion::V1_2_3),
        espSnapshotBuild("esptflm1.3.3.1_esp32s3_nn1.2.3", "esp_tflm133_s3_1_2_3", EspChip::Esp32S3,
            EspNnVersion::V1_2_3, TflmVersion::V2025_01),
        ethosBuild("ethos_abi32arm_se", "ethos_u_cortex_m", TargetKind::CortexM),
        ethosBuild("ethos_abi64", "ethos_u_x86_64", TargetKind::X86_64),
        snapshotBuild("tflmb8c7ecc1_abi32arm_se", "tflmb8c7ecc1_cortex_m", TargetKind::CortexM, TflmVersion::V2025_11),
        snapshotBuild("tflmb8c7ecc1_abi32arm", "tflmb8c7ecc1_ilp32", TargetKind::Ilp32, TflmVersion::V2025_11),
        snapshotBuild("tflmb8c7ecc1_abi64", "tflmb8c7ecc1_x86_64", TargetKind::X86_64, TflmVersion::V2025_11),
        snapshotBuild("tflm10ebaab9_abi32arm_se", "tflm10ebaab9_cortex_m", TargetKind::CortexM, TflmVersion::V2025_01),
        snapshotBuild("tflm10ebaab9_abi32arm", "tflm10ebaab9_ilp32", TargetKind::Ilp32, TflmVersion::V2025_01),
        snapshotBuild("tflm10ebaab9_abi64", "tflm10ebaab9_x86_64", TargetKind::X86_64, TflmVersion::V2025_01),
        snapshotBuild("tflm71fba59b_abi32arm_se", "tflm71fba59b_cortex_m", TargetKind::CortexM, TflmVersion::V2024_05),
        snapshotBuild("tflm71fba59b_abi32arm", "tflm71fba59b_ilp32", TargetKind::Ilp32, TflmVersion::V2024_05),
        snapshotBuild("tflm71fba59b_abi64", "tflm71fba59b_x86_64", TargetKind::X86_64, TflmVersion::V2024_05),
        snapshotBuild("tflm4e62ea7b_abi32arm_se", "tflm4e62ea7b_cortex_m", TargetKind::CortexM, TflmVersion::V2023_02),
        snapshotBuild("tflm4e62ea7b_abi32arm", "tflm4e62ea7b_ilp32", TargetKind::Ilp32, TflmVersion::V2023_02),
        snapshotBuild("tflm4e62ea7b_abi64", "tflm4e62ea7b_x86_64", TargetKind::X86_64, TflmVersion::V2023_02),
        snapshotCmsisBuild(
            "tflmb8c7ecc1_cm4_cmsisnn", "tflmb8c7ecc1_cmsis_nn_m4", Cpu::CortexM4, TflmVersion::V2025_11),
        snapshotCmsisBuild(
            "tflmb8c7ecc1_cm3_cmsisnn", "tflmb8c7ecc1_cmsis_nn_m3", Cpu::CortexM3, TflmVersion::V2025_11),
        snapshotCmsisBuild(
            "tflmb8c7ecc1_cm55_cmsisnn", "tflmb8c7ecc1_cmsis_nn_m55", Cpu::CortexM55, TflmVersion::V2025_11),
        snapshotCmsisBuild(
            "tflm10ebaab9_cm4_cmsisnn", "tflm10ebaab9_cmsis_nn_m4", Cpu::CortexM4, TflmVersion::V2025_01),
        snapshotCmsisBuild(
            "tflm10ebaab9_cm3_cmsisnn", "tflm10ebaab9_cmsis_nn_m3", Cpu::CortexM3, TflmVersion::V2025_01),
        snapshotCmsisBuild(
            "tflm10ebaab9_cm55_cmsisnn", "tflm10ebaab9_cmsis_nn_m55", Cpu::CortexM55, TflmVersion::V2025_01),
        snapshotCmsisBuild(
            "tflm71fba59b_cm3_cmsisnn", "tflm71fba59b_cmsis_nn_m3", Cpu::CortexM3, TflmVersion::V2024_05),
        snapshotCmsisBuild(
            "tflm71fba59b_cm4_cmsisnn", "tflm71fba59b_cmsis_nn_m4", Cpu::CortexM4, TflmVersion::V2024_05),
        snapshotCmsisBuild(
            "tflm71fba59b_cm55_cmsisnn", "tflm71fba59b_cmsis_nn_m55", Cpu::CortexM55, TflmVersion::V2024_05),
        snapshotCmsisBuild(
            "tflm4e62ea7b_cm4_cmsisnn", "tflm4e62ea7b_cmsis_nn_m4", Cpu::CortexM4, TflmVersion::V2023_02),
        snapshotCmsisBuild(
            "tflm4e62ea7b_cm3_cmsisnn", "tflm4e62ea7b_cmsis_nn_m3", Cpu::CortexM3, TflmVersion::V2023_02),
        snapshotCmsisBuild(
            "tflm4e62ea7b_cm55_cmsisnn", "tflm4e62ea7b_cmsis_nn_m55", Cpu::CortexM55, TflmVersion::V2023_02),
        snapshotEthosBuild("tflmb8c7ecc1_ethos_abi32arm_se", "tflmb8c7ecc1_ethos_u_cortex_m", TargetKind::CortexM,
            TflmVersion::V2025_11),
        snapshotEthosBuild(
            "tflmb8c7ecc1_ethos_abi64", "tflmb8c7ecc1_ethos_u_x86_64", TargetKind::X86_64, TflmVersion::V2025_11),
        snapshotEthosBuild("tflm10ebaab9_ethos_abi32arm_se", "tflm10ebaab9_ethos_u_cortex_m", TargetKind::CortexM,
            TflmVersion::V2025_01),
        snapshotEthosBuild(
            "tflm10ebaab9_ethos_abi64", "tflm10ebaab9_ethos_u_x86_64", TargetKind::X86_64, TflmVersion::V2025_01),
        snapshotEthosBuild("tflm71fba59b_ethos_abi32arm_se", "tflm71fba59b_ethos_u_cortex_m", TargetKind::CortexM,
            TflmVersion::V2024_05),
        snapshotEthosBuild(
            "tflm71fba59b_ethos_abi64", "tflm71fba59b_ethos_u_x86_64", TargetKind::X86_64, TflmVersion::V2024_05),
        snapshotEthosBuild("tflm4e62ea7b_ethos_abi32arm_se", "tflm4e62ea7b_ethos_u_cortex_m", TargetKind::CortexM,
            TflmVersion::V2023_02),
        snapshotEthosBuild(
            "tflm4e62ea7b_ethos_abi64", "tflm4e62ea7b_ethos_u_x86_64", TargetKind::X86_64, TflmVersion::V2023_02),
        espSnapshotBuild("esptflm1.3.5_esp32s3_nn1.2.3", "esp_tflm135_s3_1_2_3", EspChip::Esp32S3, EspNnVersion::V1_2_3,
            TflmVersion::V2025_11),
        espSnapshotBuild("esptflm1.3.5_esp32_nn1.2.3", "esp_tflm135_esp32_1_2_3", EspChip::Esp32, EspNnVersion::V1_2_3,
            TflmVersion::V2025_11),
        espSnapshotBuild("esp4e62ea7b_esp32s3_nn1.2.3", "esp_tflm4e_s3_1_2_3", EspChip::Esp32S3, EspNnVersion::V1_2_3,
            TflmVersion::V2023_02),
        espSnapshotBuild("esp4e62ea7b_esp32_nn1.2.3", "esp_tflm4e_esp32_1_2_3", EspChip::Esp32, EspNnVersion::V1_2_3,
            TflmVersion::V2023_02),
        espSnapshotBuild("esptflm1.3.1_esp32s3_nn1.2.3", "esp_tflm131_s3_1_2_3", EspChip::Esp32S3, EspNnVersion::V1_2_3,
            TflmVersion::V2024_05),
        espSnapshotBuild("esptflm1.3.1_esp32_nn1.2.3", "esp_tflm131_esp32_1_2_3", EspChip::Esp32, EspNnVersion::V1_2_3,
            TflmVersion::V2024_05),
    };
    return builds;
}

namespace {

std::string safeName(std::string s)
{
    for (char& c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return s;
}

void addCases(std::vector<OracleCase>& cases, const std::filesystem::path& oracleDir,
    const std::filesystem::path& modelDir, const char* group)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(oracleDir, ec) || !std::filesystem::is_directory(modelDir, ec))
        return;
    for (const auto& e : std::filesystem::recursive_directory_iterator(oracleDir)) {
        const std::string rel = std::filesystem::relative(e.path(), oracleDir).string();
        const auto at = rel.find(".tflite.");
        if (at == std::string::npos || e.path().extension() != ".json")
            continue;
        const std::string modelRel = rel.substr(0, at + 7);
        const std::string build = rel.substr(at + 8, rel.size() - at - 8 - 5);
        for (const OracleBuild& b : oracleBuilds()) {
            if (build != b.suffix)
                continue;
            for (PlannerKind planner : { PlannerKind::Greedy, PlannerKind::Linear }) {
                OracleCase c;
                c.oracleFile = e.path();
                c.model = modelDir / modelRel;
                c.build = build;
                c.settings.target = b.target;
                c.settings.kernels = b.kernels;
                c.settings.cpu = b.cpu;
                c.settings.espChip = b.espChip;
                c.settings.espNn = b.espNn;
                c.settings.coProcessor = b.coProcessor;
                c.settings.planner = planner;
                c.name = safeName(std::string(group) + "_" + modelRel.substr(0, modelRel.size() - 7) + "_" + b.label
                    + "_" + std::string(plannerName(planner)));
                cases.push_back(std::move(c));
            }
        }
    }
}

const OracleBuild* findBuild(const std::string& suffix)
{
    for (const OracleBuild& b : oracleBuilds())
        if (suffix == b.suffix)
            return &b;
    return nullptr;
}

// The harness names a model in a folder "folder__model.tflite".
std::string pathOfKey(std::string name)
{
    for (std::size_t at = name.find("__"); at != std::string::npos; at = name.find("__", at))
        name.replace(at, 2, "/");
    return name;
}

// A measured model that is not a probe: a model of ../shared/models/tflm (person_detect_vela,
// seanet/...) or ../shared/models/ops.
std::filesystem::path sharedModel(const std::string& name)
{
    const auto shared = sharedDir();
    if (shared.empty())
        return {};
    std::error_code ec;
    for (const char* folder : { "tflm", "ops" }) {
        const auto path = shared / "models" / folder / pathOfKey(name);
        if (std::filesystem::is_regular_file(path, ec))
            return path;
    }
    return {};
}

// A model this repository ships (models/): the harness names "lessons/x.tflite" "lessons__x.tflite".
std::filesystem::path projectModel(const std::string& name)
{
    const auto path = std::filesystem::path(ARENASCOPE_PROJECT_MODELS_DIR) / pathOfKey(name);
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec) ? path : std::filesystem::path {};
}

// measured/<group>/<build>.json: {"build": ..., "models": {"<model>.tflite": {...}}}, the models
// being probe models built in code, models of ../shared/models/tflm (left out when it is absent)
// or models this repository ships (models/).
void addMeasuredCases(std::vector<OracleCase>& cases, const std::filesystem::path& dir, const char* group)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
        return;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".json")
            continue;
        const MeasuredFile& file = MeasuredFile::at(e.path());
        const OracleBuild* b = findBuild(file.build());
        if (!b)
            continue;
        for (const std::string& key : file.keys()) {
            const ProbeModel* probe = findProbeModel(key);
            auto shared = probe ? std::filesystem::path {} : sharedModel(key);
            if (!probe && shared.empty())
                shared = projectModel(key);
            if (!probe && shared.empty())
                continue;
            for (PlannerKind planner : { PlannerKind::Greedy, PlannerKind::Linear }) {
                OracleCase c;
                c.oracleFile = e.path();
                c.model = probe ? std::filesystem::path(key) : shared;
                c.measuredKey = key;
                c.modelBytes = probe ? &probe->bytes : nullptr;
                c.build = b->suffix;
                c.settings.target = b->target;
                c.settings.kernels = b->kernels;
                c.settings.cpu = b->cpu;
                c.settings.espChip = b->espChip;
                c.settings.espNn = b->espNn;
                c.settings.coProcessor = b->coProcessor;
                c.settings.tflm = b->tflm;
                c.settings.planner = planner;
                c.name = safeName(std::string(group) + "_" + key.substr(0, key.size() - 7) + "_" + b->label + "_"
                    + std::string(plannerName(planner)));
                cases.push_back(std::move(c));
            }
        }
    }
}

// Every n-th case in name order (n = 1: all). The sanitizer build runs a third of the suite:
// the same code paths at a third of the cost (README: Reliability); the normal build runs all.
std::vector<OracleCase> everyNth(std::vector<OracleCase> cases, std::size_t n)
{
    if (n <= 1)
        return cases;
    std::vector<OracleCase> kept;
    for (std::size_t i = 0; i < cases.size(); i += n)
        kept.push_back(std::move(cases[i]));
    return kept;
}

} // namespace

const std::vector<OracleCase>& oracleCases()
{
    static const std::vector<OracleCase> cases = [] {
        std::vector<OracleCase> all;
        // Every folder of measured/ (a file whose build oracleBuilds() does not name is skipped).
        std::vector<std::filesystem::path> folders;
        for (const auto& e : std::filesystem::directory_iterator(ARENASCOPE_MEASURED_DIR))
            if (e.is_directory())
                folders.push_back(e.path());
        std::sort(folders.begin(), folders.end());
        for (const auto& folder : folders)
            addMeasuredCases(all, folder, "measured");
        const auto shared = sharedDir();
        if (shared.empty()) {
            std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
            return all;
        }
        addCases(all, shared / "oracle" / "tflm", shared / "models" / "tflm", "tflm");
        addCases(all, shared / "oracle" / "ops", shared / "models" / "ops", "ops");
        std::error_code ec;
        if (std::filesystem::is_directory(shared / "oracle" / "esp", ec))
            for (const auto& build : std::filesystem::directory_iterator(shared / "oracle" / "esp"))
                if (build.is_directory())
                    addCases(all, build.path(), shared / "models" / "tflm", "esp");
        std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
        return everyNth(std::move(all), ARENASCOPE_FIDELITY_SAMPLE);
    }();
    return cases;
}

} // namespace arenascope::test
