#include "esp_nn_build.h"

#include "core/util/enum_names.h"

#include <array>

namespace arenascope {

namespace {

struct ChipInfo {
    EspChip chip;
    std::string_view name;
    std::string_view title;
    EspNnFamily family;
};

// esp-nn include/esp_nn.h: CONFIG_IDF_TARGET_ESP32S3 selects esp_nn_esp32s3.h,
// CONFIG_IDF_TARGET_ESP32P4 esp_nn_esp32p4.h, every target without its own family the generic
// optimisations (esp_nn_generic_opt.h).
constexpr std::array kChips = {
    ChipInfo { EspChip::Esp32, "esp32", "ESP32", EspNnFamily::GenericOpt },
    ChipInfo { EspChip::Esp32S2, "esp32s2", "ESP32-S2", EspNnFamily::GenericOpt },
    ChipInfo { EspChip::Esp32S3, "esp32s3", "ESP32-S3", EspNnFamily::Esp32S3 },
    ChipInfo { EspChip::Esp32C3, "esp32c3", "ESP32-C3", EspNnFamily::GenericOpt },
    ChipInfo { EspChip::Esp32C6, "esp32c6", "ESP32-C6", EspNnFamily::GenericOpt },
    ChipInfo { EspChip::Esp32H2, "esp32h2", "ESP32-H2", EspNnFamily::GenericOpt },
    ChipInfo { EspChip::Esp32P4, "esp32p4", "ESP32-P4", EspNnFamily::Esp32P4 },
};

struct VersionInfo {
    EspNnVersion version;
    std::string_view name;
    std::string_view commit;
};

constexpr std::array kVersions = {
    VersionInfo { EspNnVersion::V1_1_2, "1.1.2", "596b08401a63" },
    VersionInfo { EspNnVersion::V1_2_0, "1.2.0", "b859e50b9019" },
    VersionInfo { EspNnVersion::V1_2_1, "1.2.1", "6e2e7163b850" },
    VersionInfo { EspNnVersion::V1_2_2, "1.2.2", "d2fb624e88b0" },
    VersionInfo { EspNnVersion::V1_2_3, "1.2.3", "d45b843ca5f8" },
};

constexpr std::array kChipList = { EspChip::Esp32, EspChip::Esp32S2, EspChip::Esp32S3, EspChip::Esp32C3,
    EspChip::Esp32C6, EspChip::Esp32H2, EspChip::Esp32P4 };
constexpr std::array kVersionList
    = { EspNnVersion::V1_1_2, EspNnVersion::V1_2_0, EspNnVersion::V1_2_1, EspNnVersion::V1_2_2, EspNnVersion::V1_2_3 };

const ChipInfo& info(EspChip chip)
{
    return rowWhereOr(kChips, &ChipInfo::chip, chip, kChips[0]);
}

const VersionInfo& info(EspNnVersion v)
{
    return rowWhereOr(kVersions, &VersionInfo::version, v, kVersions[0]);
}

} // namespace

EspNnFamily espNnFamily(EspChip chip)
{
    return info(chip).family;
}

std::span<const EspChip> allEspChips()
{
    return kChipList;
}

std::span<const EspNnVersion> allEspNnVersions()
{
    return kVersionList;
}

std::string_view espChipName(EspChip chip)
{
    return info(chip).name;
}

std::string_view espChipTitle(EspChip chip)
{
    return info(chip).title;
}

std::string_view espNnVersionName(EspNnVersion v)
{
    return info(v).name;
}

std::string_view espNnVersionCommit(EspNnVersion v)
{
    return info(v).commit;
}

std::optional<EspChip> parseEspChip(std::string_view name)
{
    return fieldWhere(kChips, &ChipInfo::name, name, &ChipInfo::chip);
}

std::optional<EspNnVersion> parseEspNnVersion(std::string_view name)
{
    return fieldWhere(kVersions, &VersionInfo::name, name, &VersionInfo::version);
}

std::string espChipChoices()
{
    return fieldsJoined(kChips, &ChipInfo::name);
}

std::string espNnVersionChoices()
{
    return fieldsJoined(kVersions, &VersionInfo::name);
}

} // namespace arenascope
