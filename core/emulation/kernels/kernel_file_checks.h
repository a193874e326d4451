#pragma once
// The kernels that name their TFLM source as kernelFile("tanh.cc"), and the common start of a
// one-in, one-out Prepare.

#include "checks.h"
#include "kernel_helpers.h"
#include "tflm_checks.h"

#include <string>

namespace arenascope::kernels {

inline constexpr const char* kKernels = "tensorflow/lite/micro/kernels/";

inline std::string kernelFile(const char* name)
{
    return std::string(kKernels) + name;
}

// The common start of a one-in, one-out Prepare: the counts (NumInputs at `inputsLine`,
// NumOutputs at `outputsLine`), then input 0 and output 0 held by `temps`.
inline Status countsThenTemps(const Checks& check, TempTensors& temps, int inputsLine, int outputsLine)
{
    ARENASCOPE_TRY(check.counts(inputsLine, 1, outputsLine, 1));
    ARENASCOPE_TRY(temps.input(0));
    return temps.output(0);
}

} // namespace arenascope::kernels
