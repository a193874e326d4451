#pragma once
// What the CMSIS-NN convolutions share (conv.cpp, depthwise_conv.cpp, transpose_conv.cpp): the op
// data both conv.cc and depthwise_conv.cc allocate, CalculateOpDataConv's held tensors, the
// cmsis_nn_dims geometry, the per-channel arrays.
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/conv.cc, depthwise_conv.cc, transpose_conv.cc,
// kernels/conv_common.cc and depthwise_conv_common.cc @90b983c2.

#include "cmsis_helpers.h"

#include "core/emulation/kernels/conv_common.h"
#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::cmsis {

// kernels/conv.h: OpDataConv (padding, zero points, multiplier and shift, two per-channel
// pointers, activation range, filter_buffer_index); cmsis_nn/conv.cc and depthwise_conv.cc
// wrap it with their scratch buffer index.
inline constexpr Field kOpDataConvFields[] = { nested(tflm::kTfLitePaddingValues), i32(5), ptr(2), i32(3) };
inline constexpr StructDef kOpDataConv { "OpDataConv", kOpDataConvFields };
inline constexpr Field kConvOpDataFields[] = { nested(kOpDataConv), i32() };
inline constexpr StructDef kConvOpData { "OpData (cmsis_nn conv)", kConvOpDataFields };

// CalculateOpDataConv / CalculateOpDataDepthwiseConv: input, filter, bias and output held
// while the quantization parameters are computed (`file` is the common file TFLM compiles).
Status calculateOpData(KernelContext& ctx, const char* file);

// cmsis_nn_dims of input and output, the given filter dims, strides, padding and dilation.
cmsisnn::ConvGeometry geometry(const KernelContext& ctx, const cmsisnn::Dims& filter);

// The per-channel output multiplier and shift arrays (int32 each).
Status perChannelBuffers(KernelContext& ctx, std::uint64_t channels);

// Both 2022 Prepares open by holding input, filter and output (no bias), each 4-D.
Status holdFourDimOperands(KernelContext& ctx, TempTensors& temps);

} // namespace arenascope::kernels::cmsis
