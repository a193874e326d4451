#pragma once
// The op-data structs the kernel profiles of activations.cpp, elementwise_unary.cpp,
// arithmetic.cpp, type_conversion.cpp, softmax.cpp, l2norm.cpp, fully_connected.cpp,
// pooling.cpp, conv.cpp, pad.cpp, slice.cpp, concatenation_and_split.cpp and svdf.cpp (and the
// CMSIS-NN and ESP-NN kernels that reuse them) allocate with AllocatePersistentBuffer(sizeof(T)),
// described by their members in declaration order (tflite-micro @90b983c2) so layoutOf gives
// each target's size.
//
// Member types as the C++ build sees them: an `enum class X : uint8_t` is a byte (i8), an
// `int` is i32, TfLiteQuantizationType is declared `: int` under C++ (lite/core/c/common.h)
// and so is an int, while TfLiteType is a plain enum (short with arm-none-eabi).

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::opdata {

using namespace arenascope::tflm;

// Shared parameter structs (lite/kernels/internal/types.h) -----------------------------

// ReluParams : ActivationParams {FusedActivationFunctionType (uint8_t) activation_type;
// int32 quantized_activation_min, max} + input_offset, output_offset, output_multiplier,
// output_shift.
inline constexpr Field kReluParamsFields[] = { i8(), i32(2), i32(4) };
inline constexpr StructDef kReluParams { "ReluParams", kReluParamsFields };

// ArithmeticParams: broadcast_category (uint8_t enum class), input1/2 and output offsets,
// output multiplier and shift, left_shift, input1/2 multipliers and shifts, quantized and
// float activation bounds, int64 and int16 activation bounds, broadcast_shape[5].
inline constexpr Field kArithmeticParamsFields[] = { i8(), i32(10), i32(2), f32(2), i64(2), i16(2), i32(5) };
inline constexpr StructDef kArithmeticParams { "ArithmeticParams", kArithmeticParamsFields };

// DequantizationParams {double scale; int32 zero_point}.
inline constexpr Field kDequantizationParamsFields[] = { f64(), i32() };
inline constexpr StructDef kDequantizationParams { "DequantizationParams", kDequantizationParamsFields };

// QuantizationParams {int32 zero_point; double scale}.
inline constexpr Field kQuantizationParamsFields[] = { i32(), f64() };
inline constexpr StructDef kQuantizationParams { "QuantizationParams", kQuantizationParamsFields };

// PadParams: int8 left_padding_count, int32 left_padding[5], int8 right_padding_count,
// int32 right_padding[5], ResizingCategory (uint8_t enum class).
inline constexpr Field kPadParamsFields[] = { i8(), i32(5), i8(), i32(5), i8() };
inline constexpr StructDef kPadParams { "PadParams", kPadParamsFields };

// ConcatenationParams: axis, input_zeropoint, input_scale, inputs_count, output_zeropoint,
// output_scale.
inline constexpr Field kConcatenationParamsFields[] = { i32(), ptr(2), i32(2), f32() };
inline constexpr StructDef kConcatenationParams { "ConcatenationParams", kConcatenationParamsFields };

// Activations, math, normalisation, SUB, SQUARED_DIFFERENCE, ADD_N -------------------------

// kernels/activations.h: ReluOpData {ReluParams params}.
inline constexpr Field kReluOpDataFields[] = { nested(kReluParams) };
inline constexpr StructDef kReluOpData { "ReluOpData", kReluOpDataFields };
// kernels/activations.h: Relu6OpData {int32 six, zero}.
inline constexpr Field kRelu6OpDataFields[] = { i32(2) };
inline constexpr StructDef kRelu6OpData { "Relu6OpData", kRelu6OpDataFields };
// Before RELU6 took int16 (ef2179ce0, 2024-09-26): {int8 six_int8, zero_int8}.
inline constexpr Field kRelu6OpData2024Fields[] = { i8(2) };
inline constexpr StructDef kRelu6OpData2024 { "Relu6OpData", kRelu6OpData2024Fields };
// kernels/logistic.h: OpDataLogistic {input_zero_point, input_range_radius,
// input_multiplier, input_left_shift}.
inline constexpr Field kFourIntFields[] = { i32(4) };
inline constexpr StructDef kOpDataLogistic { "OpDataLogistic", kFourIntFields };
// kernels/tanh.cc: OpData, the same four members.
inline constexpr StructDef kOpDataTanh { "OpData (tanh)", kFourIntFields };
// internal/types.h: HardSwishParams: int16 input_zero_point, output_zero_point,
// reluish_multiplier_fixedpoint_int16; int reluish_multiplier_exponent; int16
// output_multiplier_fixedpoint_int16; int output_multiplier_exponent.
inline constexpr Field kHardSwishParamsFields[] = { i16(3), i32(), i16(), i32() };
inline constexpr StructDef kHardSwishParams { "HardSwishParams", kHardSwishParamsFields };
// kernels/leaky_relu.h: LeakyReluOpData: alpha and identity multipliers and shifts, input
// and output zero points.
inline constexpr Field kSixIntFields[] = { i32(6) };
inline constexpr StructDef kLeakyReluOpData { "LeakyReluOpData", kSixIntFields };
// internal/types.h: PreluParams: input, alpha and output offsets, two multiplier/shift pairs.
inline constexpr Field kSevenIntFields[] = { i32(7) };
inline constexpr StructDef kPreluParams { "PreluParams", kSevenIntFields };
// kernels/elu.cc: OpData {int8 table[256]}.
inline constexpr Field kEluOpDataFields[] = { i8(256) };
inline constexpr StructDef kOpDataElu { "OpData (elu)", kEluOpDataFields };
// kernels/elementwise.cc: OpDataAbsRsqrt: multiplier, shift, input_offset, output_offset,
// bool needs_rescale, TfLiteQuantizationType input_quantization_type, TfLiteType input_type.
inline constexpr Field kOpDataAbsRsqrtFields[] = { i32(4), boolean(), i32(), plainEnum(kTfLiteTypeMax) };
inline constexpr StructDef kOpDataAbsRsqrt { "OpDataAbsRsqrt", kOpDataAbsRsqrtFields };
// Before 39ba5a848 (2024-12-11) TfLiteQuantizationType was a plain enum (1 byte with short
// enums).
inline constexpr Field kOpDataAbsRsqrt2024Fields[] = { i32(4), boolean(), plainEnum(1), plainEnum(kTfLiteTypeMax) };
inline constexpr StructDef kOpDataAbsRsqrt2024 { "OpDataAbsRsqrt", kOpDataAbsRsqrt2024Fields };
// kernels/dequantize.h: DequantizeOpData: DequantizationParams quantization_params,
// output_multiplier, output_shift, output_zero_point.
inline constexpr Field kDequantizeOpDataFields[] = { nested(kDequantizationParams), i32(3) };
inline constexpr StructDef kDequantizeOpData { "DequantizeOpData", kDequantizeOpDataFields };
// internal/types.h: L2NormalizationParams {int32 input_zero_point}.
inline constexpr Field kOneIntFields[] = { i32() };
inline constexpr StructDef kL2NormalizationParams { "L2NormalizationParams", kOneIntFields };
// kernels/log_softmax.cc: LogSoftmaxOpData: input_multiplier, input_left_shift,
// reverse_scaling_divisor, reverse_scaling_right_shift, diff_min, size_t outer_size, depth.
inline constexpr Field kLogSoftmaxOpDataFields[] = { i32(5), sizeT(2) };
inline constexpr StructDef kLogSoftmaxOpData { "LogSoftmaxOpData", kLogSoftmaxOpDataFields };
// kernels/sub.h: OpDataSub: bool requires_broadcast, input1/2 shifts, activation min/max,
// input1/2 and output multipliers, output_shift, left_shift, input1/2 and output offsets.
inline constexpr Field kOpDataSubFields[] = { boolean(), i32(12) };
inline constexpr StructDef kOpDataSub { "OpDataSub", kOpDataSubFields };
// kernels/squared_difference.cc: OpData {bool requires_broadcast; ArithmeticParams}.
inline constexpr Field kSquaredDifferenceOpDataFields[] = { boolean(), nested(kArithmeticParams) };
inline constexpr StructDef kOpDataSquaredDifference { "OpData (squared_difference)", kSquaredDifferenceOpDataFields };
// kernels/add_n.cc: OpData: activation min/max, input and output offsets and multipliers,
// input/output/left shifts, scratch_index.
inline constexpr Field kAddNOpDataFields[] = { i32(10) };
inline constexpr StructDef kOpDataAddN { "OpData (add_n)", kAddNOpDataFields };

// Fully connected, pooling, softmax, quantize ------------------------------------------------

// kernels/fully_connected.h (not HEXAGON, no USE_TFLM_COMPRESSION): OpDataFullyConnected:
// output_multiplier, output_shift, activation min/max, input_quantized_index, input/filter/
// output zero points, filter_buffer_index, the per-channel multiplier and shift pointers,
// bool is_per_channel.
inline constexpr Field kOpDataFullyConnectedFields[] = { i32(9), ptr(2), boolean() };
inline constexpr StructDef kOpDataFullyConnected { "OpDataFullyConnected", kOpDataFullyConnectedFields };
// Before per-channel support (47b545074, 2024-09-27): the nine int32 fields only.
inline constexpr Field kOpDataFullyConnected2024Fields[] = { i32(9) };
inline constexpr StructDef kOpDataFullyConnected2024 { "OpDataFullyConnected", kOpDataFullyConnected2024Fields };
// kernels/pooling.h: OpDataPooling: TfLitePaddingValues padding, int32 activation min/max,
// float activation min/max.
inline constexpr Field kOpDataPoolingFields[] = { nested(kTfLitePaddingValues), i32(2), f32(2) };
inline constexpr StructDef kOpDataPooling { "OpDataPooling", kOpDataPoolingFields };
// internal/types.h: SoftmaxParams: double beta; input_multiplier, input_left_shift,
// reverse_scaling_divisor, reverse_scaling_right_shift, diff_min, zero_point; float scale;
// table, exp_lut, one_over_one_plus_x_lut, uint8_table1, uint8_table2.
inline constexpr Field kSoftmaxParamsFields[] = { f64(), i32(6), f32(), ptr(5) };
inline constexpr StructDef kSoftmaxParams { "SoftmaxParams", kSoftmaxParamsFields };
// kernels/quantize.h: OpDataQuantizeReference: QuantizationParams quantization_params,
// requantize_output_multiplier, requantize_output_shift, input_zero_point.
inline constexpr Field kOpDataQuantizeReferenceFields[] = { nested(kQuantizationParams), i32(3) };
inline constexpr StructDef kOpDataQuantizeReference { "OpDataQuantizeReference", kOpDataQuantizeReferenceFields };

// Convolution -------------------------------------------------------------------------------

// kernels/conv.h (no USE_TFLM_COMPRESSION): OpDataConv: TfLitePaddingValues padding;
// input/filter/output zero points, output multiplier and shift; per-channel multiplier and
// shift pointers; activation min/max, filter_buffer_index.
inline constexpr Field kOpDataConvFields[] = { nested(kTfLitePaddingValues), i32(5), ptr(2), i32(3) };
inline constexpr StructDef kOpDataConv { "OpDataConv", kOpDataConvFields };

// ADD, MUL, DIV, PAD, STRIDED_SLICE, CONCATENATION, SVDF ------------------------------------

// kernels/add.h: OpDataAdd: the OpDataSub members, then float activation min/max.
inline constexpr Field kOpDataAddFields[] = { boolean(), i32(12), f32(2) };
inline constexpr StructDef kOpDataAdd { "OpDataAdd", kOpDataAddFields };
// kernels/mul.h: OpDataMul: input1/2 zero points, activation min/max, output zero point,
// multiplier and shift, float activation min/max.
inline constexpr Field kOpDataMulFields[] = { i32(7), f32(2) };
inline constexpr StructDef kOpDataMul { "OpDataMul", kOpDataMulFields };
// kernels/div.cc: OpDataDiv: input1/2 and output zero points, activation min/max, output
// multiplier and shift.
inline constexpr StructDef kOpDataDiv { "OpDataDiv", kSevenIntFields };
// kernels/pad.h: OpData {PadParams params; int32 output_zero_point}.
inline constexpr Field kPadOpDataFields[] = { nested(kPadParams), i32() };
inline constexpr StructDef kOpDataPad { "OpData (pad)", kPadOpDataFields };
// internal/types.h: StridedSliceParams: int8 start_indices_count, int32 start_indices[5],
// int8 stop_indices_count, int32 stop_indices[5], int8 strides_count, int32 strides[5],
// uint16 begin/ellipsis/end/new_axis/shrink_axis masks, bool offset.
inline constexpr Field kStridedSliceParamsFields[] = { i8(), i32(5), i8(), i32(5), i8(), i32(5), i16(5), boolean() };
inline constexpr StructDef kStridedSliceParams { "StridedSliceParams", kStridedSliceParamsFields };
// kernels/concatenation.cc (no USE_TFLM_COMPRESSION): OpData {ConcatenationParams params}.
inline constexpr Field kConcatenationOpDataFields[] = { nested(kConcatenationParams) };
inline constexpr StructDef kOpDataConcatenation { "OpData (concatenation)", kConcatenationOpDataFields };
// kernels/svdf.h: OpDataSvdf: effective_scale_1_a, _2_a, _1_b, _2_b, scratch_tensor_index,
// scratch_output_tensor_index, input, output and activation-state zero points.
inline constexpr Field kOpDataSvdfFields[] = { i32(9) };
inline constexpr StructDef kOpDataSvdf { "OpDataSvdf", kOpDataSvdfFields };

} // namespace arenascope::kernels::opdata
