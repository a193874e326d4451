#pragma once
// What the ESP-NN convolutions share (conv.cpp, depthwise_conv.cpp): the NodeData both Inits
// allocate, the dims and parameters handed to esp-nn, the scratch requests and the per-channel
// quantization check.
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/conv.cc and
// depthwise_conv.cc.

#include "scratch_sizes.h"

#include "core/emulation/kernels/kernel_helpers.h"
#include "core/emulation/kernels/math_op_data.h"

namespace arenascope::kernels::esp {

// struct NodeData { OpDataConv op_data; int buffer_idx; } of both files.
inline constexpr Field kNodeDataFields[] = { nested(opdata::kOpDataConv), i32() };
inline constexpr StructDef kNodeData { "NodeData (esp_nn conv)", kNodeDataFields };

// esp-nn's data_dims_t of an NHWC tensor (width, height, channels).
Dims dims(const Tensor& t);

// The padding CalculateOpData* stored in OpDataConv (ComputePaddingHeightWidth) and the
// strides from the operator's options: what the kernel hands esp-nn.
ConvParams convParams(const KernelContext& ctx, const Tensor& input, const Tensor& filter);

// esp-nn's scratch request; a size <= 0 leaves buffer_idx at -1 (no request).
Status requestEspScratch(KernelContext& ctx, std::int32_t bytes, const char* what);

// An int4 filter's unpacked copy.
Status requestInt4Scratch(KernelContext& ctx, const Tensor& filter);

// esp_nn reads every dimension of input, filter and output as NHWC without checking; a tensor
// of another rank is not a model the kernel can run.
Status requireNhwc(KernelContext& ctx);

// The filter's affine quantization and its scale count (1 or one per channel of dimension `dim`).
Status checkPerChannelQuantization(
    KernelContext& ctx, const char* file, int typeLine, int sizeLine, const Tensor& filter, std::size_t dim);

} // namespace arenascope::kernels::esp
