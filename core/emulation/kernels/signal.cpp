// Signal-processing custom operators (the audio front end).
// Sources: signal/micro/kernels/window.cc, fft_auto_scale_kernel.cc, fft_auto_scale_common.cc,
// rfft.cc, irfft.cc, energy.cc, filter_bank.cc, filter_bank_square_root_common.cc,
// filter_bank_spectral_subtraction.cc, pcan.cc, filter_bank_log.cc, delay.cc, framer.cc,
// overlap_add.cc, stacker.cc, signal/src/circular_buffer.cc, irfft_*.cc, rfft_*.cc @90b983c2.
// Options come from the operator's custom_options flexbuffer map (the kernels read its
// values by index, i.e. in key order, which is the same as reading them by key). The structs
// they place in the tail are described member by member in signal_op_data.h.
#include "builtin_options.h"
#include "kernel_helpers.h"
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

using D = DataType;
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

// A tensor of the node: the i-th input or output.
struct Slot {
    bool output;
    std::size_t index;
};
constexpr Slot in(std::size_t i)
{
    return { false, i };
}
constexpr Slot out(std::size_t i)
{
    return { true, i };
}
const Tensor* tensorAt(const KernelContext& ctx, Slot s)
{
    return s.output ? ctx.output(s.index) : ctx.input(s.index);
}

// A temp tensor the kernel allocates, with its TF_LITE_ENSURE(<name> != nullptr) line.
struct Held {
    Slot slot;
    int line;
    const char* check;
};

// TF_LITE_ENSURE_EQ(NumInputs(node), inputs) at `line`, NumOutputs at `line + 1`.
Status counts(KernelContext& ctx, const char* file, int line, std::size_t inputs, std::size_t outputs)
{
    if (ctx.inputCount() != inputs)
        return ensureEqFailed(ctx, file, line, "NumInputs(node)", std::to_string(inputs).c_str(),
            static_cast<long long>(ctx.inputCount()), static_cast<long long>(inputs));
    if (ctx.outputCount() != outputs)
        return ensureEqFailed(ctx, file, line + 1, "NumOutputs(node)", std::to_string(outputs).c_str(),
            static_cast<long long>(ctx.outputCount()), static_cast<long long>(outputs));
    return okStatus();
}

// The kernel's temp tensors, allocated in order and held until Prepare returns, then their
// null checks (an omitted tensor allocates nothing).
Status hold(KernelContext& ctx, TempTensors& temps, const char* file, std::initializer_list<Held> held)
{
    for (const Held& h : held)
        ARENASCOPE_TRY(h.slot.output ? temps.output(h.slot.index, false) : temps.input(h.slot.index, false));
    for (const Held& h : held)
        if (!tensorAt(ctx, h.slot))
            return ensureFailed(ctx, file, h.line, h.check);
    return okStatus();
}

long long rankOf(const KernelContext& ctx, Slot s)
{
    return static_cast<long long>(tensorAt(ctx, s)->shape.size());
}

// TF_LITE_ENSURE_EQ(context, NumDimensions(<tensor>), rank), printed with `expr`.
Status rankIs(KernelContext& ctx, const char* file, int line, const char* expr, Slot s, long long rank)
{
    if (rankOf(ctx, s) != rank)
        return ensureEqFailed(ctx, file, line, expr, std::to_string(rank).c_str(), rankOf(ctx, s), rank);
    return okStatus();
}

// TF_LITE_ENSURE_TYPES_EQ(context, <tensor>->type, <expected>).
Status typeIs(
    KernelContext& ctx, const char* file, int line, const char* expr, const char* expected, Slot s, DataType type)
{
    const DataType actual = tensorAt(ctx, s)->type;
    if (actual != type)
        return ensureTypesEqFailed(ctx, file, line, expr, expected, actual, type);
    return okStatus();
}

// TF_LITE_ENSURE_EQ between two computed values (ranks, remainders).
Status valuesEqual(
    KernelContext& ctx, const char* file, int line, const char* a, const char* b, long long va, long long vb)
{
    if (va != vb)
        return ensureEqFailed(ctx, file, line, a, b, va, vb);
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
Status signalWindowInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalWindowParams);
}
Status signalWindowPrepare(KernelContext& ctx)
{
    const char* f = kWindowCc;
    ARENASCOPE_TRY(counts(ctx, f, 57, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 64, "input != nullptr" }, { in(1), 67, "weights != nullptr" },
            { out(0), 70, "output != nullptr" } }));
    if (rankOf(ctx, in(0)) < 1)
        return ensureFailed(ctx, f, 72, "NumDimensions(input) >= 1");
    ARENASCOPE_TRY(rankIs(ctx, f, 73, "NumDimensions(weights)", in(1), 1));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 74, "NumDimensions(input)", "NumDimensions(output)", rankOf(ctx, in(0)), rankOf(ctx, out(0))));
    ARENASCOPE_TRY(typeIs(ctx, f, 76, "input->type", "kTfLiteInt16", in(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 77, "weights->type", "kTfLiteInt16", in(1), D::Int16));
    return typeIs(ctx, f, 78, "output->type", "kTfLiteInt16", out(0), D::Int16);
}

// ---- SignalFftAutoScale (fft_auto_scale_kernel.cc, fft_auto_scale_common.cc) --------------
Status signalFftAutoScalePrepare(KernelContext& ctx)
{
    const char* f = kFftAutoScaleCc;
    ARENASCOPE_TRY(counts(ctx, f, 26, 1, 2));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 32, "input != nullptr" }, { out(0), 35, "output != nullptr" },
            { out(1), 38, "scale_bit != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 40, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 41, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 42, "NumDimensions(scale_bit)", out(1), 0));
    ARENASCOPE_TRY(typeIs(ctx, f, 44, "input->type", "kTfLiteInt16", in(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 45, "output->type", "kTfLiteInt16", out(0), D::Int16));
    return typeIs(ctx, f, 46, "scale_bit->type", "kTfLiteInt32", out(1), D::Int32);
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
    int counts, input, output, ranks, inputType;
};
constexpr FftPrepareLines kRfftLines { 78, 84, 87, 89, 91 };
constexpr FftPrepareLines kIrfftLines { 83, 90, 93, 95, 97 };

// The shared part of RfftPrepare / IrfftPrepare: counts, input and output, equal ranks, and
// both types equal to the template's TfLiteTypeEnum.
Status fftPrepare(KernelContext& ctx, TempTensors& temps, const char* f, const FftPrepareLines& l, DataType type)
{
    ARENASCOPE_TRY(counts(ctx, f, l.counts, 1, 1));
    ARENASCOPE_TRY(
        hold(ctx, temps, f, { { in(0), l.input, "input != nullptr" }, { out(0), l.output, "output != nullptr" } }));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, l.ranks, "NumDimensions(input)", "NumDimensions(output)", rankOf(ctx, in(0)), rankOf(ctx, out(0))));
    ARENASCOPE_TRY(typeIs(ctx, f, l.inputType, "input->type", "TfLiteTypeEnum", in(0), type));
    return typeIs(ctx, f, l.inputType + 1, "output->type", "TfLiteTypeEnum", out(0), type);
}

} // namespace

Status signalRfftInit(KernelContext& ctx)
{
    auto type = requireFftType(ctx, "SignalRfft");
    if (!type)
        return type.error();
    auto length = requireOption(ctx, "fft_length");
    if (!length)
        return length.error();
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalRfftParams));
    return ctx.allocatePersistent(kissFftrBytes(ctx, length.value(), complexBytes(type.value())), "kissfft state");
}

Status signalRfftPrepare(KernelContext& ctx)
{
    auto type = requireFftType(ctx, "SignalRfft");
    if (!type)
        return type.error();
    auto length = requireOption(ctx, "fft_length");
    if (!length)
        return length.error();
    TempTensors temps(ctx);
    ARENASCOPE_TRY(fftPrepare(ctx, temps, kRfftCc, kRfftLines, type.value()));
    const std::uint64_t elementBytes = type.value() == D::Int16 ? 2 : 4;
    return ctx.requestScratch(length.value() * elementBytes, "rfft work area");
}

// ---- SignalIrfft (irfft.cc): params, then the state: kiss_fftr_alloc's (int16, int32), or
// IrfftFloatState followed by it (float). Prepare holds input and output only. ------------
Status signalIrfftInit(KernelContext& ctx)
{
    auto type = requireFftType(ctx, "SignalIrfft");
    if (!type)
        return type.error();
    auto length = requireOption(ctx, "fft_length");
    if (!length)
        return length.error();
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalIrfftParams));
    std::uint64_t state = kissFftrBytes(ctx, length.value(), complexBytes(type.value()));
    if (type.value() == D::Float32)
        state += ctx.target().layout(od::kSignalIrfftFloatState).size;
    return ctx.allocatePersistent(state, "kissfft state");
}

Status signalIrfftPrepare(KernelContext& ctx)
{
    auto type = requireFftType(ctx, "SignalIrfft");
    if (!type)
        return type.error();
    TempTensors temps(ctx);
    return fftPrepare(ctx, temps, kIrfftCc, kIrfftLines, type.value());
}

// ---- SignalEnergy (energy.cc) -------------------------------------------------------------
Status signalEnergyInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalEnergyParams);
}
Status signalEnergyPrepare(KernelContext& ctx)
{
    const char* f = kEnergyCc;
    ARENASCOPE_TRY(counts(ctx, f, 64, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f, { { in(0), 70, "input != nullptr" }, { out(0), 73, "output != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 75, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 76, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 78, "input->type", "kTfLiteInt16", in(0), D::Int16));
    return typeIs(ctx, f, 79, "output->type", "kTfLiteUInt32", out(0), D::UInt32);
}

// ---- SignalFilterBank (filter_bank.cc): params, then a work area of num_channels + 1
// uint64. Prepare takes and releases each of the six inputs in turn, then the output. ------
Status signalFilterBankInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalFilterBankParams));
    auto channels = requireOption(ctx, "num_channels");
    if (!channels)
        return channels.error();
    return ctx.allocatePersistent((channels.value() + 1) * 8, "filter bank work area");
}

Status signalFilterBankPrepare(KernelContext& ctx)
{
    const char* f = kFilterBankCc;
    ARENASCOPE_TRY(counts(ctx, f, 75, 6, 1));
    // input (uint32), weights, unweights, channel frequency starts, channel weight starts,
    // channel widths (int16): each held alone, checked and released.
    for (std::size_t k = 0; k < 6; ++k) {
        const int line = 81 + 6 * static_cast<int>(k);
        TempTensors temps(ctx);
        ARENASCOPE_TRY(hold(ctx, temps, f, { { in(k), line, "input != nullptr" } }));
        ARENASCOPE_TRY(rankIs(ctx, f, line + 1, "NumDimensions(input)", in(k), 1));
        ARENASCOPE_TRY(k == 0 ? typeIs(ctx, f, line + 2, "input->type", "kTfLiteUInt32", in(k), D::UInt32)
                              : typeIs(ctx, f, line + 2, "input->type", "kTfLiteInt16", in(k), D::Int16));
    }
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f, { { out(0), 118, "output != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 119, "NumDimensions(output)", out(0), 1));
    return typeIs(ctx, f, 120, "output->type", "kTfLiteUInt64", out(0), D::UInt64);
}

// ---- SignalFilterBankSquareRoot (filter_bank_square_root_common.cc) -----------------------
Status signalFilterBankSquareRootPrepare(KernelContext& ctx)
{
    const char* f = kSquareRootCc;
    ARENASCOPE_TRY(counts(ctx, f, 27, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 38, "input != nullptr" }, { in(1), 39, "scale_bits != nullptr" },
            { out(0), 40, "output != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 42, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 43, "NumDimensions(scale_bits)", in(1), 0));
    ARENASCOPE_TRY(rankIs(ctx, f, 44, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 46, "input->type", "kTfLiteUInt64", in(0), D::UInt64));
    ARENASCOPE_TRY(typeIs(ctx, f, 47, "scale_bits->type", "kTfLiteInt32", in(1), D::Int32));
    return typeIs(ctx, f, 48, "output->type", "kTfLiteUInt32", out(0), D::UInt32);
}

// ---- SignalFilterBankSpectralSubtraction (filter_bank_spectral_subtraction.cc): params,
// then the noise estimate (num_channels uint32). ----------------------------------------------
Status signalSpectralSubtractionInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(allocateStruct(ctx, od::kSignalSpectralSubtractionParams));
    auto channels = requireOption(ctx, "num_channels");
    if (!channels)
        return channels.error();
    return ctx.allocatePersistent(channels.value() * 4, "noise estimate");
}

Status signalSpectralSubtractionPrepare(KernelContext& ctx)
{
    const char* f = kSpectralCc;
    ARENASCOPE_TRY(counts(ctx, f, 103, 1, 2));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 114, "input != nullptr" }, { out(0), 115, "output != nullptr" },
            { out(1), 116, "noise_estimate != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 118, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 119, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 120, "NumDimensions(noise_estimate)", out(1), 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 122, "input->type", "kTfLiteUInt32", in(0), D::UInt32));
    ARENASCOPE_TRY(typeIs(ctx, f, 123, "output->type", "kTfLiteUInt32", out(0), D::UInt32));
    return typeIs(ctx, f, 124, "noise_estimate->type", "kTfLiteUInt32", out(1), D::UInt32);
}

// ---- SignalPCAN (pcan.cc) -------------------------------------------------------------------
Status signalPcanInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalPcanParams);
}
Status signalPcanPrepare(KernelContext& ctx)
{
    const char* f = kPcanCc;
    ARENASCOPE_TRY(counts(ctx, f, 56, 3, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 63, "input != nullptr" }, { in(1), 66, "noise_estimate != nullptr" },
            { in(2), 69, "gain_lut != nullptr" }, { out(0), 72, "output != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 74, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 75, "NumDimensions(noise_estimate)", in(1), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 76, "NumDimensions(gain_lut)", in(2), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 77, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 79, "input->type", "kTfLiteUInt32", in(0), D::UInt32));
    ARENASCOPE_TRY(typeIs(ctx, f, 80, "noise_estimate->type", "kTfLiteUInt32", in(1), D::UInt32));
    ARENASCOPE_TRY(typeIs(ctx, f, 81, "gain_lut->type", "kTfLiteInt16", in(2), D::Int16));
    return typeIs(ctx, f, 82, "output->type", "kTfLiteUInt32", out(0), D::UInt32);
}

// ---- SignalFilterBankLog (filter_bank_log.cc) -----------------------------------------------
Status signalFilterBankLogInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalLogParams);
}
Status signalFilterBankLogPrepare(KernelContext& ctx)
{
    const char* f = kLogCc;
    ARENASCOPE_TRY(counts(ctx, f, 64, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f, { { in(0), 72, "input != nullptr" }, { out(0), 73, "output != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 75, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 76, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 78, "input->type", "kTfLiteUInt32", in(0), D::UInt32));
    return typeIs(ctx, f, 79, "output->type", "kTfLiteInt16", out(0), D::Int16);
}

// ---- SignalDelay (delay.cc): params in Init; Prepare, holding input and output, allocates
// two pointer arrays of outer_dims entries, then per outer dimension a circular buffer of
// frame_size + delay_length int16. ---------------------------------------------------------
Status signalDelayInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalDelayParams);
}

Status signalDelayPrepare(KernelContext& ctx)
{
    const char* f = kDelayCc;
    ARENASCOPE_TRY(counts(ctx, f, 62, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f, { { in(0), 68, "input != nullptr" }, { out(0), 71, "output != nullptr" } }));
    ARENASCOPE_TRY(typeIs(ctx, f, 73, "input->type", "kTfLiteInt16", in(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 74, "output->type", "kTfLiteInt16", out(0), D::Int16));
    auto delay = requireOption(ctx, "delay_length");
    if (!delay)
        return delay.error();
    const Tensor& input = *ctx.input(0);
    const std::uint64_t frameSize = innermostDim(input);
    const std::uint64_t outer = outerDims(input, frameSize);
    const std::uint64_t pointer = ctx.target().pointerBytes();
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "state_buffers"));
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "circular_buffers"));
    for (std::uint64_t i = 0; i < outer; ++i)
        ARENASCOPE_TRY(ctx.allocatePersistent(circularBufferBytes(ctx, frameSize + delay.value()), "delay state"));
    return okStatus();
}

// ---- SignalFramer (framer.cc): params in Init; Prepare, holding input, output and
// output_valid, allocates two pointer arrays of outer_dims entries, then per outer dimension
// a circular buffer of frame_size rounded up to a multiple of frame_step. ------------------
Status signalFramerInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kSignalFramerParams);
}

Status signalFramerPrepare(KernelContext& ctx)
{
    const char* f = kFramerCc;
    ARENASCOPE_TRY(counts(ctx, f, 80, 1, 2));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 87, "input != nullptr" }, { out(0), 90, "output != nullptr" },
            { out(1), 93, "output_valid != nullptr" } }));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 95, "NumDimensions(input) + 1", "NumDimensions(output)", rankOf(ctx, in(0)) + 1, rankOf(ctx, out(0))));
    ARENASCOPE_TRY(rankIs(ctx, f, 96, "NumDimensions(output_valid)", out(1), 0));
    ARENASCOPE_TRY(typeIs(ctx, f, 98, "input->type", "kTfLiteInt16", in(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 99, "output->type", "kTfLiteInt16", out(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 100, "output_valid->type", "kTfLiteBool", out(1), D::Bool));
    auto frameSize = requireOption(ctx, "frame_size");
    if (!frameSize)
        return frameSize.error();
    auto frameStep = requireOption(ctx, "frame_step");
    if (!frameStep)
        return frameStep.error();
    const std::uint64_t step = frameStep.value();
    const Tensor& input = *ctx.input(0);
    const std::uint64_t innermost = innermostDim(input);
    if (innermost < step)
        return ensureFailed(ctx, f, 106, "innermost_dim >= params->frame_step");
    if (step == 0)
        return ctx.kernelError("SignalFramer: frame_step 0 (the kernel divides by it)");
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 107, "innermost_dim % params->frame_step", "0", static_cast<long long>(innermost % step), 0));
    const std::uint64_t outer = outerDims(input, innermost);
    const std::uint64_t pointer = ctx.target().pointerBytes();
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "state_buffers"));
    ARENASCOPE_TRY(ctx.allocatePersistent(outer * pointer, "circular_buffers"));
    const std::uint64_t capacity = (frameSize.value() + step - 1) / step * step;
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
    const DataType type = fftType(ctx).value_or(D::Float32);
    ARENASCOPE_TRY(counts(ctx, f, 78, 1, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f, { { in(0), 85, "input != nullptr" }, { out(0), 88, "output != nullptr" } }));
    ARENASCOPE_TRY(valuesEqual(
        ctx, f, 90, "NumDimensions(input)", "NumDimensions(output) + 1", rankOf(ctx, in(0)), rankOf(ctx, out(0)) + 1));
    ARENASCOPE_TRY(typeIs(ctx, f, 92, "input->type", "TfLiteTypeEnum", in(0), type));
    ARENASCOPE_TRY(typeIs(ctx, f, 93, "output->type", "TfLiteTypeEnum", out(0), type));
    const Tensor& input = *ctx.input(0);
    if (input.shape.size() < 2)
        return ensureFailed(ctx, f, 99, "input_shape.DimensionsCount() >= 2");
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
    auto channels = requireOption(ctx, "num_channels");
    if (!channels)
        return channels.error();
    auto left = requireOption(ctx, "stacker_left_context");
    if (!left)
        return left.error();
    auto right = requireOption(ctx, "stacker_right_context");
    if (!right)
        return right.error();
    const std::uint64_t bufferSize = channels.value() * (left.value() + right.value() + 1);
    return ctx.allocatePersistent(circularBufferBytes(ctx, bufferSize), "stacker state");
}

Status signalStackerPrepare(KernelContext& ctx)
{
    const char* f = kStackerCc;
    ARENASCOPE_TRY(counts(ctx, f, 92, 1, 2));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(hold(ctx, temps, f,
        { { in(0), 99, "input != nullptr" }, { out(0), 102, "output != nullptr" },
            { out(1), 105, "output_valid != nullptr" } }));
    ARENASCOPE_TRY(rankIs(ctx, f, 107, "NumDimensions(input)", in(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 108, "NumDimensions(output)", out(0), 1));
    ARENASCOPE_TRY(rankIs(ctx, f, 109, "NumDimensions(output_valid)", out(1), 0));
    ARENASCOPE_TRY(typeIs(ctx, f, 111, "input->type", "kTfLiteInt16", in(0), D::Int16));
    ARENASCOPE_TRY(typeIs(ctx, f, 112, "output->type", "kTfLiteInt16", out(0), D::Int16));
    return typeIs(ctx, f, 113, "output_valid->type", "kTfLiteBool", out(1), D::Bool);
}

namespace {
constexpr std::array kProfiles = {
    custom("SignalWindow", "signal/micro/kernels/window.cc", nullptr, signalWindowInit, signalWindowPrepare),
    custom("SignalFftAutoScale", "signal/micro/kernels/fft_auto_scale_kernel.cc, fft_auto_scale_common.cc", nullptr,
        nullptr, signalFftAutoScalePrepare),
    custom("SignalRfft", "signal/micro/kernels/rfft.cc", nullptr, signalRfftInit, signalRfftPrepare),
    custom("SignalIrfft", "signal/micro/kernels/irfft.cc", nullptr, signalIrfftInit, signalIrfftPrepare),
    custom("SignalEnergy", "signal/micro/kernels/energy.cc", nullptr, signalEnergyInit, signalEnergyPrepare),
    custom("SignalFilterBank", "signal/micro/kernels/filter_bank.cc", nullptr, signalFilterBankInit,
        signalFilterBankPrepare),
    custom("SignalFilterBankSquareRoot", "signal/micro/kernels/filter_bank_square_root_common.cc", nullptr, nullptr,
        signalFilterBankSquareRootPrepare),
    custom("SignalFilterBankSpectralSubtraction", "signal/micro/kernels/filter_bank_spectral_subtraction.cc", nullptr,
        signalSpectralSubtractionInit, signalSpectralSubtractionPrepare),
    custom("SignalPCAN", "signal/micro/kernels/pcan.cc", nullptr, signalPcanInit, signalPcanPrepare),
    custom("SignalFilterBankLog", "signal/micro/kernels/filter_bank_log.cc", nullptr, signalFilterBankLogInit,
        signalFilterBankLogPrepare),
    custom("SignalDelay", "signal/micro/kernels/delay.cc, signal/src/circular_buffer.cc", nullptr, signalDelayInit,
        signalDelayPrepare),
    custom("SignalFramer", "signal/micro/kernels/framer.cc, signal/src/circular_buffer.cc", nullptr, signalFramerInit,
        signalFramerPrepare),
    custom("SignalOverlapAdd", "signal/micro/kernels/overlap_add.cc", nullptr, signalOverlapAddInit,
        signalOverlapAddPrepare),
    custom("SignalStacker", "signal/micro/kernels/stacker.cc, signal/src/circular_buffer.cc", nullptr,
        signalStackerInit, signalStackerPrepare),
};
} // namespace

std::span<const KernelProfile> signalProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
