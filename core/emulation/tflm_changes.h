#pragma once
// The upstream TFLM commits that change what AllocateTensors does, one row each: the commit, its
// date and what it changed. A snapshot has a change when its date is on or after the change's
// (every row is a commit on tflite-micro's main line, or on esp-tflite-micro's, whose releases
// carry the snapshot of their date: 1.3.1 71fba59b, 1.3.3 10ebaab9), so code that differs between snapshots
// names the change it depends on instead of a snapshot:
//
//   if (tflmHas(ctx.settings().tflm, TflmChange::FullyConnectedPerChannel)) ...
//
// Operators added later are rows of tflm_registry.cpp; check lines that moved are in
// tflm_check_sites.h.

#include "tflm_version.h"

#include <span>
#include <string_view>

namespace arenascope {

enum class TflmChange { // new rows go last (tflm_changes_test.cpp counts up to the last)
    SelectScalarReleasesTemps, // SELECT_V2's all-scalar case releases its four temp tensors
    SelectOpDataOneBool, // SELECT_V2 OpData drops has_low_rank_input_condition
    StridedSliceOffset, // TfLiteStridedSliceParams gains `bool offset`
    QuantizedBiasTypeParams, // conv, fully connected, transpose conv params gain quantized_bias_type
    RuntimeShapeSixDims, // RuntimeShape holds 6 dimensions inline (was 5)
    FullyConnectedFilterTypeCheck, // FULLY_CONNECTED Prepare rejects unsupported filter types
    ConvBiasOptional, // CONV_2D without a bias no longer releases a null temp tensor
    FullyConnectedPerChannelRejected, // per-channel FULLY_CONNECTED fails Prepare with a message
    FullyConnectedPerChannel, // per-channel FULLY_CONNECTED supported (int8), its persistent arrays
    Relu6Int16, // RELU6 int16: Relu6OpData of two int32, the quantized-six range check
    ConcatenationInt8Unscaled, // int8 CONCATENATION without its scale/zero-point arrays; scale checks
    QuantizationTypeInt, // TfLiteQuantizationType declared `: int` (4 bytes with short enums)
    FullyConnectedTypeMessage, // "filter type: %s" (was "filter type : %s")
    DepthwiseBiasOptional, // DEPTHWISE_CONV_2D releases the bias temp only when there is one
    FullyConnectedPerChannelInt16, // per-channel FULLY_CONNECTED accepts int16 input
    TempTensorNullChecked, // a failed temp TfLiteTensor allocation is reported, not written through
    DynamicTensorsFail, // Prepare fails an operator whose output has a dynamic dimension
    ScratchLimitTypoFixed, // "exceeds" instead of "exeeds" in the scratch-limit message
    ReduceRewrite, // MEAN/SUM three scratch buffers, OpDataReduce 11 fields
    ConstTensorChecks, // "Non-constant >x< tensor is not supported" in every kernel reading one
    PrepareFailureNumber, // "Node X (number 3)" instead of "(number 3f)"
    CmsisNnLstm, // kernels/cmsis_nn/unidirectional_sequence_lstm.cc (before: the reference LSTM)
    CmsisNnTransposeConv, // kernels/cmsis_nn/transpose_conv.cc (before: the reference TRANSPOSE_CONV)
    CmsisNnBatchMatmul, // kernels/cmsis_nn/batch_matmul.cc (before: the reference BATCH_MATMUL)
    CmsisNnPin2023, // TFLM's CMSIS-NN pin moves past e98ee09a: conv and depthwise glue and buffer sizes of today
    CmsisNnKernelSums, // CMSIS-NN FULLY_CONNECTED / SVDF: own Prepare with int8 kernel sums
    CmsisNnPrepareChecks, // CMSIS-NN ADD / SOFTMAX reject unsupported types with their own messages
    CmsisNnTransposeConvReverse, // CMSIS-NN TRANSPOSE_CONV: reverse-conv or column buffer sizes
    EspNnConvInitNodeData, // esp-tflite-micro's ESP-NN CONV_2D Init allocates NodeData (was OpDataConv)
    // Operators the resolver gains (MicroMutableOpResolver::Add*, the harness's resolver).
    RegistersSignalWindow,
    RegistersSignalRfft,
    RegistersSignalFramer,
    RegistersSignalOverlapAdd,
    RegistersSignalDelay,
    RegistersSignalStacker,
    RegistersSignalEnergy,
    RegistersSignalFilterBanks, // SignalFilterBank, ...Log, ...SpectralSubtraction, ...SquareRoot
    RegistersSignalFftAutoScale,
    RegistersSignalIrfft,
    RegistersEmbeddingLookup,
    RegistersSignalPcan,
    RegistersBatchMatmul,
    RegistersReverseV2,
    RegistersReduceMin,
    RegistersDecode,
    RegistersDynamicUpdateSlice,
    RegistersReduceAll,
    // Checks added to a Prepare (the check-site table says where; these rows date them).
    ReluInt16Checks, // RELU int16: zero points 0 (activations_common.cc)
    PoolingQuantizationChecks, // int8/int16 pooling: equal input and output scale and zero point
    SubInt32Checks, // SUB int32: no quantization on either input or the output
    PreluInt16AlphaCheck, // PRELU int16 output: int8 alpha
    CmsisNnConstTensorChecks, // CMSIS-NN FULLY_CONNECTED/SVDF/LSTM: constant weights required
    CmsisNnGroupedConvDispatch, // CMSIS-NN 1x1 and 1xN conv paths need input depth == filter depth
    CmsisNnDepthwiseAnyBatch, // CMSIS-NN int8 DEPTHWISE_CONV_2D no longer asserts batch == 1
    EspNnConvInitOpDataConv, // esp-tflite-micro's ESP-NN CONV_2D Init allocates OpDataConv (was NodeData)
};

// The builds a change touches: every build, or only those of one optimized kernel set.
enum class ChangeScope { AllBuilds, CmsisNnOnly, EspNnOnly };

struct TflmChangeInfo {
    TflmChange change;
    std::string_view commit; // tflite-micro (esp-tflite-micro for EspNnOnly rows), 9 hex digits
    std::string_view date; // commit date, "2024-09-27"
    std::string_view what; // one line, for the upgrade diff and the docs
    ChangeScope scope = ChangeScope::AllBuilds;
};

std::span<const TflmChangeInfo> tflmChanges(); // oldest first
const TflmChangeInfo& tflmChangeInfo(TflmChange c);
bool tflmHas(TflmVersion v, TflmChange c);

} // namespace arenascope
