#pragma once
// The loaded, verified .tflite model: what ArenaScope knows of tensors and operators.
//
// A Model is immutable once loaded and shared as std::shared_ptr<const Model>. It owns the
// file's bytes; `flatbuffer()` gives the verified FlatBuffers root for code that needs
// the raw tables (kernel profiles read builtin options from it).
//
// Usage:
//   auto loaded = loadModelFile("person_detect.tflite");
//   if (!loaded) { report(loaded.error()); return; }
//   const Model& model = *loaded.value();
//   for (const Tensor& t : model.subgraphs()[0].tensors) ...

#include "ids.h"
#include "types.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tflite {
struct Model;
struct Operator;
} // namespace tflite

namespace arenascope {

struct Quantization {
    bool present = false; // scale and zero_point both non-empty: TFLM builds quantization data
    std::uint32_t channels = 0; // number of scales (1 = per tensor)
    std::uint32_t zeroPoints = 0;
    std::int32_t quantizedDimension = 0;
};

struct Tensor {
    TensorId id;
    std::string name;
    DataType type = DataType::Float32;
    std::vector<std::int32_t> shape; // empty for a scalar
    std::uint64_t elementCount = 1;
    std::uint64_t bytes = 0; // element count x TFLM type size; 0 when TFLM cannot size the type
    bool sizeKnown = true; // false for types TFLM's TfLiteTypeSizeOf rejects
    std::uint32_t buffer = 0;
    bool hasData = false; // constant data stored in the model (flash), never in the arena
    std::uint64_t dataBytes = 0; // bytes stored in the model for it
    bool isVariable = false;
    Quantization quant;
};

struct Operator {
    OperatorId id;
    std::uint32_t opcodeIndex = 0;
    std::int32_t builtinCode = 0; // BuiltinOperator value; 32 = CUSTOM
    std::string customName; // for CUSTOM operators
    std::int32_t version = 1;
    std::vector<std::int32_t> inputs; // -1 = omitted optional input
    std::vector<std::int32_t> outputs;
    std::vector<std::int32_t> intermediates;
    std::vector<std::uint32_t> calledSubgraphs; // IF / WHILE / CALL_ONCE / CALL targets
    const tflite::Operator* flatbuffer = nullptr;

    bool isCustom() const { return builtinCode == 32; }
    // "CONV_2D", or the custom name for CUSTOM operators.
    std::string displayName() const;
};

struct Subgraph {
    SubgraphId id;
    std::string name;
    std::vector<Tensor> tensors;
    std::vector<Operator> operators;
    std::vector<std::int32_t> inputs;
    std::vector<std::int32_t> outputs;
    // Per tensor, the operators (indices into `operators`, in order) that write it and that
    // read it; filled by the loader.
    std::vector<std::vector<std::int32_t>> producers;
    std::vector<std::vector<std::int32_t>> consumers;
};

struct MetadataEntry {
    std::string name;
    std::uint32_t buffer = 0;
    std::uint64_t bytes = 0;
};

// The "OfflineMemoryAllocation" metadata block (TFLM docs/memory_management.md):
// version, subgraph count, tensor count, then one offset per tensor (-1 = plan online).
struct OfflinePlan {
    std::uint32_t version = 0;
    std::uint32_t subgraphs = 0;
    std::uint32_t tensorCount = 0;
    std::vector<std::int32_t> offsets;
    // The tensor count of every OfflineMemoryAllocation entry in metadata order (usually one);
    // TFLM checks each against the model and uses the last (micro_allocation_info.cc).
    std::vector<std::uint32_t> entryTensorCounts;
};

class Model {
public:
    Model(std::string path, std::vector<std::uint8_t> bytes);

    const std::string& path() const { return m_path; }
    std::uint64_t fileSize() const { return m_bytes.size(); }
    std::uint32_t schemaVersion() const { return m_schemaVersion; }
    const std::string& description() const { return m_description; }
    const std::vector<Subgraph>& subgraphs() const { return m_subgraphs; }
    const std::vector<MetadataEntry>& metadata() const { return m_metadata; }
    const std::optional<OfflinePlan>& offlinePlan() const { return m_offlinePlan; }
    // Bytes of constant tensor data stored in the model (what lives in flash).
    std::uint64_t constantBytes() const { return m_constantBytes; }
    std::size_t tensorCount() const;
    std::size_t operatorCount() const;
    const tflite::Model* flatbuffer() const;
    const std::vector<std::uint8_t>& bytes() const { return m_bytes; }

private:
    friend class ModelReader;
    std::string m_path;
    std::vector<std::uint8_t> m_bytes;
    std::uint32_t m_schemaVersion = 0;
    std::string m_description;
    std::vector<Subgraph> m_subgraphs;
    std::vector<MetadataEntry> m_metadata;
    std::optional<OfflinePlan> m_offlinePlan;
    std::uint64_t m_constantBytes = 0;
};

using ModelPtr = std::shared_ptr<const Model>;

} // namespace arenascope
