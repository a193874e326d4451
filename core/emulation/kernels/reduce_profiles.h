#pragma once
// Kernel profiles of the reductions (reduce_ops.cpp): MEAN, SUM, REDUCE_MAX, REDUCE_MIN and
// REDUCE_ALL, read from tensorflow/lite/micro/kernels/reduce.cc and reduce_common.cc.

#include "core/emulation/kernel_profile.h"

#include <span>

namespace arenascope::kernels {

std::span<const KernelProfile> reduceProfiles(); // reduce_ops.cpp: MEAN, SUM, REDUCE_MAX/MIN/ALL

} // namespace arenascope::kernels
