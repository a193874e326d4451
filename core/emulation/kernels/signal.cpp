// Signal-processing custom operators (the audio front end).
// Sources: signal/micro/kernels/window.cc, fft_auto_scale_kernel.cc, fft_auto_scale_common.cc,
// rfft.cc, irfft.cc, energy.cc, filter_bank.cc, filter_bank_square_root_common.cc,
// filter_bank_spectral_subtraction.cc, pcan.cc, filter_bank_log.cc, delay.cc, framer.cc,
// overlap_add.cc, stacker.cc, signal/src/circular_buffer.cc, irfft_*.cc, rfft_*.cc @90b983c2.
// Options come from the operator's custom_options flexbuffer map (the kernels read its
// values by index, i.e. in key order, which is the same as reading them by key). The structs
// they place in the tail are described member by member in signal_op_data.h.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "prepare_steps.h"
#include "profile_groups.h"
#include "signal_op_data.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "arenascope_tflite_generated.h"

#include <flatbuffers/flexbuffers.h>

namespace arenascope::kernels {

namespace {

namespace od = signaldata;

// An integer option from the custom_options flexbuffer map, if present and well-formed.
std::optional<std::int64_t> customOption(KernelContext& ctx, const char* key)
{
    const auto map = customOptionsMap(ctx);
    if (!map)
        return std::nullopt;
    const auto value = (*map)[key];
    if (value.IsNull())
        return std::nullopt;
    return flexInteger(value);
}

Result<std::uint64_t> requireOption(KernelContext& ctx, const char* key)
{
    auto v = customOption(ctx, key);
    if (!v || *v < 0)
        return ctx.kernelError(formatString("custom option \"%s\" is missing or negative", key));
    return static_cast<std::uint64_t>(*v);
}

const Tensor* tensorAt(const KernelContext& ctx, Slot s)
{
    return s.output ? ctx.output(s.index) : ctx.input(s.index);
}

// One tensor a signal kernel's Prepare holds and checks, as the kernel names it:
// TF_LITE_ENSURE(<name> != nullptr) at `nullLine`, TF_LITE_ENSURE_EQ(NumDimensions(<name>),
// rank) at `rankLine` and TF_LITE_ENSURE_TYPES_EQ(<name>->type, type) at `typeLine` (0: the
// kernel checks that otherwise, in its own code).
struct IoRow {
    Slot slot;
    const char* name;
    int nullLine;
    int rankLine = 0;
    long long rank = 0;
    int typeLine = 0;
    DataType type {};
};
using IoRows = std::initializer_list<IoRow>;

// The rows' tensors, allocated in order and held until Prepare returns, then their null
// checks (an omitted tensor allocates nothing).
Status holdRows(KernelContext& ctx, TempTensors& temps, const char* file, IoRows rows)
{
    const Checks check(ctx, file);
    for (const IoRow& r : rows)
        ARENASCOPE_TRY(r.slot.output ? temps.output(r.slot.index, false) : temps.input(r.slot.index, false));
    for (const IoRow& r : rows)
        ARENASCOPE_TRY(check.ensure(r.nullLine, tensorAt(ctx, r.slot), (std::string(r.name) + " != nullptr").c_str()));
    return okStatus();
}

long long rankOf(const KernelContext& ctx, Slot s)
{
    return static_cast<long long>(tensorAt(ctx, s)->shape.size());
}

// TF_LITE_ENSURE_EQ(context, NumDimensions(<tensor>), rank), printed with `expr`.
Status rankIs(KernelContext& ctx, const char* file, int line, const char* expr, Slot s, long long rank)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.eq(line, expr, std::to_string(rank).c_str(), rankOf(ctx, s), rank));
    return okStatus();
}

// TF_LITE_ENSURE_TYPES_EQ(context, <tensor>->type, <expected>).
Status typeIs(
    KernelContext& ctx, const char* file, int line, const char* expr, const char* expected, Slot s, DataType type)
{
    const Checks check(ctx, file);
    const DataType actual = tensorAt(ctx, s)->type;
    ARENASCOPE_TRY(check.typesEq(line, expr, expected, actual, type));
    return okStatus();
}

// The rows' rank checks, then their type checks, in row order (rows with line 0 skipped).
Status rankRows(KernelContext& ctx, const char* file, IoRows rows)
{
    for (const IoRow& r : rows)
        if (r.rankLine)
            ARENASCOPE_TRY(
                rankIs(ctx, file, r.rankLine, ("NumDimensions(" + std::string(r.name) + ")").c_str(), r.slot, r.rank));
    return okStatus();
}
Status typeRows(KernelContext& ctx, const char* file, IoRows rows)
{
    for (const IoRow& r : rows)
        if (r.typeLine)
            ARENASCOPE_TRY(typeIs(ctx, file, r.typeLine, (std::string(r.name) + "->type").c_str(),
                tfliteTypeEnumerator(r.type).c_str(), r.slot, r.type));
    return okStatus();
}

// The Prepare most signal kernels are: the counts, then the rows held, ranked and typed.
Status ioChecks(KernelContext& ctx, TempTensors& temps, const char* file, int inputsLine, std::size_t inputs,
    int outputsLine, std::size_t outputs, IoRows rows)
{
    ARENASCOPE_TRY(Checks(ctx, file).counts(inputsLine, inputs, outputsLine, outputs));
    ARENASCOPE_TRY(holdRows(ctx, temps, file, rows));
    ARENASCOPE_TRY(rankRows(ctx, file, rows));
    return typeRows(ctx, file, rows);
}

// TF_LITE_ENSURE_EQ between two computed values (ranks, remainders).
Status valuesEqual(
    KernelContext& ctx, const char* file, int line, const char* a, const char* b, long long va, long long vb)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(check.eq(line, a, b, va, vb));
    return okStatus();
}

// The flexbuffer "T" option (a TensorType): the element type an FFT-family kernel was
// instantiated for. TensorType FLOAT32 = 0, INT32 = 2, INT16 = 7.
std::optional<DataType> fftType(KernelContext& ctx)
{
    switch (customOption(ctx, "T").value_or(-1)) {
    case 0:
        return D::Float32;
    case 2:
        return D::Int32;
    case 7:
        return D::Int16;
    default:
        return std::nullopt;
    }
}

// kiss_fftr_alloc's state size (kissfft v130): fftr state (3 pointers), fft state
// (nfft, inverse, 64 factors, one twiddle), the remaining twiddles and the super twiddles.
std::uint64_t kissFftrBytes(const KernelContext& ctx, std::uint64_t fftLength, std::uint64_t complexBytes)
{
    if (fftLength % 2 != 0)
        return 0;
    const std::uint64_t n = fftLength / 2;
    return 3 * ctx.target().pointerBytes() + 264 + complexBytes * n + complexBytes * (3 * n / 2);
}

std::uint64_t complexBytes(DataType t)
{
    return t == D::Int16 ? 4 : 8;
}

// tflm_signal::CircularBufferGetNeededMemory(capacity): the struct plus 2 x capacity int16.
std::uint64_t circularBufferBytes(const KernelContext& ctx, std::uint64_t capacity)
{
    return ctx.target().layout(od::kSignalCircularBuffer).size + 2 * 2 * capacity;
}

// FlatSize / innermost dimension: the number of independent channels a kernel keeps state for.
std::uint64_t outerDims(const Tensor& t, std::uint64_t innermost)
{
    return innermost == 0 ? 0 : t.elementCount / innermost;
}

std::uint64_t innermostDim(const Tensor& t)
{
    return t.shape.empty() ? 1 : static_cast<std::uint64_t>(std::max<std::int32_t>(t.shape.back(), 0));
}

constexpr const char* kWindowCc = "signal/micro/kernels/window.cc";
constexpr const char* kFftAutoScaleCc = "signal/micro/kernels/fft_auto_scale_common.cc";
constexpr const char* kRfftCc = "signal/micro/kernels/rfft.cc";
constexpr const char* kIrfftCc = "signal/micro/kernels/irfft.cc";
constexpr const char* kEnergyCc = "signal/micro/kernels/energy.cc";
constexpr const char* kFilterBankCc = "signal/micro/kernels/filter_bank.cc";
constexpr const char* kSquareRootCc = "signal/micro/kernels/filter_bank_square_root_common.cc";
constexpr const char* kSpectralCc = "signal/micro/kernels/filter_bank_spectral_subtraction.cc";
constexpr const char* kPcanCc = "signal/micro/kernels/pcan.cc";
constexpr const char* kLogCc = "signal/micro/kernels/filter_bank_log.cc";
constexpr const char* kDelayCc = "signal/micro/kernels/delay.cc";
constexpr const char* kFramerCc = "signal/micro/kernels/framer.cc";
constexpr const char* kOverlapAddCc = "signal/micro/kernels/overlap_add.cc";
constexpr const char* kStackerCc = "signal/micro/kernels/stacker.cc";

} // namespace

// ---- SignalWindow (window.cc) -----------------------------------------------------------
Status signalWindowPrepare(KernelContext& ctx)
{
    const char* f = kWindowCc;
    const Checks check(ctx, f);
    const IoRows io = { { in(0), "input", 64, 0, 0, 76, D::Int16 }, { in(1), "weights", 67, 73, 1, 77, D::Int16 },
        { out(0), "output", 70, 0, 0, 78, D::Int16 } };
    ARENASCOPE_TRY(check.counts(57, 2, 58, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdRows(ctx, temps, f, io));
    ARENASCOPE_TRY(check.ensure(72, rankOf(ctx, in(0)) >= 1, "NumDimensions(input) >= 1"));
    ARENASCOPE_TRY(rankRows(ctx, f, io));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 74, "NumDimensions(input)", "NumDimensions(output)", rankOf(ctx, in(0)), rankOf(ctx, out(0))));
    return typeRows(ctx, f, io);
}

// ---- SignalFftAutoScale (fft_auto_scale_kernel.cc, fft_auto_scale_common.cc) --------------
Status signalFftAutoScalePrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kFftAutoScaleCc, 26, 1, 27, 2,
        { { in(0), "input", 32, 40, 1, 44, D::Int16 }, { out(0), "output", 35, 41, 1, 45, D::Int16 },
            { out(1), "scale_bit", 38, 42, 0, 46, D::Int32 } });
}

// ---- SignalRfft (rfft.cc): params, then the kissfft state sized for fft_length; Prepare
// requests a work area of fft_length elements. -------------------------------------------
namespace {

Result<DataType> requireFftType(KernelContext& ctx, const char* op)
{
    // *InitAll returns nullptr for other types without a message; Prepare would then
    // dereference it.
    const auto type = fftType(ctx);
    if (!type)
        return ctx.kernelError(formatString("%s: unsupported type T (its Init returns nullptr)", op));
    return *type;
}

// Source lines of the checks RfftPrepare and IrfftPrepare share.
struct FftPrepareLines {
    int inputs, outputs, input, output, ranks, inputType;
};
constexpr FftPrepareLines kRfftLines { 78, 79, 84, 87, 89, 91 };
constexpr FftPrepareLines kIrfftLines { 83, 84, 90, 93, 95, 97 };

// The shared part of RfftPrepare / IrfftPrepare: counts, input and output, equal ranks, and
// both types equal to the template's TfLiteTypeEnum.
Status fftPrepare(KernelContext& ctx, TempTensors& temps, const char* f, const FftPrepareLines& l, DataType type)
{
    ARENASCOPE_TRY(Checks(ctx, f).counts(l.inputs, 1, l.outputs, 1));
    ARENASCOPE_TRY(holdRows(ctx, temps, f, { { in(0), "input", l.input }, { out(0), "output", l.output } }));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, l.ranks, "NumDimensions(input)", "NumDimensions(output)", rankOf(ctx, in(0)), rankOf(ctx, out(0))));
    ARENASCOPE_TRY(typeIs(ctx, f, l.inputType, "input->type", "TfLiteTypeEnum", in(0), type));
    return typeIs(ctx, f, l.inputType + 1, "output->type", "TfLiteTypeEnum", out(0), type);
}

} // namespace

Status signalRfftInit(KernelContext& ctx)
{
    ARENASCOPE_TRY_ASSIGN(type, requireFftType(ctx, "SignalRfft"));
    ARENASCOPE_TRY_ASSIGN(length, requireOption(ctx, "fft_length"));
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalRfftParams));
    return ctx.allocatePersistent(kissFftrBytes(ctx, length, complexBytes(type)), "kissfft state");
}

Status signalRfftPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY_ASSIGN(type, requireFftType(ctx, "SignalRfft"));
    ARENASCOPE_TRY_ASSIGN(length, requireOption(ctx, "fft_length"));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(fftPrepare(ctx, temps, kRfftCc, kRfftLines, type));
    const std::uint64_t elementBytes = type == D::Int16 ? 2 : 4;
    return ctx.requestScratch(length * elementBytes, "rfft work area");
}

// ---- SignalIrfft (irfft.cc): params, then the state: kiss_fftr_alloc's (int16, int32), or
// IrfftFloatState followed by it (float). Prepare holds input and output only. ------------
Status signalIrfftInit(KernelContext& ctx)
{
    ARENASCOPE_TRY_ASSIGN(type, requireFftType(ctx, "SignalIrfft"));
    ARENASCOPE_TRY_ASSIGN(length, requireOption(ctx, "fft_length"));
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalIrfftParams));
    std::uint64_t state = kissFftrBytes(ctx, length, complexBytes(type));
    if (type == D::Float32)
        state += ctx.target().layout(od::kSignalIrfftFloatState).size;
    return ctx.allocatePersistent(state, "kissfft state");
}

Status signalIrfftPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY_ASSIGN(type, requireFftType(ctx, "SignalIrfft"));
    TempTensors temps(ctx);
    return fftPrepare(ctx, temps, kIrfftCc, kIrfftLines, type);
}

// ---- SignalEnergy (energy.cc) -------------------------------------------------------------
Status signalEnergyPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kEnergyCc, 64, 1, 65, 1,
        { { in(0), "input", 70, 75, 1, 78, D::Int16 }, { out(0), "output", 73, 76, 1, 79, D::UInt32 } });
}

// ---- SignalFilterBank (filter_bank.cc): params, then a work area of num_channels + 1
// uint64. Prepare takes and releases each of the six inputs in turn, then the output. ------
Status signalFilterBankInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalFilterBankParams));
    ARENASCOPE_TRY_ASSIGN(channels, requireOption(ctx, "num_channels"));
    return ctx.allocatePersistent((channels + 1) * 8, "filter bank work area");
}

Status signalFilterBankPrepare(KernelContext& ctx)
{
    const char* f = kFilterBankCc;
    const Checks check(ctx, f);
    ARENASCOPE_TRY(check.counts(75, 6, 76, 1));
    // input (uint32), weights, unweights, channel frequency starts, channel weight starts,
    // channel widths (int16): each held alone, checked and released.
    // Each one's null, rank and type checks.
    static constexpr std::array<std::array<int, 3>, 6> kLines = { { { 81, 82, 83 }, { 87, 88, 89 }, { 93, 94, 95 },
        { 99, 100, 101 }, { 105, 106, 107 }, { 111, 112, 113 } } };
    for (std::size_t k = 0; k < 6; ++k) {
        const auto& at = kLines[k];
        TempTensors temps(ctx);
        const IoRows io = { { in(k), "input", at[0], at[1], 1, at[2], k == 0 ? D::UInt32 : D::Int16 } };
        ARENASCOPE_TRY(holdRows(ctx, temps, f, io));
        ARENASCOPE_TRY(rankRows(ctx, f, io));
        ARENASCOPE_TRY(typeRows(ctx, f, io));
    }
    TempTensors temps(ctx);
    const IoRows io = { { out(0), "output", 118, 119, 1, 120, D::UInt64 } };
    ARENASCOPE_TRY(holdRows(ctx, temps, f, io));
    ARENASCOPE_TRY(rankRows(ctx, f, io));
    return typeRows(ctx, f, io);
}

// ---- SignalFilterBankSquareRoot (filter_bank_square_root_common.cc) -----------------------
Status signalFilterBankSquareRootPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kSquareRootCc, 27, 2, 28, 1,
        { { in(0), "input", 38, 42, 1, 46, D::UInt64 }, { in(1), "scale_bits", 39, 43, 0, 47, D::Int32 },
            { out(0), "output", 40, 44, 1, 48, D::UInt32 } });
}

// ---- SignalFilterBankSpectralSubtraction (filter_bank_spectral_subtraction.cc): params,
// then the noise estimate (num_channels uint32). ----------------------------------------------
Status signalSpectralSubtractionInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalSpectralSubtractionParams));
    ARENASCOPE_TRY_ASSIGN(channels, requireOption(ctx, "num_channels"));
    return ctx.allocatePersistent(channels * 4, "noise estimate");
}

Status signalSpectralSubtractionPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kSpectralCc, 103, 1, 104, 2,
        { { in(0), "input", 114, 118, 1, 122, D::UInt32 }, { out(0), "output", 115, 119, 1, 123, D::UInt32 },
            { out(1), "noise_estimate", 116, 120, 1, 124, D::UInt32 } });
}

// ---- SignalPCAN (pcan.cc) -------------------------------------------------------------------
Status signalPcanPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kPcanCc, 56, 3, 57, 1,
        { { in(0), "input", 63, 74, 1, 79, D::UInt32 }, { in(1), "noise_estimate", 66, 75, 1, 80, D::UInt32 },
            { in(2), "gain_lut", 69, 76, 1, 81, D::Int16 }, { out(0), "output", 72, 77, 1, 82, D::UInt32 } });
}

// ---- SignalFilterBankLog (filter_bank_log.cc) -----------------------------------------------
Status signalFilterBankLogPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kLogCc, 64, 1, 65, 1,
        { { in(0), "input", 72, 75, 1, 78, D::UInt32 }, { out(0), "output", 73, 76, 1, 79, D::Int16 } });
}

// ---- SignalDelay (delay.cc): params in Init; Prepare, holding input and output, allocates
// two pointer arrays of outer_dims entries, then per outer dimension a circular buffer of
// frame_size + delay_length int16. ---------------------------------------------------------
Status signalDelayPrepare(KernelContext& ctx)
{
    const char* f = kDelayCc;
    TempTensors temps(ctx);
    ARENASCOPE_TRY(ioChecks(ctx, temps, f, 62, 1, 63, 1,
        { { in(0), "input", 68, 0, 0, 73, D::Int16 }, { out(0), "output", 71, 0, 0, 74, D::Int16 } }));
    ARENASCOPE_TRY_ASSIGN(delay, requireOption(ctx, "delay_length"));
    const Tensor& input = *ctx.input(0);
    const std::uint64_t frameSize = innermostDim(input);
    const std::uint64_t outer = outerDims(input, frameSize);
    const std::uint64_t pointer = ctx.target().pointerBytes();
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "state_buffers"));
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "circular_buffers"));
    for (std::uint64_t i = 0; i < outer; ++i)
        ARENASCOPE_TRY(ctx.allocatePersistent(circularBufferBytes(ctx, frameSize + delay), "delay state"));
    return okStatus();
}

// ---- SignalFramer (framer.cc): params in Init; Prepare, holding input, output and
// output_valid, allocates two pointer arrays of outer_dims entries, then per outer dimension
// a circular buffer of frame_size rounded up to a multiple of frame_step. ------------------
Status signalFramerPrepare(KernelContext& ctx)
{
    const char* f = kFramerCc;
    const Checks check(ctx, f);
    const IoRows io = { { in(0), "input", 87, 0, 0, 98, D::Int16 }, { out(0), "output", 90, 0, 0, 99, D::Int16 },
        { out(1), "output_valid", 93, 96, 0, 100, D::Bool } };
    ARENASCOPE_TRY(check.counts(80, 1, 81, 2));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdRows(ctx, temps, f, io));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 95, "NumDimensions(input) + 1", "NumDimensions(output)", rankOf(ctx, in(0)) + 1, rankOf(ctx, out(0))));
    ARENASCOPE_TRY(rankRows(ctx, f, io));
    ARENASCOPE_TRY(typeRows(ctx, f, io));
    ARENASCOPE_TRY_ASSIGN(frameSize, requireOption(ctx, "frame_size"));
    ARENASCOPE_TRY_ASSIGN(frameStep, requireOption(ctx, "frame_step"));
    const std::uint64_t step = frameStep;
    const Tensor& input = *ctx.input(0);
    const std::uint64_t innermost = innermostDim(input);
    ARENASCOPE_TRY(check.ensure(106, innermost >= step, "innermost_dim >= params->frame_step"));
    if (step == 0)
        return ctx.kernelError("SignalFramer: frame_step 0 (the kernel divides by it)");
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 107, "innermost_dim % params->frame_step", "0", static_cast<long long>(innermost % step), 0));
    const std::uint64_t outer = outerDims(input, innermost);
    const std::uint64_t pointer = ctx.target().pointerBytes();
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "state_buffers"));
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "circular_buffers"));
    const std::uint64_t capacity = (frameSize + step - 1) / step * step;
    for (std::uint64_t i = 0; i < outer; ++i)
        ARENASCOPE_TRY(ctx.allocatePersistent(circularBufferBytes(ctx, capacity), "framer state"));
    return okStatus();
}

// ---- SignalOverlapAdd (overlap_add.cc): params in Init; Prepare, holding input and output,
// allocates a pointer array of outer_dims entries, then per outer dimension a state buffer
// of frame_size elements. --------------------------------------------------------------------
Status signalOverlapAddInit(KernelContext& ctx)
{
    auto type = fftType(ctx);
    if (!type || *type == D::Int32)
        return ctx.kernelError("SignalOverlapAdd: unsupported type T (its Init returns nullptr)");
    return allocateStruct(ctx, od::kSignalOverlapAddParams);
}

Status signalOverlapAddPrepare(KernelContext& ctx)
{
    const char* f = kOverlapAddCc;
    const Checks check(ctx, f);
    const DataType type = fftType(ctx).value_or(D::Float32);
    ARENASCOPE_TRY(check.counts(78, 1, 79, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdRows(ctx, temps, f, { { in(0), "input", 85 }, { out(0), "output", 88 } }));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 90, "NumDimensions(input)", "NumDimensions(output) + 1", rankOf(ctx, in(0)), rankOf(ctx, out(0)) + 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 92, "input->type", "TfLiteTypeEnum", in(0), type));
    ARENASCOPE_TRY(typeIs(ctx, f, 93, "output->type", "TfLiteTypeEnum", out(0), type));
    const Tensor& input = *ctx.input(0);
    ARENASCOPE_TRY(check.ensure(99, input.shape.size() >= 2, "input_shape.DimensionsCount() >= 2"));
    const std::uint64_t frameSize = innermostDim(input);
    const auto frames = static_cast<std::uint64_t>(std::max<std::int32_t>(input.shape[input.shape.size() - 2], 0));
    const std::uint64_t outer = outerDims(input, frameSize * frames);
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * ctx.target().pointerBytes(), "state_buffers"));
    const std::uint64_t element = type == D::Int16 ? 2 : 4;
    for (std::uint64_t i = 0; i < outer; ++i)
        ARENASCOPE_TRY(ctx.allocatePersistent(frameSize * element, "overlap-add state"));
    return okStatus();
}

// ---- SignalStacker (stacker.cc): params and the circular buffer state (num_channels x
// (left + right + 1) int16) in Init; Prepare only checks input, output and output_valid. ----
Status signalStackerInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalStackerParams));
    ARENASCOPE_TRY_ASSIGN(channels, requireOption(ctx, "num_channels"));
    ARENASCOPE_TRY_ASSIGN(left, requireOption(ctx, "stacker_left_context"));
    ARENASCOPE_TRY_ASSIGN(right, requireOption(ctx, "stacker_right_context"));
    const std::uint64_t bufferSize = channels * (left + right + 1);
    return ctx.allocatePersistent(circularBufferBytes(ctx, bufferSize), "stacker state");
}

Status signalStackerPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    return ioChecks(ctx, temps, kStackerCc, 92, 1, 93, 2,
        { { in(0), "input", 99, 107, 1, 111, D::Int16 }, { out(0), "output", 102, 108, 1, 112, D::Int16 },
            { out(1), "output_valid", 105, 109, 0, 113, D::Bool } });
}

namespace {
constexpr std::array kProfiles = {
    custom("SignalWindow", "signal/micro/kernels/window.cc", nullptr, initStruct<od::kSignalWindowParams>,
        signalWindowPrepare),
    custom("SignalFftAutoScale", "signal/micro/kernels/fft_auto_scale_kernel.cc, fft_auto_scale_common.cc", nullptr,
        nullptr, signalFftAutoScalePrepare),
    custom("SignalRfft", "signal/micro/kernels/rfft.cc", nullptr, signalRfftInit, signalRfftPrepare),
    custom("SignalIrfft", "signal/micro/kernels/irfft.cc", nullptr, signalIrfftInit, signalIrfftPrepare),
    custom("SignalEnergy", "signal/micro/kernels/energy.cc", nullptr, initStruct<od::kSignalEnergyParams>,
        signalEnergyPrepare),
    custom("SignalFilterBank", "signal/micro/kernels/filter_bank.cc", nullptr, signalFilterBankInit,
        signalFilterBankPrepare),
    custom("SignalFilterBankSquareRoot", "signal/micro/kernels/filter_bank_square_root_common.cc", nullptr, nullptr,
        signalFilterBankSquareRootPrepare),
    custom("SignalFilterBankSpectralSubtraction", "signal/micro/kernels/filter_bank_spectral_subtraction.cc", nullptr,
        signalSpectralSubtractionInit, signalSpectralSubtractionPrepare),
    custom("SignalPCAN", "signal/micro/kernels/pcan.cc", nullptr, initStruct<od::kSignalPcanParams>, signalPcanPrepare),
    custom("SignalFilterBankLog", "signal/micro/kernels/filter_bank_log.cc", nullptr, initStruct<od::kSignalLogParams>,
        signalFilterBankLogPrepare),
    custom("SignalDelay", "signal/micro/kernels/delay.cc, signal/src/circular_buffer.cc", nullptr,
        initStruct<od::kSignalDelayParams>, signalDelayPrepare),
    custom("SignalFramer", "signal/micro/kernels/framer.cc, signal/src/circular_buffer.cc", nullptr,
        initStruct<od::kSignalFramerParams>, signalFramerPrepare),
    custom("SignalOverlapAdd", "signal/micro/kernels/overlap_add.cc", nullptr, signalOverlapAddInit,
        signalOverlapAddPrepare),
    custom("SignalStacker", "signal/micro/kernels/stacker.cc, signal/src/circular_buffer.cc", nullptr,
        signalStackerInit, signalStackerPrepare),
};
} // namespace

const std::span<const KernelProfile> signalProfiles = kProfiles;

} // namespace arenascope::kernels
