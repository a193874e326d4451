#include "example_model.h"

#include "model_builder.h"

#include "arenascope_tflite_generated.h"

#include <memory>
#include <string>

namespace arenascope {

namespace {

using namespace tflite;

// Every tensor of the example is quantized: `channels` scales, zero points 0.
TensorSpec spec(const std::string& name, TensorType type, std::vector<std::int32_t> shape, std::size_t channels = 1)
{
    TensorSpec t { name, type, std::move(shape), {}, {}, 0, false };
    for (std::size_t c = 0; c < channels; ++c)
        t.scales.push_back(0.02f + 0.001f * static_cast<float>(c));
    return t;
}

struct Builder {
    ModelBuilder b { "ArenaScope example: int8 keyword-spotting CNN" };

    std::int32_t tensor(const std::string& name, TensorType type, std::vector<std::int32_t> shape,
        std::size_t channels = 1, std::size_t dataBytes = 0)
    {
        const TensorSpec t = spec(name, type, std::move(shape), channels);
        return dataBytes > 0 ? b.constant(t) : b.tensor(t);
    }
    OperatorT& op(std::int32_t builtin, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
    {
        return b.op(static_cast<BuiltinOperator>(builtin), std::move(inputs), std::move(outputs));
    }
};

} // namespace

std::vector<std::uint8_t> buildExampleModel()
{
    Builder b;
    const auto i8 = TensorType::INT8;
    const auto i32 = TensorType::INT32;
    const std::int32_t input = b.tensor("input_spectrogram", i8, { 1, 49, 40, 1 });
    const std::int32_t w1 = b.tensor("conv1/weights", i8, { 16, 5, 5, 1 }, 16, 16 * 5 * 5);
    const std::int32_t b1 = b.tensor("conv1/bias", i32, { 16 }, 16, 16 * 4);
    const std::int32_t a1 = b.tensor("conv1/relu", i8, { 1, 25, 20, 16 });
    const std::int32_t w2 = b.tensor("dw2/weights", i8, { 1, 3, 3, 16 }, 16, 9 * 16);
    const std::int32_t b2 = b.tensor("dw2/bias", i32, { 16 }, 16, 16 * 4);
    const std::int32_t a2 = b.tensor("dw2/relu", i8, { 1, 25, 20, 16 });
    const std::int32_t w3 = b.tensor("pw3/weights", i8, { 32, 1, 1, 16 }, 32, 32 * 16);
    const std::int32_t b3 = b.tensor("pw3/bias", i32, { 32 }, 32, 32 * 4);
    const std::int32_t a3 = b.tensor("pw3/relu", i8, { 1, 25, 20, 32 });
    const std::int32_t pooled = b.tensor("avg_pool", i8, { 1, 1, 1, 32 });
    const std::int32_t shape = b.tensor("flatten/shape", i32, { 2 }, 1, 8);
    const std::int32_t flat = b.tensor("flatten", i8, { 1, 32 });
    const std::int32_t w4 = b.tensor("dense/weights", i8, { 12, 32 }, 1, 12 * 32);
    const std::int32_t b4 = b.tensor("dense/bias", i32, { 12 }, 1, 12 * 4);
    const std::int32_t logits = b.tensor("logits", i8, { 1, 12 });
    const std::int32_t probs = b.tensor("probabilities", i8, { 1, 12 });

    {
        auto& o = b.op(3, { input, w1, b1 }, { a1 });
        Conv2DOptionsT opt;
        opt.padding = Padding::SAME;
        opt.stride_w = 2;
        opt.stride_h = 2;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = b.op(4, { a1, w2, b2 }, { a2 });
        DepthwiseConv2DOptionsT opt;
        opt.padding = Padding::SAME;
        opt.stride_w = 1;
        opt.stride_h = 1;
        opt.depth_multiplier = 1;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = b.op(3, { a2, w3, b3 }, { a3 });
        Conv2DOptionsT opt;
        opt.padding = Padding::VALID;
        opt.stride_w = 1;
        opt.stride_h = 1;
        opt.fused_activation_function = ActivationFunctionType::RELU;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = b.op(1, { a3 }, { pooled });
        Pool2DOptionsT opt;
        opt.padding = Padding::VALID;
        opt.filter_width = 20;
        opt.filter_height = 25;
        opt.stride_w = 1;
        opt.stride_h = 1;
        o.builtin_options.Set(opt);
    }
    {
        auto& o = b.op(22, { pooled, shape }, { flat });
        ReshapeOptionsT opt;
        opt.new_shape = { 1, 32 };
        o.builtin_options.Set(opt);
    }
    {
        auto& o = b.op(9, { flat, w4, b4 }, { logits });
        o.builtin_options.Set(FullyConnectedOptionsT {});
    }
    {
        auto& o = b.op(25, { logits }, { probs });
        SoftmaxOptionsT opt;
        opt.beta = 1.0f;
        o.builtin_options.Set(opt);
    }
    b.b.setIo({ input }, { probs });
    return b.b.finish();
}

} // namespace arenascope
