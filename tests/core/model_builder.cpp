#include "model_builder.h"

#include "core/model/loader.h"
#include "core/model/model_building.h"

#include <gtest/gtest.h>

#include <utility>

namespace arenascope::test {

using namespace tflite;

ModelBuilder::ModelBuilder(std::string name)
    : name_(std::move(name))
{
    model.version = 3;
    model.buffers.push_back(std::make_unique<BufferT>()); // buffer 0: "no data", as converters write it
    addSubgraph();
}

std::size_t ModelBuilder::addSubgraph()
{
    model.subgraphs.push_back(std::make_unique<SubGraphT>());
    return model.subgraphs.size() - 1;
}

std::int32_t ModelBuilder::tensor(std::size_t sg, TensorType type, std::vector<std::int32_t> shape,
    std::vector<float> scales, std::vector<std::int64_t> zeroPoints)
{
    auto& tensors = model.subgraphs.at(sg)->tensors;
    auto t = std::make_unique<TensorT>();
    t->name = "t" + std::to_string(tensors.size());
    t->type = type;
    t->shape = std::move(shape);
    if (!scales.empty()) {
        t->quantization = std::make_unique<QuantizationParametersT>();
        if (zeroPoints.empty())
            zeroPoints.assign(scales.size(), 0);
        t->quantization->scale = std::move(scales);
        t->quantization->zero_point = std::move(zeroPoints);
    }
    tensors.push_back(std::move(t));
    return static_cast<std::int32_t>(tensors.size() - 1);
}

void ModelBuilder::setData(std::size_t sg, std::int32_t tensor, std::vector<std::uint8_t> bytes)
{
    auto b = std::make_unique<BufferT>();
    b->data = std::move(bytes);
    model.subgraphs.at(sg)->tensors.at(static_cast<std::size_t>(tensor))->buffer
        = static_cast<std::uint32_t>(model.buffers.size());
    model.buffers.push_back(std::move(b));
}

OperatorT& ModelBuilder::op(
    std::size_t sg, std::int32_t builtin, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    auto o = std::make_unique<OperatorT>();
    o->opcode_index = findOrAddOpcode(model, builtin);
    o->inputs = std::move(inputs);
    o->outputs = std::move(outputs);
    auto& ops = model.subgraphs.at(sg)->operators;
    ops.push_back(std::move(o));
    return *ops.back();
}

OperatorT& ModelBuilder::custom(std::size_t sg, const std::string& code, std::vector<std::uint8_t> options,
    std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    constexpr std::int32_t kCustom = 32; // BuiltinOperator_CUSTOM
    auto c = std::make_unique<OperatorCodeT>();
    c->builtin_code = kCustom;
    c->deprecated_builtin_code = kCustom;
    c->custom_code = code;
    c->version = 1;
    model.operator_codes.push_back(std::move(c));
    auto o = std::make_unique<OperatorT>();
    o->opcode_index = static_cast<std::uint32_t>(model.operator_codes.size() - 1);
    o->inputs = std::move(inputs);
    o->outputs = std::move(outputs);
    o->custom_options = std::move(options);
    auto& ops = model.subgraphs.at(sg)->operators;
    ops.push_back(std::move(o));
    return *ops.back();
}

void ModelBuilder::setIo(std::size_t sg, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    model.subgraphs.at(sg)->inputs = std::move(inputs);
    model.subgraphs.at(sg)->outputs = std::move(outputs);
}

ModelPtr ModelBuilder::load() const
{
    flatbuffers::FlatBufferBuilder fbb;
    FinishModelBuffer(fbb, tflite::Model::Pack(fbb, &model));
    auto loaded = loadModelBytes(
        std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()), name_);
    if (!loaded)
        ADD_FAILURE() << describe(loaded.error());
    return loaded ? loaded.value() : nullptr;
}

} // namespace arenascope::test
