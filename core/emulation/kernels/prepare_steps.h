#pragma once
// Small helpers the Prepare steps of several kernels share: writable output dims, and what
// TFLM reads of a tensor (its TfLiteType number, rank, element count, type size and
// params.zero_point). Their checks are written with Checks (checks.h).

#include "checks.h"
#include "kernel_helpers.h"

#include "core/model/flatbuffer_read.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <string>
#include <vector>

namespace arenascope::kernels::steps {

// tflite::micro::CreateWritableTensorDimsWithCopy (kernels/kernel_util.cc): the tensor's dims
// move to a persistent TfLiteIntArray of the same rank (4 + 4 * rank bytes).
inline Status writableDims(KernelContext& ctx, const Tensor& t)
{
    return ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), "writable output dims");
}

inline std::uint64_t elementsOf(const std::vector<std::int32_t>& dims)
{
    std::uint64_t n = 1;
    for (std::int32_t d : dims)
        n *= static_cast<std::uint64_t>(std::max<std::int32_t>(d, 0));
    return n;
}

inline std::uint64_t typeBytes(DataType t)
{
    return tflmTypeSize(t).value_or(0);
}

inline long long typeCode(DataType t)
{
    return tfliteType(t).code;
}

// TfLiteTensor.params.zero_point of a temp tensor: the flatbuffer's first zero point when the
// tensor has both scales and zero points (PopulateTfLiteTensorFromFlatbuffer), else 0.
inline long long zeroPoint(const KernelContext& ctx, const Tensor& t)
{
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.quant.present || !model || !model->subgraphs())
        return 0;
    const std::uint32_t sg = ctx.subgraph().id.value;
    if (sg >= model->subgraphs()->size())
        return 0;
    const auto* tensors = model->subgraphs()->Get(sg)->tensors();
    if (!tensors || t.id.value >= tensors->size())
        return 0;
    const auto* q = tensors->Get(t.id.value)->quantization();
    if (!q || !q->zero_point() || q->zero_point()->size() == 0)
        return 0;
    return static_cast<long long>(int64At(*q->zero_point(), 0));
}

inline long long numDims(const Tensor& t)
{
    return static_cast<long long>(t.shape.size());
}

} // namespace arenascope::kernels::steps

// The names every kernel file uses, without a using-block of its own.
namespace arenascope::kernels {
using steps::elementsOf;
using steps::numDims;
using steps::typeBytes;
using steps::typeCode;
using steps::writableDims;
using steps::zeroPoint;
} // namespace arenascope::kernels
