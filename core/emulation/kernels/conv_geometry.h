#pragma once
// Strides, dilation and padding of conv-like operators as TFLM computes them in Prepare:
// the options ParseConv2D / ParseDepthwiseConv2D / ParseTransposeConv / ParsePool read from the
// flatbuffer, and ComputePaddingHeightWidth (tensorflow/lite/kernels/padding.h @90b983c2).

#include "core/emulation/kernel_context.h"

#include <cstdint>

namespace arenascope::kernels {

enum class Padding { Unknown, Same, Valid };

struct ConvOptions {
    Padding padding = Padding::Unknown;
    std::int32_t strideW = 0, strideH = 0;
    std::int32_t dilationW = 1, dilationH = 1;
};

// What ComputePaddingHeightWidth returns: the padding (and its odd remainder) per side, and
// the output size it computes from the input (0 when the arguments are invalid).
struct PaddingValues {
    std::int32_t width = 0, height = 0, widthOffset = 0, heightOffset = 0;
    std::int32_t outWidth = 0, outHeight = 0;
};

// The operator's conv options (CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, pooling); defaults
// when the options table is absent.
ConvOptions convOptions(const KernelContext& ctx);

PaddingValues computePadding(const ConvOptions& o, std::int64_t inHeight, std::int64_t inWidth,
    std::int64_t filterHeight, std::int64_t filterWidth);

} // namespace arenascope::kernels
