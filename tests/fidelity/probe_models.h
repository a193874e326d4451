#pragma once
// Models the project builds itself to measure what the shared models do not reach: every path of
// esp-nn's scratch-size functions (1x1, im2col, padded, tiled, channel-padded convolutions and
// depthwise convolutions; softmax rows of every rank), built deterministically with
// ModelBuilder. Their real-TFLM figures were measured with ../shared/harness and are kept under
// tests/fidelity/measured/ (README there says how); `write_probe_models DIR` writes the same
// bytes for the harness.

#include <cstdint>
#include <string>
#include <vector>

namespace arenascope::test {

struct ProbeModel {
    std::string name; // file name, "esp_conv_1x1_8x8x16_to32.tflite"
    std::vector<std::uint8_t> bytes;
};

const std::vector<ProbeModel>& espProbeModels();

// Models shaped as Vela writes them for an Arm Ethos-U NPU: `ethos-u` custom operators with a
// command stream, weights and scratch tensors at offline offsets, CPU operators around them.
const std::vector<ProbeModel>& ethosUProbeModels();

// Every probe model, by file name (nullptr when there is none).
const ProbeModel* findProbeModel(const std::string& name);

} // namespace arenascope::test
