#pragma once
// A small .tflite model assembled in memory for the kernel tests: tensors (quantized or not,
// constant or not), builtin and custom operators, then loaded as a user's file is. The FlatBuffers
// object API, no policy: each test file wraps it in the signatures its cases read best with.

#include "core/model/model.h"

#include "arenascope_tflite_generated.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arenascope::test {

class ModelBuilder {
public:
    // `name` is what the loader calls the model in its messages.
    explicit ModelBuilder(std::string name);

    tflite::ModelT model;

    // Index of a new, empty subgraph (the constructor adds subgraph 0).
    std::size_t addSubgraph();

    // A tensor of subgraph `sg`; one scale per quantization channel (none: not quantized), zero
    // points 0 unless given.
    std::int32_t tensor(std::size_t sg, tflite::TensorType type, std::vector<std::int32_t> shape,
        std::vector<float> scales = {}, std::vector<std::int64_t> zeroPoints = {});
    // Gives `tensor` of subgraph `sg` a buffer holding `bytes` (a constant tensor).
    void setData(std::size_t sg, std::int32_t tensor, std::vector<std::uint8_t> bytes);

    tflite::OperatorT& op(
        std::size_t sg, std::int32_t builtin, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);
    tflite::OperatorT& custom(std::size_t sg, const std::string& code, std::vector<std::uint8_t> options,
        std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);

    void setIo(std::size_t sg, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs);

    // The model serialized and loaded; a load error fails the current test and gives null.
    ModelPtr load() const;

    // Subgraph 0, for the tests whose model has one graph.
    tflite::OperatorT& op(std::int32_t builtin, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
    {
        return op(0, builtin, std::move(inputs), std::move(outputs));
    }
    ModelPtr load(std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs)
    {
        setIo(0, std::move(inputs), std::move(outputs));
        return load();
    }

private:
    std::string name_;
};

} // namespace arenascope::test
