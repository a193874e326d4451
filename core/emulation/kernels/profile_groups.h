#pragma once
// Kernel profile tables by group of operators, each exported by its own file;
// kernel_profile.cpp searches them all. Each row cites the TFLM source it was read from.

#include "core/emulation/kernel_profile.h"

#include <span>

namespace arenascope::kernels {

std::span<const KernelProfile> convProfiles(); // conv.cpp: CONV_2D, DEPTHWISE_CONV_2D
std::span<const KernelProfile> denseProfiles(); // dense.cpp: FULLY_CONNECTED, pooling, SOFTMAX, QUANTIZE
std::span<const KernelProfile> elementwiseProfiles(); // elementwise.cpp: ADD, MUL, DIV, PAD, RESHAPE, ...
std::span<const KernelProfile> sequenceProfiles(); // sequence.cpp: UNIDIRECTIONAL_SEQUENCE_LSTM
std::span<const KernelProfile> signalProfiles(); // signal.cpp: the signal library's custom operators
std::span<const KernelProfile> unaryProfiles(); // unary_ops.cpp: activations, math, quantize family
std::span<const KernelProfile> shapeProfiles(); // shape_ops.cpp: data movement, reductions, resize
std::span<const KernelProfile> logicProfiles(); // logic_ops.cpp: comparisons, logic, control flow, misc
std::span<const KernelProfile> ethosUProfiles(); // ethos_u.cpp: the `ethos-u` custom operator (CO_PROCESSOR=ethos_u)

} // namespace arenascope::kernels
