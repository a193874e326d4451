#pragma once
// Builds small, valid .tflite models in code: the bundled example, the lesson models, the
// synthetic benchmark models and the tests' single-operator models all use this one builder.
// Output is deterministic (same calls, same bytes); constant data is filled with a fixed
// pattern.
//
// Usage:
//   ModelBuilder b("a CNN");
//   const auto in = b.tensor({"input", TensorType::INT8, {1, 96, 96, 1}, {0.5f}, {-128}});
//   const auto w = b.constant({"w", TensorType::INT8, {8, 3, 3, 1}, {0.02f}, {0}});
//   b.op(BuiltinOperator::CONV_2D, {in, w}, {out}).builtin_options.Set(options);
//   b.setIo({in}, {out});
//   std::vector<std::uint8_t> bytes = b.finish();

#include "arenascope_tflite_generated.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace arenascope {

// BuiltinOperator codes the builders use, by name (tensorflow/compiler/mlir/lite/schema/schema.fbs).
enum class BuiltinOperator : std::int32_t {
    ADD = 0,
    AVERAGE_POOL_2D = 1,
    CONCATENATION = 2,
    CONV_2D = 3,
    DEPTHWISE_CONV_2D = 4,
    FULLY_CONNECTED = 9,
    LOGISTIC = 14,
    MAX_POOL_2D = 17,
    MUL = 18,
    RELU = 19,
    RESHAPE = 22,
    SOFTMAX = 25,
    SVDF = 27,
    TANH = 28,
    CUSTOM = 32,
    PAD = 34,
    MEAN = 40,
    SUB = 41,
    STRIDED_SLICE = 45,
    DIV = 42,
    EXP = 47,
    SPLIT = 49,
    CAST = 53,
    LESS = 58,
    GREATER = 61,
    REDUCE_PROD = 81,
    TRANSPOSE_CONV = 67,
    QUANTIZE = 114,
    IF = 118,
    WHILE = 119,
    CALL_ONCE = 129,
    VAR_HANDLE = 142,
    READ_VARIABLE = 143,
    ASSIGN_VARIABLE = 144
};

struct TensorSpec {
    std::string name;
    tflite::TensorType type = tflite::TensorType::INT8;
    std::vector<std::int32_t> shape;
    std::vector<float> scales; // empty: not quantized
    std::vector<std::int64_t> zeroPoints; // one per scale
    std::int32_t quantizedDimension = 0;
    bool isVariable = false;
};

class ModelBuilder {
public:
    explicit ModelBuilder(std::string description);

    // Adds a subgraph and makes it current; the first one (index 0) exists from the start.
    std::int32_t addSubgraph(const std::string& name);
    void useSubgraph(std::int32_t index);

    // A tensor of the current subgraph: in the arena (no data) or constant (data in the model).
    std::int32_t tensor(const TensorSpec& spec);
    std::int32_t constant(const TensorSpec& spec);
    // A constant whose data buffer is shared with every other shared constant of the same byte
    // size (keeps generated models with thousands of layers small).
    std::int32_t sharedConstant(const TensorSpec& spec);
    // A constant int32 vector (shapes, axes, padding amounts).
    std::int32_t int32Constant(
        const std::string& name, const std::vector<std::int32_t>& values, std::vector<std::int32_t> shape = {});

    tflite::OperatorT& op(BuiltinOperator code, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);
    tflite::OperatorT& custom(
        const std::string& name, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);
    void setIo(std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);

    // A metadata entry with its own buffer (e.g. "OfflineMemoryAllocation").
    void metadata(const std::string& name, std::vector<std::uint8_t> bytes);
    // The OfflineMemoryAllocation metadata (version 0): an offset per tensor of every subgraph
    // in order, -1 to plan it online.
    void offlinePlan(const std::vector<std::int32_t>& offsets);

    tflite::ModelT& model() { return m_model; }
    std::vector<std::uint8_t> finish();

private:
    std::uint32_t opcode(std::int32_t builtin, const std::string& customName);
    tflite::SubGraphT& current() { return *m_model.subgraphs[static_cast<std::size_t>(m_current)]; }

    std::uint32_t addBuffer(std::vector<std::uint8_t> data);

    tflite::ModelT m_model;
    std::int32_t m_current = 0;
    std::vector<std::pair<std::size_t, std::uint32_t>> m_shared; // byte size -> buffer
};

// The bytes a constant of `bytes` bytes is filled with (a fixed pattern, never all zero).
std::vector<std::uint8_t> patternBytes(std::size_t bytes);

// Per-channel int8 weights of `shape`, quantized along `dimension` with the scales 0.020,
// 0.021, ..., and their bias (int32, or int64 for int16 activations) scaled as TFLM expects:
// input scale x weight scale, per channel.
struct PerChannelWeights {
    TensorSpec weights;
    TensorSpec bias;
};
PerChannelWeights perChannelWeights(const std::string& weightsName, const std::string& biasName,
    std::vector<std::int32_t> shape, std::int32_t dimension, float inputScale,
    tflite::TensorType biasType = tflite::TensorType::INT32);

} // namespace arenascope
