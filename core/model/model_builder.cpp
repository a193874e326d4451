#include "model_builder.h"

#include <algorithm>
#include <memory>

namespace arenascope {

using namespace tflite;

ModelBuilder::ModelBuilder(std::string description)
{
    m_model.version = 3;
    m_model.description = std::move(description);
    m_model.buffers.push_back(std::make_unique<BufferT>()); // buffer 0: the empty sentinel
    addSubgraph("main");
}

std::int32_t ModelBuilder::addSubgraph(const std::string& name)
{
    m_model.subgraphs.push_back(std::make_unique<SubGraphT>());
    m_model.subgraphs.back()->name = name;
    m_current = static_cast<std::int32_t>(m_model.subgraphs.size() - 1);
    return m_current;
}

void ModelBuilder::useSubgraph(std::int32_t index)
{
    m_current = index;
}

std::int32_t ModelBuilder::tensor(const TensorSpec& spec)
{
    auto t = std::make_unique<TensorT>();
    t->name = spec.name;
    t->type = spec.type;
    t->shape = spec.shape;
    t->is_variable = spec.isVariable;
    if (!spec.scales.empty()) {
        t->quantization = std::make_unique<QuantizationParametersT>();
        t->quantization->scale = spec.scales;
        t->quantization->zero_point = spec.zeroPoints;
        t->quantization->zero_point.resize(spec.scales.size(), 0);
        t->quantization->quantized_dimension = spec.quantizedDimension;
    }
    current().tensors.push_back(std::move(t));
    return static_cast<std::int32_t>(current().tensors.size() - 1);
}

namespace {
std::size_t elementBytes(TensorType type)
{
    switch (type) {
    case TensorType::INT8:
    case TensorType::UINT8:
    case TensorType::BOOL:
    case TensorType::INT4:
        return 1;
    case TensorType::INT16:
    case TensorType::FLOAT16:
        return 2;
    case TensorType::INT64:
    case TensorType::FLOAT64:
        return 8;
    default:
        return 4;
    }
}
} // namespace

std::vector<std::uint8_t> patternBytes(std::size_t bytes)
{
    std::vector<std::uint8_t> data(bytes);
    for (std::size_t i = 0; i < bytes; ++i)
        data[i] = static_cast<std::uint8_t>((i * 37 + 11) & 0xff);
    return data;
}

namespace {
std::size_t byteSize(const TensorSpec& spec)
{
    std::size_t elements = 1;
    for (std::int32_t d : spec.shape)
        elements *= static_cast<std::size_t>(d > 0 ? d : 1);
    return elements * elementBytes(spec.type);
}
} // namespace

std::uint32_t ModelBuilder::addBuffer(std::vector<std::uint8_t> data)
{
    auto b = std::make_unique<BufferT>();
    b->data = std::move(data);
    m_model.buffers.push_back(std::move(b));
    return static_cast<std::uint32_t>(m_model.buffers.size() - 1);
}

std::int32_t ModelBuilder::constant(const TensorSpec& spec)
{
    const std::int32_t index = tensor(spec);
    current().tensors.back()->buffer = addBuffer(patternBytes(byteSize(spec)));
    return index;
}

std::int32_t ModelBuilder::sharedConstant(const TensorSpec& spec)
{
    const std::int32_t index = tensor(spec);
    const std::size_t bytes = byteSize(spec);
    std::uint32_t buffer = 0;
    const auto it = std::find_if(m_shared.begin(), m_shared.end(), [bytes](const auto& e) { return e.first == bytes; });
    if (it != m_shared.end()) {
        buffer = it->second;
    } else {
        buffer = addBuffer(patternBytes(bytes));
        m_shared.emplace_back(bytes, buffer);
    }
    current().tensors.back()->buffer = buffer;
    return index;
}

std::int32_t ModelBuilder::int32Constant(
    const std::string& name, const std::vector<std::int32_t>& values, std::vector<std::int32_t> shape)
{
    if (shape.empty())
        shape = { static_cast<std::int32_t>(values.size()) };
    const std::int32_t index = tensor(TensorSpec { name, TensorType::INT32, shape, {}, {}, 0, false });
    auto b = std::make_unique<BufferT>();
    for (std::int32_t v : values)
        for (int k = 0; k < 4; ++k)
            b->data.push_back(static_cast<std::uint8_t>((static_cast<std::uint32_t>(v) >> (8 * k)) & 0xff));
    current().tensors.back()->buffer = static_cast<std::uint32_t>(m_model.buffers.size());
    m_model.buffers.push_back(std::move(b));
    return index;
}

std::uint32_t ModelBuilder::opcode(std::int32_t builtin, const std::string& customName)
{
    for (std::size_t i = 0; i < m_model.operator_codes.size(); ++i) {
        const auto& c = *m_model.operator_codes[i];
        if (c.builtin_code == builtin && c.custom_code == customName)
            return static_cast<std::uint32_t>(i);
    }
    auto c = std::make_unique<OperatorCodeT>();
    c->builtin_code = builtin;
    // Old readers look at the byte-sized field; codes from 127 on live only in builtin_code.
    c->deprecated_builtin_code = static_cast<std::int8_t>(builtin < 127 ? builtin : 127);
    c->custom_code = customName;
    c->version = 1;
    m_model.operator_codes.push_back(std::move(c));
    return static_cast<std::uint32_t>(m_model.operator_codes.size() - 1);
}

OperatorT& ModelBuilder::op(BuiltinOperator code, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    auto o = std::make_unique<OperatorT>();
    o->opcode_index = opcode(static_cast<std::int32_t>(code), {});
    o->inputs = std::move(inputs);
    o->outputs = std::move(outputs);
    current().operators.push_back(std::move(o));
    return *current().operators.back();
}

OperatorT& ModelBuilder::custom(
    const std::string& name, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    auto o = std::make_unique<OperatorT>();
    o->opcode_index = opcode(static_cast<std::int32_t>(BuiltinOperator::CUSTOM), name);
    o->inputs = std::move(inputs);
    o->outputs = std::move(outputs);
    current().operators.push_back(std::move(o));
    return *current().operators.back();
}

void ModelBuilder::setIo(std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
{
    current().inputs = std::move(inputs);
    current().outputs = std::move(outputs);
}

void ModelBuilder::metadata(const std::string& name, std::vector<std::uint8_t> bytes)
{
    auto md = std::make_unique<MetadataT>();
    md->name = name;
    md->buffer = addBuffer(std::move(bytes));
    m_model.metadata.push_back(std::move(md));
}

void ModelBuilder::offlinePlan(const std::vector<std::int32_t>& offsets)
{
    std::vector<std::int32_t> plan
        = { 0, static_cast<std::int32_t>(m_model.subgraphs.size()), static_cast<std::int32_t>(offsets.size()) };
    plan.insert(plan.end(), offsets.begin(), offsets.end());
    std::vector<std::uint8_t> bytes;
    for (std::int32_t v : plan)
        for (int k = 0; k < 4; ++k)
            bytes.push_back(static_cast<std::uint8_t>((static_cast<std::uint32_t>(v) >> (8 * k)) & 0xff));
    metadata("OfflineMemoryAllocation", std::move(bytes));
}

std::vector<std::uint8_t> ModelBuilder::finish()
{
    flatbuffers::FlatBufferBuilder fbb;
    FinishModelBuffer(fbb, Model::Pack(fbb, &m_model));
    return std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

PerChannelWeights perChannelWeights(const std::string& weightsName, const std::string& biasName,
    std::vector<std::int32_t> shape, std::int32_t dimension, float inputScale, tflite::TensorType biasType)
{
    const std::int32_t channels = shape.at(static_cast<std::size_t>(dimension));
    PerChannelWeights p { { weightsName, tflite::TensorType::INT8, std::move(shape), {}, {}, dimension, false },
        { biasName, biasType, { channels }, {}, {}, 0, false } };
    for (std::int32_t c = 0; c < channels; ++c) {
        p.weights.scales.push_back(0.02f + 0.001f * static_cast<float>(c));
        p.bias.scales.push_back(inputScale * p.weights.scales.back());
    }
    p.weights.zeroPoints.assign(p.weights.scales.size(), 0);
    p.bias.zeroPoints.assign(p.bias.scales.size(), 0);
    return p;
}

} // namespace arenascope
