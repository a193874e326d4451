#pragma once
// The scratch-buffer sizes CMSIS-NN's *_get_buffer_size functions return, per CPU extension
// (ARM-software/CMSIS-NN @4ab83cc3, the commit TFLM 90b983c2 pins), as TFLM's CMSIS-NN kernels
// request them. GCC (arm-none-eabi) builds: the armclang-only variants are not modelled.
//
// Dims are CMSIS-NN's cmsis_nn_dims {n, h, w, c}; sizes are in bytes, int32 as CMSIS computes
// them (callers request a scratch buffer only when the size is > 0).
//
// Usage:
//   ConvGeometry g{input, filter, output, stride, padding, dilation};
//   const std::int64_t bytes = convolveWrapperS8(g, CpuExtension::Dsp);

#include "core/emulation/emulation_settings.h"

#include <cstdint>

namespace arenascope::cmsisnn {

struct Dims {
    std::int64_t n = 1, h = 1, w = 1, c = 1;
};

struct Tile {
    std::int64_t w = 1, h = 1;
};

// What the conv-like size functions read of cmsis_nn_conv_params / cmsis_nn_dw_conv_params.
struct ConvGeometry {
    Dims input, filter, output;
    Tile stride, padding, dilation;
};

// arm_convolve_wrapper_s8_get_buffer_size (ConvolutionFunctions/arm_convolve_get_buffer_sizes_s8.c).
// equalDepth false: the pins before CMSIS-NN c01c0a14 (TFLM's until d0890bb45, 2026-05), whose
// 1x1 and 1xN tests do not compare input and filter depth (a grouped convolution takes them).
std::int64_t convolveWrapperS8(const ConvGeometry& g, CpuExtension ext, bool equalDepth = true);
// arm_convolve_wrapper_s16_get_buffer_size (arm_convolve_get_buffer_sizes_s16.c).
std::int64_t convolveWrapperS16(const ConvGeometry& g, CpuExtension ext);
// arm_depthwise_conv_wrapper_s8_get_buffer_size (arm_depthwise_conv_get_buffer_sizes_s8.c);
// filter = {1, h, w, output channels}. oneInputChannelAsConv false: the pins before CMSIS-NN
// e8db23a6 (2024-11-08; TFLM's until 182c8c770, 2024-11-12), whose MVE wrapper has no
// one-input-channel case (a depth multiplier gets no buffer there).
std::int64_t depthwiseConvWrapperS8(const ConvGeometry& g, CpuExtension ext, bool oneInputChannelAsConv = true);
// arm_depthwise_conv_wrapper_s4_get_buffer_size (arm_depthwise_conv_get_buffer_sizes_s4.c).
std::int64_t depthwiseConvWrapperS4(const ConvGeometry& g, CpuExtension ext);
// arm_fully_connected_s8_get_buffer_size (FullyConnectedFunctions/...): filter.c output channels.
std::int64_t fullyConnectedS8(const Dims& filter, CpuExtension ext);
// arm_convolve_1x1_s8_fast_get_buffer_size: 0 with GCC on every extension.
std::int64_t convolve1x1S8Fast(const Dims& input, CpuExtension ext);
// arm_avgpool_s8_get_buffer_size / arm_avgpool_s16_get_buffer_size (PoolingFunctions/...).
std::int64_t avgpool(std::int64_t outputWidth, std::int64_t channels, CpuExtension ext);
// arm_svdf_s8_get_buffer_size (SVDFunctions/arm_svdf_get_buffer_sizes_s8.c): filter.n filters.
std::int64_t svdfS8(const Dims& filter, CpuExtension ext);
// arm_transpose_conv_s8_get_buffer_size and ..._get_reverse_conv_buffer_size
// (ConvolutionFunctions/arm_transpose_conv_get_buffer_sizes_s8.c).
std::int64_t transposeConvS8(const ConvGeometry& g, CpuExtension ext);
std::int64_t transposeConvS8Reverse(const ConvGeometry& g, CpuExtension ext);

// The same functions at CMSIS-NN e98ee09a (2022-10, the commit TFLM 4e62ea7b pins), where they
// differ (buffer_sizes_older_pins.cpp). Every fully connected and 1x1 size is 0 there; SVDF and pooling
// are not asked for (TFLM's glue of that time).
namespace v2022 {
// 1x1 only with stride 1; the 1xN split by output width; im2col of two int16 columns unrounded.
std::int64_t convolveWrapperS8(const ConvGeometry& g, CpuExtension ext);
// The fast s16 kernel's buffer on DSP below 512 columns, otherwise none.
std::int64_t convolveWrapperS16(const ConvGeometry& g, CpuExtension ext);
// The optimized kernel's buffer whenever it applies (no 3x3 or one-input-channel cases).
std::int64_t depthwiseConvWrapperS8(const ConvGeometry& g, CpuExtension ext);
} // namespace v2022

// TRANSPOSE_CONV's two buffers before CMSIS-NN 628c103e / TFLM 182c8c770 (2024-11; 71fba59b and
// 10ebaab9 pin 01dee38e / 22080c68): arm_transpose_conv_s8_get_buffer_size (filter taps x input
// plane x output channels, int32) and the int32 output plane TFLM's glue asked for itself.
namespace v2024 {
std::int64_t transposeConvS8(const ConvGeometry& g);
std::int64_t transposeConvOutput(const ConvGeometry& g);
} // namespace v2024

} // namespace arenascope::cmsisnn
