#pragma once
// The reference kernels' profile tables, one per file of kernels/ (named after TFLM's kernel
// sources), and the `ethos-u` co-processor's; kernel_profile.cpp searches them all, by builtin
// code or custom name, so the order of the groups and of their rows does not matter. Each row
// cites the TFLM source it was read from.

#include "core/emulation/kernel_profile.h"

#include <span>

namespace arenascope::kernels {

// Convolution, matrix products, pooling --------------------------------------------------------
extern const std::span<const KernelProfile> convProfiles; // conv.cpp: CONV_2D, DEPTHWISE_CONV_2D
extern const std::span<const KernelProfile> transposeConvProfiles; // transpose_conv.cpp: TRANSPOSE_CONV
extern const std::span<const KernelProfile> fullyConnectedProfiles; // fully_connected.cpp: FULLY_CONNECTED
extern const std::span<const KernelProfile> batchMatmulProfiles; // batch_matmul.cpp: BATCH_MATMUL
extern const std::span<const KernelProfile> poolingProfiles; // pooling.cpp: AVERAGE_POOL_2D, MAX_POOL_2D, L2_POOL_2D
extern const std::span<const KernelProfile> svdfProfiles; // svdf.cpp: SVDF
extern const std::span<const KernelProfile>
    lstmProfiles; // unidirectional_sequence_lstm.cpp: UNIDIRECTIONAL_SEQUENCE_LSTM
extern const std::span<const KernelProfile> embeddingLookupProfiles; // embedding_lookup.cpp: EMBEDDING_LOOKUP

// Element-wise math and normalisation ----------------------------------------------------------
// activations.cpp: RELU, RELU6, LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, PRELU, ELU
extern const std::span<const KernelProfile> activationProfiles;
// elementwise_unary.cpp: ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT, EXP, CEIL, ROUND,
// FLOOR, NEG
extern const std::span<const KernelProfile> elementwiseUnaryProfiles;
// arithmetic.cpp: ADD, SUB, MUL, DIV, ADD_N, SQUARED_DIFFERENCE, FLOOR_DIV, FLOOR_MOD, MAXIMUM,
// MINIMUM
extern const std::span<const KernelProfile> arithmeticProfiles;
// comparisons_and_logical.cpp: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL,
// LOGICAL_AND, LOGICAL_OR
extern const std::span<const KernelProfile> comparisonsAndLogicalProfiles;
extern const std::span<const KernelProfile> selectProfiles; // select.cpp: SELECT_V2
extern const std::span<const KernelProfile> typeConversionProfiles; // type_conversion.cpp: CAST, QUANTIZE, DEQUANTIZE
extern const std::span<const KernelProfile> softmaxProfiles; // softmax.cpp: SOFTMAX, LOG_SOFTMAX
extern const std::span<const KernelProfile> l2NormProfiles; // l2norm.cpp: L2_NORMALIZATION

// Reductions and scans -------------------------------------------------------------------------
extern const std::span<const KernelProfile> reduceProfiles; // reduce.cpp: MEAN, SUM, REDUCE_MAX, REDUCE_MIN, REDUCE_ALL
extern const std::span<const KernelProfile> argMinMaxProfiles; // arg_min_max.cpp: ARG_MAX, ARG_MIN
extern const std::span<const KernelProfile> cumsumProfiles; // cumsum.cpp: CUMSUM

// Shapes and data movement ---------------------------------------------------------------------
extern const std::span<const KernelProfile> reshapeProfiles; // reshape.cpp: RESHAPE, SQUEEZE, EXPAND_DIMS
extern const std::span<const KernelProfile> shapeProfiles; // shape.cpp: SHAPE
extern const std::span<const KernelProfile> fillProfiles; // fill.cpp: FILL, ZEROS_LIKE
extern const std::span<const KernelProfile> padProfiles; // pad.cpp: PAD, PADV2, MIRROR_PAD
extern const std::span<const KernelProfile> sliceProfiles; // slice.cpp: SLICE, STRIDED_SLICE, DYNAMIC_UPDATE_SLICE
// concatenation_and_split.cpp: CONCATENATION, PACK, SPLIT, SPLIT_V, UNPACK
extern const std::span<const KernelProfile> concatenationAndSplitProfiles;
extern const std::span<const KernelProfile> gatherProfiles; // gather.cpp: GATHER, GATHER_ND
// space_depth_batch.cpp: DEPTH_TO_SPACE, SPACE_TO_DEPTH, BATCH_TO_SPACE_ND, SPACE_TO_BATCH_ND
extern const std::span<const KernelProfile> spaceDepthBatchProfiles;
extern const std::span<const KernelProfile> resizeProfiles; // resize.cpp: RESIZE_BILINEAR, RESIZE_NEAREST_NEIGHBOR
extern const std::span<const KernelProfile> broadcastProfiles; // broadcast.cpp: BROADCAST_TO, BROADCAST_ARGS
extern const std::span<const KernelProfile>
    transposeAndReverseProfiles; // transpose_and_reverse.cpp: TRANSPOSE, REVERSE_V2

// Graph state and control flow -----------------------------------------------------------------
// resource_variables.cpp: VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE
extern const std::span<const KernelProfile> resourceVariableProfiles;
extern const std::span<const KernelProfile> controlFlowProfiles; // control_flow.cpp: IF, WHILE, CALL_ONCE

// Custom operators -----------------------------------------------------------------------------
extern const std::span<const KernelProfile> circularBufferProfiles; // circular_buffer.cpp: CIRCULAR_BUFFER
// detection_postprocess.cpp: TFLite_Detection_PostProcess
extern const std::span<const KernelProfile> detectionPostprocessProfiles;
extern const std::span<const KernelProfile> decodeProfiles; // decode.cpp: TFLM_DECODE
extern const std::span<const KernelProfile> signalProfiles; // signal.cpp: the signal library's operators (Signal*)

// Co-processor: not in the reference set ------------------------------------------------------
extern const std::span<const KernelProfile>
    ethosUProfiles; // ethos_u.cpp: the `ethos-u` custom operator (CO_PROCESSOR=ethos_u)

} // namespace arenascope::kernels
