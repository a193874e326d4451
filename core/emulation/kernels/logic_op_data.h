#pragma once
// Op-data structs the kernels of logic_ops.cpp, sequence.cpp, signal.cpp and decode.cpp place
// in the tail (AllocatePersistentBuffer(sizeof(T))), described by their members in
// declaration order so their size follows the target's layout rules. Each definition names
// the tflite-micro @90b983c2 file that declares it.

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::logicdata {

using namespace arenascope::tflm;

// TfLiteType (tflite_types.h) and TfLiteFusedActivation (builtin_op_data.h) members.
inline constexpr Field kTypeEnum = plainEnum(kTfLiteTypeMax);
inline constexpr Field kActivationEnum = plainEnum(kTfLiteFusedActivationMax);

// kernels/internal/types.h -------------------------------------------------------------
// ComparisonParams: left_shift, input1 offset/multiplier/shift, input2 offset/multiplier/shift,
// is_broadcast.
inline constexpr Field kComparisonParamsFields[] = { i32(7), boolean() };
inline constexpr StructDef kComparisonParams { "ComparisonParams", kComparisonParamsFields };
// PaddingValues: width, height, width_offset, height_offset (int16_t).
inline constexpr Field kPaddingValues16Fields[] = { i16(4) };
inline constexpr StructDef kPaddingValues16 { "PaddingValues", kPaddingValues16Fields };
// ConvParams: padding_type (enum class : uint8_t), padding_values, strides and dilations
// (4 x int16_t), input/weights/output offsets, output multiplier and shift, quantized
// activation min/max, float activation min/max.
inline constexpr Field kConvParamsFields[] = { i8(), nested(kPaddingValues16), i16(4), i32(7), f32(2) };
inline constexpr StructDef kConvParams { "ConvParams", kConvParamsFields };
// FullyConnectedParams: 4 x int32 offsets/multiplier, shift, activation min/max, float
// activation min/max, lhs/rhs_cacheable, weights_format (enum class : uint8_t).
inline constexpr Field kFullyConnectedParamsFields[] = { i32(7), f32(2), boolean(2), i8() };
inline constexpr StructDef kFullyConnectedParams { "FullyConnectedParams", kFullyConnectedParamsFields };
// ArithmeticParams: broadcast_category (enum class : uint8_t), 10 x int32 offsets,
// multipliers and shifts, int32 activation min/max, float activation min/max, int64
// activation min/max, int16 activation min/max, broadcast_shape[5].
inline constexpr Field kArithmeticParamsFields[] = { i8(), i32(12), f32(2), i64(2), i16(2), i32(5) };
inline constexpr StructDef kArithmeticParams { "ArithmeticParams", kArithmeticParamsFields };

// kernels/comparisons.cc: OpData { ComparisonParams params; }.
inline constexpr Field kComparisonOpDataFields[] = { nested(kComparisonParams) };
inline constexpr StructDef kComparisonOpData { "OpData (comparisons)", kComparisonOpDataFields };
// kernels/select.cc: OpData { bool requires_broadcast; }.
inline constexpr Field kSelectOpDataFields[] = { boolean() };
inline constexpr StructDef kSelectOpData { "OpData (select)", kSelectOpDataFields };
// Before 2b7a4ad62 (2023-06-01): {bool requires_broadcast, has_low_rank_input_condition}.
inline constexpr Field kSelectOpData2023Fields[] = { boolean(2) };
inline constexpr StructDef kSelectOpData2023 { "OpData (select)", kSelectOpData2023Fields };
// kernels/cumsum.cc: OpData, int8 only: activation min/max, input/output offsets,
// input/output multipliers, input/output shifts, left_shift.
inline constexpr Field kCumsumOpDataFields[] = { i32(9) };
inline constexpr StructDef kCumsumOpData { "OpData (cumsum)", kCumsumOpDataFields };
// kernels/transpose_conv.cc: OpData { ConvParams; scratch_buffer_index;
// bias_converted_buffer_index; per_channel_output_multiplier; per_channel_output_shift }
// (no USE_TFLM_COMPRESSION).
inline constexpr Field kTransposeConvOpDataFields[] = { nested(kConvParams), i32(2), ptr(2) };
inline constexpr StructDef kTransposeConvOpData { "OpData (transpose_conv)", kTransposeConvOpDataFields };
// kernels/batch_matmul.h: QuantizationOpDataBatchMatmul: output multiplier and shift,
// activation min/max, lhs/rhs/output zero points.
inline constexpr Field kBatchMatmulQuantizationFields[] = { i32(7) };
inline constexpr StructDef kBatchMatmulQuantization { "QuantizationOpDataBatchMatmul", kBatchMatmulQuantizationFields };
// kernels/batch_matmul.h: OpDataBatchMatmul: quantization, lhs/rhs transposed tensors,
// rhs_is_transposed, lhs/rhs_is_constant_tensor.
inline constexpr Field kBatchMatmulOpDataFields[] = { ptr(3), boolean(3) };
inline constexpr StructDef kBatchMatmulOpData { "OpDataBatchMatmul", kBatchMatmulOpDataFields };
// kernels/embedding_lookup.cc: OpData { float scale; size_t num_columns; }.
inline constexpr Field kEmbeddingLookupOpDataFields[] = { f32(), sizeT() };
inline constexpr StructDef kEmbeddingLookupOpData { "OpData (embedding_lookup)", kEmbeddingLookupOpDataFields };
// kernels/var_handle.cc: OpData { int32_t resource_id; }.
inline constexpr Field kVarHandleOpDataFields[] = { i32() };
inline constexpr StructDef kVarHandleOpData { "OpData (var_handle)", kVarHandleOpDataFields };
// kernels/if.cc: OpData { then_subgraph_index; else_subgraph_index; } and kernels/while.cc:
// OpData { cond_subgraph_index; body_subgraph_index; }.
inline constexpr Field kTwoSubgraphsOpDataFields[] = { i32(2) };
inline constexpr StructDef kIfOpData { "OpData (if)", kTwoSubgraphsOpDataFields };
inline constexpr StructDef kWhileOpData { "OpData (while)", kTwoSubgraphsOpDataFields };
// kernels/call_once.cc: OpData { int init_subgraph_index; bool has_run; }.
inline constexpr Field kCallOnceOpDataFields[] = { i32(), boolean() };
inline constexpr StructDef kCallOnceOpData { "OpData (call_once)", kCallOnceOpDataFields };
// kernels/circular_buffer.h: OpDataCircularBuffer { cycles_until_run; cycles_max; }.
inline constexpr Field kCircularBufferOpDataFields[] = { i32(2) };
inline constexpr StructDef kCircularBufferOpData { "OpDataCircularBuffer", kCircularBufferOpDataFields };
// kernels/detection_postprocess.cc: CenterSizeEncoding { y, x, h, w }.
inline constexpr Field kCenterSizeEncodingFields[] = { f32(4) };
inline constexpr StructDef kCenterSizeEncoding { "CenterSizeEncoding", kCenterSizeEncodingFields };
// kernels/detection_postprocess.cc: OpData: max_detections, max_classes_per_detection,
// detections_per_class, two float thresholds, num_classes, use_regular_non_max_suppression,
// scale_values, 11 scratch indices, three cached TfLiteQuantizationParams.
inline constexpr Field kDetectionPostprocessOpDataFields[]
    = { i32(3), f32(2), i32(), boolean(), nested(kCenterSizeEncoding), i32(11), nested(kTfLiteQuantizationParams, 3) };
inline constexpr StructDef kDetectionPostprocessOpData { "OpData (detection_postprocess)",
    kDetectionPostprocessOpDataFields };

// kernels/lstm_shared.h ----------------------------------------------------------------
// LstmSizeInfo { bool time_major; batch_size; time_steps; input_dimension; state_dimension }.
inline constexpr Field kLstmSizeInfoFields[] = { boolean(), i32(4) };
inline constexpr StructDef kLstmSizeInfo { "LstmSizeInfo", kLstmSizeInfoFields };
// CellStateInfo { float cell_clip; int16_t quantized_cell_clip; int32_t cell_state_scale_power }.
inline constexpr Field kCellStateInfoFields[] = { f32(), i16(), i32() };
inline constexpr StructDef kCellStateInfo { "CellStateInfo", kCellStateInfoFields };
// GateParameters { FullyConnectedParams input_fc_params, recurrent_fc_params }.
inline constexpr Field kGateParametersFields[] = { nested(kFullyConnectedParams, 2) };
inline constexpr StructDef kGateParameters { "GateParameters", kGateParametersFields };
// InterGateParameters: forget_cell_mul, input_mul, output_mul ArithmeticParams.
inline constexpr Field kInterGateParametersFields[] = { nested(kArithmeticParams, 3) };
inline constexpr StructDef kInterGateParameters { "InterGateParameters", kInterGateParametersFields };
// OpDataLSTM: size_info, cell_state_info, cell_gate_nonlinear_type, four gates' parameters,
// inter_gate_parameters, buffer_indices[4].
inline constexpr Field kOpDataLstmFields[] = { nested(kLstmSizeInfo), nested(kCellStateInfo), kActivationEnum,
    nested(kGateParameters, 4), nested(kInterGateParameters), i32(4) };
inline constexpr StructDef kOpDataLstm { "OpDataLSTM", kOpDataLstmFields };

// signal/ -------------------------------------------------------------------------------
// signal/src/circular_buffer.h: CircularBuffer { size_t capacity, read, write; int32_t empty,
// buffer_size; int16_t* buffer }.
inline constexpr Field kSignalCircularBufferFields[] = { sizeT(3), i32(2), ptr() };
inline constexpr StructDef kSignalCircularBuffer { "CircularBuffer", kSignalCircularBufferFields };
// signal/micro/kernels/window.cc: TFLMSignalWindowParams { shift; input_size }.
inline constexpr Field kSignalWindowParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalWindowParams { "TFLMSignalWindowParams", kSignalWindowParamsFields };
// signal/micro/kernels/rfft.cc: TfLiteAudioFrontendRfftParams { fft_length, input_size,
// input_length, output_length; TfLiteType fft_type; T* work_area; int scratch_buffer_index;
// int8_t* state }.
inline constexpr Field kSignalRfftParamsFields[] = { i32(4), kTypeEnum, ptr(), i32(), ptr() };
inline constexpr StructDef kSignalRfftParams { "TfLiteAudioFrontendRfftParams", kSignalRfftParamsFields };
// signal/micro/kernels/irfft.cc: TfLiteAudioFrontendIrfftParams { fft_length, input_size,
// input_length, output_length; TfLiteType fft_type; int8_t* state }.
inline constexpr Field kSignalIrfftParamsFields[] = { i32(4), kTypeEnum, ptr() };
inline constexpr StructDef kSignalIrfftParams { "TfLiteAudioFrontendIrfftParams", kSignalIrfftParamsFields };
// signal/src/irfft_float.cc: IrfftFloatState { int32_t fft_length; kiss_fftr_cfg cfg }.
inline constexpr Field kSignalIrfftFloatStateFields[] = { i32(), ptr() };
inline constexpr StructDef kSignalIrfftFloatState { "IrfftFloatState", kSignalIrfftFloatStateFields };
// signal/micro/kernels/energy.cc: TFLMSignalEnergyParams { end_index; start_index }.
inline constexpr Field kSignalEnergyParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalEnergyParams { "TFLMSignalEnergyParams", kSignalEnergyParamsFields };
// signal/src/filter_bank.h: FilterbankConfig { num_channels; channel_frequency_starts,
// channel_weight_starts, channel_widths, weights, unweights; output_scale;
// input_correction_bits }.
inline constexpr Field kSignalFilterbankConfigFields[] = { i32(), ptr(5), i32(2) };
inline constexpr StructDef kSignalFilterbankConfig { "FilterbankConfig", kSignalFilterbankConfigFields };
// signal/micro/kernels/filter_bank.cc: TFLMSignalFilterBankParams { config; uint64_t* work_area }.
inline constexpr Field kSignalFilterBankParamsFields[] = { nested(kSignalFilterbankConfig), ptr() };
inline constexpr StructDef kSignalFilterBankParams { "TFLMSignalFilterBankParams", kSignalFilterBankParamsFields };
// signal/src/filter_bank_spectral_subtraction.h: SpectralSubtractionConfig { num_channels,
// smoothing, one_minus_smoothing, min_signal_remaining, alternate_smoothing,
// alternate_one_minus_smoothing, smoothing_bits, spectral_subtraction_bits; bool clamping }.
inline constexpr Field kSignalSpectralSubtractionConfigFields[] = { i32(8), boolean() };
inline constexpr StructDef kSignalSpectralSubtractionConfig { "SpectralSubtractionConfig",
    kSignalSpectralSubtractionConfigFields };
// signal/micro/kernels/filter_bank_spectral_subtraction.cc: TFLMSignalSpectralSubtractionParams
// { config; uint32_t* noise_estimate; size_t noise_estimate_size }.
inline constexpr Field kSignalSpectralSubtractionParamsFields[]
    = { nested(kSignalSpectralSubtractionConfig), ptr(), sizeT() };
inline constexpr StructDef kSignalSpectralSubtractionParams { "TFLMSignalSpectralSubtractionParams",
    kSignalSpectralSubtractionParamsFields };
// signal/micro/kernels/pcan.cc: TfLitePcanParams { int snr_shift }.
inline constexpr Field kSignalPcanParamsFields[] = { i32() };
inline constexpr StructDef kSignalPcanParams { "TfLitePcanParams", kSignalPcanParamsFields };
// signal/micro/kernels/filter_bank_log.cc: TFLMSignalLogParams { input_correction_bits;
// output_scale }.
inline constexpr Field kSignalLogParamsFields[] = { i32(2) };
inline constexpr StructDef kSignalLogParams { "TFLMSignalLogParams", kSignalLogParamsFields };
// signal/micro/kernels/delay.cc: TFLMSignalFrontendDelayParams { frame_size, delay_length,
// outer_dims; int8_t** state_buffers; CircularBuffer** circular_buffers }.
inline constexpr Field kSignalDelayParamsFields[] = { i32(3), ptr(2) };
inline constexpr StructDef kSignalDelayParams { "TFLMSignalFrontendDelayParams", kSignalDelayParamsFields };
// signal/micro/kernels/framer.cc: TFLMSignalFramerParams { frame_size, frame_step, outer_dims,
// n_frames; bool prefill; state_buffers; circular_buffers }.
inline constexpr Field kSignalFramerParamsFields[] = { i32(4), boolean(), ptr(2) };
inline constexpr StructDef kSignalFramerParams { "TFLMSignalFramerParams", kSignalFramerParamsFields };
// signal/micro/kernels/overlap_add.cc: TFLMSignalOverlapAddParams<T> { frame_size,
// frame_step, outer_dims, n_frames; TfLiteType type; T** state_buffers }.
inline constexpr Field kSignalOverlapAddParamsFields[] = { i32(4), kTypeEnum, ptr() };
inline constexpr StructDef kSignalOverlapAddParams { "TFLMSignalOverlapAddParams", kSignalOverlapAddParamsFields };
// signal/micro/kernels/stacker.cc: TFLMSignalStackerParams { num_channels,
// stacker_left_context, stacker_right_context, stacker_step; size_t buffer_size, step_size;
// bool stacker_has_first_frame; int8_t* state; CircularBuffer* circular_buffer }.
inline constexpr Field kSignalStackerParamsFields[] = { i32(4), sizeT(2), boolean(), ptr(2) };
inline constexpr StructDef kSignalStackerParams { "TFLMSignalStackerParams", kSignalStackerParamsFields };

// kernels/decode_state*.h ---------------------------------------------------------------
// DecodeState: vptr, const TfLiteContext* context_, MicroProfilerInterface* micro_profiler_.
inline constexpr Field kDecodeStateFields[] = { ptr(3) };
inline constexpr StructDef kDecodeState { "DecodeState", kDecodeStateFields };
// DecodeStateLut: compressed_indices_, count_indices_, num_channels_, elements_per_channel_,
// value_table_, value_table_channel_stride_, compressed_bit_width_, use_alternate_axis_.
inline constexpr Field kDecodeStateLutFields[] = { base(kDecodeState), ptr(), sizeT(3), ptr(), i8(2), boolean() };
inline constexpr StructDef kDecodeStateLut { "DecodeStateLut", kDecodeStateLutFields };
// DecodeStatePrune: compressed_indices_, count_indices_, num_channels_, elements_per_channel_,
// value_table_, zero_points_, single_zero_point_, use_alternate_axis_.
inline constexpr Field kDecodeStatePruneFields[] = { base(kDecodeState), ptr(), sizeT(3), ptr(2), i8(), boolean() };
inline constexpr StructDef kDecodeStatePrune { "DecodeStatePrune", kDecodeStatePruneFields };
// DecodeStateHuffman: compressed_codewords_, count_codewords_, huffman_tables_,
// use_32bit_table_, initial_table_size_.
inline constexpr Field kDecodeStateHuffmanFields[] = { base(kDecodeState), ptr(), sizeT(), ptr(), boolean(), i8() };
inline constexpr StructDef kDecodeStateHuffman { "DecodeStateHuffman", kDecodeStateHuffmanFields };

} // namespace arenascope::kernels::logicdata
