// CMSIS-NN UNIDIRECTIONAL_SEQUENCE_LSTM (OPTIMIZED_KERNEL_DIR=cmsis_nn).
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/unidirectional_sequence_lstm.cc with
// kernels/lstm_eval.cc and lstm_eval_common.cc @90b983c2.
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include "arenascope_tflite_generated.h"

#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/lstm_shared.h: OpDataLSTM. LstmSizeInfo {time_major, batch, time, input, state},
// CellStateInfo {cell_clip, quantized_cell_clip, cell_state_scale_power}, the cell gate's
// activation, four GateParameters (two FullyConnectedParams each: nine 4-byte fields, two
// bools, a uint8 format), InterGateParameters (three ArithmeticParams), buffer_indices[4].
constexpr Field kSizeInfoFields[] = { boolean(), i32(4) };
constexpr StructDef kLstmSizeInfo { "LstmSizeInfo", kSizeInfoFields };
constexpr Field kCellStateInfoFields[] = { f32(), i16(), i32() };
constexpr StructDef kCellStateInfo { "CellStateInfo", kCellStateInfoFields };
constexpr Field kFullyConnectedParamsFields[] = { i32(9), boolean(2), i8() };
constexpr StructDef kFullyConnectedParams { "FullyConnectedParams", kFullyConnectedParamsFields };
constexpr Field kGateParametersFields[] = { nested(kFullyConnectedParams, 2) };
constexpr StructDef kGateParameters { "GateParameters", kGateParametersFields };
// kernels/internal/types.h: ArithmeticParams (broadcast category, offsets, multipliers and
// shifts, int32/float/int64/int16 activation ranges, broadcast_shape[5]).
constexpr Field kArithmeticParamsFields[] = { i8(), i32(12), f32(2), i64(2), i16(2), i32(5) };
constexpr StructDef kArithmeticParams { "ArithmeticParams", kArithmeticParamsFields };
constexpr Field kOpDataLstmFields[] = { nested(kLstmSizeInfo), nested(kCellStateInfo),
    plainEnum(tflm::kTfLiteFusedActivationMax), nested(kGateParameters, 4), nested(kArithmeticParams, 3), i32(4) };
constexpr StructDef kOpDataLstm { "OpDataLSTM", kOpDataLstmFields };
// CMSIS-NN's arm_nn_types.h: cmsis_nn_lstm_gate (multipliers and shifts, weight and bias
// pointers, arm_nn_activation_type) and cmsis_nn_lstm_params (15 int32 fields, four gates).
constexpr Field kLstmGateFields[] = { i32(2), ptr(2), i32(2), ptr(3), plainEnum(1) };
constexpr StructDef kLstmGate { "cmsis_nn_lstm_gate", kLstmGateFields };
constexpr Field kLstmParamsFields[] = { i32(15), nested(kLstmGate, 4) };
constexpr StructDef kLstmParams { "cmsis_nn_lstm_params", kLstmParamsFields };
constexpr Field kLstmOpDataFields[] = { nested(kOpDataLstm), nested(kLstmParams) };
constexpr StructDef kLstmOpData { "OpData (cmsis_nn unidirectional_sequence_lstm)", kLstmOpDataFields };

Status lstmPrepare(KernelContext& ctx)
{
    const char* file = kLstmFile;
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.eq(337, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    ARENASCOPE_TRY(check.eq(338, "node->inputs->size", "24", static_cast<long long>(ctx.inputCount()), 24));
    // LstmTensors holds every present input and the output until Prepare returns.
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 24; ++i)
        ARENASCOPE_TRY(temps.input(i, false));
    ARENASCOPE_TRY(temps.output(0, false));
    const Tensor* input = ctx.input(0);
    const Tensor* hidden = ctx.input(18);
    const Tensor* cell = ctx.input(19);
    if (!input || !hidden || !cell || !ctx.output(0))
        return ctx.kernelError("LSTM input, output state, cell state and output must be present");
    for (std::size_t i = 1; i < 9; ++i)
        ARENASCOPE_TRY(check.ensure(
            355, !(!ctx.input(i) || !ctx.input(i)->hasData), "IsConstantTensor(lstm_tensors.GetInternalTensor(i))"));
    for (std::size_t i = 12; i < 16; ++i)
        ARENASCOPE_TRY(check.ensure(
            360, !(!ctx.input(i) || !ctx.input(i)->hasData), "IsConstantTensor(lstm_tensors.GetInternalTensor(i))"));
    if (input->shape.size() < 3 || hidden->shape.size() < 2)
        return ctx.kernelError("LSTM input must be 3-D and its state 2-D");
    const auto* options
        = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_UnidirectionalSequenceLSTMOptions() : nullptr;
    const bool timeMajor = options && options->time_major();
    const auto batch = static_cast<std::uint64_t>(input->shape[timeMajor ? 1 : 0]);
    const auto state = static_cast<std::uint64_t>(hidden->shape[1]);
    if (!isOneOf(cell->type, { D::Float32, D::Int16 })) {
        const TfLiteTypeInfo t = tfliteType(cell->type);
        return ctx.kernelError(formatString("Cell state type %s (%d) not supported. The quantized Unidirectional "
                                            "Sequence LSTM Op only support int16 cell state",
            t.name, t.code));
    }
    if (cell->type == D::Int16) {
        // CreateGateParams: per-channel weights get a multiplier/shift pair per fully connected
        // part (input, then recurrent) of each gate (forget, input, cell, output).
        static constexpr std::size_t kGateWeights[] = { 2, 6, 1, 5, 3, 7, 4, 8 };
        for (std::size_t w : kGateWeights)
            if (const Tensor* t = ctx.input(w); t && t->quant.present && t->quant.channels > 1) {
                ARENASCOPE_TRY(ctx.allocatePersistent(4ULL * t->quant.channels, "per_channel_output_multiplier"));
                ARENASCOPE_TRY(ctx.allocatePersistent(4ULL * t->quant.channels, "per_channel_output_shift"));
            }
    }
    std::size_t buffers = 4;
    if (cell->type == D::Int16 && isOneOf(input->type, { D::Int8, D::Int16 })) {
        // CMSIS_NN_PortOpData: eight kernel-sum arrays of the state size (int32 or int64 bias).
        const std::uint64_t sum = input->type == D::Int8 ? 4 : 8;
        for (int k = 0; k < 8; ++k)
            ARENASCOPE_TRY(ctx.allocatePersistent(sum * state, "kernel sums"));
        buffers = 3;
    }
    const std::uint64_t cellBytes = tflmTypeSize(cell->type).value_or(4);
    for (std::size_t k = 0; k < buffers; ++k)
        ARENASCOPE_TRY(ctx.requestScratch(batch * state * cellBytes, "LSTM gate buffer"));
    return okStatus();
}

constexpr std::array kProfiles = {
    builtin("UNIDIRECTIONAL_SEQUENCE_LSTM",
        "kernels/cmsis_nn/unidirectional_sequence_lstm.cc, lstm_eval.cc, lstm_eval_common.cc",
        &options::kUnidirectionalSequenceLstm, initStruct<kLstmOpData>, lstmPrepare),
};

} // namespace

const std::span<const KernelProfile> lstmProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
