#include "example_model.h"

#include "model_building.h"

#include "arenascope_tflite_generated.h"

#include <memory>
#include <string>

namespace arenascope {

namespace {

using namespace tflite;

struct Builder {
    ModelT model;
    SubGraphT* sg = nullptr;

    Builder()
    {
        model.version = 3;
        model.description = "ArenaScope example: int8 keyword-spotting CNN";
        model.buffers.push_back(std::make_unique<BufferT>()); // buffer 0: the empty sentinel
        model.subgraphs.push_back(std::make_unique<SubGraphT>());
        sg = model.subgraphs.back().get();
        sg->name = "main";
    }

    std::int32_t tensor(const std::string& name, TensorType type, std::vector<std::int32_t> shape,
        std::size_t channels = 1, std::size_t dataBytes = 0)
    {
        auto t = std::make_unique<TensorT>();
        t->name = name;
        t->type = type;
        t->shape = std::move(shape);
        t->quantization = std::make_unique<QuantizationParametersT>();
        for (std::size_t c = 0; c < channels; ++c) {
            t->quantization->scale.push_back(0.02f + 0.001f * static_cast<float>(c));
            t->quantization->zero_point.push_back(0);
        }
        if (dataBytes > 0) {
            auto b = std::make_unique<BufferT>();
            b->data.resize(dataBytes);
            for (std::size_t i = 0; i < dataBytes; ++i)
                b->data[i] = static_cast<std::uint8_t>((i * 37 + 11) & 0xff);
            t->buffer = static_cast<std::uint32_t>(model.buffers.size());
            model.buffers.push_back(std::move(b));
        }
        sg->tensors.push_back(std::move(t));
        return static_cast<std::int32_t>(sg->tensors.size() - 1);
    }

    std::uint32_t opcode(std::int32_t builtin) { return findOrAddOpcode(model, builtin); }

    OperatorT& op(std::int32_t builtin, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
    {
        auto o = std::make_unique<OperatorT>();
        o->opcode_index = opcode(builtin);
        o->inputs = std::move(inputs);
        o->outputs = std::move(outputs);
        sg->operators.push_back(std::move(o));
        return *sg->operators.back();
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
    b.sg->inputs = { input };
    b.sg->outputs = { probs };

    flatbuffers::FlatBufferBuilder fbb;
    FinishModelBuffer(fbb, Model::Pack(fbb, &b.model));
    return std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

} // namespace arenascope
