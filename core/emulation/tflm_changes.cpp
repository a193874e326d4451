#include "tflm_changes.h"

#include "core/util/enum_names.h"

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
    TflmChangeInfo { TflmChange::RegistersSignalWindow, "c306ff608", "2023-06-14",
        "the signal library's SignalWindow is registered" },
    TflmChangeInfo { TflmChange::CmsisNnPin2023, "6f2828619", "2023-06-15",
        "TFLM pins a CMSIS-NN newer than e98ee09a: CMSIS-NN CONV_2D and DEPTHWISE_CONV_2D scratch sizes and "
        "Prepare steps change (before: no int16 depthwise scratch, int16 conv scratch only below 512 columns)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::RegistersSignalRfft, "f22888af6", "2023-06-21", "SignalRfft is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalFramer, "29d8dbfd4", "2023-07-11", "SignalFramer is registered" },
    TflmChangeInfo {
        TflmChange::RegistersSignalOverlapAdd, "597ccf786", "2023-07-11", "SignalOverlapAdd is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalDelay, "7781c4979", "2023-07-12", "SignalDelay is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalStacker, "296b81858", "2023-07-12", "SignalStacker is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalEnergy, "8ee06dcba", "2023-07-13", "SignalEnergy is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalFilterBanks, "2548022e0", "2023-07-14",
        "SignalFilterBank, SignalFilterBankLog, SignalFilterBankSpectralSubtraction and SignalFilterBankSquareRoot are "
        "registered" },
    TflmChangeInfo {
        TflmChange::RegistersSignalFftAutoScale, "70aed11c9", "2023-07-19", "SignalFftAutoScale is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalIrfft, "55037d2d5", "2023-07-20", "SignalIrfft is registered" },
    TflmChangeInfo {
        TflmChange::RegistersEmbeddingLookup, "aa945a0fc", "2023-07-26", "EMBEDDING_LOOKUP is registered" },
    TflmChangeInfo { TflmChange::RegistersSignalPcan, "e01fdf05a", "2023-08-23", "SignalPCAN is registered" },
    TflmChangeInfo { TflmChange::ConvBiasOptional, "17987e1a5", "2023-08-24",
        "CONV_2D without a bias no longer releases a null temp tensor" },
    TflmChangeInfo { TflmChange::RegistersBatchMatmul, "5d542d7ed", "2023-09-06", "BATCH_MATMUL is registered" },
    TflmChangeInfo { TflmChange::QuantizedBiasTypeParams, "ad8d238f9", "2023-09-14",
        "TfLiteConvParams, TfLiteFullyConnectedParams and TfLiteTransposeConvParams gain quantized_bias_type" },
    TflmChangeInfo { TflmChange::CmsisNnKernelSums, "3022d0960", "2023-09-19",
        "CMSIS-NN FULLY_CONNECTED and SVDF compute int8 kernel sums in Prepare; SVDF gets its own Init/Prepare "
        "(before: the reference SVDF's, and FULLY_CONNECTED's conv 1x1 arrays in the tail)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::CmsisNnTransposeConv, "c845961df", "2023-11-07",
        "CMSIS-NN builds get their own TRANSPOSE_CONV kernel (before: the reference one)", ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::EspNnConvInitOpDataConv, "96b2a4094", "2024-01-08",
        "esp-tflite-micro rewrites its ESP-NN conv wrappers (and syncs 0a9143dd a week later): CONV_2D's Init "
        "allocates sizeof(OpDataConv), 4 B short of the NodeData its Prepare fills, and takes its output temp "
        "first; DEPTHWISE_CONV_2D holds no bias temp (before, as in tflite-micro-esp-examples of 2023: NodeData; "
        "input, filter, [bias,] output)",
        ChangeScope::EspNnOnly },
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
    TflmChangeInfo { TflmChange::ReluInt16Checks, "b78bb7e31", "2025-03-21",
        "RELU int16 Prepare requires input and output zero points of 0 (activations_common.cc)" },
    TflmChangeInfo { TflmChange::PoolingQuantizationChecks, "12cd995e7", "2025-04-04",
        "int8/int16 AVERAGE_POOL_2D and MAX_POOL_2D Prepare requires the output's scale (within 1e-6) and zero point "
        "to equal the input's (pooling_common.cc)" },
    TflmChangeInfo { TflmChange::SubInt32Checks, "686df2db9", "2025-06-04",
        "SUB supports int32; Prepare requires its tensors unquantized then (sub_common.cc)" },
    TflmChangeInfo { TflmChange::RegistersReverseV2, "41a9c8a6c", "2025-07-10", "REVERSE_V2 is registered" },
    TflmChangeInfo { TflmChange::RegistersReduceMin, "3d4cdc19f", "2025-08-05", "REDUCE_MIN is registered" },
    TflmChangeInfo { TflmChange::ConstTensorChecks, "2b3f8d0f0", "2025-08-07",
        "kernels that read a tensor's data in Prepare reject a non-constant one with one message" },
    TflmChangeInfo { TflmChange::DynamicTensorsFail, "8eb17a7aa", "2025-08-22",
        "Prepare fails operators with dynamic output tensors" },
    TflmChangeInfo { TflmChange::PrepareFailureNumber, "8eb17a7aa", "2025-08-22",
        "the Prepare-failure message loses its stray 'f' after the node number" },
    TflmChangeInfo { TflmChange::PreluInt16AlphaCheck, "aa6e62517", "2025-09-09",
        "PRELU supports int16; Prepare requires an int8 alpha with it (prelu_common.cc)" },
    TflmChangeInfo {
        TflmChange::RegistersDecode, "d96fe663d", "2025-10-17", "the TFLM_DECODE custom operator is registered" },
    TflmChangeInfo { TflmChange::CmsisNnConstTensorChecks, "11a8f50d9", "2025-10-17",
        "CMSIS-NN FULLY_CONNECTED, SVDF and UNIDIRECTIONAL_SEQUENCE_LSTM Prepare require constant weights",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo {
        TflmChange::RegistersDynamicUpdateSlice, "62cbc8e3e", "2025-11-10", "DYNAMIC_UPDATE_SLICE is registered" },
    TflmChangeInfo { TflmChange::RegistersReduceAll, "ef382bdaa", "2026-01-08", "REDUCE_ALL is registered" },
    TflmChangeInfo { TflmChange::ReduceRewrite, "0efdd51a3", "2026-01-16",
        "MEAN/SUM request three scratch buffers (index buffers for every type); OpDataReduce 44 B" },
    TflmChangeInfo { TflmChange::ScratchLimitTypoFixed, "183da3e30", "2026-02-11",
        "the scratch-limit message says 'exceeds' (was 'exeeds')" },
    TflmChangeInfo { TflmChange::CmsisNnGroupedConvDispatch, "d0890bb45", "2026-05-21",
        "TFLM pins CMSIS-NN 6d9d61d8: the 1x1 and 1xN convolution buffers require input depth == filter depth, so a "
        "grouped CONV_2D asks for the im2col buffer (before: the 1x1 or 1xN size)",
        ChangeScope::CmsisNnOnly },
    TflmChangeInfo { TflmChange::CmsisNnDepthwiseAnyBatch, "cc99d0597", "2026-05-27",
        "CMSIS-NN int8 DEPTHWISE_CONV_2D Prepare no longer asserts a batch of 1 (before: TFLITE_DCHECK_EQ aborts)",
        ChangeScope::CmsisNnOnly },
};

} // namespace

std::span<const TflmChangeInfo> tflmChanges()
{
    return kChanges;
}

const TflmChangeInfo& tflmChangeInfo(TflmChange c)
{
    return rowWhereOr(kChanges, &TflmChangeInfo::change, c, kChanges.front()); // tflm_changes_test.cpp: a row each
}

bool tflmHas(TflmVersion v, TflmChange c)
{
    return tflmVersionInfo(v).date >= tflmChangeInfo(c).date;
}

} // namespace arenascope
