#pragma once
// Kernel profile tables by group of operators, each in its own file; kernel_profile.cpp
// searches them all. Each row cites the TFLM source it was read from.

#include "core/emulation/kernel_profile.h"

#include <span>

namespace arenascope::kernels {

std::span<const KernelProfile> unaryProfiles();   // kernels/unary_ops.cpp: activations, math, quantize family
std::span<const KernelProfile> shapeProfiles();   // kernels/shape_ops.cpp: data movement, reductions, resize
std::span<const KernelProfile> logicProfiles();   // kernels/logic_ops.cpp: comparisons, logic, control flow, misc

} // namespace arenascope::kernels
