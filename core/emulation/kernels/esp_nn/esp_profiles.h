#pragma once
// ESP-NN kernel profiles (esp-tflite-micro's kernels/esp_nn/, built with -DESP_NN=1): the
// operators whose Init or Prepare differ from TFLM's reference kernels. esp-tflite-micro also
// replaces ADD, MUL and the pooling kernels, but their Init and Prepare are TFLM's own; every
// operator without a row here uses its reference profile, as the build does.

#include "core/emulation/kernel_profile.h"

#include <span>

namespace arenascope::kernels::esp {

// One file per kernel file of esp-tflite-micro's kernels/esp_nn/ (conv.cpp is esp_nn/conv.cc, ...).
extern const std::span<const KernelProfile> convProfiles; // CONV_2D
extern const std::span<const KernelProfile> depthwiseConvProfiles; // DEPTHWISE_CONV_2D
extern const std::span<const KernelProfile> fullyConnectedProfiles; // FULLY_CONNECTED
extern const std::span<const KernelProfile> softmaxProfiles; // SOFTMAX

} // namespace arenascope::kernels::esp
