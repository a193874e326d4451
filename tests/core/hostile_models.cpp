#include "hostile_models.h"

#include "core/model/model_builder.h"

#include <string>

namespace arenascope::test {

namespace {

using tflite::TensorType;

TensorSpec float32(const std::string& name, std::vector<std::int32_t> shape)
{
    return TensorSpec { name, TensorType::FLOAT32, std::move(shape), {}, {}, 0, false };
}

std::int32_t relu(ModelBuilder& b, std::int32_t in, const std::string& name)
{
    const auto out = b.tensor(float32(name, { 1, 16 }));
    b.op(BuiltinOperator::RELU, { in }, { out });
    return out;
}

std::vector<std::uint8_t> littleEndian(const std::vector<std::int32_t>& values)
{
    std::vector<std::uint8_t> bytes;
    for (std::int32_t v : values)
        for (int k = 0; k < 4; ++k)
            bytes.push_back(static_cast<std::uint8_t>((static_cast<std::uint32_t>(v) >> (8 * k)) & 0xff));
    return bytes;
}

// The subgraph `b` builds: one RELU from "in" to "out" (float32 [1, 16]), its input and output.
void oneRelu(ModelBuilder& b)
{
    const auto in = b.tensor(float32("in", { 1, 16 }));
    const auto out = relu(b, in, "out");
    b.setIo({ in }, { out });
}

} // namespace

std::vector<std::uint8_t> unusedTensors(std::int32_t unused)
{
    ModelBuilder b("unused tensors");
    const auto in = b.tensor(float32("in", { 1, 16 }));
    const auto out = relu(b, in, "out");
    for (std::int32_t i = 0; i < unused; ++i)
        b.tensor(float32("unused" + std::to_string(i), { 1, 16 }));
    b.setIo({ in }, { out });
    return b.finish();
}

std::vector<std::uint8_t> reluChain(std::int32_t ops)
{
    ModelBuilder b("relu chain");
    const auto in = b.tensor(float32("in", { 1, 16 }));
    std::int32_t at = in;
    for (std::int32_t i = 0; i < ops; ++i)
        at = relu(b, at, "t" + std::to_string(i));
    b.setIo({ in }, { at });
    return b.finish();
}

std::vector<std::uint8_t> callOnceChain(std::int32_t depth)
{
    ModelBuilder b("call_once chain");
    oneRelu(b);
    for (std::int32_t i = 1; i <= depth; ++i) {
        b.addSubgraph("init" + std::to_string(i));
        b.useSubgraph(i - 1);
        tflite::CallOnceOptionsT call;
        call.init_subgraph_index = i;
        b.op(BuiltinOperator::CALL_ONCE, {}, {}).builtin_options.Set(call);
    }
    b.useSubgraph(depth);
    const auto x = b.tensor(float32("x", { 1, 16 }));
    const auto y = relu(b, x, "y");
    b.setIo({ x }, { y });
    return b.finish();
}

std::vector<std::uint8_t> callOnceCycle()
{
    ModelBuilder b("call_once cycle");
    oneRelu(b);
    tflite::CallOnceOptionsT call;
    call.init_subgraph_index = 1;
    b.op(BuiltinOperator::CALL_ONCE, {}, {}).builtin_options.Set(call);
    b.addSubgraph("again");
    b.useSubgraph(1);
    b.op(BuiltinOperator::CALL_ONCE, {}, {}).builtin_options.Set(call);
    return b.finish();
}

std::vector<std::uint8_t> reluOfShape(const std::vector<std::int32_t>& shape)
{
    ModelBuilder b("huge relu");
    const auto in = b.tensor(float32("in", shape));
    const auto out = b.tensor(float32("out", shape));
    b.op(BuiltinOperator::RELU, { in }, { out });
    b.setIo({ in }, { out });
    return b.finish();
}

std::vector<std::uint8_t> offlinePlanned(const std::vector<std::int32_t>& offsets, int copies)
{
    ModelBuilder b("offline planned");
    const auto in = b.tensor(float32("in", { 1, 16 }));
    const auto mid = relu(b, in, "mid");
    const auto out = relu(b, mid, "out");
    b.setIo({ in }, { out });
    std::vector<std::int32_t> plan = { 0, 1, static_cast<std::int32_t>(offsets.size()) };
    plan.insert(plan.end(), offsets.begin(), offsets.end());
    for (int i = 0; i < copies; ++i)
        b.metadata("OfflineMemoryAllocation", littleEndian(plan));
    return b.finish();
}

std::vector<std::uint8_t> bigMetadata(std::size_t bytes)
{
    ModelBuilder b("big metadata");
    oneRelu(b);
    b.metadata("junk", std::vector<std::uint8_t>(bytes, 0x5a));
    return b.finish();
}

} // namespace arenascope::test
