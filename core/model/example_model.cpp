#include "example_model.h"

#include "model_builder.h"
#include "option_builders.h"

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

// Per-channel int8 weights of one layer and their bias (model_builder.h).
PerChannelWeights weightsAndBias(const std::string& layer, std::vector<std::int32_t> shape, std::int32_t dimension)
{
    return perChannelWeights(layer + "/weights", layer + "/bias", std::move(shape), dimension, kActivationScale);
}

std::pair<std::int32_t, std::int32_t> constants(ModelBuilder& m, const PerChannelWeights& p)
{
    return { m.constant(p.weights), m.constant(p.bias) };
}

} // namespace

std::vector<std::uint8_t> buildExampleModel()
{
    ModelBuilder m("ArenaScope example: int8 keyword-spotting CNN");
    const std::int32_t input = m.tensor(activation("input_spectrogram", { 1, 49, 40, 1 }));
    const auto [w1, b1] = constants(m, weightsAndBias("conv1", { 16, 5, 5, 1 }, 0));
    const std::int32_t a1 = m.tensor(activation("conv1/relu", { 1, 25, 20, 16 }));
    const auto [w2, b2] = constants(m, weightsAndBias("dw2", { 1, 3, 3, 16 }, 3));
    const std::int32_t a2 = m.tensor(activation("dw2/relu", { 1, 25, 20, 16 }));
    const auto [w3, b3] = constants(m, weightsAndBias("pw3", { 32, 1, 1, 16 }, 0));
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

    m.op(BuiltinOperator::CONV_2D, { input, w1, b1 }, { a1 })
        .builtin_options.Set(convOptions(Padding::SAME, 2, ActivationFunctionType::RELU));
    m.op(BuiltinOperator::DEPTHWISE_CONV_2D, { a1, w2, b2 }, { a2 })
        .builtin_options.Set(depthwiseOptions(Padding::SAME, 1, 1, ActivationFunctionType::RELU));
    m.op(BuiltinOperator::CONV_2D, { a2, w3, b3 }, { a3 })
        .builtin_options.Set(convOptions(Padding::VALID, 1, ActivationFunctionType::RELU));
    m.op(BuiltinOperator::AVERAGE_POOL_2D, { a3 }, { pooled }).builtin_options.Set(poolOptions(Padding::VALID, 25, 20));
    m.op(BuiltinOperator::RESHAPE, { pooled, shape }, { flat }).builtin_options.Set(reshapeOptions({ 1, 32 }));
    m.op(BuiltinOperator::FULLY_CONNECTED, { flat, w4, b4 }, { logits }).builtin_options.Set(FullyConnectedOptionsT {});
    m.op(BuiltinOperator::SOFTMAX, { logits }, { probs }).builtin_options.Set(softmaxOptions());
    m.setIo({ input }, { probs });
    return m.finish();
}

} // namespace arenascope
