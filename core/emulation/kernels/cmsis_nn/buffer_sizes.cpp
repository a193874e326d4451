#include "buffer_sizes.h"
#include "saturating.h"

#include <initializer_list>

#include <algorithm>

namespace arenascope::cmsisnn {

namespace {

constexpr std::int64_t kChInBlockMve = 124; // arm_nnsupportfunctions.h: CH_IN_BLOCK_MVE
constexpr std::int64_t kReverseTcolThreshold = 16; // REVERSE_TCOL_EFFICIENT_THRESHOLD
constexpr std::int64_t kDwOneInChThreshold = 1; // CONVERT_DW_CONV_..._THRESHOLD (GCC)

bool isMve(CpuExtension e)
{
    return e == CpuExtension::Mve;
}

std::int64_t roundUp4(std::int64_t v)
{
    return v % 4 != 0 ? sum(v, 4 - v % 4) : v;
}

// v rounded up to a multiple of `step` (> 0), saturating.
std::int64_t roundUpTo(std::int64_t v, std::int64_t step)
{
    return product({ sum(v, step - 1) / step, step });
}

// arm_nn_is_convolve_1x1 and arm_nn_is_convolve_1_x_n (the 1x1 fast/strided split does not
// matter: neither needs a buffer with GCC). `equalDepth`: the input-depth == filter-depth test
// CMSIS-NN c01c0a14 (2026-03) added; the wrappers of older pins test the shapes only.
bool is1x1(const ConvGeometry& g, bool equalDepth = true)
{
    return g.padding.w == 0 && g.padding.h == 0 && g.filter.w == 1 && g.filter.h == 1 && g.dilation.w == 1
        && g.dilation.h == 1 && (!equalDepth || g.input.c == g.filter.c);
}
bool is1xN(const ConvGeometry& g, bool equalDepth = true)
{
    return g.input.h == 1 && g.dilation.w == 1 && g.filter.h == 1 && (g.stride.w * g.input.c) % 4 == 0
        && (!equalDepth || g.input.c == g.filter.c);
}

// arm_convolve_s8_get_buffer_size: im2col columns, two int16 rows without MVE, four 16-lane
// rows with it.
std::int64_t convolveS8(const Dims& input, const Dims& filter, CpuExtension ext)
{
    const std::int64_t cols = product({ input.c, filter.w, filter.h });
    if (isMve(ext))
        return product({ 4, roundUpTo(cols, 16) });
    return product({ 2, roundUp4(cols), 2 });
}

// arm_convolve_1_x_n_s8_get_buffer_size_mve: the padded input row for the 1xN kernel, unless
// the row does not split into padded and unpadded parts.
std::int64_t convolve1xNS8Mve(const ConvGeometry& g)
{
    const std::int64_t totalPad = sum(sum(product({ g.output.w - 1, g.stride.w }), g.filter.w), -g.input.w);
    const std::int64_t asymPad = totalPad % 2; // C remainder: may be -1
    const std::int64_t right = g.padding.w + asymPad != 0
        ? std::max<std::int64_t>(1, (g.padding.w + asymPad + g.stride.w - 1) / g.stride.w)
        : 0;
    const std::int64_t left
        = g.padding.w != 0 ? std::max<std::int64_t>(1, (g.padding.w + g.stride.w - 1) / g.stride.w) : 0;
    const std::int64_t noPad = std::max<std::int64_t>(g.output.w - (right + left), 0);
    if (right + noPad + left != g.output.w)
        return convolveS8(g.input, g.filter, CpuExtension::Mve);
    const std::int64_t padLeft = product({ g.padding.w, g.input.c });
    const std::int64_t padRight = asymPad ? product({ right, g.input.c }) : padLeft;
    const std::int64_t elemLeft = product({ g.filter.w, g.input.c });
    const std::int64_t elemRight = elemLeft - g.input.c;
    return std::max(sum(elemLeft, padLeft), sum(elemRight, padRight));
}

// arm_depthwise_conv_s8_opt_get_buffer_size (and the s4 variant, which uses the DSP size
// without DSP too).
std::int64_t depthwiseOpt(const ConvGeometry& g, CpuExtension ext, bool s4)
{
    if (isMve(ext))
        return product({ 4, kChInBlockMve, g.filter.w, g.filter.h });
    if (ext == CpuExtension::Dsp || s4)
        return product({ g.input.c, g.filter.w, g.filter.h, 2 });
    return 0;
}

bool depthwiseOptApplies(const ConvGeometry& g)
{
    return g.input.c == g.output.c && g.input.n == 1 && g.dilation.w == 1 && g.dilation.h == 1;
}

} // namespace

std::int64_t convolveWrapperS8(const ConvGeometry& g, CpuExtension ext, bool equalDepth)
{
    if (is1x1(g, equalDepth))
        return 0; // 1x1 fast (stride 1) or strided: no buffer with GCC
    if (is1xN(g, equalDepth))
        return isMve(ext) ? convolve1xNS8Mve(g) : convolveS8(g.input, g.filter, ext);
    return convolveS8(g.input, g.filter, ext);
}

std::int64_t convolveWrapperS16(const ConvGeometry& g, CpuExtension ext)
{
    const std::int64_t cols = product({ g.input.c, g.filter.w, g.filter.h });
    if (isMve(ext))
        return product({ 4, roundUpTo(cols, 8), 2 });
    return product({ 2, cols, 2 });
}

std::int64_t depthwiseConvWrapperS8(const ConvGeometry& g, CpuExtension ext, bool oneInputChannelAsConv)
{
    if (oneInputChannelAsConv && isMve(ext) && g.input.c == 1 && g.output.c > kDwOneInChThreshold) {
        // arm_deptwise_conv_s8_one_in_ch_get_buffer_size_mve: run as a convolution with the
        // filter's n and c swapped, plus a copy of the filter.
        ConvGeometry conv = g;
        conv.filter = Dims { g.filter.c, g.filter.h, g.filter.w, g.filter.n };
        std::int64_t size = 0;
        if (!is1x1(conv))
            size = is1xN(conv) ? convolve1xNS8Mve(conv) : convolveS8(conv.input, conv.filter, ext);
        return sum(size, product({ g.filter.c, g.filter.h, g.filter.w, g.filter.n }));
    }
    if (!depthwiseOptApplies(g))
        return 0;
    if (!isMve(ext) && g.filter.w == 3 && g.filter.h == 3 && g.padding.h <= 1 && g.padding.w <= 1)
        return 0; // the 3x3 kernel needs no buffer
    return depthwiseOpt(g, ext, false);
}

std::int64_t depthwiseConvWrapperS4(const ConvGeometry& g, CpuExtension ext)
{
    return depthwiseOptApplies(g) ? depthwiseOpt(g, ext, true) : 0;
}

std::int64_t fullyConnectedS8(const Dims& filter, CpuExtension ext)
{
    return isMve(ext) ? product({ filter.c, 4 }) : 0;
}

std::int64_t convolve1x1S8Fast(const Dims& input, CpuExtension ext)
{
    (void)input;
    (void)ext;
    return 0; // 2 * c * sizeof(int16_t) only with armclang on DSP
}

std::int64_t avgpool(std::int64_t outputWidth, std::int64_t channels, CpuExtension ext)
{
    (void)outputWidth;
    return ext == CpuExtension::Dsp ? product({ channels, 4 }) : 0;
}

std::int64_t svdfS8(const Dims& filter, CpuExtension ext)
{
    return isMve(ext) ? product({ filter.n, 4 }) : 0;
}

namespace {

bool reverseConv(const ConvGeometry& g)
{
    return g.stride.w <= 2 && g.stride.h <= 2 && g.input.c > kReverseTcolThreshold;
}

} // namespace

std::int64_t transposeConvS8(const ConvGeometry& g, CpuExtension ext)
{
    if (reverseConv(g)) {
        const Dims reversed { g.input.n, product({ g.input.h, g.stride.h }), product({ g.input.w, g.stride.w }),
            g.input.c };
        return convolveS8(reversed, g.filter, ext);
    }
    // As written upstream: the column count takes the larger of the filter width and the
    // vertical stride.
    const std::int64_t x
        = product({ sum(product({ g.input.w - 1, g.stride.w }), std::max(g.filter.w, g.stride.h)), g.output.c });
    const std::int64_t y = std::max(g.filter.h, g.stride.h);
    return product({ x, y, 4 });
}

std::int64_t transposeConvS8Reverse(const ConvGeometry& g, CpuExtension ext)
{
    (void)ext;
    return reverseConv(g) ? product({ g.input.c, g.filter.w, g.filter.h, g.filter.n }) : 0;
}

} // namespace arenascope::cmsisnn
