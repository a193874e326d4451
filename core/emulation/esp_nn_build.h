#pragma once
// Espressif builds: esp-tflite-micro with its ESP-NN kernels (kernels/esp_nn/) and espressif/esp-nn
// at one version, compiled for one chip. What changes the arena is the esp-nn *family* the chip
// selects (esp-nn include/esp_nn.h) and the esp-nn version, whose scratch-size functions moved.
//
//   chip          -> family         functions
//   ESP32-S3      -> Esp32S3        esp_nn_get_*_scratch_size_esp32s3
//   ESP32-P4      -> Esp32P4        esp_nn_get_conv_scratch_size_esp32p4 (depthwise conv and softmax
//                                   take the generic functions until 1.2.3, then P4 ones)
//   anything else -> GenericOpt     *_opt (ESP32, ESP32-S2, -C3, -C6, -H2)
//
// Usage:
//   EmulationSettings s; s.target = TargetKind::Ilp32; s.kernels = KernelSet::EspNn;
//   s.espChip = EspChip::Esp32S3; s.espNn = EspNnVersion::V1_2_3;
//   espNnFamily(s.espChip) == EspNnFamily::Esp32S3

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace arenascope {

enum class EspChip { Esp32, Esp32S2, Esp32S3, Esp32C3, Esp32C6, Esp32H2, Esp32P4 };

// esp-nn releases, oldest first (espressif/esp-nn tags; 1.2.1-1.2.3 are master merges).
enum class EspNnVersion { V1_1_2, V1_2_0, V1_2_1, V1_2_2, V1_2_3 };

// The newest release: esp-tflite-micro asks for esp-nn >= 1.1.1 and the component manager takes
// the newest at build time, so this is what a rebuild today gets.
inline constexpr EspNnVersion kNewestEspNn = EspNnVersion::V1_2_3;

enum class EspNnFamily { GenericOpt, Esp32S3, Esp32P4 };

EspNnFamily espNnFamily(EspChip chip);

std::span<const EspChip> allEspChips();
std::span<const EspNnVersion> allEspNnVersions();
std::string_view espChipName(EspChip chip); // "esp32s3"
std::string_view espChipTitle(EspChip chip); // "ESP32-S3"
std::string_view espNnVersionName(EspNnVersion v); // "1.2.3"
std::string_view espNnVersionCommit(EspNnVersion v); // the espressif/esp-nn commit, 12 hex digits
std::optional<EspChip> parseEspChip(std::string_view name);
std::optional<EspNnVersion> parseEspNnVersion(std::string_view name);
std::string espChipChoices(); // "esp32|esp32s2|..."
std::string espNnVersionChoices(); // "1.1.2|1.2.0|..."

// esp-tflite-micro and its TFLM, as built for the figures (the component's HEAD of 2026-08).
inline constexpr std::string_view kEspTfliteMicroCommit = "99f49e14";
inline constexpr std::string_view kEspTfliteMicroTflmCommit = "096563546";

} // namespace arenascope
