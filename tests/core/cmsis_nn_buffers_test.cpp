// CMSIS-NN's *_get_buffer_size functions as the CMSIS-NN kernel profiles use them
// (ARM-software/CMSIS-NN @4ab83cc3), per CPU extension, on hand-worked cases.
#include "core/emulation/kernels/cmsis_nn/buffer_sizes.h"

#include <gtest/gtest.h>

namespace arenascope::cmsisnn {
namespace {

constexpr CpuExtension kNone = CpuExtension::None;
constexpr CpuExtension kDsp = CpuExtension::Dsp;
constexpr CpuExtension kMve = CpuExtension::Mve;

ConvGeometry conv(Dims input, Dims filter, Dims output, Tile stride, Tile padding = { 0, 0 })
{
    return ConvGeometry { input, filter, output, stride, padding, Tile { 1, 1 } };
}

TEST(CmsisNnBuffers, ConvolveS8)
{
    // 3x3 kernel over 8 channels: im2col of 72 columns; 2 rows of int16 = 288 B without MVE,
    // 4 x 16-lane rows of ceil(72/16) = 5 lanes = 320 B with MVE.
    const auto g = conv({ 1, 16, 16, 8 }, { 1, 3, 3, 8 }, { 1, 16, 16, 16 }, { 1, 1 }, { 1, 1 });
    EXPECT_EQ(convolveWrapperS8(g, kNone), 288);
    EXPECT_EQ(convolveWrapperS8(g, kDsp), 288);
    EXPECT_EQ(convolveWrapperS8(g, kMve), 320);
    // Columns rounded up to 4: 3x3x3 = 27 -> 28 -> 112 B.
    EXPECT_EQ(
        convolveWrapperS8(conv({ 1, 16, 16, 3 }, { 1, 3, 3, 3 }, { 1, 16, 16, 8 }, { 1, 1 }, { 1, 1 }), kDsp), 112);
    // 1x1 without padding: no buffer, whatever the stride (GCC).
    for (CpuExtension e : { kNone, kDsp, kMve }) {
        EXPECT_EQ(convolveWrapperS8(conv({ 1, 8, 8, 16 }, { 1, 1, 1, 16 }, { 1, 8, 8, 32 }, { 1, 1 }), e), 0);
        EXPECT_EQ(convolveWrapperS8(conv({ 1, 8, 8, 16 }, { 1, 1, 1, 16 }, { 1, 4, 4, 32 }, { 2, 2 }), e), 0);
    }
}

TEST(CmsisNnBuffers, Convolve1xNS8OnMve)
{
    // 1xN: input height 1, kernel 1x3, stride 1, 4 channels, valid padding: the row holds
    // max(3*4 + 0, 2*4 + 0) = 12 B on MVE, the generic im2col (4 * ceil(12/4) * 4 = 48 B) elsewhere.
    const auto g = conv({ 1, 1, 32, 4 }, { 1, 1, 3, 4 }, { 1, 1, 30, 8 }, { 1, 1 });
    EXPECT_EQ(convolveWrapperS8(g, kMve), 12);
    EXPECT_EQ(convolveWrapperS8(g, kDsp), 48);
}

TEST(CmsisNnBuffers, ConvolveS16)
{
    const auto g = conv({ 1, 8, 8, 5 }, { 1, 3, 3, 5 }, { 1, 8, 8, 5 }, { 1, 1 }, { 1, 1 });
    EXPECT_EQ(convolveWrapperS16(g, kNone), 180); // 2 * 45 * 2
    EXPECT_EQ(convolveWrapperS16(g, kMve), 4 * 6 * 8 * 2); // ceil(45/8) = 6 lanes
}

TEST(CmsisNnBuffers, DepthwiseS8)
{
    // Channels in == out, batch 1, no dilation: DSP needs in_c * kw * kh int16s; 3x3 with padding
    // <= 1 needs none without MVE; MVE always 4 * 124 * kw * kh.
    const auto g5 = conv({ 1, 16, 16, 8 }, { 1, 5, 5, 8 }, { 1, 16, 16, 8 }, { 1, 1 }, { 2, 2 });
    EXPECT_EQ(depthwiseConvWrapperS8(g5, kNone), 0);
    EXPECT_EQ(depthwiseConvWrapperS8(g5, kDsp), 8 * 25 * 2);
    EXPECT_EQ(depthwiseConvWrapperS8(g5, kMve), 496 * 25);
    const auto g3 = conv({ 1, 16, 16, 8 }, { 1, 3, 3, 8 }, { 1, 16, 16, 8 }, { 1, 1 }, { 1, 1 });
    EXPECT_EQ(depthwiseConvWrapperS8(g3, kDsp), 0);
    EXPECT_EQ(depthwiseConvWrapperS8(g3, kMve), 496 * 9);
    // A depth multiplier (out != in) needs no buffer, except MVE's one-input-channel path:
    // a convolution buffer (64 * ceil(9/16)) plus a copy of the filter (8 * 3 * 3).
    const auto mult = conv({ 1, 16, 16, 1 }, { 1, 3, 3, 8 }, { 1, 16, 16, 8 }, { 1, 1 }, { 1, 1 });
    EXPECT_EQ(depthwiseConvWrapperS8(mult, kDsp), 0);
    EXPECT_EQ(depthwiseConvWrapperS8(mult, kMve), 64 + 72);
    // CMSIS-NN 01dee38e (TFLM 71fba59b): no one-input-channel case, and input depth != output depth
    EXPECT_EQ(depthwiseConvWrapperS8(mult, kMve, false), 0);
    // The int4 wrapper uses the DSP formula even without DSP.
    EXPECT_EQ(depthwiseConvWrapperS4(g3, kNone), 8 * 9 * 2);
}

TEST(CmsisNnBuffers, FullyConnectedPoolingSvdf)
{
    EXPECT_EQ(fullyConnectedS8(Dims { 64, 1, 1, 10 }, kDsp), 0);
    EXPECT_EQ(fullyConnectedS8(Dims { 64, 1, 1, 10 }, kMve), 40);
    EXPECT_EQ(avgpool(7, 32, kNone), 0);
    EXPECT_EQ(avgpool(7, 32, kDsp), 128);
    EXPECT_EQ(avgpool(7, 32, kMve), 0);
    EXPECT_EQ(svdfS8(Dims { 64, 16, 1, 1 }, kDsp), 0);
    EXPECT_EQ(svdfS8(Dims { 64, 16, 1, 1 }, kMve), 256);
}

TEST(CmsisNnBuffers, TransposeConvS8)
{
    // Stride 2 with more than 16 input channels: the reverse-conv path (an im2col of the
    // upsampled input) and a reversed filter copy.
    ConvGeometry rev = conv({ 1, 8, 8, 32 }, { 16, 3, 3, 32 }, { 1, 16, 16, 16 }, { 2, 2 });
    EXPECT_EQ(transposeConvS8(rev, kDsp), 2 * 288 * 2);
    EXPECT_EQ(transposeConvS8Reverse(rev, kDsp), 32 * 9 * 16);
    // Stride 3: the column buffer ((in_w - 1) * sw + max(kw, sh)) * out_c * max(kh, sh) int32s.
    ConvGeometry cols = conv({ 1, 8, 8, 32 }, { 16, 3, 3, 32 }, { 1, 24, 24, 16 }, { 3, 3 });
    EXPECT_EQ(transposeConvS8(cols, kNone), (7 * 3 + 3) * 16 * 3 * 4);
    EXPECT_EQ(transposeConvS8Reverse(cols, kNone), 0);
}

} // namespace
} // namespace arenascope::cmsisnn
