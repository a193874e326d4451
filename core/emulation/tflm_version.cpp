#include "tflm_version.h"

#include "core/util/enum_names.h"

#include <algorithm>
#include <array>

namespace arenascope {

namespace {

// Who ships each snapshot: the distributions whose TFLM files are the snapshot's, then those
// emulated as it ("nearest for"); tflm_distributions.cpp has the evidence.
constexpr std::array kVersions = {
    TflmVersionInfo { TflmVersion::V2023_02, "4e62ea7b", "4e62ea7b821c1e6af004912132395fb81922ea8d", "2023-02-27",
        "the Arduino library (tflite-micro-arduino-examples)", true, "e98ee09a",
        { .none = true, .dsp = true, .mve = true } },
    TflmVersionInfo { TflmVersion::V2024_05, "71fba59b", "71fba59b5bebfd64b48e167bfcb669fff568ec74", "2024-05-29",
        "Zephyr 3.7 LTS and 4.0, esp-tflite-micro 1.3.1", true, "01dee38e",
        { .none = true, .dsp = true, .mve = true } },
    TflmVersionInfo { TflmVersion::V2025_01, "10ebaab9", "10ebaab9fcb796319df88dbf0db1a05d13a812c5", "2025-01-07",
        "esp-tflite-micro 1.3.3 and 1.3.3.1 (ESPHome), pico-tflmicro, Himax WiseEye2 SDK 2412; nearest for Zephyr "
        "4.1-4.3, "
        "NXP MCUXpresso SDK 25.09, Arm ML evaluation kit 24.11, esp-tflite-micro 1.3.2",
        true, "22080c68", { .none = true, .dsp = true, .mve = true } },
    TflmVersionInfo { TflmVersion::V2025_11, "b8c7ecc1", "b8c7ecc197eab319b62a0311db307ad3b1f65943", "2025-11-10",
        "esp-tflite-micro 1.3.5; nearest for esp-tflite-micro 1.3.4, ModusToolbox ml-tflite-micro 3.3 and 3.4", true,
        "e096196a", { .none = true, .dsp = true, .mve = true } },
    TflmVersionInfo { TflmVersion::V2026_08, "90b983c2", "90b983c2b3f1480642e040bbd2ddb37b998f3424", "2026-08-20",
        "tflite-micro main; nearest for Zephyr 4.4, esp-tflite-micro 1.3.7 and 1.3.8", true, "4ab83cc3",
        { .none = true, .dsp = true, .mve = true } },
};

bool isHex(std::string_view s)
{
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

} // namespace

std::span<const TflmVersionInfo> tflmVersions()
{
    return kVersions;
}

const TflmVersionInfo& tflmVersionInfo(TflmVersion v)
{
    return rowWhereOr(kVersions, &TflmVersionInfo::version, v, kVersions.back());
}

std::string tflmVersionLabel(TflmVersion v)
{
    const TflmVersionInfo& i = tflmVersionInfo(v);
    return std::string(i.id) + " (" + std::string(i.date) + ")";
}

std::optional<TflmVersion> parseTflmVersion(std::string_view text)
{
    if (text == "newest" || text == "latest")
        return kNewestTflm;
    if (text.size() >= 7 && text.size() <= 40 && isHex(text)) {
        for (const TflmVersionInfo& i : kVersions)
            if (i.commit.substr(0, text.size()) == text)
                return i.version;
        return std::nullopt;
    }
    // A date prefix names a snapshot when exactly one starts with it ("2025-01", "2024").
    std::optional<TflmVersion> found;
    if (text.size() >= 4)
        for (const TflmVersionInfo& i : kVersions)
            if (i.date.substr(0, text.size()) == text) {
                if (found)
                    return std::nullopt;
                found = i.version;
            }
    return found;
}

std::string tflmVersionChoices()
{
    // The newest first. A reversed copy, not std::views::reverse: the browser build's libc++
    // (emscripten 3.1.6) has no std::views.
    auto newestFirst = kVersions;
    std::reverse(newestFirst.begin(), newestFirst.end());
    return fieldsJoined(newestFirst, &TflmVersionInfo::id);
}

} // namespace arenascope
