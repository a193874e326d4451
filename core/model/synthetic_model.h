#pragma once
// Synthetic int8 models of any length, for benchmarks and scale tests (no file needed).
//
// buildChainModel(operators, seed) returns the bytes of a valid .tflite (schema 3, one
// subgraph) that loadModelBytes() accepts and emulate() runs to the end. The graph is a
// MobileNetV2-like chain with consistent NHWC int8 shapes:
// - a 3x3 stride-2 CONV_2D stem on a [1, S, S, 3] input (S is 32, 48 or 64, from the seed);
// - then, until one operator is left, blocks picked by the seed:
//   - inverted residual (4 operators): 1x1 CONV_2D expand, 3x3 DEPTHWISE_CONV_2D,
//     1x1 CONV_2D project, ADD with the block's input (a skip connection);
//   - downsample (3 operators, while the feature map is larger than 4x4): expand,
//     3x3 stride-2 depthwise, project to a new channel count;
//   - a single 3x3 CONV_2D or DEPTHWISE_CONV_2D when fewer operators remain;
// - a FULLY_CONNECTED classifier (10 classes) on the flattened last feature map.
// Filters are per-channel quantized, biases int32. Constant buffers of equal size are shared
// (as the TFLite converter dedupes identical constants) so a 2,000-operator model stays small.
//
// Deterministic: the same (operators, seed) gives the same bytes on every platform.
// `operators` is the exact operator count; values below 1 are treated as 1.
//
// Usage:
//   auto loaded = loadModelBytes(buildChainModel(2000, 1), "chain-2000");
//   auto result = emulate(*loaded.value(), EmulationSettings{});

#include <cstdint>
#include <vector>

namespace arenascope {

std::vector<std::uint8_t> buildChainModel(int operators, std::uint32_t seed);

// Long-lived buffers, the planner's hard case (benchmarks, scale tests):
// - buildOutputsModel(n): a chain of n int8 RELUs on [1, 16] whose every output is also a model
//   output, so each stays alive from its operator to the end (n outputs, n x n/2 live pairs).
// - buildNestedCallModel(depth): subgraph i calls subgraph i + 1 with CALL_ONCE, `depth` deep;
//   the innermost and the main subgraph each hold an int8 RELU.
std::vector<std::uint8_t> buildOutputsModel(int outputs);
std::vector<std::uint8_t> buildNestedCallModel(int depth);

} // namespace arenascope
