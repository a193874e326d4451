#pragma once
// Helpers of the data-movement and reduction profiles (reshape.cpp, gather.cpp, slice.cpp,
// reduce.cpp and the others that include this header): the TF_LITE_ENSURE* checks of one TFLM
// kernel source are written with Checks (checks.h); here: constant tensor values and
// builtin-option fields the trimmed schema does not declare.
//
// Usage (inside a Prepare, mirroring gather.cc lines 103-116):
//   const Checks check(ctx, "tensorflow/lite/micro/kernels/gather.cc");
//   ARENASCOPE_TRY(check.counts(103, 2, 104, 1));
//   TempTensors temps(ctx);
//   ARENASCOPE_TRY(check.hold(temps, { { in(0), 110, "input" }, { in(1), 113, "coords" }, ... }));

#include "checks.h"
#include "kernel_helpers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope::kernels::shape {

// MicroPrintf("...'%s'...", TfLiteTypeGetName(t)) with the type name put in `format`'s %s.
Error typeMessage(KernelContext& ctx, const char* format, DataType t);

// NumDimensions(t): the rank stored in the model.
inline int rankOf(const Tensor& t)
{
    return static_cast<int>(t.shape.size());
}

// t->dims->data[i], 0 past the end (a check before it has failed for such a tensor).
inline long long dimOf(const Tensor& t, int i)
{
    return i >= 0 && i < rankOf(t) ? t.shape[static_cast<std::size_t>(i)] : 0;
}

// IsConstantTensor: the tensor has data in the flatbuffer (kTfLiteMmapRo).
inline bool isConstant(const Tensor& t)
{
    return t.hasData;
}

// micro::CreateWritableTensorDimsWithCopy(output 0) (kernels/kernel_util.cc): a persistent
// TfLiteIntArray of the output's rank as stored in the model (4 + 4 x rank bytes).
Status writableOutputDims(KernelContext& ctx);

// The values of a constant int8/int16/int32/int64 tensor, when its data is readable.
std::optional<std::vector<std::int64_t>> constantInts(const KernelContext& ctx, const Tensor& t);

// An int32 / bool field (by schema field id) of the operator's builtin options of type
// `type`; the schema default when absent or the options are of another type.
std::int32_t optionInt32(const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId, std::int32_t def = 0);
bool optionBool(const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId);

} // namespace arenascope::kernels::shape

// The names every kernel file uses, without a using-block of its own.
namespace arenascope::kernels {
using shape::dimOf;
using shape::isConstant;
using shape::rankOf;
} // namespace arenascope::kernels
