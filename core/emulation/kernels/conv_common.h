#pragma once
// The parts of TFLM's convolution kernels that other kernel sets reuse unchanged: ESP-NN's conv
// and depthwise Prepare call TFLM's own CalculateOpDataConv / CalculateOpDataDepthwiseConv
// (kernels/conv_common.cc, depthwise_conv_common.cc @90b983c2, identical at 096563546).

#include "core/emulation/kernel_context.h"

namespace arenascope::kernels {

// CalculateOpDataConv (depthwise: CalculateOpDataDepthwiseConv): holds input, filter, bias and
// output as temp tensors and checks the quantization PopulateConvolutionQuantizationParams
// reads. Call inside the kernel's Prepare, where TFLM calls it.
Status calculateConvOpData(KernelContext& ctx, bool depthwise);

} // namespace arenascope::kernels
