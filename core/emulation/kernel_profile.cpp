#include "kernel_profile.h"

#include "kernels/kernels.h"
#include "kernels/profile_groups.h"

#include <array>
#include <vector>

namespace arenascope {

namespace {

using namespace kernels;

constexpr std::int32_t kCustom = -1;

// One row per operator TFLM's reference resolver registers and ArenaScope emulates.
// Options: the TfLite*Params struct ParseOpData allocates (flatbuffer_conversions.cc).
constexpr std::array kProfiles = {
    KernelProfile{"ADD", 0, "kernels/add.cc, add_common.cc", {8, 4, "TfLiteAddParams"}, addInit, binaryPrepare},
    KernelProfile{"AVERAGE_POOL_2D", 1, "kernels/pooling.cc, pooling_common.cc", {40, 4, "TfLitePoolParams"},
                  poolInit, poolPrepare},
    KernelProfile{"CONCATENATION", 2, "kernels/concatenation.cc", {8, 4, "TfLiteConcatenationParams"},
                  concatenationInit, concatenationPrepare},
    KernelProfile{"CONV_2D", 3, "kernels/conv.cc, conv_common.cc", {28, 4, "TfLiteConvParams"}, convInit,
                  convPrepare},
    KernelProfile{"DEPTHWISE_CONV_2D", 4, "kernels/depthwise_conv.cc, depthwise_conv_common.cc",
                  {28, 4, "TfLiteDepthwiseConvParams"}, convInit, depthwiseConvPrepare},
    KernelProfile{"FULLY_CONNECTED", 9, "kernels/fully_connected.cc, fully_connected_common.cc",
                  {16, 4, "TfLiteFullyConnectedParams"}, fullyConnectedInit, fullyConnectedPrepare},
    KernelProfile{"MAX_POOL_2D", 17, "kernels/pooling.cc, pooling_common.cc", {40, 4, "TfLitePoolParams"}, poolInit,
                  poolPrepare},
    KernelProfile{"MUL", 18, "kernels/mul.cc, mul_common.cc", {4, 4, "TfLiteMulParams"}, mulInit, binaryPrepare},
    KernelProfile{"RESHAPE", 22, "kernels/reshape.cc, reshape_common.cc", {36, 4, "TfLiteReshapeParams"}, nullptr,
                  reshapePrepare},
    KernelProfile{"SOFTMAX", 25, "kernels/softmax.cc, softmax_common.cc", {4, 4, "TfLiteSoftmaxParams"},
                  softmaxInit, softmaxPrepare},
    KernelProfile{"SVDF", 27, "kernels/svdf.cc, svdf_common.cc", {12, 4, "TfLiteSVDFParams"}, svdfInit,
                  svdfPrepare},
    KernelProfile{"PAD", 34, "kernels/pad.cc", {}, padInit, padPrepare},
    KernelProfile{"DIV", 42, "kernels/div.cc", {4, 4, "TfLiteDivParams"}, divInit, binaryPrepare},
    KernelProfile{"UNIDIRECTIONAL_SEQUENCE_LSTM", 44, "kernels/unidirectional_sequence_lstm.cc, lstm_eval.cc",
                  {16, 4, "TfLiteUnidirectionalSequenceLSTMParams"}, lstmInit, lstmPrepare},
    KernelProfile{"STRIDED_SLICE", 45, "kernels/strided_slice.cc, strided_slice_common.cc",
                  {24, 4, "TfLiteStridedSliceParams"}, stridedSliceInit, stridedSlicePrepare},
    KernelProfile{"CAST", 53, "kernels/cast.cc", {8, 4, "TfLiteCastParams"}, nullptr, castPrepare},
    KernelProfile{"MAXIMUM", 55, "kernels/maximum_minimum.cc", {}, nullptr, nullptr},
    KernelProfile{"MINIMUM", 57, "kernels/maximum_minimum.cc", {}, nullptr, nullptr},
    KernelProfile{"PADV2", 60, "kernels/pad.cc", {}, padInit, padPrepare},
    KernelProfile{"QUANTIZE", 114, "kernels/quantize.cc, quantize_common.cc", {}, quantizeInit, quantizePrepare},
    KernelProfile{"SignalWindow", kCustom, "signal/micro/kernels/window.cc", {}, signalWindowInit,
                  signalWindowPrepare},
    KernelProfile{"SignalFftAutoScale", kCustom, "signal/micro/kernels/fft_auto_scale_kernel.cc", {}, nullptr,
                  signalFftAutoScalePrepare},
    KernelProfile{"SignalRfft", kCustom, "signal/micro/kernels/rfft.cc", {}, signalRfftInit, signalRfftPrepare},
    KernelProfile{"SignalEnergy", kCustom, "signal/micro/kernels/energy.cc", {}, signalEnergyInit,
                  signalEnergyPrepare},
    KernelProfile{"SignalFilterBank", kCustom, "signal/micro/kernels/filter_bank.cc", {}, signalFilterBankInit,
                  signalFilterBankPrepare},
    KernelProfile{"SignalFilterBankSquareRoot", kCustom, "signal/micro/kernels/filter_bank_square_root.cc", {},
                  nullptr, signalFilterBankSquareRootPrepare},
    KernelProfile{"SignalFilterBankSpectralSubtraction", kCustom,
                  "signal/micro/kernels/filter_bank_spectral_subtraction.cc", {}, signalSpectralSubtractionInit,
                  signalSpectralSubtractionPrepare},
    KernelProfile{"SignalPCAN", kCustom, "signal/micro/kernels/pcan.cc", {}, signalPcanInit, signalPcanPrepare},
    KernelProfile{"SignalFilterBankLog", kCustom, "signal/micro/kernels/filter_bank_log.cc", {},
                  signalFilterBankLogInit, signalFilterBankLogPrepare},
};

constexpr std::int32_t kCustomCode = 32;

} // namespace

const KernelProfile* findKernelProfile(std::int32_t builtinCode, std::string_view customName)
{
    auto matches = [&](const KernelProfile& p) {
        return builtinCode == kCustomCode ? (p.builtinCode == kCustom && p.name == customName)
                                          : p.builtinCode == builtinCode;
    };
    for (const KernelProfile& p : allKernelProfiles())
        if (matches(p))
            return &p;
    return nullptr;
}

std::span<const KernelProfile> allKernelProfiles()
{
    // Built once: the core table followed by every group table.
    static const std::vector<KernelProfile> all = [] {
        std::vector<KernelProfile> v(kProfiles.begin(), kProfiles.end());
        for (auto group : {unaryProfiles(), shapeProfiles(), logicProfiles()})
            v.insert(v.end(), group.begin(), group.end());
        return v;
    }();
    return all;
}

} // namespace arenascope
