#pragma once
// Init/Prepare steps of the operators in logic_ops.cpp's table that are defined in other files
// (logic_tensor_ops.cpp, decode.cpp), and the small helpers they share.

#include "kernel_helpers.h"

#include <string>

namespace arenascope::kernels {

// logic_tensor_ops.cpp: CUMSUM, TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL, EMBEDDING_LOOKUP.
Status cumsumPrepare(KernelContext& ctx);
Status transposeConvInit(KernelContext& ctx);
Status transposeConvPrepare(KernelContext& ctx);
Status l2PoolPrepare(KernelContext& ctx);
Status batchMatmulInit(KernelContext& ctx);
Status batchMatmulPrepare(KernelContext& ctx);
Status embeddingLookupPrepare(KernelContext& ctx);

// decode.cpp: the custom operator TFLM_DECODE.
Status decodePrepare(KernelContext& ctx);

namespace logicsteps {

// TF_LITE_ENSURE_EQ(context, NumInputs(node), inputs) at `line`, then the same for the
// outputs at `line + 1`, as most kernels open their Prepare.
inline Status ensureCounts(KernelContext& ctx, const char* file, int line, std::size_t inputs, std::size_t outputs)
{
    if (ctx.inputCount() != inputs)
        return ensureEqFailed(ctx, file, line, "NumInputs(node)", std::to_string(inputs).c_str(),
            static_cast<long long>(ctx.inputCount()), static_cast<long long>(inputs));
    if (ctx.outputCount() != outputs)
        return ensureEqFailed(ctx, file, line + 1, "NumOutputs(node)", std::to_string(outputs).c_str(),
            static_cast<long long>(ctx.outputCount()), static_cast<long long>(outputs));
    return okStatus();
}

// AllocateTempInputTensor(i) followed by the kernel's TF_LITE_ENSURE(<condition>) at `line`:
// an omitted tensor allocates nothing and fails the check.
inline Status heldInput(
    TempTensors& temps, KernelContext& ctx, std::size_t i, const char* file, int line, const char* condition)
{
    ARENASCOPE_TRY(temps.input(i, false));
    if (!ctx.input(i))
        return ensureFailed(ctx, file, line, condition);
    return okStatus();
}
inline Status heldOutput(
    TempTensors& temps, KernelContext& ctx, std::size_t i, const char* file, int line, const char* condition)
{
    ARENASCOPE_TRY(temps.output(i, false));
    if (!ctx.output(i))
        return ensureFailed(ctx, file, line, condition);
    return okStatus();
}

// tflite::micro::CreateWritableTensorDimsWithCopy (kernels/kernel_util.cc): the tensor's dims
// move to a persistent TfLiteIntArray of the same rank (4 + 4 * rank bytes).
inline Status writableDims(KernelContext& ctx, const Tensor& t)
{
    return ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), "writable output dims");
}

} // namespace logicsteps

} // namespace arenascope::kernels
