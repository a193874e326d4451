#include "kernel_profile.h"

#include "kernels/builtin_options.h"
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
    KernelProfile{"ADD", 0, "kernels/add.cc, add_common.cc", &options::kAdd, addInit, binaryPrepare},
    KernelProfile{"AVERAGE_POOL_2D", 1, "kernels/pooling.cc, pooling_common.cc", &options::kPool,
                  poolInit, poolPrepare},
    KernelProfile{"CONCATENATION", 2, "kernels/concatenation.cc", &options::kConcatenation,
                  concatenationInit, concatenationPrepare},
    KernelProfile{"CONV_2D", 3, "kernels/conv.cc, conv_common.cc", &options::kConv, convInit,
                  convPrepare},
    KernelProfile{"DEPTHWISE_CONV_2D", 4, "kernels/depthwise_conv.cc, depthwise_conv_common.cc",
                  &options::kDepthwiseConv, convInit, depthwiseConvPrepare},
    KernelProfile{"FULLY_CONNECTED", 9, "kernels/fully_connected.cc, fully_connected_common.cc",
                  &options::kFullyConnected, fullyConnectedInit, fullyConnectedPrepare},
    KernelProfile{"MAX_POOL_2D", 17, "kernels/pooling.cc, pooling_common.cc", &options::kPool, poolInit,
                  poolPrepare},
    KernelProfile{"MUL", 18, "kernels/mul.cc, mul_common.cc", &options::kMul, mulInit, binaryPrepare},
    KernelProfile{"RESHAPE", 22, "kernels/reshape.cc, reshape_common.cc", &options::kReshape, nullptr,
                  reshapePrepare},
    KernelProfile{"SOFTMAX", 25, "kernels/softmax.cc, softmax_common.cc", &options::kSoftmax,
                  softmaxInit, softmaxPrepare},
    KernelProfile{"SVDF", 27, "kernels/svdf.cc, svdf_common.cc", &options::kSvdf, svdfInit,
                  svdfPrepare},
    KernelProfile{"PAD", 34, "kernels/pad.cc", nullptr, padInit, padPrepare},
    KernelProfile{"DIV", 42, "kernels/div.cc", &options::kDiv, divInit, binaryPrepare},
    KernelProfile{"UNIDIRECTIONAL_SEQUENCE_LSTM", 44, "kernels/unidirectional_sequence_lstm.cc, lstm_eval.cc",
                  &options::kUnidirectionalSequenceLstm, lstmInit, lstmPrepare},
    KernelProfile{"STRIDED_SLICE", 45, "kernels/strided_slice.cc, strided_slice_common.cc",
                  &options::kStridedSlice, stridedSliceInit, stridedSlicePrepare},
    KernelProfile{"CAST", 53, "kernels/cast.cc", &options::kCast, nullptr, castPrepare},
    KernelProfile{"MAXIMUM", 55, "kernels/maximum_minimum.cc", nullptr, nullptr, nullptr},
    KernelProfile{"MINIMUM", 57, "kernels/maximum_minimum.cc", nullptr, nullptr, nullptr},
    KernelProfile{"PADV2", 60, "kernels/pad.cc", nullptr, padInit, padPrepare},
    KernelProfile{"QUANTIZE", 114, "kernels/quantize.cc, quantize_common.cc", nullptr, quantizeInit, quantizePrepare},
    KernelProfile{"SignalWindow", kCustom, "signal/micro/kernels/window.cc", nullptr, signalWindowInit,
                  signalWindowPrepare},
    KernelProfile{"SignalFftAutoScale", kCustom, "signal/micro/kernels/fft_auto_scale_kernel.cc", nullptr, nullptr,
                  signalFftAutoScalePrepare},
    KernelProfile{"SignalRfft", kCustom, "signal/micro/kernels/rfft.cc", nullptr, signalRfftInit, signalRfftPrepare},
    KernelProfile{"SignalEnergy", kCustom, "signal/micro/kernels/energy.cc", nullptr, signalEnergyInit,
                  signalEnergyPrepare},
    KernelProfile{"SignalFilterBank", kCustom, "signal/micro/kernels/filter_bank.cc", nullptr, signalFilterBankInit,
                  signalFilterBankPrepare},
    KernelProfile{"SignalFilterBankSquareRoot", kCustom, "signal/micro/kernels/filter_bank_square_root.cc", nullptr,
                  nullptr, signalFilterBankSquareRootPrepare},
    KernelProfile{"SignalFilterBankSpectralSubtraction", kCustom,
                  "signal/micro/kernels/filter_bank_spectral_subtraction.cc", nullptr, signalSpectralSubtractionInit,
                  signalSpectralSubtractionPrepare},
    KernelProfile{"SignalPCAN", kCustom, "signal/micro/kernels/pcan.cc", nullptr, signalPcanInit, signalPcanPrepare},
    KernelProfile{"SignalFilterBankLog", kCustom, "signal/micro/kernels/filter_bank_log.cc", nullptr,
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
