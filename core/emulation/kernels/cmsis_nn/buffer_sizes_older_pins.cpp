// CMSIS-NN's scratch sizes at the older commits TFLM pinned, where they differ from 4ab83cc3.
// v2022: e98ee09a (2022-10-12), the commit TFLM 4e62ea7b pins
// (ConvolutionFunctions/arm_convolve_wrapper_s8.c, arm_convolve_s8.c, arm_convolve_1_x_n_s8.c,
// arm_convolve_wrapper_s16.c, arm_convolve_fast_s16.c, arm_depthwise_conv_wrapper_s8.c,
// arm_depthwise_conv_s8_opt.c), measured on Cortex-M4, Cortex-M3 and Cortex-M55
// (tests/fidelity/measured/tflm_4e62ea7b). v2024: TRANSPOSE_CONV at 01dee38e (TFLM 71fba59b,
// ConvolutionFunctions/arm_transpose_conv_get_buffer_sizes_s8.c and cmsis_nn/transpose_conv.cc),
// measured on Cortex-M4 (tests/fidelity/measured/tflm_71fba59b).
#include "buffer_sizes.h"
#include "saturating.h"

#include <initializer_list>

namespace arenascope::cmsisnn::v2022 {

namespace {

constexpr std::int64_t kChInBlockMve = 124; // arm_nnsupportfunctions.h: CH_IN_BLOCK_MVE

// arm_convolve_s8_get_buffer_size: MVE four 8-lane-rounded columns; otherwise two int16 columns.
std::int64_t convolveS8(const Dims& input, const Dims& filter, CpuExtension ext)
{
    const std::int64_t cols = product({ input.c, filter.w, filter.h });
    if (ext == CpuExtension::Mve)
        return product({ 4, (cols + 7) / 8, 8 });
    return product({ 2, cols, 2 });
}

} // namespace

std::int64_t convolveWrapperS8(const ConvGeometry& g, CpuExtension ext)
{
    const bool unitDilation = g.dilation.w == 1 && g.dilation.h == 1;
    if (g.padding.w == 0 && g.padding.h == 0 && g.stride.w == 1 && g.stride.h == 1 && g.filter.w == 1 && g.filter.h == 1
        && unitDilation)
        return 0; // arm_convolve_1x1_s8_fast_get_buffer_size
    if (g.input.h == 1 && g.output.w % 4 == 0 && g.dilation.w == 1 && g.filter.h == 1)
        return ext == CpuExtension::Mve ? 0 : convolveS8(g.input, g.filter, ext); // 1xN
    return convolveS8(g.input, g.filter, ext);
}

std::int64_t convolveWrapperS16(const ConvGeometry& g, CpuExtension ext)
{
    // arm_convolve_s16_get_buffer_size is 0; only the DSP fast kernel has a buffer.
    const std::int64_t cols = product({ g.input.c, g.filter.w, g.filter.h });
    if (ext == CpuExtension::Dsp && cols < 512 && g.dilation.w == 1 && g.dilation.h == 1)
        return product({ 2, cols, 2 });
    return 0;
}

std::int64_t depthwiseConvWrapperS8(const ConvGeometry& g, CpuExtension ext)
{
    if (g.input.c != g.output.c || g.input.n != 1 || g.dilation.w != 1 || g.dilation.h != 1)
        return 0;
    if (ext == CpuExtension::Mve)
        return product({ 4, kChInBlockMve, g.filter.w, g.filter.h });
    if (ext == CpuExtension::Dsp)
        return product({ g.input.c, g.filter.w, g.filter.h, 2 });
    return 0;
}

} // namespace arenascope::cmsisnn::v2022

namespace arenascope::cmsisnn::v2024 {

std::int64_t transposeConvS8(const ConvGeometry& g)
{
    return product({ g.filter.w, g.filter.h, g.input.w, g.input.h, g.output.c, 4 });
}

std::int64_t transposeConvOutput(const ConvGeometry& g)
{
    return product({ g.output.h, g.output.w, g.output.c, 4 });
}

} // namespace arenascope::cmsisnn::v2024
