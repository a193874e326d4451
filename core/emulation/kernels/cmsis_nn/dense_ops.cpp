// CMSIS-NN kernel profiles: FULLY_CONNECTED, BATCH_MATMUL, SVDF, UNIDIRECTIONAL_SEQUENCE_LSTM.
// Sources: tensorflow/lite/micro/kernels/cmsis_nn/fully_connected.cc, batch_matmul.cc, svdf.cc,
// unidirectional_sequence_lstm.cc with kernels/fully_connected_common.cc, batch_matmul_common.cc,
// lstm_eval.cc, lstm_eval_common.cc @90b983c2 (KERNELS_OPTIMIZED_FOR_SPEED, TFLM's default);
// buffer sizes from CMSIS-NN @4ab83cc3 (buffer_sizes.h).
#include "cmsis_helpers.h"
#include "cmsis_profiles.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"
#include "core/emulation/tflm_changes.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <array>

namespace arenascope::kernels::cmsis {

namespace {

// kernels/fully_connected.h: OpDataFullyConnected (multiplier, shift, activation range,
// input_quantized_index, three zero points, filter_buffer_index, two per-channel pointers,
// is_per_channel); cmsis_nn/fully_connected.cc adds two buffer indices, kernel_sums, batches,
// accum_depth, output_depth.
constexpr Field kOpDataFullyConnectedFields[] = { i32(9), ptr(2), boolean() };
constexpr StructDef kOpDataFullyConnected { "OpDataFullyConnected", kOpDataFullyConnectedFields };
constexpr Field kFcOpDataFields[] = { nested(kOpDataFullyConnected), i32(2), ptr(), i32(3) };
constexpr StructDef kFcOpData { "OpData (cmsis_nn fully_connected)", kFcOpDataFields };
// Before per-channel support (47b545074, 2024-09-27): the reference op data of that time (nine
// int32), the conv 1x1 path's multiplier and shift pointers, buffer_idx, from 3022d0960
// (2023-09-19) kernel_sums, then batches, accum_depth, output_depth.
constexpr Field kFcOpData2024Fields[] = { nested(opdata::kOpDataFullyConnected2024), ptr(2), i32(), ptr(), i32(3) };
constexpr StructDef kFcOpData2024 { "OpData (cmsis_nn fully_connected)", kFcOpData2024Fields };
constexpr Field kFcOpData2023Fields[] = { nested(opdata::kOpDataFullyConnected2024), ptr(2), i32(), i32(3) };
constexpr StructDef kFcOpData2023 { "OpData (cmsis_nn fully_connected)", kFcOpData2023Fields };

// kernels/batch_matmul.h: OpDataBatchMatmul (quantization, lhs and rhs transposed tensors,
// three flags); cmsis_nn/batch_matmul.cc adds the output cmsis_nn_dims and a buffer index.
constexpr Field kOpDataBatchMatmulFields[] = { ptr(3), boolean(3) };
constexpr StructDef kOpDataBatchMatmul { "OpDataBatchMatmul", kOpDataBatchMatmulFields };
constexpr Field kBatchMatmulOpDataFields[] = { nested(kOpDataBatchMatmul), i32(4), i32() };
constexpr StructDef kBatchMatmulOpData { "OpData (cmsis_nn batch_matmul)", kBatchMatmulOpDataFields };
// QuantizationOpDataBatchMatmul: multiplier, shift, activation range, three zero points.
constexpr Field kBatchMatmulQuantFields[] = { i32(7) };
constexpr StructDef kBatchMatmulQuant { "QuantizationOpDataBatchMatmul", kBatchMatmulQuantFields };

// cmsis_nn/svdf.cc (SPEED build): scales, four buffer indices, three zero points, kernel_sums.
constexpr Field kSvdfOpDataFields[] = { i32(9), ptr() };
constexpr StructDef kSvdfOpData { "CmsisNnOpDataSvdf", kSvdfOpDataFields };

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

std::int64_t lastDim(const Tensor& t)
{
    return t.shape.empty() ? 1 : t.shape.back();
}

Status ensureTypesMatch(
    KernelContext& ctx, const char* file, int line, const char* a, const char* b, const Tensor& x, const Tensor& y)
{
    if (x.type != y.type)
        return ensureEqFailed(ctx, file, line, a, b, tfliteType(x.type).code, tfliteType(y.type).code);
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// FULLY_CONNECTED

Status fullyConnectedInit(KernelContext& ctx)
{
    const TflmVersion v = ctx.settings().tflm;
    if (tflmHas(v, TflmChange::FullyConnectedPerChannel))
        return allocateStruct(ctx, kFcOpData);
    return allocateStruct(ctx, tflmHas(v, TflmChange::CmsisNnKernelSums) ? kFcOpData2024 : kFcOpData2023);
}

// Before per-channel support (47b545074, 2024-09-27; 71fba59b and 4e62ea7b), at that source's own
// lines: the reference CalculateOpDataFullyConnected of the snapshot, int16 zero-point checks,
// and for int8 with an output of rank > 2 and an accumulation depth that is a multiple of 4 (the
// conv 1x1 path) the multiplier and shift arrays in the tail. From 3022d0960 (2023-09-19) an int4
// filter takes no CMSIS-NN path, and a positive arm_fully_connected_s8 size (MVE) becomes the
// kernel sums, persistent when the weights are constant; before, every CMSIS-NN size is 0
// (e98ee09a) and an int4 filter gets its unpacking scratch.
Status fullyConnectedPrepareBeforePerChannel(KernelContext& ctx)
{
    const char* file = kFullyConnectedFile;
    const bool kernelSums = tflmHas(ctx.settings().tflm, TflmChange::CmsisNnKernelSums);
    const int typesLine = kernelSums ? 79 : 76;
    const int zeroPointLine = kernelSums ? 104 : 101; // the output's is the next line
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    ARENASCOPE_TRY(ensureTypesEqAsIs(ctx, file, typesLine, "input->type", "output->type", input.type, output.type));
    ARENASCOPE_TRY(calculateFullyConnectedOpData(ctx, input, filter));
    const std::int64_t accumDepth = lastDim(filter);
    const std::int64_t outputDepth = lastDim(output);
    if (input.type == D::Int16) {
        ARENASCOPE_TRY(ensureEqAsIs(
            ctx, file, zeroPointLine, "input->params.zero_point", "0", quantParams(ctx, input).zeroPoint, 0));
        ARENASCOPE_TRY(ensureEqAsIs(
            ctx, file, zeroPointLine + 1, "output->params.zero_point", "0", quantParams(ctx, output).zeroPoint, 0));
    } else if (input.type == D::Int8 && !(kernelSums && filter.type == D::Int4)) {
        if (output.shape.size() > 2 && accumDepth % 4 == 0) {
            const auto bytes = static_cast<std::uint64_t>(outputDepth) * 4;
            ARENASCOPE_TRY(ctx.allocatePersistent(bytes, "per_channel_output_multiplier (conv 1x1)"));
            ARENASCOPE_TRY(ctx.allocatePersistent(bytes, "per_channel_output_shift (conv 1x1)"));
        } else if (kernelSums) {
            const std::int64_t bytes
                = cmsisnn::fullyConnectedS8(cmsisnn::Dims { accumDepth, 1, 1, outputDepth }, extension(ctx));
            if (bytes > 0 && filter.hasData)
                return ctx.allocatePersistent(static_cast<std::uint64_t>(bytes), "kernel sums");
            return requestIfPositive(ctx, bytes, "arm_fully_connected_s8");
        }
    }
    if (!kernelSums && filter.type == D::Int4)
        ARENASCOPE_TRY(ctx.requestScratch(filter.elementCount, "unpacked int4 filter"));
    return okStatus();
}

Status fullyConnectedPrepare(KernelContext& ctx)
{
    if (!tflmHas(ctx.settings().tflm, TflmChange::FullyConnectedPerChannel))
        return fullyConnectedPrepareBeforePerChannel(ctx);
    const char* file = kFullyConnectedFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& filter = *ctx.input(1);
    const Tensor* bias = ctx.input(2);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(ensureTypesMatch(ctx, file, 75, "input->type", "output->type", input, output));
    ARENASCOPE_TRY(requireInputType(ctx, file, input.type, { D::Float32, D::Int16, D::Int8 }));
    ARENASCOPE_TRY(requireNotHybrid(ctx, file, input.type, filter.type, true));
    const std::int64_t accumDepth = lastDim(filter);
    const std::int64_t outputDepth = lastDim(output);
    // CalculateOpDataFullyConnected: per-channel filters get their multiplier and shift arrays.
    const bool perChannel = input.type != D::Float32 && filter.quant.present && filter.quant.channels > 1;
    if (perChannel) {
        const std::uint64_t n = filter.quant.channels;
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_multiplier"));
        ARENASCOPE_TRY(ctx.allocatePersistent(4 * n, "per_channel_output_shift"));
        if (!(input.type == D::Int8 && filter.type != D::Int4))
            return ensureFailed(ctx, file, 116,
                "!data->reference_op_data.is_per_channel || (data->reference_op_data.is_per_channel "
                "&& input->type == kTfLiteInt8 && filter->type != kTfLiteInt4)");
    }
    if (input.type != D::Int8 || filter.type == D::Int4)
        return okStatus(); // int16: arm_fully_connected_s16_get_buffer_size is 0 on every CPU
    const CpuExtension ext = extension(ctx);
    if (output.shape.size() > 2 && accumDepth % 4 == 0) {
        // The conv 1x1 path fakes per-channel quantization with a scratch of multipliers and shifts.
        if (!perChannel)
            ARENASCOPE_TRY(ctx.requestScratch(
                static_cast<std::uint64_t>(outputDepth) * 4 * 2, "per-channel quantization for conv 1x1"));
        return requestIfPositive(
            ctx, cmsisnn::convolve1x1S8Fast(cmsisnn::Dims { 1, 1, 1, accumDepth }, ext), "arm_convolve_1x1_s8_fast");
    }
    const std::int64_t bytes = cmsisnn::fullyConnectedS8(cmsisnn::Dims { accumDepth, 1, 1, outputDepth }, ext);
    // Constant weights (and bias): the kernel sums are computed once into a persistent buffer.
    if (bytes > 0 && filter.hasData && (!bias || bias->hasData))
        return ctx.allocatePersistent(static_cast<std::uint64_t>(bytes), "kernel sums");
    return requestIfPositive(ctx, bytes, "arm_fully_connected_s8");
}

// ---------------------------------------------------------------------------------------
// BATCH_MATMUL

// AllocInitTransposeTensorFromTfLiteTensor: an eval tensor, its dims, its data.
Status transposedCopy(KernelContext& ctx, const Tensor& t, const char* which)
{
    const std::string w(which);
    ARENASCOPE_TRY(ctx.allocatePersistent(
        ctx.target().layout(RuntimeStruct::TfLiteEvalTensor).size, w + " transposed TfLiteEvalTensor"));
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(t.shape.size()), w + " transposed dims"));
    return ctx.allocatePersistent(t.elementCount * tflmTypeSize(t.type).value_or(0), w + " transposed data");
}

Status batchMatmulPrepare(KernelContext& ctx)
{
    const char* file = kBatchMatmulFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const Tensor& lhs = *ctx.input(0);
    const Tensor& rhs = *ctx.input(1);
    const Tensor& output = *ctx.output(0);
    if (lhs.type != rhs.type)
        return ensureTypesEqFailed(ctx, file, 207, "lhs_input->type", "rhs_input->type", lhs.type, rhs.type);
    ARENASCOPE_TRY(ensureTypesMatch(ctx, file, 208, "lhs_input->type", "output->type", lhs, output));
    ARENASCOPE_TRY(requireInputType(ctx, file, lhs.type, { D::Float32, D::Int16, D::Int8 }));
    const auto lhsRank = static_cast<std::int64_t>(lhs.shape.size());
    const auto rhsRank = static_cast<std::int64_t>(rhs.shape.size());
    if (lhsRank < 2)
        return ensureFailed(ctx, file, 218, "lhs_rank >= 2");
    if (lhsRank > 4)
        return ensureFailed(ctx, file, 219, "lhs_rank <= 4");
    if (rhsRank < 2)
        return ensureFailed(ctx, file, 220, "rhs_rank >= 2");
    if (rhsRank > 4)
        return ensureFailed(ctx, file, 221, "rhs_rank <= 4");
    const std::int64_t rank = std::max(lhsRank, rhsRank);
    // RuntimeShape::ExtendedShape: leading 1s up to the output rank.
    auto extended = [rank](const Tensor& t) {
        std::vector<std::int64_t> d(static_cast<std::size_t>(rank) - t.shape.size(), 1);
        d.insert(d.end(), t.shape.begin(), t.shape.end());
        return d;
    };
    const auto l = extended(lhs);
    const auto r = extended(rhs);
    for (std::size_t i = 0; i + 2 < l.size(); ++i)
        if (l[i] != r[i] && l[i] != 1 && r[i] != 1)
            return ensureEqFailed(ctx, file, 242, "rhs_dim", "1", r[i], 1);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_BatchMatMulOptions() : nullptr;
    const bool adjX = options && options->adj_x();
    const bool adjY = options && options->adj_y();
    const std::size_t last = static_cast<std::size_t>(rank) - 1;
    const std::int64_t accumLhs = adjX ? l[last - 1] : l[last];
    const std::int64_t accumRhs = adjY ? r[last] : r[last - 1];
    if (accumLhs != accumRhs)
        return ensureEqFailed(ctx, file, 255, "accum_dim_lhs", "accum_dim_rhs", accumLhs, accumRhs);
    if (adjX)
        ARENASCOPE_TRY(transposedCopy(ctx, lhs, "lhs"));
    if (!adjY)
        ARENASCOPE_TRY(transposedCopy(ctx, rhs, "rhs"));
    // ReshapeOutputTensor: CreateWritableTensorDimsWithCopy of the output's dims.
    ARENASCOPE_TRY(ctx.allocatePersistent(ctx.target().intArrayBytes(output.shape.size()), "writable output dims"));
    if (lhs.type == D::Float32)
        return okStatus();
    ARENASCOPE_TRY(allocateStruct(ctx, kBatchMatmulQuant));
    if (lhs.type != D::Int8)
        return okStatus();
    const std::int64_t columns = adjY ? r[last - 1] : r[last];
    return requestIfPositive(
        ctx, cmsisnn::fullyConnectedS8(cmsisnn::Dims { 1, 1, 1, columns }, extension(ctx)), "arm_fully_connected_s8");
}

// ---------------------------------------------------------------------------------------
// SVDF

Status svdfPrepare(KernelContext& ctx)
{
    const char* file = kSvdfFile;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2), in(3, false), in(4) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& weightsFeature = *ctx.input(1);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_SVDFOptions() : nullptr;
    const std::int32_t rank = options ? options->rank() : 0;
    if (weightsFeature.shape.size() != 2 || rank <= 0 || weightsFeature.shape[0] % rank != 0)
        return ensureEqFailed(ctx, file, 93, "num_filters % rank", "0",
            rank > 0 && !weightsFeature.shape.empty() ? weightsFeature.shape[0] % rank : 0, 0);
    if (!isOneOf(input.type, { D::Float32, D::Int8 }))
        return ensureFailed(ctx, file, 98, "input->type == kTfLiteFloat32 || input->type == kTfLiteInt8");
    if (input.shape.size() != 2)
        return ensureEqFailed(
            ctx, file, 100, "NumDimensions(input)", "2", static_cast<long long>(input.shape.size()), 2);
    ARENASCOPE_TRY(temps.output(0));
    const auto batch = static_cast<std::uint64_t>(input.shape[0]);
    const auto filters = static_cast<std::uint64_t>(weightsFeature.shape[0]);
    const std::uint64_t units = filters / static_cast<std::uint64_t>(rank);
    ARENASCOPE_TRY(ctx.requestScratch(batch * filters * 4, "SVDF scratch"));
    if (input.type != D::Int8)
        return okStatus();
    ARENASCOPE_TRY(ctx.requestScratch(batch * units * 4, "SVDF scratch output"));
    const std::int64_t sums
        = cmsisnn::svdfS8(cmsisnn::Dims { weightsFeature.shape[0], weightsFeature.shape[1], 1, 1 }, extension(ctx));
    if (sums <= 0)
        return okStatus();
    if (!weightsFeature.hasData)
        return ensureFailed(ctx, file, 196, "IsConstantTensor(weights_feature)");
    return ctx.allocatePersistent(static_cast<std::uint64_t>(sums), "kernel sums");
}

// ---------------------------------------------------------------------------------------
// UNIDIRECTIONAL_SEQUENCE_LSTM

Status lstmPrepare(KernelContext& ctx)
{
    const char* file = kLstmFile;
    if (ctx.outputCount() != 1)
        return ensureEqFailed(ctx, file, 337, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1);
    if (ctx.inputCount() != 24)
        return ensureEqFailed(ctx, file, 338, "node->inputs->size", "24", static_cast<long long>(ctx.inputCount()), 24);
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
        if (!ctx.input(i) || !ctx.input(i)->hasData)
            return ensureFailed(ctx, file, 355, "IsConstantTensor(lstm_tensors.GetInternalTensor(i))");
    for (std::size_t i = 12; i < 16; ++i)
        if (!ctx.input(i) || !ctx.input(i)->hasData)
            return ensureFailed(ctx, file, 360, "IsConstantTensor(lstm_tensors.GetInternalTensor(i))");
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
    builtin("FULLY_CONNECTED",
        "kernels/cmsis_nn/fully_connected.cc, fully_connected_common.cc; arm_fully_connected_s8_get_buffer_size, "
        "arm_convolve_1x1_s8_fast_get_buffer_size",
        &options::kFullyConnected, fullyConnectedInit, fullyConnectedPrepare),
    builtin("BATCH_MATMUL",
        "kernels/cmsis_nn/batch_matmul.cc, batch_matmul_common.cc; arm_fully_connected_s8_get_buffer_size",
        &options::kBatchMatMul, initStruct<kBatchMatmulOpData>, batchMatmulPrepare),
    builtin("SVDF", "kernels/cmsis_nn/svdf.cc; arm_svdf_s8_get_buffer_size", &options::kSvdf, initStruct<kSvdfOpData>,
        svdfPrepare),
    builtin("UNIDIRECTIONAL_SEQUENCE_LSTM",
        "kernels/cmsis_nn/unidirectional_sequence_lstm.cc, lstm_eval.cc, lstm_eval_common.cc",
        &options::kUnidirectionalSequenceLstm, initStruct<kLstmOpData>, lstmPrepare),
};

} // namespace

const std::span<const KernelProfile> denseProfiles = kProfiles;

} // namespace arenascope::kernels::cmsis
