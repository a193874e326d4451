// Signal-processing custom operators (the audio front end).
// Sources: signal/micro/kernels/window.cc, fft_auto_scale_kernel.cc, rfft.cc, energy.cc,
// filter_bank.cc, filter_bank_square_root.cc, filter_bank_spectral_subtraction.cc, pcan.cc,
// filter_bank_log.cc @90b983c2. Options come from the operator's custom_options flexbuffer.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include <array>

#include "arenascope_tflite_generated.h"

#include <flatbuffers/flexbuffers.h>

namespace arenascope::kernels {

namespace {

// An integer option from the custom_options flexbuffer map, if present and well-formed.
std::optional<std::int64_t> customOption(KernelContext& ctx, const char* key)
{
    const auto map = customOptionsMap(ctx);
    if (!map)
        return std::nullopt;
    const auto value = (*map)[key];
    if (value.IsNull())
        return std::nullopt;
    return value.AsInt64();
}

Result<std::uint64_t> requireOption(KernelContext& ctx, const char* key)
{
    auto v = customOption(ctx, key);
    if (!v || *v < 0)
        return ctx.kernelError(formatString("custom option \"%s\" is missing or negative", key));
    return static_cast<std::uint64_t>(*v);
}

Status holdInOut(KernelContext& ctx, std::size_t inputs, std::size_t outputs)
{
    TempTensors temps(ctx);
    for (std::size_t i = 0; i < inputs; ++i)
        ARENASCOPE_TRY(temps.input(i));
    for (std::size_t i = 0; i < outputs; ++i)
        ARENASCOPE_TRY(temps.output(i));
    return okStatus();
}

// kiss_fftr_alloc's state size (kissfft v130): fftr state (3 pointers), fft state
// (nfft, inverse, 64 factors, one twiddle), the remaining twiddles and the super twiddles.
std::uint64_t rfftStateBytes(const KernelContext& ctx, std::uint64_t fftLength, std::uint64_t complexBytes)
{
    if (fftLength % 2 != 0)
        return 0;
    const std::uint64_t n = fftLength / 2;
    return 3 * ctx.target().pointerBytes() + 264 + complexBytes * n + complexBytes * (3 * n / 2);
}

} // namespace

Status signalWindowInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "TFLMSignalWindowParams");
}
Status signalWindowPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 2, 1);
}

Status signalFftAutoScalePrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 1, 2);
}

Status signalRfftInit(KernelContext& ctx)
{
    auto type = customOption(ctx, "T");
    auto length = requireOption(ctx, "fft_length");
    if (!length)
        return length.error();
    std::uint64_t complexBytes = 0;
    if (type == 7) // int16
        complexBytes = 4;
    else if (type == 2 || type == 0) // int32, float32
        complexBytes = 8;
    else
        return ctx.kernelError("SignalRfft: unsupported type T");
    ARENASCOPE_TRY(ctx.allocatePersistent(bySize(ctx, 32, 48), "TfLiteAudioFrontendRfftParams"));
    return ctx.allocatePersistent(rfftStateBytes(ctx, length.value(), complexBytes), "kissfft state");
}

Status signalRfftPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.output(0));
    auto type = customOption(ctx, "T");
    auto length = requireOption(ctx, "fft_length");
    if (!length)
        return length.error();
    const std::uint64_t elementBytes = type == 7 ? 2 : 4;
    return ctx.requestScratch(length.value() * elementBytes, "rfft work area");
}

Status signalEnergyInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "TFLMSignalEnergyParams");
}
Status signalEnergyPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 1, 1);
}

Status signalFilterBankInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(ctx.allocatePersistent(bySize(ctx, 36, 64), "TFLMSignalFilterBankParams"));
    auto channels = requireOption(ctx, "num_channels");
    if (!channels)
        return channels.error();
    return ctx.allocatePersistent((channels.value() + 1) * 8, "filter bank work area");
}

Status signalFilterBankPrepare(KernelContext& ctx)
{
    for (std::size_t k = 0; k < 6; ++k) {
        auto in = ctx.tempInput(k);
        if (!in)
            return in.error();
        ctx.releaseTemp(in.value());
    }
    return holdInOut(ctx, 0, 1);
}

Status signalFilterBankSquareRootPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 2, 1);
}

Status signalSpectralSubtractionInit(KernelContext& ctx)
{
    ARENASCOPE_TRY(ctx.allocatePersistent(bySize(ctx, 44, 56), "TFLMSignalSpectralSubtractionParams"));
    auto channels = requireOption(ctx, "num_channels");
    if (!channels)
        return channels.error();
    return ctx.allocatePersistent(channels.value() * 4, "noise estimate");
}

Status signalSpectralSubtractionPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 1, 2);
}

Status signalPcanInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(4, "TfLitePcanParams");
}
Status signalPcanPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 3, 1);
}

Status signalFilterBankLogInit(KernelContext& ctx)
{
    return ctx.allocatePersistent(8, "TFLMSignalLogParams");
}
Status signalFilterBankLogPrepare(KernelContext& ctx)
{
    return holdInOut(ctx, 1, 1);
}

namespace {
constexpr std::array kProfiles = {
    custom("SignalWindow", "signal/micro/kernels/window.cc", nullptr, signalWindowInit, signalWindowPrepare),
    custom("SignalFftAutoScale", "signal/micro/kernels/fft_auto_scale_kernel.cc", nullptr, nullptr,
        signalFftAutoScalePrepare),
    custom("SignalRfft", "signal/micro/kernels/rfft.cc", nullptr, signalRfftInit, signalRfftPrepare),
    custom("SignalEnergy", "signal/micro/kernels/energy.cc", nullptr, signalEnergyInit, signalEnergyPrepare),
    custom("SignalFilterBank", "signal/micro/kernels/filter_bank.cc", nullptr, signalFilterBankInit,
        signalFilterBankPrepare),
    custom("SignalFilterBankSquareRoot", "signal/micro/kernels/filter_bank_square_root.cc", nullptr, nullptr,
        signalFilterBankSquareRootPrepare),
    custom("SignalFilterBankSpectralSubtraction", "signal/micro/kernels/filter_bank_spectral_subtraction.cc", nullptr,
        signalSpectralSubtractionInit, signalSpectralSubtractionPrepare),
    custom("SignalPCAN", "signal/micro/kernels/pcan.cc", nullptr, signalPcanInit, signalPcanPrepare),
    custom("SignalFilterBankLog", "signal/micro/kernels/filter_bank_log.cc", nullptr, signalFilterBankLogInit,
        signalFilterBankLogPrepare),
};
} // namespace

std::span<const KernelProfile> signalProfiles()
{
    return kProfiles;
}

} // namespace arenascope::kernels
