#pragma once
// Checks for the kernels that name their TFLM source as kernelFile("tanh.cc"): the
// TF_LITE_ENSURE* of tflm_checks.h with the file as a std::string, and the common start of a
// one-in, one-out Prepare.

#include "kernel_helpers.h"
#include "tflm_checks.h"

#include <string>

namespace arenascope::kernels {

inline constexpr const char* kKernels = "tensorflow/lite/micro/kernels/";

inline std::string kernelFile(const char* name)
{
    return std::string(kKernels) + name;
}

// TF_LITE_ENSURE_TYPES_EQ(context, input->type, output->type) and friends.
inline Status typesEq(
    KernelContext& ctx, const std::string& file, int line, const char* a, const char* b, DataType ta, DataType tb)
{
    return ensureTypesEq(ctx, file.c_str(), line, a, b, ta, tb);
}

// TF_LITE_ENSURE_EQ(context, <role>->params.zero_point, <expected>).
inline Status zeroPointEq(KernelContext& ctx, const std::string& file, int line, const Tensor& t, const char* a,
    const char* b, std::int32_t expected)
{
    return ensureEq(ctx, file.c_str(), line, a, b, quantParams(ctx, t).zeroPoint, expected);
}

// The common start of a one-in, one-out Prepare: the counts (at `countsLine` and the next
// line), then input 0 and output 0 held by `temps`.
inline Status countsThenTemps(KernelContext& ctx, TempTensors& temps, const std::string& file, int countsLine)
{
    ARENASCOPE_TRY(ensureCounts(ctx, file.c_str(), countsLine, countsLine + 1, 1, 1));
    ARENASCOPE_TRY(temps.input(0));
    return temps.output(0);
}

} // namespace arenascope::kernels
