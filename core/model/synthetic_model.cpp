#include "synthetic_model.h"

#include "model_builder.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <random>
#include <string>

namespace arenascope {

namespace {

using namespace tflite;

constexpr std::int32_t kClasses = 10;
constexpr std::int32_t kSmallestFeatureMap = 4; // no downsampling below 4x4
constexpr std::array<std::int32_t, 6> kChannelSteps = { 8, 16, 24, 32, 48, 64 };
constexpr float kScale = 0.01f; // activations and the first filter channel

// An activation tensor and its square NHWC shape [1, size, size, channels].
struct Activation {
    std::int32_t tensor = -1;
    std::int32_t size = 0;
    std::int32_t channels = 0;
};

class ChainBuilder {
public:
    ChainBuilder(int operators, std::uint32_t seed)
        : m_builder(
            "ArenaScope synthetic chain: " + std::to_string(operators) + " operators, seed " + std::to_string(seed))
        , m_rng(seed)
    {
    }

    // A number in [0, n): raw mt19937 output is the same everywhere, distributions are not.
    std::int32_t pick(std::int32_t n) { return static_cast<std::int32_t>(m_rng() % static_cast<std::uint32_t>(n)); }

    Activation input(std::int32_t size, std::int32_t channels) { return activation("input", size, channels); }

    Activation conv(const Activation& in, std::int32_t kernel, std::int32_t stride, std::int32_t outChannels,
        ActivationFunctionType fused)
    {
        const std::string name = opName("conv");
        const std::int32_t filter
            = constant(name + "/filter", TensorType::INT8, { outChannels, kernel, kernel, in.channels }, 0);
        const std::int32_t bias = constant(name + "/bias", TensorType::INT32, { outChannels }, 0);
        const Activation out = activation(name, outSize(in.size, stride), outChannels);
        Conv2DOptionsT options;
        options.padding = Padding::SAME;
        options.stride_w = stride;
        options.stride_h = stride;
        options.fused_activation_function = fused;
        op(BuiltinOperator::CONV_2D, { in.tensor, filter, bias }, out.tensor).builtin_options.Set(options);
        return out;
    }

    Activation depthwise(const Activation& in, std::int32_t stride)
    {
        const std::string name = opName("depthwise");
        const std::int32_t filter = constant(name + "/filter", TensorType::INT8, { 1, 3, 3, in.channels }, 3);
        const std::int32_t bias = constant(name + "/bias", TensorType::INT32, { in.channels }, 0);
        const Activation out = activation(name, outSize(in.size, stride), in.channels);
        DepthwiseConv2DOptionsT options;
        options.padding = Padding::SAME;
        options.stride_w = stride;
        options.stride_h = stride;
        options.depth_multiplier = 1;
        options.fused_activation_function = ActivationFunctionType::RELU6;
        op(BuiltinOperator::DEPTHWISE_CONV_2D, { in.tensor, filter, bias }, out.tensor).builtin_options.Set(options);
        return out;
    }

    // Both inputs have the same shape: the skip connection of an inverted residual block.
    Activation add(const Activation& a, const Activation& b)
    {
        const Activation out = activation(opName("add"), a.size, a.channels);
        op(BuiltinOperator::ADD, { a.tensor, b.tensor }, out.tensor).builtin_options.Set(AddOptionsT {});
        return out;
    }

    // [1, size, size, channels] is read as [1, size * size * channels] (keep_num_dims false).
    std::int32_t fullyConnected(const Activation& in)
    {
        const std::string name = opName("dense");
        const std::int32_t flat = in.size * in.size * in.channels;
        const std::int32_t filter = constant(name + "/filter", TensorType::INT8, { kClasses, flat }, -1);
        // Per-tensor: TFLM checks the bias scale against input scale x filter scale.
        const std::int32_t bias = constant(name + "/bias", TensorType::INT32, { kClasses }, -1, kScale * kScale);
        const std::int32_t out = activationTensor(name, { 1, kClasses });
        op(BuiltinOperator::FULLY_CONNECTED, { in.tensor, filter, bias }, out)
            .builtin_options.Set(FullyConnectedOptionsT {});
        return out;
    }

    std::vector<std::uint8_t> finish(std::int32_t input, std::int32_t output)
    {
        m_builder.setIo({ input }, { output });
        return m_builder.finish();
    }

private:
    // SAME padding: ceil(size / stride).
    static std::int32_t outSize(std::int32_t size, std::int32_t stride) { return (size + stride - 1) / stride; }

    std::string opName(const char* kind) const { return "op" + std::to_string(m_operators) + "/" + kind; }

    Activation activation(const std::string& name, std::int32_t size, std::int32_t channels)
    {
        return { activationTensor(name, { 1, size, size, channels }), size, channels };
    }

    // A constant with data in the model; `quantizedDimension` -1 means per-tensor scales.
    std::int32_t constant(const std::string& name, TensorType type, std::vector<std::int32_t> shape,
        std::int32_t quantizedDimension, float perTensorScale = kScale)
    {
        const std::size_t channels = quantizedDimension < 0
            ? 1
            : static_cast<std::size_t>(shape[static_cast<std::size_t>(quantizedDimension)]);
        TensorSpec spec = quantized(name, type, std::move(shape), channels, 0);
        if (quantizedDimension < 0)
            spec.scales = { perTensorScale };
        spec.quantizedDimension = std::max(quantizedDimension, 0);
        return m_builder.sharedConstant(spec);
    }

    // An int8 activation, per-tensor quantized.
    std::int32_t activationTensor(const std::string& name, std::vector<std::int32_t> shape)
    {
        return m_builder.tensor(quantized(name, TensorType::INT8, std::move(shape), 1, -128));
    }

    static TensorSpec quantized(const std::string& name, TensorType type, std::vector<std::int32_t> shape,
        std::size_t channels, std::int64_t zp)
    {
        TensorSpec t { name, type, std::move(shape), {}, {}, 0, false };
        for (std::size_t c = 0; c < channels; ++c) {
            t.scales.push_back(kScale + 0.0001f * static_cast<float>(c % 64));
            t.zeroPoints.push_back(zp);
        }
        return t;
    }

    OperatorT& op(BuiltinOperator code, std::vector<std::int32_t> inputs, std::int32_t output)
    {
        ++m_operators;
        return m_builder.op(code, std::move(inputs), { output });
    }

    ModelBuilder m_builder;
    std::mt19937 m_rng;
    int m_operators = 0;
};
std::int32_t nextChannelStep(std::int32_t channels)
{
    for (std::int32_t c : kChannelSteps)
        if (c > channels)
            return c;
    return kChannelSteps.back();
}

} // namespace

std::vector<std::uint8_t> buildChainModel(int operators, std::uint32_t seed)
{
    operators = std::max(operators, 1);
    ChainBuilder b(operators, seed);
    constexpr std::array<std::int32_t, 3> kInputSizes = { 32, 48, 64 };
    const Activation input = b.input(kInputSizes[static_cast<std::size_t>(b.pick(3))], 3);
    Activation x = input;
    std::int32_t remaining = operators - 1; // the last one is the classifier
    if (remaining > 0) {
        x = b.conv(x, 3, 2, kChannelSteps.front(), ActivationFunctionType::RELU6);
        --remaining;
    }
    while (remaining > 0) {
        const std::int32_t expanded = x.channels * (2 + 2 * b.pick(3)); // expansion factor 2, 4 or 6
        if (remaining >= 3 && x.size > kSmallestFeatureMap && b.pick(6) == 0) {
            Activation e = b.conv(x, 1, 1, expanded, ActivationFunctionType::RELU6);
            e = b.depthwise(e, 2);
            x = b.conv(e, 1, 1, nextChannelStep(x.channels), ActivationFunctionType::NONE);
            remaining -= 3;
        } else if (remaining >= 4 && b.pick(5) != 0) {
            Activation e = b.conv(x, 1, 1, expanded, ActivationFunctionType::RELU6);
            e = b.depthwise(e, 1);
            e = b.conv(e, 1, 1, x.channels, ActivationFunctionType::NONE);
            x = b.add(x, e);
            remaining -= 4;
        } else {
            x = b.pick(2) == 0 ? b.conv(x, 3, 1, x.channels, ActivationFunctionType::RELU6) : b.depthwise(x, 1);
            --remaining;
        }
    }
    const std::int32_t output = b.fullyConnected(x);
    return b.finish(input.tensor, output);
}

namespace {

TensorSpec int8Row(const std::string& name)
{
    return TensorSpec { name, TensorType::INT8, { 1, 16 }, { kScale }, { 0 }, 0, false };
}

std::int32_t relu(ModelBuilder& b, std::int32_t in, const std::string& name)
{
    const std::int32_t out = b.tensor(int8Row(name));
    b.op(BuiltinOperator::RELU, { in }, { out });
    return out;
}

} // namespace

std::vector<std::uint8_t> buildOutputsModel(int outputs)
{
    outputs = std::max(outputs, 1);
    ModelBuilder b("ArenaScope synthetic outputs: " + std::to_string(outputs) + " RELUs, every output a model output");
    const std::int32_t input = b.tensor(int8Row("input"));
    std::vector<std::int32_t> all;
    all.reserve(static_cast<std::size_t>(outputs));
    std::int32_t at = input;
    for (int i = 0; i < outputs; ++i) {
        at = relu(b, at, "out" + std::to_string(i));
        all.push_back(at);
    }
    b.setIo({ input }, all);
    return b.finish();
}

std::vector<std::uint8_t> buildNestedCallModel(int depth)
{
    depth = std::max(depth, 1);
    ModelBuilder b("ArenaScope synthetic calls: CALL_ONCE " + std::to_string(depth) + " deep");
    const std::int32_t input = b.tensor(int8Row("input"));
    b.setIo({ input }, { relu(b, input, "output") });
    for (int i = 1; i <= depth; ++i) {
        b.addSubgraph("init" + std::to_string(i));
        b.useSubgraph(i - 1);
        CallOnceOptionsT call;
        call.init_subgraph_index = i;
        b.op(BuiltinOperator::CALL_ONCE, {}, {}).builtin_options.Set(call);
    }
    b.useSubgraph(depth);
    const std::int32_t x = b.tensor(int8Row("x"));
    b.setIo({ x }, { relu(b, x, "y") });
    return b.finish();
}

} // namespace arenascope
