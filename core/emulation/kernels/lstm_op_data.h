#pragma once
// The op data UNIDIRECTIONAL_SEQUENCE_LSTM (unidirectional_sequence_lstm.cpp) places in the tail
// (AllocatePersistentBuffer(sizeof(OpDataLSTM))), described by its members in declaration order
// so its size follows the target's layout rules, with the kernels/internal/types.h parameter
// structs it nests. Each definition names the tflite-micro @90b983c2 file that declares it.

#include "core/emulation/tflm_structs.h"

namespace arenascope::kernels::lstmdata {

using namespace arenascope::tflm;

// TfLiteFusedActivation (builtin_op_data.h) members.
inline constexpr Field kActivationEnum = plainEnum(kTfLiteFusedActivationMax);

// kernels/internal/types.h -------------------------------------------------------------
// FullyConnectedParams: 4 x int32 offsets/multiplier, shift, activation min/max, float
// activation min/max, lhs/rhs_cacheable, weights_format (enum class : uint8_t).
inline constexpr Field kFullyConnectedParamsFields[] = { i32(7), f32(2), boolean(2), i8() };
inline constexpr StructDef kFullyConnectedParams { "FullyConnectedParams", kFullyConnectedParamsFields };
// ArithmeticParams: broadcast_category (enum class : uint8_t), 10 x int32 offsets,
// multipliers and shifts, int32 activation min/max, float activation min/max, int64
// activation min/max, int16 activation min/max, broadcast_shape[5].
inline constexpr Field kArithmeticParamsFields[] = { i8(), i32(12), f32(2), i64(2), i16(2), i32(5) };
inline constexpr StructDef kArithmeticParams { "ArithmeticParams", kArithmeticParamsFields };

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

} // namespace arenascope::kernels::lstmdata
