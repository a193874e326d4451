// UNIDIRECTIONAL_SEQUENCE_LSTM; its op data is described member by member in lstm_op_data.h.
// Sources: tensorflow/lite/micro/kernels/unidirectional_sequence_lstm.cc, lstm_eval.cc,
// lstm_eval_common.cc, lstm_shared.h @90b983c2.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "lstm_op_data.h"
#include "profile_groups.h"

#include <array>

namespace arenascope::kernels {

namespace {
constexpr const char* kLstmCc = "tensorflow/lite/micro/kernels/unidirectional_sequence_lstm.cc";
} // namespace

// OpDataLSTM (kernels/lstm_shared.h) holds no pointers: 688 bytes on every target.

namespace {

constexpr const char* kLstmEvalCc = "tensorflow/lite/micro/kernels/lstm_eval.cc";

// LstmTensors::ValidateTensorStatus (lstm_eval.cc): input, hidden state, cell state and output.
Status validateLstmTensors(KernelContext& ctx)
{
    const Checks check(ctx, kLstmEvalCc);
    const Tensor* input = ctx.input(0);
    const Tensor* hidden = ctx.input(18);
    const Tensor* cell = ctx.input(19);
    const Tensor* output = ctx.output(0);
    ARENASCOPE_TRY(check.ensure(58, input, "internal_tensors_[kLstmInputTensor] != nullptr"));
    ARENASCOPE_TRY(check.ensure(60, hidden, "internal_tensors_[kLstmOutputStateTensor] != nullptr"));
    ARENASCOPE_TRY(check.ensure(61, hidden->isVariable, "internal_tensors_[kLstmOutputStateTensor]->is_variable"));
    ARENASCOPE_TRY(check.eq(64, "internal_tensors_[kLstmOutputStateTensor]->type",
        "internal_tensors_[kLstmInputTensor]->type", tfliteType(hidden->type).code, tfliteType(input->type).code));
    ARENASCOPE_TRY(check.ensure(67, cell, "internal_tensors_[kLstmCellStateTensor] != nullptr"));
    ARENASCOPE_TRY(check.ensure(68, cell->isVariable, "internal_tensors_[kLstmCellStateTensor]->is_variable"));
    ARENASCOPE_TRY(check.ensure(70, output, "output_tensor_ != nullptr"));
    ARENASCOPE_TRY(check.eq(72, "output_tensor_->type", "internal_tensors_[kLstmInputTensor]->type",
        tfliteType(output->type).code, tfliteType(input->type).code));
    return okStatus();
}

} // namespace

Status lstmPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kLstmCc);
    ARENASCOPE_TRY(check.eq(45, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    ARENASCOPE_TRY(check.eq(46, "node->inputs->size", "24", static_cast<long long>(ctx.inputCount()), 24));
    // LstmTensors holds every present input and the output until Prepare returns.
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < 24; ++i)
        ARENASCOPE_TRY(temps.input(i, false));
    ARENASCOPE_TRY(temps.output(0, false));
    ARENASCOPE_TRY(validateLstmTensors(ctx));
    const Tensor* input = ctx.input(0);
    const Tensor* cellState = ctx.input(19);
    // Per-channel int8 weights need one multiplier/shift array pair per gate and direction.
    const std::uint64_t state = cellState->shape.empty() ? 0 : static_cast<std::uint64_t>(cellState->shape.back());
    if (input->type == DataType::Int8) {
        static constexpr std::size_t kGateWeights[] = { 1, 5, 2, 6, 3, 7, 4, 8 }; // forget, input, cell, output
        bool perChannel = false;
        for (std::size_t w : kGateWeights)
            if (const Tensor* t = ctx.input(w); t && t->quant.channels > 1)
                perChannel = true;
        if (perChannel)
            for (int k = 0; k < 16; ++k)
                ARENASCOPE_TRY(ctx.allocatePersistent(4 * state, "per-channel gate parameters"));
    }
    const bool batchMajor = input->shape.size() == 3;
    const auto* options
        = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_UnidirectionalSequenceLSTMOptions() : nullptr;
    const bool timeMajor = options && options->time_major();
    std::uint64_t batch = 1;
    if (batchMajor)
        batch = static_cast<std::uint64_t>(input->shape[timeMajor ? 1 : 0]);
    const std::uint64_t typeSize = tflmTypeSize(cellState->type).value_or(4);
    for (int k = 0; k < 4; ++k)
        ARENASCOPE_TRY(ctx.requestScratch(batch * state * typeSize, "LSTM gate buffer"));
    return okStatus();
}

namespace {
constexpr std::array kProfiles = {
    builtin("UNIDIRECTIONAL_SEQUENCE_LSTM", "kernels/unidirectional_sequence_lstm.cc, lstm_eval.cc",
        &options::kUnidirectionalSequenceLstm, initStruct<lstmdata::kOpDataLstm>, lstmPrepare),
};
} // namespace

const std::span<const KernelProfile> lstmProfiles = kProfiles;

} // namespace arenascope::kernels
