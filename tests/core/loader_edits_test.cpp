// Loader semantic checks, on real models edited with the FlatBuffers object API: each edit
// breaks one rule (schema version, an index, a shape, control flow) and must give a located
// error; the unedited and benign edits must still load.

#include "test_support.h"

#include "core/model/loader.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace arenascope {
namespace {

using Bytes = std::vector<std::uint8_t>;
using Edit = std::function<void(tflite::ModelT&)>;

constexpr std::int32_t kIf = 118;
constexpr std::int32_t kWhile = 119;
constexpr std::int32_t kCallOnce = 129;
constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();

// hello_world_int8: one subgraph, 10 tensors, 3 FULLY_CONNECTED operators.
const char* const kBase = "hello_world_int8.tflite";

Bytes pack(const tflite::ModelT& model)
{
    flatbuffers::FlatBufferBuilder fbb;
    tflite::FinishModelBuffer(fbb, tflite::Model::Pack(fbb, &model));
    return Bytes(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

Bytes edited(const Edit& edit)
{
    const Bytes original = test::readFile(test::sharedModelsDir() / kBase);
    std::unique_ptr<tflite::ModelT> model = tflite::UnPackModel(original.data());
    edit(*model);
    return pack(*model);
}

tflite::SubGraphT& subgraph(tflite::ModelT& m, std::size_t i = 0)
{
    return *m.subgraphs.at(i);
}
tflite::OperatorT& op(tflite::ModelT& m, std::size_t i)
{
    return *subgraph(m).operators.at(i);
}
tflite::TensorT& tensor(tflite::ModelT& m, std::size_t i)
{
    return *subgraph(m).tensors.at(i);
}

std::uint32_t addOpcode(tflite::ModelT& m, std::int32_t builtin)
{
    auto code = std::make_unique<tflite::OperatorCodeT>();
    code->builtin_code = builtin;
    // Codes above 127 keep the placeholder in the old one-byte field, as converters write it.
    code->deprecated_builtin_code = static_cast<std::int8_t>(std::min(builtin, 127));
    m.operator_codes.push_back(std::move(code));
    return static_cast<std::uint32_t>(m.operator_codes.size() - 1);
}

std::size_t addSubgraph(tflite::ModelT& m)
{
    m.subgraphs.push_back(std::make_unique<tflite::SubGraphT>());
    return m.subgraphs.size() - 1;
}

// Appends to subgraph `in` an IF / WHILE / CALL_ONCE operator calling `a` (and `b`).
void addCall(tflite::ModelT& m, std::size_t in, std::int32_t builtin, std::int32_t a, std::int32_t b = 0)
{
    auto o = std::make_unique<tflite::OperatorT>();
    o->opcode_index = addOpcode(m, builtin);
    if (builtin == kIf) {
        tflite::IfOptionsT options;
        options.then_subgraph_index = a;
        options.else_subgraph_index = b;
        o->builtin_options.Set(std::move(options));
    } else if (builtin == kWhile) {
        tflite::WhileOptionsT options;
        options.cond_subgraph_index = a;
        options.body_subgraph_index = b;
        o->builtin_options.Set(std::move(options));
    } else {
        tflite::CallOnceOptionsT options;
        options.init_subgraph_index = a;
        o->builtin_options.Set(std::move(options));
    }
    subgraph(m, in).operators.push_back(std::move(o));
}

void addMetadata(tflite::ModelT& m, const std::string& name, Bytes data)
{
    auto buffer = std::make_unique<tflite::BufferT>();
    buffer->data = std::move(data);
    m.buffers.push_back(std::move(buffer));
    auto md = std::make_unique<tflite::MetadataT>();
    md->name = name;
    md->buffer = static_cast<std::uint32_t>(m.buffers.size() - 1);
    m.metadata.push_back(std::move(md));
}

Bytes words(std::initializer_list<std::int32_t> values)
{
    Bytes out(values.size() * 4);
    std::size_t k = 0;
    for (std::int32_t v : values)
        std::memcpy(out.data() + 4 * k++, &v, 4);
    return out;
}

// A chain of `length` subgraphs, each calling the next with WHILE; the last calls `back` (or nothing).
void addChain(tflite::ModelT& m, int length, int back)
{
    for (int i = 1; i < length; ++i)
        addSubgraph(m);
    for (int i = 0; i + 1 < length; ++i)
        addCall(m, static_cast<std::size_t>(i), kWhile, i + 1, i + 1);
    if (back >= 0)
        addCall(m, static_cast<std::size_t>(length - 1), kIf, back, back);
}

struct BadEdit {
    const char* name;
    Edit edit;
    const char* expected; // a word the message must contain
};

void PrintTo(const BadEdit& e, std::ostream* os)
{
    *os << e.name;
}

class LoaderRejectsEdit : public ::testing::TestWithParam<BadEdit> { };

TEST_P(LoaderRejectsEdit, WithALocatedMessage)
{
    ARENASCOPE_REQUIRE_SHARED();
    const BadEdit& e = GetParam();
    auto loaded = loadModelBytes(edited(e.edit), "edited.tflite");
    ASSERT_FALSE(loaded) << e.name << " was accepted";
    const std::string message = describe(loaded.error());
    EXPECT_EQ(loaded.error().code, ErrorCode::InvalidModel) << message;
    EXPECT_FALSE(loaded.error().message.empty());
    EXPECT_NE(message.find("edited.tflite"), std::string::npos) << "message does not say which file: " << message;
    EXPECT_NE(message.find(e.expected), std::string::npos) << "\"" << message << "\" lacks \"" << e.expected << "\"";
}

const BadEdit kBadEdits[] = {
    { "SchemaVersion2", [](tflite::ModelT& m) { m.version = 2; }, "version" },
    { "SchemaVersion4", [](tflite::ModelT& m) { m.version = 4; }, "version" },
    { "NoSubgraph", [](tflite::ModelT& m) { m.subgraphs.clear(); }, "subgraph" },
    { "NoBuffers", [](tflite::ModelT& m) { m.buffers.clear(); }, "buffer" },
    { "OperatorInputPastTheEnd", [](tflite::ModelT& m) { op(m, 0).inputs[0] = 10; }, "out of range" },
    { "OperatorInputBelowMinusOne", [](tflite::ModelT& m) { op(m, 1).inputs[1] = -2; }, "out of range" },
    { "OperatorOutputOmitted", [](tflite::ModelT& m) { op(m, 2).outputs[0] = -1; }, "out of range" },
    { "OperatorOutputHuge", [](tflite::ModelT& m) { op(m, 2).outputs[0] = kIntMax; }, "out of range" },
    { "IntermediatePastTheEnd", [](tflite::ModelT& m) { op(m, 0).intermediates = { 1000 }; }, "out of range" },
    { "SubgraphInputPastTheEnd", [](tflite::ModelT& m) { subgraph(m).inputs = { 10 }; }, "out of range" },
    { "SubgraphOutputNegative", [](tflite::ModelT& m) { subgraph(m).outputs = { -5 }; }, "out of range" },
    { "TensorBufferPastTheEnd",
        [](tflite::ModelT& m) { tensor(m, 4).buffer = static_cast<std::uint32_t>(m.buffers.size()); }, "buffer" },
    { "TensorBufferHuge", [](tflite::ModelT& m) { tensor(m, 0).buffer = 0xffffffffU; }, "buffer" },
    { "OpcodeIndexPastTheEnd",
        [](tflite::ModelT& m) { op(m, 1).opcode_index = static_cast<std::uint32_t>(m.operator_codes.size()); },
        "opcode" },
    { "NoOpcodes", [](tflite::ModelT& m) { m.operator_codes.clear(); }, "opcode" },
    { "NegativeDimension",
        [](tflite::ModelT& m) {
            tensor(m, 7).shape = { 1, -1 };
        },
        "negative" },
    { "MostNegativeDimension",
        [](tflite::ModelT& m) { tensor(m, 0).shape = { std::numeric_limits<std::int32_t>::min() }; }, "negative" },
    { "ElementCountOverflows64Bits",
        [](tflite::ModelT& m) {
            tensor(m, 7).shape = { kIntMax, kIntMax, kIntMax };
        },
        "overflows" },
    { "ByteSizeOverflows64Bits",
        [](tflite::ModelT& m) {
            tensor(m, 7).type = tflite::TensorType::FLOAT32; // 4 bytes each: (2^31-1)^2 * 2 * 4 > 2^64
            tensor(m, 7).shape = { kIntMax, kIntMax, 2 };
        },
        "overflows" },
    { "IfCallsAMissingSubgraph", [](tflite::ModelT& m) { addCall(m, 0, kIf, 0, 5); }, "out of range" },
    { "WhileCallsANegativeSubgraph",
        [](tflite::ModelT& m) {
            addSubgraph(m);
            addCall(m, 0, kWhile, -1, 1);
        },
        "out of range" },
    { "CallOnceCallsAMissingSubgraph", [](tflite::ModelT& m) { addCall(m, 0, kCallOnce, 3); }, "out of range" },
    { "IfCallsItsOwnSubgraph", [](tflite::ModelT& m) { addCall(m, 0, kIf, 0, 0); }, "cycle" },
    { "WhileBodyCallsItself",
        [](tflite::ModelT& m) {
            addSubgraph(m);
            addCall(m, 0, kWhile, 1, 1);
            addCall(m, 1, kWhile, 1, 1);
        },
        "cycle" },
    { "TwoSubgraphsCallEachOther",
        [](tflite::ModelT& m) {
            addSubgraph(m);
            addCall(m, 0, kIf, 1, 1);
            addCall(m, 1, kWhile, 0, 0);
        },
        "cycle" },
    { "CycleOnlyAmongCalledSubgraphs",
        [](tflite::ModelT& m) {
            addSubgraph(m);
            addSubgraph(m);
            addCall(m, 0, kCallOnce, 1);
            addCall(m, 1, kIf, 2, 2);
            addCall(m, 2, kCallOnce, 1);
        },
        "cycle" },
    { "CycleAtTheEndOfALongChain", [](tflite::ModelT& m) { addChain(m, 3000, 1500); }, "cycle" },
    { "MetadataBufferPastTheEnd",
        [](tflite::ModelT& m) {
            addMetadata(m, "x", {});
            m.metadata.back()->buffer = 9999;
        },
        "buffer" },
    { "OfflinePlanShorterThanItsHeader",
        [](tflite::ModelT& m) {
            addMetadata(m, "OfflineMemoryAllocation", words({ 1, 1 }));
        },
        "OfflineMemoryAllocation" },
    { "OfflinePlanListsMoreOffsetsThanItHolds",
        [](tflite::ModelT& m) {
            addMetadata(m, "OfflineMemoryAllocation", words({ 1, 1, 1000, -1 }));
        },
        "OfflineMemoryAllocation" },
    { "ExternalBufferBeyondTheFile",
        [](tflite::ModelT& m) {
            auto& b = *m.buffers.at(tensor(m, 6).buffer);
            b.data.clear();
            b.offset = 1ULL << 40;
            b.size = 16;
        },
        "beyond" },
    { "ExternalBufferEndOverflows",
        [](tflite::ModelT& m) {
            auto& b = *m.buffers.at(tensor(m, 6).buffer);
            b.data.clear();
            b.offset = std::numeric_limits<std::uint64_t>::max() - 4;
            b.size = 16;
        },
        "beyond" },
};

INSTANTIATE_TEST_SUITE_P(Edits, LoaderRejectsEdit, ::testing::ValuesIn(kBadEdits),
    [](const ::testing::TestParamInfo<BadEdit>& p) { return std::string(p.param.name); });

// ---- edits that stay valid: the rejections above are caused by the edit, not the repacking ----

Result<ModelPtr> loadEdited(const Edit& edit)
{
    return loadModelBytes(edited(edit), "edited.tflite");
}

TEST(LoaderAcceptsEdit, UneditedRepack)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT&) {});
    ASSERT_TRUE(r) << describe(r.error());
    EXPECT_EQ(r.value()->tensorCount(), 10U);
    EXPECT_EQ(r.value()->operatorCount(), 3U);
}

TEST(LoaderAcceptsEdit, OmittedOptionalInput)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT& m) { op(m, 0).inputs[2] = -1; });
    ASSERT_TRUE(r) << describe(r.error());
    EXPECT_EQ(r.value()->subgraphs()[0].operators[0].inputs[2], -1);
}

TEST(LoaderAcceptsEdit, ZeroDimensionAndScalar)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT& m) {
        tensor(m, 7).shape = { kIntMax, 0, kIntMax };
        tensor(m, 8).shape = {};
    });
    ASSERT_TRUE(r) << describe(r.error());
    EXPECT_EQ(r.value()->subgraphs()[0].tensors[7].bytes, 0U);
    EXPECT_EQ(r.value()->subgraphs()[0].tensors[8].elementCount, 1U);
}

TEST(LoaderAcceptsEdit, SharedCalleesAreNotACycle)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT& m) {
        addSubgraph(m);
        addSubgraph(m);
        addCall(m, 0, kIf, 1, 2);
        addCall(m, 0, kWhile, 2, 1);
        addCall(m, 1, kCallOnce, 2);
    });
    ASSERT_TRUE(r) << describe(r.error());
    const auto& calls = r.value()->subgraphs()[0].operators[3].calledSubgraphs;
    EXPECT_EQ(calls, (std::vector<std::uint32_t> { 1, 2 }));
}

TEST(LoaderAcceptsEdit, LongChainWithoutACycle)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT& m) { addChain(m, 3000, -1); });
    ASSERT_TRUE(r) << describe(r.error());
    EXPECT_EQ(r.value()->subgraphs().size(), 3000U);
}

TEST(LoaderAcceptsEdit, OfflinePlanIsRead)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto r = loadEdited([](tflite::ModelT& m) {
        addMetadata(m, "OfflineMemoryAllocation", words({ 1, 1, 10, 0, -1, -1, -1, -1, -1, -1, 16, 48, -1 }));
    });
    ASSERT_TRUE(r) << describe(r.error());
    ASSERT_TRUE(r.value()->offlinePlan().has_value());
    const OfflinePlan& plan = *r.value()->offlinePlan();
    EXPECT_EQ(plan.version, 1U);
    EXPECT_EQ(plan.subgraphs, 1U);
    EXPECT_EQ(plan.tensorCount, 10U);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 0, -1, -1, -1, -1, -1, -1, 16, 48, -1 }));
}

} // namespace
} // namespace arenascope
