#pragma once
// Builds ArenaScope's bundled example: a small int8 keyword-spotting-style CNN
// (CONV_2D, DEPTHWISE_CONV_2D, AVERAGE_POOL_2D, RESHAPE, FULLY_CONNECTED, SOFTMAX) with
// per-channel quantized weights. Deterministic: the same bytes every time.
// `arenascope make-example OUT.tflite` writes it; models/example_kws_int8.tflite is its output.

#include <cstdint>
#include <vector>

namespace arenascope {

std::vector<std::uint8_t> buildExampleModel();

} // namespace arenascope
