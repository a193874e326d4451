#include "tflm_changes.h"

#include <array>

namespace arenascope {

namespace {

// Read from `git log` of tensorflow/tflite-micro between the snapshots (docs/tflm-snapshots/).
constexpr std::array kChanges = {
    TflmChangeInfo { TflmChange::FullyConnectedFilterTypeCheck, "8f982cdc2", "2023-03-01",
        "FULLY_CONNECTED Prepare rejects a filter type its input type cannot use" },
    TflmChangeInfo { TflmChange::CmsisNnLstm, "c373ad48b", "2023-03-02",
        "CMSIS-NN builds get their own UNIDIRECTIONAL_SEQUENCE_LSTM kernel (before: the reference one)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::RuntimeShapeSixDims, "01330cefa", "2023-04-05",
        "RuntimeShape keeps up to 6 dimensions inline (was 5): kernels accept 6-D tensors" },
    TflmChangeInfo { TflmChange::SelectScalarReleasesTemps, "78b4040c8", "2023-05-31",
        "SELECT_V2 with all-scalar tensors releases its temps (before, ResetTempAllocations failed)" },
    TflmChangeInfo { TflmChange::SelectOpDataOneBool, "2b7a4ad62", "2023-06-01",
        "SELECT_V2's OpData drops has_low_rank_input_condition (2 -> 1 B)" },
    TflmChangeInfo { TflmChange::StridedSliceOffset, "982aaef60", "2023-06-01",
        "TfLiteStridedSliceParams gains bool offset (20 -> 24 B)" },
    TflmChangeInfo { TflmChange::CmsisNnPin2023, "6f2828619", "2023-06-15",
        "TFLM pins a CMSIS-NN newer than e98ee09a: CMSIS-NN CONV_2D and DEPTHWISE_CONV_2D scratch sizes and "
        "Prepare steps change (before: no int16 depthwise scratch, int16 conv scratch only below 512 columns)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::ConvBiasOptional, "17987e1a5", "2023-08-24",
        "CONV_2D without a bias no longer releases a null temp tensor" },
    TflmChangeInfo { TflmChange::QuantizedBiasTypeParams, "ad8d238f9", "2023-09-14",
        "TfLiteConvParams, TfLiteFullyConnectedParams and TfLiteTransposeConvParams gain quantized_bias_type" },
    TflmChangeInfo { TflmChange::CmsisNnKernelSums, "3022d0960", "2023-09-19",
        "CMSIS-NN FULLY_CONNECTED and SVDF compute int8 kernel sums in Prepare; SVDF gets its own Init/Prepare "
        "(before: the reference SVDF's, and FULLY_CONNECTED's conv 1x1 arrays in the tail)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::CmsisNnTransposeConv, "c845961df", "2023-11-07",
        "CMSIS-NN builds get their own TRANSPOSE_CONV kernel (before: the reference one)", ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::FullyConnectedPerChannelRejected, "71fba59b5", "2024-05-28",
        "per-channel FULLY_CONNECTED fails Prepare (before, it ran with the first channel's scale)" },
    TflmChangeInfo { TflmChange::CmsisNnPrepareChecks, "5c2ac76b8", "2024-07-22",
        "CMSIS-NN ADD and SOFTMAX reject unsupported input types with their own messages (before: ADD "
        "passed any type pairing, SOFTMAX failed in softmax_common.cc)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::CmsisNnBatchMatmul, "89f99a9e7", "2024-09-09",
        "CMSIS-NN builds get their own BATCH_MATMUL kernel (before: the reference one)", ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::Relu6Int16, "ef2179ce0", "2024-09-26",
        "RELU6 supports int16: Relu6OpData grows from 2 to 8 bytes and checks the quantized six" },
    TflmChangeInfo { TflmChange::FullyConnectedPerChannel, "47b545074", "2024-09-27",
        "FULLY_CONNECTED supports per-channel int8 weights (two persistent arrays of 4 B per output channel)" },
    TflmChangeInfo { TflmChange::CmsisNnTransposeConvReverse, "182c8c770", "2024-11-12",
        "CMSIS-NN TRANSPOSE_CONV sizes its buffers by CMSIS-NN's reverse-convolution or column formula (before: "
        "every filter tap over the input plane, and the output plane, in int32)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::QuantizationTypeInt, "39ba5a848", "2024-12-11",
        "TfLiteQuantizationType is declared ': int': 4 bytes where short enums made it 1 (OpDataAbsRsqrt 28 B)" },
    TflmChangeInfo { TflmChange::FullyConnectedTypeMessage, "a9c6e6a44", "2024-12-12",
        "FULLY_CONNECTED's filter-type message loses a space ('filter type: %s')" },
    TflmChangeInfo { TflmChange::ConcatenationInt8Unscaled, "50e7e5dbd", "2024-12-16",
        "int8 CONCATENATION drops its two persistent scale/zero-point arrays and requires equal scales" },
    TflmChangeInfo { TflmChange::DepthwiseBiasOptional, "b1d8a0802", "2024-12-16",
        "DEPTHWISE_CONV_2D without a bias no longer releases a null temp tensor" },
    TflmChangeInfo { TflmChange::EspNnConvInitNodeData, "a91b8077e", "2025-02-17",
        "esp-tflite-micro: the ESP-NN CONV_2D Init allocates its NodeData (before: sizeof(OpDataConv), 4 B short of "
        "the buffer index Prepare writes after it)",
        ChangeScope::EspNnOnly },
    TflmChangeInfo { TflmChange::FullyConnectedPerChannelInt16, "39209b412", "2025-03-17",
        "per-channel FULLY_CONNECTED accepts int16 input" },
    TflmChangeInfo { TflmChange::TempTensorNullChecked, "b15beb9d4", "2025-03-17",
        "a temp TfLiteTensor that does not fit is reported instead of written through a null pointer" },
    TflmChangeInfo { TflmChange::ConstTensorChecks, "2b3f8d0f0", "2025-08-07",
        "kernels that read a tensor's data in Prepare reject a non-constant one with one message" },
    TflmChangeInfo { TflmChange::DynamicTensorsFail, "8eb17a7aa", "2025-08-22",
        "Prepare fails operators with dynamic output tensors" },
    TflmChangeInfo { TflmChange::PrepareFailureNumber, "8eb17a7aa", "2025-08-22",
        "the Prepare-failure message loses its stray 'f' after the node number" },
    TflmChangeInfo { TflmChange::ReduceRewrite, "0efdd51a3", "2026-01-16",
        "MEAN/SUM request three scratch buffers (index buffers for every type); OpDataReduce 44 B" },
    TflmChangeInfo { TflmChange::ScratchLimitTypoFixed, "183da3e30", "2026-02-11",
        "the scratch-limit message says 'exceeds' (was 'exeeds')" },
};

} // namespace

std::span<const TflmChangeInfo> tflmChanges()
{
    return kChanges;
}

const TflmChangeInfo& tflmChangeInfo(TflmChange c)
{
    for (const TflmChangeInfo& i : kChanges)
        if (i.change == c)
            return i;
    return kChanges.front(); // every enumerator has a row (tflm_changes_test.cpp)
}

bool tflmHas(TflmVersion v, TflmChange c)
{
    return tflmVersionInfo(v).date >= tflmChangeInfo(c).date;
}

} // namespace arenascope
