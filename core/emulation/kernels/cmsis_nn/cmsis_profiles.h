#pragma once
// CMSIS-NN kernel profiles (OPTIMIZED_KERNEL_DIR=cmsis_nn): the operators whose Init or Prepare
// differ from the reference kernels; every other operator uses its reference profile, as the
// TFLM build does.

#include "core/emulation/kernel_profile.h"
#include "core/emulation/tflm_version.h"

#include <span>
#include <string_view>

namespace arenascope::kernels::cmsis {

extern const std::span<const KernelProfile> convProfiles; // conv_ops.cpp: CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV
extern const std::span<const KernelProfile> denseProfiles; // dense_ops.cpp: FULLY_CONNECTED, BATCH_MATMUL, SVDF, LSTM
extern const std::span<const KernelProfile> miscProfiles; // misc_ops.cpp: ADD, pooling, SOFTMAX

// Whether TFLM snapshot `v`'s kernels/cmsis_nn/ gives operator `op` its own Init/Prepare (LSTM,
// TRANSPOSE_CONV and BATCH_MATMUL came later, SVDF's own steps too; before, the reference ones ran).
bool hasKernel(std::string_view op, TflmVersion v);

} // namespace arenascope::kernels::cmsis
