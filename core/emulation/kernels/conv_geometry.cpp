#include "conv_geometry.h"

#include "arenascope_tflite_generated.h"

#include <limits>
#include <optional>

namespace arenascope::kernels {

namespace {

Padding fromSchema(tflite::Padding p)
{
    // ConvertPadding: SAME -> kTfLitePaddingSame, VALID -> kTfLitePaddingValid.
    switch (p) {
    case tflite::Padding::SAME:
        return Padding::Same;
    case tflite::Padding::VALID:
        return Padding::Valid;
    }
    return Padding::Unknown;
}

template <typename Options> ConvOptions read(const Options* o, bool dilation)
{
    ConvOptions c;
    if (!o)
        return c;
    c.padding = fromSchema(o->padding());
    c.strideW = o->stride_w();
    c.strideH = o->stride_h();
    if constexpr (requires { o->dilation_w_factor(); }) {
        if (dilation) {
            c.dilationW = o->dilation_w_factor();
            c.dilationH = o->dilation_h_factor();
        }
    }
    return c;
}

// ComputeOutSizeChecked; nullopt for invalid arguments or a size that does not fit an int.
std::optional<std::int64_t> outSize(
    Padding p, std::int64_t image, std::int64_t filter, std::int64_t stride, std::int64_t dilation)
{
    if (p == Padding::Unknown || image < 0 || filter <= 0 || stride <= 0 || dilation <= 0)
        return std::nullopt;
    const std::int64_t effective = (filter - 1) * dilation + 1;
    const std::int64_t v = p == Padding::Same ? (image + stride - 1) / stride : (image + stride - effective) / stride;
    if (v < 0 || v > std::numeric_limits<std::int32_t>::max())
        return std::nullopt;
    return v;
}

// ComputePaddingWithOffsetChecked: {padding, offset}.
std::optional<std::pair<std::int64_t, std::int64_t>> paddingOf(
    std::int64_t stride, std::int64_t dilation, std::int64_t in, std::int64_t filter, std::int64_t out)
{
    if (in < 0 || filter <= 0 || out < 0 || stride <= 0 || dilation <= 0)
        return std::nullopt;
    const std::int64_t effective = (filter - 1) * dilation + 1;
    std::int64_t total = (out - 1) * stride + effective - in;
    total = total > 0 ? total : 0;
    if (total / 2 > std::numeric_limits<std::int32_t>::max())
        return std::nullopt;
    return std::pair { total / 2, total % 2 };
}

} // namespace

ConvOptions convOptions(const KernelContext& ctx)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    if (!op)
        return {};
    if (const auto* o = op->builtin_options_as_Conv2DOptions())
        return read(o, true);
    if (const auto* o = op->builtin_options_as_DepthwiseConv2DOptions())
        return read(o, true);
    if (const auto* o = op->builtin_options_as_TransposeConvOptions())
        return read(o, false);
    if (const auto* o = op->builtin_options_as_Pool2DOptions())
        return read(o, false);
    return {};
}

PaddingValues computePadding(const ConvOptions& o, std::int64_t inHeight, std::int64_t inWidth,
    std::int64_t filterHeight, std::int64_t filterWidth)
{
    // ComputePaddingHeightWidth: everything 0 unless every step succeeds in order (width's
    // output size, height's, height's padding, width's padding).
    PaddingValues v;
    const auto outW = outSize(o.padding, inWidth, filterWidth, o.strideW, o.dilationW);
    if (!outW)
        return v;
    v.outWidth = static_cast<std::int32_t>(*outW);
    const auto outH = outSize(o.padding, inHeight, filterHeight, o.strideH, o.dilationH);
    if (!outH)
        return v;
    v.outHeight = static_cast<std::int32_t>(*outH);
    const auto h = paddingOf(o.strideH, o.dilationH, inHeight, filterHeight, *outH);
    if (!h)
        return v;
    v.height = static_cast<std::int32_t>(h->first);
    v.heightOffset = static_cast<std::int32_t>(h->second);
    const auto w = paddingOf(o.strideW, o.dilationW, inWidth, filterWidth, *outW);
    if (!w)
        return v;
    v.width = static_cast<std::int32_t>(w->first);
    v.widthOffset = static_cast<std::int32_t>(w->second);
    return v;
}

} // namespace arenascope::kernels
