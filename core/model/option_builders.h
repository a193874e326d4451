#pragma once
// The builtin option tables the model builders (lessons, the example model, the probe models)
// fill most often, one call each. A field left at its schema default is not written into the
// model, so `convOptions(Padding::SAME, 1)` builds the same bytes as a hand-filled table.

#include "arenascope_tflite_generated.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace arenascope {

inline tflite::Conv2DOptionsT convOptions(tflite::Padding padding, std::int32_t stride,
    tflite::ActivationFunctionType activation = tflite::ActivationFunctionType::NONE, std::int32_t dilation = 1)
{
    tflite::Conv2DOptionsT o;
    o.padding = padding;
    o.stride_w = o.stride_h = stride;
    o.dilation_w_factor = o.dilation_h_factor = dilation;
    o.fused_activation_function = activation;
    return o;
}

inline tflite::DepthwiseConv2DOptionsT depthwiseOptions(tflite::Padding padding, std::int32_t stride,
    std::int32_t multiplier, tflite::ActivationFunctionType activation = tflite::ActivationFunctionType::NONE)
{
    tflite::DepthwiseConv2DOptionsT o;
    o.padding = padding;
    o.stride_w = o.stride_h = stride;
    o.depth_multiplier = multiplier;
    o.fused_activation_function = activation;
    return o;
}

// AVERAGE_POOL_2D / MAX_POOL_2D over a filterH x filterW window.
inline tflite::Pool2DOptionsT poolOptions(
    tflite::Padding padding, std::int32_t filterH, std::int32_t filterW, std::int32_t stride = 1)
{
    tflite::Pool2DOptionsT o;
    o.padding = padding;
    o.filter_height = filterH;
    o.filter_width = filterW;
    o.stride_w = o.stride_h = stride;
    return o;
}

inline tflite::ReshapeOptionsT reshapeOptions(std::vector<std::int32_t> newShape)
{
    tflite::ReshapeOptionsT o;
    o.new_shape = std::move(newShape);
    return o;
}

inline tflite::SoftmaxOptionsT softmaxOptions(float beta = 1.0f)
{
    tflite::SoftmaxOptionsT o;
    o.beta = beta;
    return o;
}

} // namespace arenascope
