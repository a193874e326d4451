// Which operators kernels/cmsis_nn/ gave their own Init/Prepare at each TFLM snapshot: TFLM's
// Makefile compiles a cmsis_nn/ file in place of the reference kernel of the same name, and the
// reference one where there is none; a cmsis_nn/ file may also register the reference steps.

#include "cmsis_profiles.h"

#include "core/emulation/tflm_changes.h"

namespace arenascope::kernels::cmsis {

bool hasKernel(std::string_view op, TflmVersion v)
{
    if (op == "UNIDIRECTIONAL_SEQUENCE_LSTM")
        return tflmHas(v, TflmChange::CmsisNnLstm);
    if (op == "TRANSPOSE_CONV")
        return tflmHas(v, TflmChange::CmsisNnTransposeConv);
    if (op == "BATCH_MATMUL")
        return tflmHas(v, TflmChange::CmsisNnBatchMatmul);
    if (op == "SVDF") // cmsis_nn/svdf.cc registered the reference Init and PrepareSvdf until then
        return tflmHas(v, TflmChange::CmsisNnKernelSums);
    return true; // ADD, CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, pooling, SOFTMAX: every snapshot
}

} // namespace arenascope::kernels::cmsis
