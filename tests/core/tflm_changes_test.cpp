// The upstream changes between TFLM snapshots (core/emulation/tflm_changes.h), where checks sit
// in each snapshot (tflm_check_sites.h), and kernels that differ per snapshot, on tiny models:
// each expectation was read from that snapshot's source (docs/tflm-snapshots/source-reading.md).
#include "core/emulation/emulator.h"
#include "core/emulation/kernel_profile.h"
#include "core/emulation/tflm_changes.h"
#include "core/emulation/tflm_check_sites.h"
#include "core/model/loader.h"
#include "model_builder.h"
#include "test_support.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace arenascope {
namespace {

using namespace tflite;
using test::kernelPersistent;

constexpr const char* kKernels = "tensorflow/lite/micro/kernels/";

TEST(TflmChanges, RowsAreOldestFirstAndOnePerChange)
{
    std::set<TflmChange> seen;
    std::string_view previous;
    for (const TflmChangeInfo& c : tflmChanges()) {
        EXPECT_TRUE(seen.insert(c.change).second) << c.commit;
        EXPECT_GE(c.date, previous) << c.commit;
        EXPECT_EQ(c.commit.size(), 9U) << c.commit;
        EXPECT_FALSE(c.what.empty());
        EXPECT_EQ(tflmChangeInfo(c.change).commit, c.commit);
        previous = c.date;
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(TflmChange::EspNnConvInitOpDataConv) + 1)
        << "a TflmChange enumerator has no row";
}

TEST(TflmChanges, ASnapshotHasTheChangesUpToItsDate)
{
    EXPECT_TRUE(tflmHas(TflmVersion::V2026_08, TflmChange::ReduceRewrite));
    EXPECT_FALSE(tflmHas(TflmVersion::V2025_01, TflmChange::ReduceRewrite));
    EXPECT_TRUE(tflmHas(TflmVersion::V2025_01, TflmChange::ConcatenationInt8Unscaled)); // 2024-12-16 < 2025-01-07
    EXPECT_FALSE(tflmHas(TflmVersion::V2024_05, TflmChange::ConcatenationInt8Unscaled));
    EXPECT_TRUE(tflmHas(TflmVersion::V2024_05, TflmChange::FullyConnectedPerChannelRejected)); // the commit itself
    EXPECT_FALSE(tflmHas(TflmVersion::V2023_02, TflmChange::FullyConnectedPerChannelRejected));
    for (const TflmChangeInfo& c : tflmChanges())
        EXPECT_TRUE(tflmHas(kNewestTflm, c.change)) << c.commit;
}

TEST(TflmCheckSites, MovedAddedAndRenamedChecks)
{
    const std::string activations = std::string(kKernels) + "activations_common.cc";
    CheckSite s = checkSite(TflmVersion::V2025_01, activations, 95);
    EXPECT_EQ(s.file, activations);
    EXPECT_EQ(s.line, 112);
    EXPECT_TRUE(s.present);
    EXPECT_FALSE(checkSite(TflmVersion::V2025_01, activations, 103).present); // int16 RELU zero point, 2025-03
    s = checkSite(TflmVersion::V2026_08, activations, 103);
    EXPECT_EQ(s.line, 103);
    EXPECT_TRUE(s.present);

    const std::string padCommon = std::string(kKernels) + "pad_common.cc";
    s = checkSite(TflmVersion::V2023_02, padCommon, 36);
    EXPECT_EQ(s.file, std::string(kKernels) + "pad.cc");
    EXPECT_EQ(s.line, 130);
    EXPECT_EQ(checkFile(TflmVersion::V2024_05, padCommon), std::string(kKernels) + "pad.cc");
    EXPECT_EQ(checkFile(kNewestTflm, padCommon), padCommon);

    // A check no row lists sits where it sits in the newest snapshot.
    s = checkSite(TflmVersion::V2023_02, "not/a/tflm/file.cc", 7);
    EXPECT_EQ(s.file, "not/a/tflm/file.cc");
    EXPECT_EQ(s.line, 7);
}

// Subgraph 0 only; constant data is a run of 1-bytes.
struct Builder : test::ModelBuilder {
    Builder()
        : ModelBuilder("snapshots")
    {
    }

    SubGraphT* sg = model.subgraphs[0].get();

    std::int32_t tensor(TensorType type, std::vector<std::int32_t> shape, std::vector<float> scales = {})
    {
        return ModelBuilder::tensor(0, type, std::move(shape), std::move(scales));
    }

    std::int32_t constant(
        TensorType type, std::vector<std::int32_t> shape, std::size_t bytes, std::vector<float> scales = {})
    {
        const std::int32_t id = tensor(type, std::move(shape), std::move(scales));
        setData(0, id, std::vector<std::uint8_t>(bytes, 1));
        return id;
    }
};

EmulationResultPtr run(const Model& model, TflmVersion v, TargetKind target = TargetKind::X86_64)
{
    EmulationSettings settings;
    settings.target = target;
    settings.tflm = v;
    return emulate(model, settings);
}

std::string firstLine(const EmulationResult& r)
{
    return r.failure ? r.failure->message : std::string();
}

// PAD whose paddings are a graph input: each snapshot rejects it in its own words.
TEST(TflmSnapshotKernels, NonConstantPaddings)
{
    Builder b;
    const std::int32_t in = b.tensor(TensorType::FLOAT32, { 1, 2, 2, 1 });
    const std::int32_t pads = b.tensor(TensorType::INT32, { 4, 2 });
    const std::int32_t out = b.tensor(TensorType::FLOAT32, { 1, 4, 4, 1 });
    b.op(34, { in, pads }, { out }).builtin_options.Set(PadOptionsT {});
    const ModelPtr m = b.load({ in, pads }, { out });
    ASSERT_TRUE(m);
    EXPECT_EQ(firstLine(*run(*m, TflmVersion::V2026_08)),
        "tensorflow/lite/micro/kernels/pad_common.cc Non-constant >paddings< tensor is not supported");
    EXPECT_EQ(firstLine(*run(*m, TflmVersion::V2025_01)),
        "tensorflow/lite/micro/kernels/pad.cc:165 IsConstantTensor(paddings) was not true.");
    EXPECT_EQ(firstLine(*run(*m, TflmVersion::V2023_02)),
        "tensorflow/lite/micro/kernels/pad.cc:166 IsConstantTensor(paddings) was not true.");
}

// FULLY_CONNECTED with per-channel int8 weights: rejected at 71fba59b, run per-tensor before,
// two persistent arrays of 4 B per channel after; OpDataFullyConnected without the per-channel
// fields before 2024-09 (36 B instead of 64 on x86_64).
TEST(TflmSnapshotKernels, PerChannelFullyConnected)
{
    Builder b;
    const std::int32_t in = b.tensor(TensorType::INT8, { 1, 8 }, { 0.1f });
    const std::int32_t w = b.constant(TensorType::INT8, { 4, 8 }, 32, { 0.01f, 0.02f, 0.03f, 0.04f });
    b.sg->tensors.back()->quantization->quantized_dimension = 0;
    const std::int32_t out = b.tensor(TensorType::INT8, { 1, 4 }, { 0.2f });
    b.op(9, { in, w, -1 }, { out }).builtin_options.Set(FullyConnectedOptionsT {});
    const ModelPtr m = b.load({ in }, { out });
    ASSERT_TRUE(m);

    const auto newest = run(*m, TflmVersion::V2026_08);
    ASSERT_TRUE(newest->ok) << firstLine(*newest);
    EXPECT_EQ(kernelPersistent(*newest), (std::vector<std::uint64_t> { 64, 16, 16 })); // sizeof 64 on x86_64

    const auto v2024 = run(*m, TflmVersion::V2024_05);
    ASSERT_FALSE(v2024->ok);
    EXPECT_EQ(firstLine(*v2024),
        "tensorflow/lite/micro/kernels/fully_connected_common.cc FullyConnected per-channel quantization not yet "
        "supported. Please set converter._experimental_disable_per_channel_quantization_for_dense_layers = True.");

    const auto v2023 = run(*m, TflmVersion::V2023_02);
    ASSERT_TRUE(v2023->ok) << firstLine(*v2023);
    EXPECT_EQ(kernelPersistent(*v2023), (std::vector<std::uint64_t> { 36 }));
}

// int8 CONCATENATION before 2024-12-16: two persistent arrays of 4 B per input.
TEST(TflmSnapshotKernels, Int8ConcatenationArrays)
{
    Builder b;
    const std::int32_t a = b.tensor(TensorType::INT8, { 1, 2 }, { 0.1f });
    const std::int32_t c = b.tensor(TensorType::INT8, { 1, 2 }, { 0.1f });
    const std::int32_t d = b.tensor(TensorType::INT8, { 1, 2 }, { 0.1f });
    const std::int32_t out = b.tensor(TensorType::INT8, { 1, 6 }, { 0.1f });
    ConcatenationOptionsT options;
    options.axis = 1;
    b.op(2, { a, c, d }, { out }).builtin_options.Set(options);
    const ModelPtr m = b.load({ a, c, d }, { out });
    ASSERT_TRUE(m);
    const auto newest = run(*m, TflmVersion::V2025_01);
    ASSERT_TRUE(newest->ok) << firstLine(*newest);
    EXPECT_EQ(kernelPersistent(*newest).size(), 1U); // the OpData only
    const auto older = run(*m, TflmVersion::V2024_05);
    ASSERT_TRUE(older->ok) << firstLine(*older);
    const auto persistent = kernelPersistent(*older);
    ASSERT_EQ(persistent.size(), 3U);
    EXPECT_EQ(persistent[1], 12U); // input_scales
    EXPECT_EQ(persistent[2], 12U); // input_zero_points
}

// CONV_2D with its bias omitted (-1): before 17987e1a5 (2023-08-24) TFLM released the null
// bias temp tensor and crashed inside AllocateTensors (measured: the 4e62ea7b harness dies on
// ../shared/models/ops/conv_2d_int8_nobias.tflite).
TEST(TflmSnapshotKernels, ConvWithoutBias)
{
    Builder b;
    const std::int32_t in = b.tensor(TensorType::INT8, { 1, 4, 4, 2 }, { 0.1f });
    const std::int32_t w = b.constant(TensorType::INT8, { 3, 1, 1, 2 }, 6, { 0.01f, 0.02f, 0.03f });
    b.sg->tensors.back()->quantization->quantized_dimension = 0;
    const std::int32_t out = b.tensor(TensorType::INT8, { 1, 4, 4, 3 }, { 0.2f });
    b.op(3, { in, w, -1 }, { out }).builtin_options.Set(Conv2DOptionsT {});
    const ModelPtr m = b.load({ in }, { out });
    ASSERT_TRUE(m);
    const auto v2024 = run(*m, TflmVersion::V2024_05);
    EXPECT_TRUE(v2024->ok) << firstLine(*v2024);
    const auto v2023 = run(*m, TflmVersion::V2023_02);
    ASSERT_FALSE(v2023->ok);
    ASSERT_TRUE(v2023->failure);
    EXPECT_TRUE(v2023->failure->tflmSilent);
    EXPECT_NE(v2023->failure->message.find("17987e1a5"), std::string::npos) << v2023->failure->message;
}

// The bytes of every scratch buffer a CMSIS-NN build for `cpu` requests at snapshot `v`.
std::vector<std::uint64_t> cmsisScratch(const Model& model, TflmVersion v, Cpu cpu = Cpu::CortexM4)
{
    EmulationSettings settings;
    settings.target = TargetKind::CortexM;
    settings.kernels = KernelSet::CmsisNn;
    settings.cpu = cpu;
    settings.tflm = v;
    const auto r = emulate(model, settings);
    EXPECT_TRUE(r->ok) << firstLine(*r);
    std::vector<std::uint64_t> bytes;
    for (const PlannedBuffer& b : r->planned)
        if (b.kind == BufferKind::Scratch)
            bytes.push_back(b.bytes);
    return bytes;
}

// CMSIS-NN as TFLM 4e62ea7b pins it (e98ee09a; measured in tests/fidelity/measured/tflm_4e62ea7b):
// an int8 3x3 depthwise asks the DSP kernel's buffer (the newer wrapper runs its 3x3 kernel
// without one), and an int16 convolution of 512 columns or more has none (the newer one always has).
TEST(TflmSnapshotKernels, CmsisNnBufferSizesOf2022)
{
    Builder dw;
    const std::int32_t in = dw.tensor(TensorType::INT8, { 1, 8, 8, 4 }, { 0.1f });
    const std::int32_t w = dw.constant(TensorType::INT8, { 1, 3, 3, 4 }, 36, { 0.01f, 0.02f, 0.03f, 0.04f });
    dw.sg->tensors.back()->quantization->quantized_dimension = 3;
    const std::int32_t bias = dw.constant(TensorType::INT32, { 4 }, 16, { 0.001f, 0.002f, 0.003f, 0.004f });
    const std::int32_t out = dw.tensor(TensorType::INT8, { 1, 8, 8, 4 }, { 0.2f });
    DepthwiseConv2DOptionsT dwOptions;
    dwOptions.padding = Padding::SAME;
    dwOptions.depth_multiplier = 1;
    dw.op(4, { in, w, bias }, { out }).builtin_options.Set(dwOptions);
    const ModelPtr depthwise = dw.load({ in }, { out });
    ASSERT_TRUE(depthwise);
    EXPECT_EQ(cmsisScratch(*depthwise, TflmVersion::V2023_02), (std::vector<std::uint64_t> { 4 * 3 * 3 * 2 }));
    EXPECT_EQ(cmsisScratch(*depthwise, TflmVersion::V2026_08), (std::vector<std::uint64_t> {}));
    EXPECT_EQ(cmsisScratch(*depthwise, TflmVersion::V2023_02, Cpu::CortexM3), (std::vector<std::uint64_t> {}));

    Builder conv;
    const std::int32_t x = conv.tensor(TensorType::INT16, { 1, 4, 4, 64 }, { 0.1f });
    const std::int32_t f = conv.constant(TensorType::INT8, { 2, 3, 3, 64 }, 2 * 3 * 3 * 64, { 0.01f, 0.02f });
    conv.sg->tensors.back()->quantization->quantized_dimension = 0;
    const std::int32_t b = conv.constant(TensorType::INT64, { 2 }, 16, { 0.001f, 0.002f });
    const std::int32_t y = conv.tensor(TensorType::INT16, { 1, 4, 4, 2 }, { 0.2f });
    Conv2DOptionsT convOptions;
    convOptions.padding = Padding::SAME;
    conv.op(3, { x, f, b }, { y }).builtin_options.Set(convOptions);
    const ModelPtr wide = conv.load({ x }, { y });
    ASSERT_TRUE(wide);
    // 64 x 3 x 3 = 576 columns: none at e98ee09a; two int16 columns later.
    EXPECT_EQ(cmsisScratch(*wide, TflmVersion::V2023_02), (std::vector<std::uint64_t> {}));
    EXPECT_EQ(cmsisScratch(*wide, TflmVersion::V2026_08), (std::vector<std::uint64_t> { 2 * 576 * 2 }));
}

// Operators CMSIS-NN had no kernel for in 2023-02 ran TFLM's reference kernels there.
TEST(TflmSnapshotKernels, CmsisNnKernelsPerSnapshot)
{
    EXPECT_EQ(findKernelProfile(67, {}, KernelSet::CmsisNn, CoProcessor::None, TflmVersion::V2023_02),
        findKernelProfile(67, {}, KernelSet::Reference)); // TRANSPOSE_CONV
    EXPECT_NE(findKernelProfile(67, {}, KernelSet::CmsisNn, CoProcessor::None, TflmVersion::V2024_05),
        findKernelProfile(67, {}, KernelSet::Reference));
    EXPECT_EQ(findKernelProfile(44, {}, KernelSet::CmsisNn, CoProcessor::None, TflmVersion::V2023_02),
        findKernelProfile(44, {}, KernelSet::Reference)); // UNIDIRECTIONAL_SEQUENCE_LSTM
    EXPECT_EQ(findKernelProfile(126, {}, KernelSet::CmsisNn, CoProcessor::None, TflmVersion::V2024_05),
        findKernelProfile(126, {}, KernelSet::Reference)); // BATCH_MATMUL
    EXPECT_EQ(findKernelProfile(27, {}, KernelSet::CmsisNn, CoProcessor::None, TflmVersion::V2023_02),
        findKernelProfile(27, {}, KernelSet::Reference)); // SVDF: the reference steps until 2023-09
}

// CMSIS-NN's ADD had no type messages before 5c2ac76b8 (2024-07-22): an int64 ADD passed Prepare.
TEST(TflmSnapshotKernels, CmsisNnAddTypesBefore2024_07)
{
    Builder b;
    const std::int32_t x = b.tensor(TensorType::INT64, { 1, 4 });
    const std::int32_t y = b.tensor(TensorType::INT64, { 1, 4 });
    const std::int32_t z = b.tensor(TensorType::INT64, { 1, 4 });
    b.op(0, { x, y }, { z }).builtin_options.Set(AddOptionsT {});
    const ModelPtr m = b.load({ x, y }, { z });
    ASSERT_TRUE(m);
    EmulationSettings s;
    s.target = TargetKind::CortexM;
    s.kernels = KernelSet::CmsisNn;
    s.tflm = TflmVersion::V2024_05;
    const auto before = emulate(*m, s);
    EXPECT_TRUE(before->ok) << firstLine(*before);
    s.tflm = TflmVersion::V2025_01;
    const auto after = emulate(*m, s);
    ASSERT_FALSE(after->ok);
    EXPECT_NE(firstLine(*after).find("not supported"), std::string::npos) << firstLine(*after);
}

// esp-tflite-micro's ESP-NN CONV_2D Init allocated sizeof(OpDataConv) (56 B on ilp32) from
// 96b2a4094 (2024-01-08) to a91b8077e (2025-02-17), so esp-tflite-micro 1.3.3 (TFLM 10ebaab9) and
// 1.3.1 (71fba59b) ask for 4 bytes less than the NodeData (60 B) of later releases and of
// tflite-micro-esp-examples of 2023 (TFLM 4e62ea7b); the depthwise Init always took NodeData.
TEST(TflmSnapshotKernels, EspNnConvInitBefore2025_02)
{
    Builder b;
    const std::int32_t in = b.tensor(TensorType::INT8, { 1, 4, 4, 2 }, { 0.1f });
    const std::int32_t w = b.constant(TensorType::INT8, { 3, 1, 1, 2 }, 6, { 0.01f });
    const std::int32_t bias = b.constant(TensorType::INT32, { 3 }, 12, { 0.001f });
    const std::int32_t out = b.tensor(TensorType::INT8, { 1, 4, 4, 3 }, { 0.2f });
    b.op(3, { in, w, bias }, { out }).builtin_options.Set(Conv2DOptionsT {});
    const ModelPtr m = b.load({ in }, { out });
    ASSERT_TRUE(m);
    EmulationSettings s;
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = EspChip::Esp32S3;
    for (const auto& [v, opData] : { std::pair { TflmVersion::V2026_08, 60U }, std::pair { TflmVersion::V2025_01, 56U },
             std::pair { TflmVersion::V2024_05, 56U }, std::pair { TflmVersion::V2023_02, 60U } }) {
        SCOPED_TRACE(std::string(tflmVersionInfo(v).commit));
        s.tflm = v;
        const auto r = emulate(*m, s);
        ASSERT_TRUE(r->ok) << firstLine(*r);
        ASSERT_FALSE(kernelPersistent(*r).empty());
        EXPECT_EQ(kernelPersistent(*r).front(), opData);
    }
    EXPECT_EQ(tflmChangeInfo(TflmChange::EspNnConvInitNodeData).scope, ChangeScope::EspNnOnly);
    EXPECT_EQ(tflmChangeInfo(TflmChange::EspNnConvInitOpDataConv).scope, ChangeScope::EspNnOnly);
}

} // namespace
} // namespace arenascope
