// Kernel profiles of the comparisons, SELECT_V2, CUMSUM, TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL,
// EMBEDDING_LOOKUP, the resource variables, control flow and the custom operators
// TFLite_Detection_PostProcess and TFLM_DECODE (kernels/comparisons_and_logical.cpp, select.cpp,
// cumsum.cpp, transpose_conv.cpp, pooling.cpp, batch_matmul.cpp, embedding_lookup.cpp,
// resource_variables.cpp, control_flow.cpp, detection_postprocess.cpp, decode.cpp): tiny models
// emulated on both targets, checking the kernel persistent allocations (requested bytes, in order),
// the temp tensors each operator holds during Prepare, its scratch requests and the failures TFLM
// reports.
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "model_builder.h"
#include "test_support.h"

#include "arenascope_tflite_generated.h"

#include <flatbuffers/flexbuffers.h>
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace arenascope {
namespace {

using namespace tflite;
using test::kernelPersistent;

// BuiltinOperator codes (core/model/builtin_names.cpp).
constexpr std::int32_t kLess = 58, kSelectV2 = 123, kBatchMatmul = 126, kL2Pool2d = 12, kEmbeddingLookup = 7,
                       kCumsum = 128, kTransposeConv = 67, kEqual = 71, kNotEqual = 72, kIf = 118, kVarHandle = 142,
                       kAssignVariable = 144;

// Any subgraph; `channels` quantization channels of scale 0.05, zero point 0; `dataBytes` of
// 1-bytes make a constant tensor.
struct Builder : test::ModelBuilder {
    Builder()
        : ModelBuilder("logic")
    {
    }

    std::int32_t tensor(std::size_t sg, TensorType type, std::vector<std::int32_t> shape, std::size_t channels = 0,
        std::size_t dataBytes = 0)
    {
        const std::int32_t id = ModelBuilder::tensor(sg, type, std::move(shape), std::vector<float>(channels, 0.05f));
        if (dataBytes > 0)
            setData(sg, id, std::vector<std::uint8_t>(dataBytes, 1));
        return id;
    }
};

EmulationResultPtr run(const Model& model, TargetKind target)
{
    EmulationSettings s;
    s.target = target;
    return emulate(model, s);
}

// Tensor indices of the TfLiteTensor structs an operator allocated in temp, in order.
std::vector<std::int32_t> tempTensors(const EmulationResult& r, std::int32_t subgraph, std::int32_t op)
{
    std::vector<std::int32_t> v;
    for (const AllocationEvent& e : r.events)
        if (e.category == Category::TempTensors && e.subgraph == subgraph && e.op == op
            && e.label.find(" tensor") != std::string::npos)
            v.push_back(e.tensor);
    return v;
}

// Scratch buffer sizes an operator requested, in order.
std::vector<std::uint64_t> scratch(const EmulationResult& r, std::int32_t op)
{
    std::vector<std::uint64_t> v;
    for (const PlannedBuffer& b : r.planned)
        if (b.kind == BufferKind::Scratch && b.op == op)
            v.push_back(b.bytes);
    return v;
}

constexpr std::array kTargets = { TargetKind::CortexM, TargetKind::X86_64 };

TEST(KernelsLogic, ComparisonSelectMatmulPoolLookupCumsum)
{
    Builder b;
    const auto f32 = TensorType::FLOAT32;
    const std::int32_t a = b.tensor(0, f32, { 1, 4 });
    const std::int32_t bb = b.tensor(0, f32, { 1, 4 });
    const std::int32_t c = b.tensor(0, TensorType::BOOL, { 1, 4 });
    const std::int32_t d = b.tensor(0, f32, { 1, 4 });
    const std::int32_t x = b.tensor(0, f32, { 1, 2, 3 });
    const std::int32_t y = b.tensor(0, f32, { 1, 3, 4 }, 0, 48);
    const std::int32_t z = b.tensor(0, f32, { 1, 2, 4 });
    const std::int32_t p = b.tensor(0, f32, { 1, 4, 4, 2 });
    const std::int32_t q = b.tensor(0, f32, { 1, 2, 2, 2 });
    const std::int32_t ids = b.tensor(0, TensorType::INT32, { 3 });
    const std::int32_t table = b.tensor(0, f32, { 5, 4 }, 0, 80);
    const std::int32_t rows = b.tensor(0, f32, { 3, 4 });
    const std::int32_t t8 = b.tensor(0, TensorType::INT8, { 1, 8 }, 1);
    const std::int32_t axis = b.tensor(0, TensorType::INT32, { 1 }, 0, 4);
    const std::int32_t s8 = b.tensor(0, TensorType::INT8, { 1, 8 }, 1);
    b.op(0, kLess, { a, bb }, { c });
    b.op(0, kSelectV2, { c, a, bb }, { d });
    b.op(0, kBatchMatmul, { x, y }, { z }).builtin_options.Set(BatchMatMulOptionsT {});
    {
        Pool2DOptionsT opt;
        opt.padding = Padding::VALID;
        opt.filter_width = opt.filter_height = 2;
        opt.stride_w = opt.stride_h = 2;
        b.op(0, kL2Pool2d, { p }, { q }).builtin_options.Set(opt);
    }
    b.op(0, kEmbeddingLookup, { ids, table }, { rows });
    b.op(0, kCumsum, { t8, axis }, { s8 }).builtin_options.Set(CumsumOptionsT {});
    b.model.subgraphs[0]->inputs = { a, bb, x, p, ids, t8 };
    b.model.subgraphs[0]->outputs = { d, z, q, rows, s8 };
    const ModelPtr model = b.load();
    ASSERT_TRUE(model);

    for (TargetKind target : kTargets) {
        SCOPED_TRACE(target == TargetKind::CortexM ? "cortex-m" : "x86_64");
        const bool x64 = target == TargetKind::X86_64;
        const auto r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : "");
        const std::vector<std::uint64_t> expected = {
            32, // LESS: OpData{ComparisonParams}
            1, // SELECT_V2: OpData{bool}
            x64 ? 32u : 16u, // BATCH_MATMUL: OpDataBatchMatmul
            x64 ? 24u : 12u, // rhs transposed TfLiteEvalTensor
            16, 48, // its dims (rank 3) and data (12 floats)
            16, // writable output dims (rank 3)
            20, // L2_POOL_2D: writable output dims (rank 4)
            12, // EMBEDDING_LOOKUP: writable output dims (rank 2)
            x64 ? 16u : 8u, // its OpData {float; size_t}
            36, // CUMSUM int8 OpData
        };
        EXPECT_EQ(kernelPersistent(*r), expected);
        EXPECT_EQ(tempTensors(*r, 0, 0), (std::vector<std::int32_t> { a, bb }));
        EXPECT_EQ(tempTensors(*r, 0, 1), (std::vector<std::int32_t> { c, a, bb, d }));
        EXPECT_EQ(tempTensors(*r, 0, 2), (std::vector<std::int32_t> { x, y, z }));
        EXPECT_EQ(tempTensors(*r, 0, 3), (std::vector<std::int32_t> { q, p }));
        EXPECT_EQ(tempTensors(*r, 0, 4), (std::vector<std::int32_t> { ids, table, rows }));
        EXPECT_EQ(tempTensors(*r, 0, 5), (std::vector<std::int32_t> { t8, axis, s8 }));
    }
}

TEST(KernelsLogic, TransposeConvInt8RequestsAccumulatorScratch)
{
    Builder b;
    const std::int32_t shape = b.tensor(0, TensorType::INT32, { 4 }, 0, 16);
    const std::int32_t filter = b.tensor(0, TensorType::INT8, { 8, 3, 3, 4 }, 8, 8 * 3 * 3 * 4);
    const std::int32_t input = b.tensor(0, TensorType::INT8, { 1, 4, 4, 4 }, 1);
    const std::int32_t bias = b.tensor(0, TensorType::INT32, { 8 }, 8, 32);
    const std::int32_t output = b.tensor(0, TensorType::INT8, { 1, 8, 8, 8 }, 1);
    TransposeConvOptionsT opt;
    opt.padding = Padding::SAME;
    opt.stride_w = opt.stride_h = 2;
    b.op(0, kTransposeConv, { shape, filter, input, bias }, { output }).builtin_options.Set(opt);
    b.model.subgraphs[0]->inputs = { input };
    b.model.subgraphs[0]->outputs = { output };
    const ModelPtr model = b.load();
    ASSERT_TRUE(model);
    for (TargetKind target : kTargets) {
        const auto r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : "");
        const std::uint64_t opData = target == TargetKind::X86_64 ? 80 : 72;
        EXPECT_EQ(kernelPersistent(*r), (std::vector<std::uint64_t> { opData, 32, 32 }));
        EXPECT_EQ(
            tempTensors(*r, 0, 0), (std::vector<std::int32_t> { output, input, filter, input, filter, bias, output }));
        EXPECT_EQ(scratch(*r, 0), (std::vector<std::uint64_t> { 8 * 8 * 8 * 4 }));
    }
}

TEST(KernelsLogic, IfAllocatesOpDataAndPreparesBranches)
{
    Builder b;
    b.addSubgraph();
    b.addSubgraph();
    const auto f32 = TensorType::FLOAT32;
    const std::int32_t cond = b.tensor(0, TensorType::BOOL, { 1 });
    const std::int32_t v = b.tensor(0, f32, { 2 });
    const std::int32_t out = b.tensor(0, TensorType::BOOL, { 2 });
    for (std::size_t sg : { 1u, 2u }) {
        const std::int32_t in = b.tensor(sg, f32, { 2 });
        const std::int32_t res = b.tensor(sg, TensorType::BOOL, { 2 });
        b.op(sg, sg == 1 ? kEqual : kNotEqual, { in, in }, { res });
        b.model.subgraphs[sg]->inputs = { in };
        b.model.subgraphs[sg]->outputs = { res };
    }
    IfOptionsT opt;
    opt.then_subgraph_index = 1;
    opt.else_subgraph_index = 2;
    b.op(0, kIf, { cond, v }, { out }).builtin_options.Set(opt);
    b.model.subgraphs[0]->inputs = { cond, v };
    b.model.subgraphs[0]->outputs = { out };
    const ModelPtr model = b.load();
    ASSERT_TRUE(model);
    for (TargetKind target : kTargets) {
        const auto r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : "");
        EXPECT_EQ(kernelPersistent(*r), (std::vector<std::uint64_t> { 8, 32, 32 }));
        EXPECT_EQ(tempTensors(*r, 0, 0), (std::vector<std::int32_t> { cond }));
        EXPECT_EQ(tempTensors(*r, 1, 0), (std::vector<std::int32_t> { 0, 0 }));
    }
}

TEST(KernelsLogic, DetectionPostprocessRequestsElevenScratchBuffers)
{
    flexbuffers::Builder fb;
    fb.Map([&] {
        fb.Int("max_detections", 3);
        fb.Int("max_classes_per_detection", 1);
        fb.Int("num_classes", 2);
        fb.Float("nms_score_threshold", 0.5f);
        fb.Float("nms_iou_threshold", 0.5f);
        fb.Float("y_scale", 10.f);
        fb.Float("x_scale", 10.f);
        fb.Float("h_scale", 5.f);
        fb.Float("w_scale", 5.f);
    });
    fb.Finish();
    Builder b;
    const auto f32 = TensorType::FLOAT32;
    const std::int32_t boxes = b.tensor(0, f32, { 1, 10, 4 });
    const std::int32_t scores = b.tensor(0, f32, { 1, 10, 3 });
    const std::int32_t anchors = b.tensor(0, f32, { 10, 4 }, 0, 160);
    const std::int32_t o1 = b.tensor(0, f32, { 1, 3, 4 });
    const std::int32_t o2 = b.tensor(0, f32, { 1, 3 });
    const std::int32_t o3 = b.tensor(0, f32, { 1, 3 });
    const std::int32_t o4 = b.tensor(0, f32, { 1 });
    b.custom(0, "TFLite_Detection_PostProcess", fb.GetBuffer(), { boxes, scores, anchors }, { o1, o2, o3, o4 });
    b.model.subgraphs[0]->inputs = { boxes, scores };
    b.model.subgraphs[0]->outputs = { o1, o2, o3, o4 };
    const ModelPtr model = b.load();
    ASSERT_TRUE(model);
    for (TargetKind target : kTargets) {
        const auto r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : "");
        EXPECT_EQ(kernelPersistent(*r), (std::vector<std::uint64_t> { 112 }));
        EXPECT_EQ(tempTensors(*r, 0, 0), (std::vector<std::int32_t> { boxes, scores, anchors }));
        EXPECT_EQ(scratch(*r, 0), (std::vector<std::uint64_t> { 10, 160, 120, 40, 40, 120, 120, 40, 120, 120, 120 }));
    }
}

// TFLM_DECODE (kernels/decode.cc, decode_state.cc, decode_state_lut.cc, decode_state_prune.cc,
// decode_state_huffman.cc @90b983c2), registered by python_ops_resolver.cc's AddDecode():
// Prepare allocates one DecodeState* per output, then for each (encoded, ancillary) pair holds
// the encoded tensor, the ancillary DCM tensor and the output while the DCM header's decode
// type picks the DecodeState it allocates (DecodeStateLut 36 / 72 bytes, DecodeStatePrune
// 40 / 80); DecodeStatePrune::Setup copies per-channel non-zero zero points (one int8 each).
struct DecodeModel {
    Builder b;
    std::vector<std::int32_t> tensors;

    // One (encoded, ancillary, output) triple; `dcm` is the ancillary's header.
    void pair(std::vector<std::uint8_t> dcm, TensorType outputType, std::size_t channels,
        std::vector<std::int64_t> zeroPoints = {})
    {
        const std::int32_t encoded = b.tensor(0, TensorType::UINT8, { 8 }, 0, 8);
        dcm.resize(32, 0);
        const std::int32_t ancillary = b.tensor(0, TensorType::UINT8, { 32 }, 0, 32);
        b.model.buffers[b.model.subgraphs[0]->tensors[static_cast<std::size_t>(ancillary)]->buffer]->data = dcm;
        const std::int32_t output = b.tensor(0, outputType, { 4, 4 }, channels);
        if (!zeroPoints.empty())
            b.model.subgraphs[0]->tensors[static_cast<std::size_t>(output)]->quantization->zero_point = zeroPoints;
        tensors.insert(tensors.end(), { encoded, ancillary, output });
    }

    ModelPtr load()
    {
        std::vector<std::int32_t> in, out;
        for (std::size_t k = 0; k < tensors.size(); k += 3) {
            in.insert(in.end(), { tensors[k], tensors[k + 1] });
            out.push_back(tensors[k + 2]);
        }
        b.custom(0, "TFLM_DECODE", {}, in, out);
        b.model.subgraphs[0]->inputs = {};
        b.model.subgraphs[0]->outputs = out;
        return b.load();
    }
};

TEST(KernelsLogic, DecodeAllocatesOneStatePerOutput)
{
    DecodeModel m;
    m.pair({ 0, 1, 0, 0, 1, 4, 16 }, TensorType::INT8, 1); // LUT, 4-bit indices
    m.pair({ 2, 1, 0, 0, 1 }, TensorType::INT8, 4, { 1, -2, 3, 0 }); // pruned, per-channel zero points
    const ModelPtr model = m.load();
    ASSERT_TRUE(model);
    const auto& t = m.tensors;
    for (TargetKind target : kTargets) {
        const auto r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : "");
        const bool x64 = target == TargetKind::X86_64;
        const std::vector<std::uint64_t> expected = {
            x64 ? 16u : 8u, // DecodeState* per output
            x64 ? 72u : 36u, // DecodeStateLut
            x64 ? 80u : 40u, // DecodeStatePrune
            4, // its copy of the 4 int8 zero points
        };
        EXPECT_EQ(kernelPersistent(*r), expected);
        EXPECT_EQ(tempTensors(*r, 0, 0), (std::vector<std::int32_t> { t[0], t[1], t[2], t[3], t[4], t[5] }));
    }
}

TEST(KernelsLogic, DecodeFailuresAsTflmPrintsThem)
{
    const struct {
        std::vector<std::uint8_t> dcm;
        TensorType output;
        const char* message;
    } cases[] = {
        { { 0, 2, 0, 0, 1 }, TensorType::INT8, "version 2 != 1" },
        { { 127, 1, 0, 0, 1 }, TensorType::INT8, "Custom decode type not yet supported" },
        { { 9, 1, 0, 0, 1 }, TensorType::INT8, "unsupported decode type 9" },
        { { 0, 1, 0, 0, 3 }, TensorType::INT8, "unsupported version 3" },
        // Huffman with a 16-bit table decodes to int8 only.
        { { 1, 1, 0, 0, 1, 0 }, TensorType::INT16,
            "tensorflow/lite/micro/kernels/decode_state_huffman.cc:45 output.type != kTfLiteInt8 (INT16 != INT8)" },
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.message);
        DecodeModel m;
        m.pair(c.dcm, c.output, 0);
        const ModelPtr model = m.load();
        ASSERT_TRUE(model);
        const auto r = run(*model, TargetKind::CortexM);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        EXPECT_EQ(r->failure->message, c.message);
    }
}

TEST(KernelsLogic, VarHandleFailsWithoutResourceVariables)
{
    Builder b;
    const std::int32_t h = b.tensor(0, TensorType::RESOURCE, {});
    const std::int32_t in = b.tensor(0, TensorType::FLOAT32, { 1 });
    b.op(0, kVarHandle, {}, { h }).builtin_options.Set(VarHandleOptionsT {});
    b.op(0, kAssignVariable, { h, in }, {});
    b.model.subgraphs[0]->inputs = { in };
    b.model.subgraphs[0]->outputs = {};
    const ModelPtr model = b.load();
    ASSERT_TRUE(model);
    for (TargetKind target : kTargets) {
        const auto r = run(*model, target);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        EXPECT_NE(r->failure->message.find("VAR_HANDLE requires resource variables"), std::string::npos)
            << r->failure->message;
        EXPECT_EQ(kernelPersistent(*r), (std::vector<std::uint64_t> { 4 }));
    }
}

} // namespace
} // namespace arenascope
