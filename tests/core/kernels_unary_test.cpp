// Kernel profiles of the activations, one-input math, DEQUANTIZE, L2_NORMALIZATION, LOG_SOFTMAX,
// SUB, SQUARED_DIFFERENCE, FLOOR_DIV, FLOOR_MOD and ADD_N (kernels/activations.cpp,
// elementwise_unary.cpp, type_conversion.cpp, l2norm.cpp, softmax.cpp, arithmetic.cpp): tiny models
// built with the FlatBuffers object API, emulated on both targets, checked against the allocations
// derived from the TFLM sources (op data sizes, temp tensors per Prepare, scratch requests,
// failures).
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "model_builder.h"
#include "test_support.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace arenascope {
namespace {

using namespace tflite;

// Builtin codes used below.
constexpr std::int32_t kDequantize = 6, kLogistic = 14, kRelu = 19, kTanh = 28, kSub = 41, kExp = 47, kLogSoftmax = 50,
                       kSin = 66, kSquaredDifference = 99, kAddN = 106, kElu = 111;

// Subgraph 0 only. A float tensor has no quantization; a quantized one has one scale and one zero point.
struct Builder : test::ModelBuilder {
    Builder()
        : ModelBuilder("unary")
    {
    }

    std::int32_t tensor(TensorType type, std::vector<std::int32_t> shape, float scale = 0.0f, std::int64_t zp = 0)
    {
        if (scale == 0.0f)
            return ModelBuilder::tensor(0, type, std::move(shape));
        return ModelBuilder::tensor(0, type, std::move(shape), { scale }, { zp });
    }
};

EmulationResultPtr run(const Model& model, TargetKind target)
{
    EmulationSettings settings;
    settings.target = target;
    settings.interpreter = InterpreterKind::Recording;
    return emulate(model, settings);
}

// Per operator: kernel persistent bytes requested, temp TfLiteTensors taken, temp bytes requested.
struct OpTotals {
    std::uint64_t persistent = 0;
    int persistentCount = 0;
    int tempTensors = 0;
    std::uint64_t tempBytes = 0;
};

std::map<std::int32_t, OpTotals> totalsByOp(const EmulationResult& r)
{
    std::map<std::int32_t, OpTotals> m;
    for (const AllocationEvent& e : r.events) {
        if (e.op < 0 || e.kind != EventKind::Allocation)
            continue;
        if (e.category == Category::KernelPersistent) {
            m[e.op].persistent += e.requested;
            ++m[e.op].persistentCount;
        } else if (e.category == Category::TempTensors) {
            m[e.op].tempBytes += e.requested;
            if (e.label == "input tensor" || e.label == "output tensor")
                ++m[e.op].tempTensors;
        }
    }
    return m;
}

// RELU, LOGISTIC, LOG_SOFTMAX, SUB, DEQUANTIZE (int8 chain) then ADD_N, SQUARED_DIFFERENCE,
// TANH, ELU (float).
ModelPtr buildChain()
{
    Builder b;
    const auto i8 = TensorType::INT8;
    const auto f32 = TensorType::FLOAT32;
    const std::int32_t in = b.tensor(i8, { 1, 8 }, 0.05f, 3);
    const std::int32_t relu = b.tensor(i8, { 1, 8 }, 0.05f, -128);
    const std::int32_t sigmoid = b.tensor(i8, { 1, 8 }, 1.0f / 256.0f, -128);
    const std::int32_t logSoftmax = b.tensor(i8, { 1, 8 }, 16.0f / 256.0f, 127);
    const std::int32_t diff = b.tensor(i8, { 1, 8 }, 0.1f, 0);
    const std::int32_t deq = b.tensor(f32, { 1, 8 });
    const std::int32_t sum = b.tensor(f32, { 1, 8 });
    const std::int32_t sqd = b.tensor(f32, { 1, 8 });
    const std::int32_t th = b.tensor(f32, { 1, 8 });
    const std::int32_t out = b.tensor(f32, { 1, 8 });
    b.op(kRelu, { in }, { relu });
    b.op(kLogistic, { relu }, { sigmoid });
    b.op(kLogSoftmax, { sigmoid }, { logSoftmax });
    b.op(kSub, { logSoftmax, sigmoid }, { diff }).builtin_options.Set(SubOptionsT {});
    b.op(kDequantize, { diff }, { deq });
    b.op(kAddN, { deq, deq }, { sum });
    b.op(kSquaredDifference, { sum, deq }, { sqd });
    b.op(kTanh, { sqd }, { th });
    b.op(kElu, { th }, { out });
    return b.load({ in }, { out });
}

TEST(UnaryKernels, ChainAllocatesTheDerivedOpDataAndTemps)
{
    const ModelPtr model = buildChain();
    ASSERT_TRUE(model);
    for (TargetKind target : { TargetKind::CortexM, TargetKind::Ilp32, TargetKind::X86_64 }) {
        SCOPED_TRACE(std::string(targetName(target)));
        const bool x64 = target == TargetKind::X86_64;
        const EmulationResultPtr r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : std::string("no failure recorded"));

        // Init op data: RELU 28, LOGISTIC 16, LOG_SOFTMAX none (its int8 Prepare: 28 | 40),
        // SUB 52, DEQUANTIZE 32, ADD_N none (float: scratch only), SQUARED_DIFFERENCE 112,
        // TANH 16, ELU 256.
        const std::vector<std::uint64_t> persistent = { 28, 16, x64 ? 40u : 28u, 52, 32, 0, 112, 16, 256 };
        // Temp TfLiteTensors: TANH takes its input twice; ADD_N takes input 0, the output, input 1.
        const std::vector<int> temps = { 2, 2, 2, 3, 2, 3, 3, 3, 2 };
        // Temp bytes: a TfLiteTensor is 32 (short enums) | 40 | 64; a per-tensor quantized one
        // adds 12 | 12 | 24 + 8.
        const std::uint64_t t = x64 ? 64 : target == TargetKind::CortexM ? 32 : 40;
        const std::uint64_t q = t + (x64 ? 24 : 12) + 8;
        const std::vector<std::uint64_t> tempBytes = { 2 * q, 2 * q, 2 * q, 3 * q, q + t, 3 * t, 3 * t, 3 * t, 2 * t };

        const auto totals = totalsByOp(*r);
        std::uint64_t kernelTotal = 0;
        for (std::int32_t op = 0; op < 9; ++op) {
            SCOPED_TRACE("op " + std::to_string(op));
            const OpTotals got = totals.count(op) ? totals.at(op) : OpTotals {};
            const auto i = static_cast<std::size_t>(op);
            EXPECT_EQ(got.persistent, persistent[i]);
            EXPECT_EQ(got.persistentCount, persistent[i] ? 1 : 0);
            EXPECT_EQ(got.tempTensors, temps[i]);
            EXPECT_EQ(got.tempBytes, tempBytes[i]);
            kernelTotal += persistent[i];
        }
        // TFLM's PersistentBufferData also holds the interpreter's input and output pointer arrays.
        const std::uint64_t ptr = x64 ? 8 : 4;
        const auto& pbd = r->recording[static_cast<std::size_t>(RecordedType::PersistentBufferData)];
        EXPECT_EQ(pbd.requested, kernelTotal + 2 * ptr);
        EXPECT_EQ(pbd.count, 8u + 2u);

        // ADD_N (float) asks for a scratch buffer of one data pointer per input.
        int scratch = 0;
        for (const PlannedBuffer& p : r->planned)
            if (p.kind == BufferKind::Scratch) {
                ++scratch;
                EXPECT_EQ(p.op, 5);
                EXPECT_EQ(p.bytes, 2 * ptr);
            }
        EXPECT_EQ(scratch, 1);
    }
}

TEST(UnaryKernels, Int8AddNAllocatesOpDataAndScratchInPrepare)
{
    Builder b;
    const std::int32_t a = b.tensor(TensorType::INT8, { 4 }, 0.5f, 1);
    const std::int32_t c = b.tensor(TensorType::INT8, { 4 }, 0.5f, 1);
    const std::int32_t d = b.tensor(TensorType::INT8, { 4 }, 0.5f, 1);
    const std::int32_t out = b.tensor(TensorType::INT8, { 4 }, 1.0f, 0);
    b.op(kAddN, { a, c, d }, { out });
    const ModelPtr model = b.load({ a, c, d }, { out });
    ASSERT_TRUE(model);
    for (TargetKind target : { TargetKind::CortexM, TargetKind::X86_64 }) {
        SCOPED_TRACE(std::string(targetName(target)));
        const std::uint64_t ptr = target == TargetKind::X86_64 ? 8 : 4;
        const EmulationResultPtr r = run(*model, target);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : std::string("no failure recorded"));
        const auto totals = totalsByOp(*r);
        ASSERT_TRUE(totals.count(0));
        EXPECT_EQ(totals.at(0).persistent, 40u);
        EXPECT_EQ(totals.at(0).tempTensors, 4);
        bool found = false;
        for (const PlannedBuffer& p : r->planned)
            if (p.kind == BufferKind::Scratch) {
                found = true;
                EXPECT_EQ(p.bytes, 3 * ptr);
            }
        EXPECT_TRUE(found);
        const auto& pbd = r->recording[static_cast<std::size_t>(RecordedType::PersistentBufferData)];
        EXPECT_EQ(pbd.requested, 40 + 4 * ptr);
    }
}

TEST(UnaryKernels, PrepareFailuresMatchTflm)
{
    {
        // LOGISTIC with an int8 output whose zero point is not -128.
        Builder b;
        const std::int32_t in = b.tensor(TensorType::INT8, { 4 }, 0.1f, 0);
        const std::int32_t out = b.tensor(TensorType::INT8, { 4 }, 1.0f / 256.0f, 0);
        b.op(kLogistic, { in }, { out });
        const ModelPtr model = b.load({ in }, { out });
        ASSERT_TRUE(model);
        const EmulationResultPtr r = run(*model, TargetKind::CortexM);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        // logistic_common.cc:46, TF_LITE_ENSURE_EQ with both operands as written and %d values.
        EXPECT_EQ(r->failure->message,
            "tensorflow/lite/micro/kernels/logistic_common.cc:46 output->params.zero_point != "
            "std::numeric_limits<int8_t>::min() (0 != -128)");
    }
    {
        // SIN only takes float32.
        Builder b;
        const std::int32_t in = b.tensor(TensorType::INT8, { 4 }, 0.1f, 0);
        const std::int32_t out = b.tensor(TensorType::INT8, { 4 }, 0.1f, 0);
        b.op(kSin, { in }, { out });
        const ModelPtr model = b.load({ in }, { out });
        ASSERT_TRUE(model);
        const EmulationResultPtr r = run(*model, TargetKind::X86_64);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        // elementwise.cc GenericPrepare: MicroPrintf with TfLiteTypeGetName and the enum value.
        EXPECT_EQ(r->failure->message, "Input data type INT8 (9) is not supported.");
    }
    {
        // EXP: TF_LITE_ENSURE_TYPES_EQ names both types (exp.cc:41).
        Builder b;
        const std::int32_t in = b.tensor(TensorType::INT8, { 4 }, 0.1f, 0);
        const std::int32_t out = b.tensor(TensorType::INT8, { 4 }, 0.1f, 0);
        b.op(kExp, { in }, { out });
        const ModelPtr model = b.load({ in }, { out });
        ASSERT_TRUE(model);
        const EmulationResultPtr r = run(*model, TargetKind::Ilp32);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        EXPECT_EQ(r->failure->message,
            "tensorflow/lite/micro/kernels/exp.cc:41 input->type != kTfLiteFloat32 (INT8 != FLOAT32)");
    }
    {
        // ADD_N of int32: add_n.cc's MicroPrintf with TfLiteTypeGetName.
        Builder b;
        const std::int32_t a = b.tensor(TensorType::INT32, { 4 });
        const std::int32_t c = b.tensor(TensorType::INT32, { 4 });
        const std::int32_t out = b.tensor(TensorType::INT32, { 4 });
        b.op(kAddN, { a, c }, { out });
        const ModelPtr model = b.load({ a, c }, { out });
        ASSERT_TRUE(model);
        const EmulationResultPtr r = run(*model, TargetKind::CortexM);
        ASSERT_FALSE(r->ok);
        ASSERT_TRUE(r->failure);
        EXPECT_EQ(r->failure->message, "ADD_N only supports FLOAT32 and INT8, got INT32.");
    }
}

} // namespace
} // namespace arenascope
