#include "tflm_distributions.h"

#include "core/util/enum_names.h"

#include <algorithm>
#include <array>

namespace arenascope {

namespace {

using V = TflmVersion;

// What several rows say alike: Zephyr 4.2 and 4.3 vendor the branch Zephyr 4.1 pinned, and the
// two ModusToolbox releases carry the same Infineon changes.
constexpr std::string_view kZephyr41Branch
    = "zephyrproject-rtos/tflite-micro branch zephyr-v4.1.0 (8d404de7, pinned by zephyr#85547 until zephyr#105485): "
      "its 800 TFLM sources equal tflite-micro ef6459127";
constexpr std::string_view kZephyr41Differs
    = "the file:line of BATCH_MATMUL's checks (28, moved into batch_matmul_common.cc by ef6459127)";
constexpr std::string_view kInfineonOwn
    = "Infineon's own changes (29 headers: the allocator's temp bookkeeping, NNLite and Ethos-U support); built "
      "without TFLM's error strings, so the device prints no message at all";

// Read from the distributions' own trees (docs/tflm-snapshots/distributions.md says how): every
// vendored TFLM source file compared with tflite-micro's first-parent history, and the commit
// found checked against the snapshot for the dated changes of tflm_changes.cpp between them and
// for the file:line of every check (scripts/tflm_check_lines.py's alignment).
constexpr std::array kDistributions = {
    // tflite-micro main and what vendors it.
    TflmDistribution { "zephyr-4.4", "Zephyr 4.4", V::V2026_08, "f2b2b3f51", "2026-02-12",
        "zephyrproject-rtos/tflite-micro branch zephyr-v4.4.0 (fcc760af, pinned by zephyr#105485): its 838 TFLM "
        "sources equal tflite-micro df1992c68..f2b2b3f51",
        "the CMSIS-NN rows of 2026-05 (d0890bb45 grouped-convolution buffers, cc99d0597 depthwise batch "
        "assertion); the file:line of 43 checks in flatbuffer_conversions.cc, 18 in kernel_util.cc and 26 in "
        "BATCH_MATMUL and CMSIS-NN's BATCH_MATMUL, CONV_2D and LSTM; Zephyr's CMSIS-NN is its own module, not "
        "TFLM's pin" },
    TflmDistribution { "esp-tflite-micro-1.3.8", "esp-tflite-micro 1.3.8", V::V2026_08, "096563546", "2026-07-13",
        "espressif/esp-tflite-micro v1.3.8 (d6465fd5): its 438 TFLM sources equal tflite-micro 35b20c5c7..096563546 "
        "(the ESP-NN glue is 99f49e14's, measured)",
        "the file:line of 14 checks in flatbuffer_conversions.cc and 6 in kernels/kernel_util.cc; two "
        "kernel_util.cc shape checks of 90b983c2 are absent" },
    TflmDistribution { "esp-tflite-micro-1.3.7", "esp-tflite-micro 1.3.7", V::V2026_08, "b6ee3dc97", "2026-06-16",
        "espressif/esp-tflite-micro v1.3.7 (6dcc4ae7): its 437 TFLM sources equal tflite-micro c2accf5c8..b6ee3dc97",
        "no dated change; the file:line of 43 checks in flatbuffer_conversions.cc, 18 in kernel_util.cc and 2 in "
        "BATCH_MATMUL; two kernel_util.cc shape checks of 90b983c2 are absent" },
    // b8c7ecc1 and what lies near it.
    TflmDistribution { "esp-tflite-micro-1.3.5", "esp-tflite-micro 1.3.5", V::V2025_11, "b8c7ecc19", "2025-11-10",
        "espressif/esp-tflite-micro v1.3.5 (5f31ea08): its 436 TFLM sources equal tflite-micro b8c7ecc19", "" },
    TflmDistribution { "esp-tflite-micro-1.3.4", "esp-tflite-micro 1.3.4", V::V2025_11, "93ebaa9ca", "2025-09-03",
        "espressif/esp-tflite-micro v1.3.4 (1171b51a): its 424 TFLM sources equal tflite-micro 3b209129c..93ebaa9ca",
        "PRELU int16 without the int8-alpha check (aa6e62517), DECODE and DYNAMIC_UPDATE_SLICE not registered "
        "(d96fe663d, 62cbc8e3e); the file:line of 66 checks in flatbuffer_conversions.cc" },
    TflmDistribution { "infineon-3.4", "ModusToolbox ml-tflite-micro 3.4", V::V2025_11, "6c1c1a89f", "2025-11-19",
        "Infineon/ml-tflite-micro release-v3.4.0: prebuilt libraries; 203 of its 232 TFLM headers equal tflite-micro "
        "6c1c1a89f..9cbf6e040, the library registers REDUCE_MIN, DECODE and DYNAMIC_UPDATE_SLICE but not "
        "REDUCE_ALL (RELEASE.md: 'TFLM upstream Nov 2025')",
        kInfineonOwn },
    TflmDistribution { "infineon-3.3", "ModusToolbox ml-tflite-micro 3.3", V::V2025_11, "6c1c1a89f", "2025-11-19",
        "Infineon/ml-tflite-micro release-v3.3.0: prebuilt libraries; 203 of its 232 TFLM headers equal tflite-micro "
        "6c1c1a89f..9cbf6e040, the library registers DECODE and DYNAMIC_UPDATE_SLICE but not REDUCE_ALL",
        kInfineonOwn },
    TflmDistribution { "nxp-mcux-25.09", "NXP MCUXpresso SDK 25.09", V::V2025_01, "3200ccd18", "2025-06-17",
        "nxp-mcuxpresso/mcuxsdk-middleware-tensorflow main of 2025-09 (76e0d79; SCR.txt: 'commit 3200ccd1'): 533 of "
        "its 537 TFLM sources equal tflite-micro 3200ccd18 line for line",
        "the 2025-03..06 changes 10ebaab9 lacks: int16 per-channel FULLY_CONNECTED (39209b412), the temp-tensor null "
        "check (b15beb9d4), RELU int16, pooling and SUB int32 checks (b78bb7e31, 12cd995e7, 686df2db9); NXP's "
        "own cmsis_nn/pad.cc, transpose.cc and detection_postprocess.cc" },
    // 10ebaab9 and what lies near it.
    TflmDistribution {
        "zephyr-4.3", "Zephyr 4.3", V::V2025_01, "ef6459127", "2025-02-07", kZephyr41Branch, kZephyr41Differs },
    TflmDistribution {
        "zephyr-4.2", "Zephyr 4.2", V::V2025_01, "ef6459127", "2025-02-07", kZephyr41Branch, kZephyr41Differs },
    TflmDistribution { "zephyr-4.1", "Zephyr 4.1", V::V2025_01, "ef6459127", "2025-02-07",
        "zephyrproject-rtos/tflite-micro branch zephyr-v4.1.0 (8d404de7, pinned by zephyr#85547): its 800 TFLM "
        "sources equal tflite-micro ef6459127",
        kZephyr41Differs },
    TflmDistribution { "esp-tflite-micro-1.3.3.1", "esp-tflite-micro 1.3.3.1 (ESPHome)", V::V2025_01, "10ebaab9f",
        "2025-01-07",
        "espressif/esp-tflite-micro v1.3.3.1 (78e5532e): its 418 TFLM sources equal tflite-micro 10ebaab9f..9b79b9faf",
        "" },
    TflmDistribution { "esp-tflite-micro-1.3.3", "esp-tflite-micro 1.3.3", V::V2025_01, "10ebaab9f", "2025-01-07",
        "espressif/esp-tflite-micro v1.3.3 (78e5532e, as 1.3.3.1): its 418 TFLM sources equal tflite-micro "
        "10ebaab9f..9b79b9faf",
        "" },
    TflmDistribution { "pico-tflmicro", "pico-tflmicro", V::V2025_01, "87d5152c9", "2024-12-23",
        "raspberrypi/pico-tflmicro main (dfea53b): every TFLM source but the three platform files (debug_log, "
        "micro_time, system_setup) equals tflite-micro 87d5152c9 line for line (includes rewritten); 87d5152c9 "
        "and 10ebaab9 differ only in an Eval header",
        "" },
    TflmDistribution { "himax-2412", "Himax WiseEye2 SDK tflmtag2412", V::V2025_01, "e3ac89072", "2024-12-19",
        "HimaxWiseEyePlus/Seeed_Grove_Vision_AI_Module_V2 library/inference/tflmtag2412_u55tag2411: its 634 TFLM "
        "sources equal tflite-micro 01e31b749..e3ac89072 line for line, whose allocation path and checks are "
        "10ebaab9's",
        "" },
    TflmDistribution { "arm-mlek-24.11", "Arm ML embedded evaluation kit 24.11", V::V2025_01, "f91dd916e", "2024-11-13",
        "ml-embedded-evaluation-kit 24.11 (MLECO-5413, b685fb1 in alifsemi/alif_ml-embedded-evaluation-kit): "
        "dependencies/tensorflow pins tflite-micro f91dd916e, dependencies/cmsis-nn 22080c68 (10ebaab9's pin)",
        "the 2024-12 changes it lacks: TfLiteQuantizationType of 1 byte with short enums (39ba5a848), int8 "
        "CONCATENATION's persistent scale/zero-point arrays (50e7e5dbd), DEPTHWISE_CONV_2D without a bias reading a "
        "null tensor (b1d8a0802), 'filter type :' (a9c6e6a44); the file:line of the conv, depthwise, "
        "concatenation and transpose conv checks" },
    TflmDistribution { "esp-tflite-micro-1.3.2", "esp-tflite-micro 1.3.2", V::V2025_01, "e440f0ab8", "2024-10-28",
        "espressif/esp-tflite-micro v1.3.2 (384b2041): its 412 TFLM sources equal tflite-micro b3967a901..e440f0ab8",
        "the 2024-12 changes it lacks: int8 CONCATENATION's persistent scale/zero-point arrays (50e7e5dbd), "
        "DEPTHWISE_CONV_2D without a bias reading a null tensor (b1d8a0802), 'filter type :' (a9c6e6a44), "
        "TfLiteQuantizationType's size (39ba5a848; none with ESP's int-sized enums); the file:line of the conv, "
        "depthwise, concatenation and transpose conv checks" },
    // 71fba59b.
    TflmDistribution { "zephyr-4.0", "Zephyr 4.0", V::V2024_05, "71fba59b5", "2024-05-29",
        "zephyrproject-rtos/tflite-micro branch zephyr (48613f7b, pinned by zephyr#73995 until zephyr#85547): its "
        "774 TFLM sources equal tflite-micro 71fba59b5",
        "" },
    TflmDistribution { "zephyr-3.7", "Zephyr 3.7 LTS", V::V2024_05, "71fba59b5", "2024-05-29",
        "zephyrproject-rtos/tflite-micro branch zephyr (48613f7b, pinned by zephyr#73995): its 774 TFLM sources "
        "equal tflite-micro 71fba59b5",
        "" },
    TflmDistribution { "esp-tflite-micro-1.3.1", "esp-tflite-micro 1.3.1", V::V2024_05, "71fba59b5", "2024-05-29",
        "espressif/esp-tflite-micro v1.3.1 (0032f173): its 402 TFLM sources equal tflite-micro 71fba59b5..8cd499a14",
        "" },
    // 4e62ea7b.
    TflmDistribution { "arduino", "Arduino library (tflite-micro-arduino-examples)", V::V2023_02, "4e62ea7b8",
        "2023-02-27",
        "tensorflow/tflite-micro-arduino-examples main (9de3155): every TFLM source but the three platform files "
        "equals tflite-micro 4e62ea7b8 line for line (includes rewritten)",
        "" },
};

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// "Zephyr-v4.4" -> "zephyr-4.4", "V1.3.5" -> "1.3.5": lower case, a "v" dropped where a version
// number starts (at the start or after '-' or '_', followed by a digit); '_' and ' ' read as '-'.
std::string canonical(std::string_view text)
{
    std::string s = lower(text);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i] == '_' || s[i] == ' ' ? '-' : s[i];
        const bool versionStart = (i == 0 || out.empty() || out.back() == '-') && c == 'v' && i + 1 < s.size()
            && s[i + 1] >= '0' && s[i + 1] <= '9';
        if (!versionStart)
            out += c;
    }
    return out;
}

} // namespace

std::span<const TflmDistribution> tflmDistributions()
{
    return kDistributions;
}

const TflmDistribution* findTflmDistribution(std::string_view name)
{
    return rowWhere(kDistributions, &TflmDistribution::name, name);
}

TflmResolution resolveTflm(std::string_view text)
{
    TflmResolution r;
    if (auto v = parseTflmVersion(lower(text))) {
        r.version = v;
        return r;
    }
    const std::string key = canonical(text);
    if (key.empty())
        return r;
    // An exact name, or the name with a patch release of 0 ("zephyr-4.4.0").
    for (const TflmDistribution& d : kDistributions)
        if (key == d.name || key == std::string(d.name) + ".0") {
            r.version = d.snapshot;
            r.distribution = &d;
            return r;
        }
    for (const TflmDistribution& d : kDistributions)
        if (d.name.substr(0, key.size()) == key)
            r.candidates.push_back(d.name);
    if (r.candidates.size() == 1) {
        r.distribution = findTflmDistribution(r.candidates.front());
        r.version = r.distribution->snapshot;
        r.candidates.clear();
    }
    return r;
}

std::string tflmDistributionLabel(const TflmDistribution& d)
{
    return std::string(d.title) + (d.exact() ? " (= " : " (~ ") + std::string(tflmVersionId(d.snapshot)) + ")";
}

std::string tflmDistributionNames()
{
    return fieldsJoined(kDistributions, &TflmDistribution::name);
}

std::string tflmDistributionList()
{
    std::string out = "TFLM snapshots (--tflm <commit>, newest first):\n";
    for (auto it = tflmVersions().rbegin(); it != tflmVersions().rend(); ++it)
        out += "  " + std::string(it->id) + "  " + std::string(it->date) + "  " + std::string(it->shippedBy) + "\n";
    out += "\nDistributions (--tflm <name>; '=' its TFLM files are the snapshot's, '~' emulated as the nearer "
           "snapshot):\n";
    for (const TflmDistribution& d : kDistributions) {
        out += "  " + std::string(d.name) + (d.exact() ? " = " : " ~ ") + std::string(tflmVersionId(d.snapshot)) + "  "
            + std::string(d.title) + ", tflite-micro " + std::string(d.upstream) + " (" + std::string(d.upstreamDate)
            + ")\n";
        out += "      compared: " + std::string(d.evidence) + "\n";
        if (!d.exact())
            out += "      differs: " + std::string(d.differs) + "\n";
    }
    return out;
}

} // namespace arenascope
