#include "conv_helpers.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_geometry.h"

namespace arenascope::kernels::cmsis {

Status calculateOpData(KernelContext& ctx, const char* file)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(
        check.ensure(88, ctx.inputCount() == 2 || ctx.inputCount() == 3, "has_bias || node->inputs->size == 2"));
    ARENASCOPE_TRY(check.eq(89, "node->outputs->size", "1", static_cast<long long>(ctx.outputCount()), 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), in(2, false), out(0) }));
    return okStatus();
}

cmsisnn::ConvGeometry geometry(const KernelContext& ctx, const cmsisnn::Dims& filter)
{
    const ConvOptions o = convOptions(ctx);
    const cmsisnn::Dims input = nhwc(*ctx.input(0));
    const PaddingValues p = computePadding(o, input.h, input.w, filter.h, filter.w);
    cmsisnn::ConvGeometry g;
    g.input = input;
    g.filter = filter;
    g.output = nhwc(*ctx.output(0));
    g.stride = { o.strideW, o.strideH };
    g.padding = { p.width, p.height };
    g.dilation = { o.dilationW, o.dilationH };
    return g;
}

Status perChannelBuffers(KernelContext& ctx, std::uint64_t channels)
{
    ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_output_multiplier"));
    return ctx.allocatePersistent(4 * channels, "per_channel_output_shift");
}

// TFLM indexes the four dimensions of each unchecked in the 2023 Prepare steps: a tensor of
// another rank is not a model TFLM can run.
// Both 2022 Prepares open by holding input, filter and output (no bias).
Status holdFourDimOperands(KernelContext& ctx, TempTensors& temps)
{
    ARENASCOPE_TRY(temps.hold({ in(0), in(1), out(0) }));
    const auto [input, filter, output] = weightedOperands(ctx);
    if (filter.shape.size() != 4 || input.shape.size() != 4 || output.shape.size() != 4)
        return ctx.kernelError("input, filter and output must be 4-D");
    return okStatus();
}

} // namespace arenascope::kernels::cmsis
