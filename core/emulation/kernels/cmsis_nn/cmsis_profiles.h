#pragma once
// CMSIS-NN kernel profiles (OPTIMIZED_KERNEL_DIR=cmsis_nn): the operators whose Init or Prepare
// differ from the reference kernels; every other operator uses its reference profile, as the
// TFLM build does.

#include "core/emulation/kernel_profile.h"
#include "core/emulation/tflm_version.h"

#include <span>
#include <string_view>

namespace arenascope::kernels::cmsis {

// One file per TFLM kernel file of kernels/cmsis_nn/ (conv.cpp is cmsis_nn/conv.cc, ...).
extern const std::span<const KernelProfile> addProfiles; // ADD
extern const std::span<const KernelProfile> batchMatmulProfiles; // BATCH_MATMUL
extern const std::span<const KernelProfile> convProfiles; // CONV_2D
extern const std::span<const KernelProfile> depthwiseConvProfiles; // DEPTHWISE_CONV_2D
extern const std::span<const KernelProfile> fullyConnectedProfiles; // FULLY_CONNECTED
extern const std::span<const KernelProfile> poolingProfiles; // AVERAGE_POOL_2D, MAX_POOL_2D
extern const std::span<const KernelProfile> softmaxProfiles; // SOFTMAX
extern const std::span<const KernelProfile> svdfProfiles; // SVDF
extern const std::span<const KernelProfile> transposeConvProfiles; // TRANSPOSE_CONV
extern const std::span<const KernelProfile> lstmProfiles; // UNIDIRECTIONAL_SEQUENCE_LSTM

// Whether TFLM snapshot `v`'s kernels/cmsis_nn/ gives operator `op` its own Init/Prepare (LSTM,
// TRANSPOSE_CONV and BATCH_MATMUL came later, SVDF's own steps too; before, the reference ones ran).
bool hasKernel(std::string_view op, TflmVersion v);

} // namespace arenascope::kernels::cmsis
