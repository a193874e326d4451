#pragma once
// The op-data structs of the kernels in comparisons_and_logical.cpp, select.cpp, cumsum.cpp,
// transpose_conv.cpp, batch_matmul.cpp, embedding_lookup.cpp, resource_variables.cpp,
// control_flow.cpp, circular_buffer.cpp and detection_postprocess.cpp, placed in the tail
// (AllocatePersistentBuffer(sizeof(T))) and described by their members in declaration order so
// their size follows the target's layout rules. Each definition names the tflite-micro
// @90b983c2 file that declares it.

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::opdata {

using namespace arenascope::tflm;

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

} // namespace arenascope::kernels::opdata

namespace arenascope::kernels {
namespace od = opdata; // the short name every kernel file uses
} // namespace arenascope::kernels
