#pragma once
// The TfLite*Params structs TFLM's flatbuffer parser allocates in the tail for a builtin
// operator (ParseOpData in micro/flatbuffer_conversions_bridge / lite/core/api/
// flatbuffer_conversions.cc: SafeBuiltinDataAllocator::Allocate<T>, sizeof and alignof T).
// Members as declared in tensorflow/compiler/mlir/lite/core/c/builtin_op_data.h @90b983c2.
// Their size depends on the target's enum rule: TfLiteAddParams is 8 bytes with int enums
// and 2 with arm-none-eabi's short enums.

#include "core/emulation/tflm_changes.h"
#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::options {

using namespace arenascope::tflm;

inline constexpr Field kPadding = plainEnum(kTfLitePaddingMax);
inline constexpr Field kActivation = plainEnum(kTfLiteFusedActivationMax);
inline constexpr Field kType = plainEnum(kTfLiteTypeMax);

inline constexpr Field kConvFields[] = { kPadding, i32(2), kActivation, i32(2), kType };
inline constexpr StructDef kConv { "TfLiteConvParams", kConvFields };
// padding, strides, filter size, activation, computed.padding.
inline constexpr Field kPoolFields[] = { kPadding, i32(4), kActivation, nested(kTfLitePaddingValues) };
inline constexpr StructDef kPool { "TfLitePoolParams", kPoolFields };
inline constexpr Field kDepthwiseConvFields[] = { kPadding, i32(3), kActivation, i32(2) };
inline constexpr StructDef kDepthwiseConv { "TfLiteDepthwiseConvParams", kDepthwiseConvFields };
inline constexpr Field kSvdfFields[] = { i32(), kActivation, boolean() }; // rank, activation, asymmetric
inline constexpr StructDef kSvdf { "TfLiteSVDFParams", kSvdfFields };
// activation, weights_format (0..1), keep_num_dims, asymmetric_quantize_inputs, quantized_bias_type.
inline constexpr Field kFullyConnectedFields[] = { kActivation, plainEnum(1), boolean(2), kType };
inline constexpr StructDef kFullyConnected { "TfLiteFullyConnectedParams", kFullyConnectedFields };
inline constexpr Field kSoftmaxFields[] = { f32() }; // beta
inline constexpr StructDef kSoftmax { "TfLiteSoftmaxParams", kSoftmaxFields };
inline constexpr Field kConcatenationFields[] = { i32(), kActivation }; // axis, activation
inline constexpr StructDef kConcatenation { "TfLiteConcatenationParams", kConcatenationFields };
inline constexpr Field kActivationPotFields[] = { kActivation, boolean() }; // activation, pot_scale_int16
inline constexpr StructDef kAdd { "TfLiteAddParams", kActivationPotFields };
inline constexpr StructDef kSub { "TfLiteSubParams", kActivationPotFields };
inline constexpr Field kBatchMatMulFields[] = { boolean(3) }; // adj_x, adj_y, asymmetric_quantize_inputs
inline constexpr StructDef kBatchMatMul { "TfLiteBatchMatMulParams", kBatchMatMulFields };
inline constexpr Field kActivationFields[] = { kActivation };
inline constexpr StructDef kMul { "TfLiteMulParams", kActivationFields };
inline constexpr StructDef kDiv { "TfLiteDivParams", kActivationFields };
inline constexpr StructDef kL2Norm { "TfLiteL2NormParams", kActivationFields };
// activation, cell_clip, proj_clip, time_major, asymmetric_quantize_inputs, diagonal_recurrent_tensors.
inline constexpr Field kLstmFields[] = { kActivation, f32(2), boolean(3) };
inline constexpr StructDef kUnidirectionalSequenceLstm { "TfLiteUnidirectionalSequenceLSTMParams", kLstmFields };
inline constexpr Field kTwoBoolFields[] = { boolean(2) }; // align_corners, half_pixel_centers
inline constexpr StructDef kResizeBilinear { "TfLiteResizeBilinearParams", kTwoBoolFields };
inline constexpr StructDef kResizeNearestNeighbor { "TfLiteResizeNearestNeighborParams", kTwoBoolFields };
inline constexpr StructDef kCumsum { "TfLiteCumsumParams", kTwoBoolFields }; // exclusive, reverse
inline constexpr Field kReshapeFields[] = { i32(8), i32() }; // shape[8], num_dimensions
inline constexpr StructDef kReshape { "TfLiteReshapeParams", kReshapeFields };
inline constexpr Field kOneIntFields[] = { i32() };
inline constexpr StructDef kSpaceToDepth { "TfLiteSpaceToDepthParams", kOneIntFields }; // block_size
inline constexpr StructDef kDepthToSpace { "TfLiteDepthToSpaceParams", kOneIntFields }; // block_size
inline constexpr StructDef kSplit { "TfLiteSplitParams", kOneIntFields }; // num_splits
inline constexpr StructDef kSplitV { "TfLiteSplitVParams", kOneIntFields }; // num_splits
inline constexpr StructDef kCallOnce { "TfLiteCallOnceParams", kOneIntFields }; // init_subgraph_index
inline constexpr Field kCastFields[] = { kType, kType }; // in_data_type, out_data_type
inline constexpr StructDef kCast { "TfLiteCastParams", kCastFields };
inline constexpr Field kTwoIntFields[] = { i32(2) };
inline constexpr StructDef kGather { "TfLiteGatherParams", kTwoIntFields }; // axis, batch_dims
inline constexpr StructDef kPack { "TfLitePackParams", kTwoIntFields }; // values_count, axis
inline constexpr StructDef kUnpack { "TfLiteUnpackParams", kTwoIntFields }; // num, axis
inline constexpr StructDef kIf { "TfLiteIfParams", kTwoIntFields }; // then, else subgraph
inline constexpr StructDef kWhile { "TfLiteWhileParams", kTwoIntFields }; // cond, body subgraph
inline constexpr Field kReducerFields[] = { boolean() }; // keep_dims
inline constexpr StructDef kReducer { "TfLiteReducerParams", kReducerFields };
inline constexpr Field kSqueezeFields[] = { i32(8), i32() }; // squeeze_dims[8], num_squeeze_dims
inline constexpr StructDef kSqueeze { "TfLiteSqueezeParams", kSqueezeFields };
// begin, end, ellipsis, new_axis, shrink_axis masks, offset.
inline constexpr Field kStridedSliceFields[] = { i32(5), boolean() };
inline constexpr StructDef kStridedSlice { "TfLiteStridedSliceParams", kStridedSliceFields };
inline constexpr Field kTypeFields[] = { kType };
inline constexpr StructDef kArgMax { "TfLiteArgMaxParams", kTypeFields }; // output_type
inline constexpr StructDef kArgMin { "TfLiteArgMinParams", kTypeFields }; // output_type
inline constexpr StructDef kShape { "TfLiteShapeParams", kTypeFields }; // out_type
inline constexpr Field kTransposeConvFields[] = { kPadding, i32(2), kActivation, kType };
inline constexpr StructDef kTransposeConv { "TfLiteTransposeConvParams", kTransposeConvFields };
inline constexpr Field kLeakyReluFields[] = { f32() }; // alpha
inline constexpr StructDef kLeakyRelu { "TfLiteLeakyReluParams", kLeakyReluFields };
inline constexpr Field kMirrorPaddingFields[] = { plainEnum(2) }; // TfLiteMirrorPaddingMode
inline constexpr StructDef kMirrorPadding { "TfLiteMirrorPaddingParams", kMirrorPaddingFields };
inline constexpr Field kVarHandleFields[] = { ptr(2) }; // container, shared_name
inline constexpr StructDef kVarHandle { "TfLiteVarHandleParams", kVarHandleFields };

// ---- Older snapshots ---------------------------------------------------------------------
// Before ad8d238f9 (2023-09-14) the conv, fully connected and transpose conv params had no
// quantized_bias_type; before 982aaef60 (2023-06-01) the strided slice params had no offset.
inline constexpr Field kConvBeforeBiasTypeFields[] = { kPadding, i32(2), kActivation, i32(2) };
inline constexpr StructDef kConvBeforeBiasType { "TfLiteConvParams", kConvBeforeBiasTypeFields };
inline constexpr Field kFullyConnectedBeforeBiasTypeFields[] = { kActivation, plainEnum(1), boolean(2) };
inline constexpr StructDef kFullyConnectedBeforeBiasType { "TfLiteFullyConnectedParams",
    kFullyConnectedBeforeBiasTypeFields };
inline constexpr Field kTransposeConvBeforeBiasTypeFields[] = { kPadding, i32(2), kActivation };
inline constexpr StructDef kTransposeConvBeforeBiasType { "TfLiteTransposeConvParams",
    kTransposeConvBeforeBiasTypeFields };
inline constexpr Field kStridedSliceBeforeOffsetFields[] = { i32(5) };
inline constexpr StructDef kStridedSliceBeforeOffset { "TfLiteStridedSliceParams", kStridedSliceBeforeOffsetFields };

// A params struct as a snapshot without `change` declares it.
struct ParamsBefore {
    const StructDef* newest;
    TflmChange change;
    const StructDef* before;
};
inline constexpr ParamsBefore kParamsBefore[] = {
    { &kConv, TflmChange::QuantizedBiasTypeParams, &kConvBeforeBiasType },
    { &kFullyConnected, TflmChange::QuantizedBiasTypeParams, &kFullyConnectedBeforeBiasType },
    { &kTransposeConv, TflmChange::QuantizedBiasTypeParams, &kTransposeConvBeforeBiasType },
    { &kStridedSlice, TflmChange::StridedSliceOffset, &kStridedSliceBeforeOffset },
};

// The params struct `newest` as snapshot `v` declares it.
inline const StructDef& paramsAt(const StructDef& newest, TflmVersion v)
{
    for (const ParamsBefore& p : kParamsBefore)
        if (p.newest == &newest && !tflmHas(v, p.change))
            return *p.before;
    return newest;
}

} // namespace arenascope::kernels::options
