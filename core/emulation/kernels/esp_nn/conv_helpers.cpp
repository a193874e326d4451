#include "conv_helpers.h"
#include "core/emulation/kernels/checks.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/conv_common.h"
#include "core/emulation/kernels/conv_geometry.h"
#include "core/emulation/kernels/tflm_checks.h"

namespace arenascope::kernels::esp {

Dims dims(const Tensor& t)
{
    return Dims { t.shape[2], t.shape[1], t.shape[3] };
}

ConvParams convParams(const KernelContext& ctx, const Tensor& input, const Tensor& filter)
{
    const ConvOptions o = convOptions(ctx);
    const PaddingValues p = computePadding(o, input.shape[1], input.shape[2], filter.shape[1], filter.shape[2]);
    ConvParams c;
    c.strideW = o.strideW;
    c.strideH = o.strideH;
    c.padW = p.width;
    c.padH = p.height;
    return c;
}

Status requestEspScratch(KernelContext& ctx, std::int32_t bytes, const char* what)
{
    // A size <= 0 leaves buffer_idx at -1: no request.
    if (bytes <= 0)
        return okStatus();
    return ctx.requestScratch(static_cast<std::uint64_t>(bytes), what);
}

Status requestInt4Scratch(KernelContext& ctx, const Tensor& filter)
{
    if (filter.type != D::Int4)
        return okStatus();
    return ctx.requestScratch(filter.elementCount, "unpacked int4 filter");
}

Status requireNhwc(KernelContext& ctx)
{
    for (const Tensor* t : { ctx.input(0), ctx.input(1), ctx.output(0) })
        if (t->shape.size() != 4)
            return ctx.kernelError("esp_nn convolution: input, filter and output must be 4-D");
    return okStatus();
}

Status checkPerChannelQuantization(
    KernelContext& ctx, const char* file, int typeLine, int sizeLine, const Tensor& filter, std::size_t dim)
{
    const Checks check(ctx, file);
    ARENASCOPE_TRY(
        check.eq(typeLine, "filter->quantization.type", "kTfLiteAffineQuantization", quantizationType(filter), 1));
    const std::int64_t channels = filter.shape[dim];
    const bool ok = filter.quant.channels == 1 || filter.quant.channels == channels;
    const char* condition = dim == 0 ? "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                                       "filter->dims->data[kConvQuantizedDimension]"
                                     : "affine_quantization->scale->size == 1 || affine_quantization->scale->size == "
                                       "filter->dims->data[kDepthwiseConvQuantizedDimension]";
    return check.ensure(sizeLine, ok, condition);
}

} // namespace arenascope::kernels::esp
