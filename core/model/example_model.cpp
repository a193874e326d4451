#include "example_model.h"

#include "model_builder.h"

#include "arenascope_tflite_generated.h"

#include <memory>
#include <string>

namespace arenascope {

namespace {

using namespace tflite;

constexpr float kActivationScale = 0.02f;

TensorSpec activation(const std::string& name, std::vector<std::int32_t> shape)
{
    return TensorSpec { name, TensorType::INT8, std::move(shape), { kActivationScale }, { 0 }, 0, false };
}

// Per-channel int8 weights (scales 0.020, 0.021, ...) along `dimension`, and their int32 bias
// with the scales TFLM expects: input scale x weight scale, per channel.
std::pair<TensorSpec, TensorSpec> weightsAndBias(
    const std::string& layer, std::vector<std::int32_t> shape, std::int32_t dimension)
{
    const auto channels = static_cast<std::size_t>(shape[static_cast<std::size_t>(dimension)]);
    TensorSpec w { layer + "/weights", TensorType::INT8, std::move(shape), {}, {}, dimension, false };
    TensorSpec b { layer + "/bias", TensorType::INT32, { static_cast<std::int32_t>(channels) }, {}, {}, 0, false };
    for (std::size_t c = 0; c < channels; ++c) {
        w.scales.push_back(0.02f + 0.001f * static_cast<float>(c));
        b.scales.push_back(kActivationScale * w.scales.back());
    }
    w.zeroPoints.assign(channels, 0);
    b.zeroPoints.assign(channels, 0);
    return { w, b };
}

} // namespace

std::vector<std::uint8_t> buildExampleModel()
{
    ModelBuilder m("ArenaScope example: int8 keyword-spotting CNN");
    const std::int32_t input = m.tensor(activation("input_spectrogram", { 1, 49, 40, 1 }));
    const auto [w1s, b1s] = weightsAndBias("conv1", { 16, 5, 5, 1 }, 0);
    const std::int32_t w1 = m.constant(w1s);
    const std::int32_t b1 = m.constant(b1s);
    const std::int32_t a1 = m.tensor(activation("conv1/relu", { 1, 25, 20, 16 }));
    const auto [w2s, b2s] = weightsAndBias("dw2", { 1, 3, 3, 16 }, 3);
    const std::int32_t w2 = m.constant(w2s);
    const std::int32_t b2 = m.constant(b2s);
    const std::int32_t a2 = m.tensor(activation("dw2/relu", { 1, 25, 20, 16 }));
    const auto [w3s, b3s] = weightsAndBias("pw3", { 32, 1, 1, 16 }, 0);
    const std::int32_t w3 = m.constant(w3s);
    const std::int32_t b3 = m.constant(b3s);
    const std::int32_t a3 = m.tensor(activation("pw3/relu", { 1, 25, 20, 32 }));
    const std::int32_t pooled = m.tensor(activation("avg_pool", { 1, 1, 1, 32 }));
    const std::int32_t shape = m.int32Constant("flatten/shape", { 1, 32 });
    const std::int32_t flat = m.tensor(activation("flatten", { 1, 32 }));
    // Per-tensor dense weights: the bias scale is input scale x weight scale.
    const std::int32_t w4
        = m.constant(TensorSpec { "dense/weights", TensorType::INT8, { 12, 32 }, { 0.02f }, { 0 }, 0, false });
    const std::int32_t b4 = m.constant(
        TensorSpec { "dense/bias", TensorType::INT32, { 12 }, { kActivationScale * 0.02f }, { 0 }, 0, false });
    const std::int32_t logits = m.tensor(activation("logits", { 1, 12 }));
    // An int8 softmax output is scaled 1/256 with zero point -128 (softmax_common.cc).
    const std::int32_t probs
        = m.tensor(TensorSpec { "probabilities", TensorType::INT8, { 1, 12 }, { 1.0f / 256.0f }, { -128 }, 0, false });

    {
        auto& o = m.op(BuiltinOperator::CONV_2D, { input, w1, b1 }, { a1 });
        Conv2DOptionsT opt;
        opt.padding = Padding::SAME;
        opt.stride_w = 2;
        opt.stride_h = 2;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = m.op(BuiltinOperator::DEPTHWISE_CONV_2D, { a1, w2, b2 }, { a2 });
        DepthwiseConv2DOptionsT opt;
        opt.padding = Padding::SAME;
        opt.stride_w = 1;
        opt.stride_h = 1;
        opt.depth_multiplier = 1;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = m.op(BuiltinOperator::CONV_2D, { a2, w3, b3 }, { a3 });
        Conv2DOptionsT opt;
        opt.padding = Padding::VALID;
        opt.stride_w = 1;
        opt.stride_h = 1;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = m.op(BuiltinOperator::AVERAGE_POOL_2D, { a3 }, { pooled });
        Pool2DOptionsT opt;
        opt.padding = Padding::VALID;
        opt.filter_width = 20;
        opt.filter_height = 25;
        opt.stride_w = 1;
        opt.stride_h = 1;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = m.op(BuiltinOperator::RESHAPE, { pooled, shape }, { flat });
        ReshapeOptionsT opt;
        opt.new_shape = { 1, 32 };
        o.builtin_options.Set(opt);
    }
    {
        auto& o = m.op(BuiltinOperator::FULLY_CONNECTED, { flat, w4, b4 }, { logits });
        o.builtin_options.Set(FullyConnectedOptionsT {});
    }
    {
        auto& o = m.op(BuiltinOperator::SOFTMAX, { logits }, { probs });
        SoftmaxOptionsT opt;
        opt.beta = 1.0f;
        o.builtin_options.Set(opt);
    }
    m.setIo({ input }, { probs });
    return m.finish();
}

} // namespace arenascope
