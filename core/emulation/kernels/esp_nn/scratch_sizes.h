#pragma once
// esp-nn's scratch-size functions, which esp-tflite-micro's conv, depthwise conv and softmax
// Prepare call to size their one scratch request (kernels/esp_nn/*.cc @99f49e14), per esp-nn
// family and version:
//   esp_nn_get_conv_scratch_size_*             src/convolution/esp_nn_conv_*.c
//   esp_nn_get_depthwise_conv_scratch_size_*   src/convolution/esp_nn_depthwise_conv_*.c
//   esp_nn_get_softmax_scratch_size_*          src/softmax/esp_nn_softmax_*.c
// with * = opt (the generic family), esp32s3 or esp32p4.
// Each returns a C int computed as esp-nn computes it: dimensions narrowed to uint16_t where
// esp-nn narrows them, 32-bit arithmetic that wraps. The kernel requests a scratch buffer only
// when the result is > 0.

#include "core/emulation/esp_nn_build.h"

#include <cstdint>

namespace arenascope::kernels::esp {

// esp-nn's data_dims_t (width, height, channels) as the kernel fills it from the tensors.
struct Dims {
    std::int32_t width = 0, height = 0, channels = 0;
};

// The conv_params_t / dw_conv_params_t fields the size functions read.
struct ConvParams {
    std::int32_t strideW = 0, strideH = 0;
    std::int32_t padW = 0, padH = 0; // OpDataConv::padding, as CalculateOpData* computed it
    std::int32_t channelMultiplier = 0; // depthwise only: TfLiteDepthwiseConvParams::depth_multiplier
};

std::int32_t convScratchSize(EspNnFamily family, EspNnVersion version, const Dims& input, const Dims& filter,
    const Dims& output, const ConvParams& p);
std::int32_t depthwiseConvScratchSize(EspNnFamily family, EspNnVersion version, const Dims& input, const Dims& filter,
    const Dims& output, const ConvParams& p);
std::int32_t softmaxScratchSize(EspNnFamily family, EspNnVersion version, std::int32_t width, std::int32_t height);

} // namespace arenascope::kernels::esp
