#include "probe_models.h"

#include "graph_zoo.h"

#include "core/model/model_builder.h"
#include "core/model/option_builders.h"

#include <flatbuffers/flexbuffers.h>

#include <cmath>

namespace arenascope::test {

namespace {

using namespace tflite;
using Op = BuiltinOperator;

struct Hwc {
    std::int32_t h, w, c;
};

TensorSpec activation(const std::string& name, std::vector<std::int32_t> shape, TensorType type = TensorType::INT8)
{
    if (type == TensorType::FLOAT32)
        return TensorSpec { name, type, std::move(shape), {}, {}, 0, false };
    return TensorSpec { name, type, std::move(shape), { 0.05f }, { 0 }, 0, false };
}

// Per-channel weights along `dimension` and a bias whose scales are input x weight scale.
std::pair<std::int32_t, std::int32_t> weights(
    ModelBuilder& b, std::vector<std::int32_t> shape, std::int32_t dimension, TensorType input)
{
    const auto channels = shape[static_cast<std::size_t>(dimension)];
    if (input == TensorType::FLOAT32) {
        const auto w = b.constant(TensorSpec { "weights", TensorType::FLOAT32, shape, {}, {}, 0, false });
        const auto bias = b.constant(TensorSpec { "bias", TensorType::FLOAT32, { channels }, {}, {}, 0, false });
        return { w, bias };
    }
    const TensorType biasType = input == TensorType::INT16 ? TensorType::INT64 : TensorType::INT32;
    const auto p = perChannelWeights("weights", "bias", std::move(shape), dimension, 0.05f, biasType);
    return { b.constant(p.weights), b.constant(p.bias) };
}

std::int32_t outSize(std::int32_t in, std::int32_t filter, std::int32_t stride, std::int32_t dilation, Padding p)
{
    const std::int32_t effective = (filter - 1) * dilation + 1;
    return p == Padding::SAME ? (in + stride - 1) / stride : (in - effective + stride) / stride;
}

struct ConvShape {
    Hwc in;
    std::int32_t outChannels;
    std::int32_t fh, fw;
    std::int32_t stride;
    Padding padding;
    std::int32_t dilation = 1;
    TensorType type = TensorType::INT8;
};

ProbeModel conv(const std::string& name, const ConvShape& s)
{
    ModelBuilder b("ArenaScope probe: " + name);
    const auto in = b.tensor(activation("input", { 1, s.in.h, s.in.w, s.in.c }, s.type));
    const auto [w, bias] = weights(b, { s.outChannels, s.fh, s.fw, s.in.c }, 0, s.type);
    const std::int32_t oh = outSize(s.in.h, s.fh, s.stride, s.dilation, s.padding);
    const std::int32_t ow = outSize(s.in.w, s.fw, s.stride, s.dilation, s.padding);
    const auto out = b.tensor(activation("output", { 1, oh, ow, s.outChannels }, s.type));
    b.op(Op::CONV_2D, { in, w, bias }, { out })
        .builtin_options.Set(convOptions(s.padding, s.stride, ActivationFunctionType::NONE, s.dilation));
    b.setIo({ in }, { out });
    return { "esp_" + name + ".tflite", b.finish() };
}

struct DepthwiseShape {
    Hwc in;
    std::int32_t multiplier;
    std::int32_t fh, fw;
    std::int32_t stride;
    Padding padding;
};

ProbeModel depthwise(const std::string& name, const DepthwiseShape& s)
{
    ModelBuilder b("ArenaScope probe: " + name);
    const auto in = b.tensor(activation("input", { 1, s.in.h, s.in.w, s.in.c }));
    const std::int32_t outChannels = s.in.c * s.multiplier;
    const auto [w, bias] = weights(b, { 1, s.fh, s.fw, outChannels }, 3, TensorType::INT8);
    const std::int32_t oh = outSize(s.in.h, s.fh, s.stride, 1, s.padding);
    const std::int32_t ow = outSize(s.in.w, s.fw, s.stride, 1, s.padding);
    const auto out = b.tensor(activation("output", { 1, oh, ow, outChannels }));
    b.op(Op::DEPTHWISE_CONV_2D, { in, w, bias }, { out })
        .builtin_options.Set(depthwiseOptions(s.padding, s.stride, s.multiplier));
    b.setIo({ in }, { out });
    return { "esp_" + name + ".tflite", b.finish() };
}

ProbeModel softmax(const std::string& name, std::vector<std::int32_t> shape)
{
    ModelBuilder b("ArenaScope probe: " + name);
    const auto in = b.tensor(activation("logits", shape));
    const auto out
        = b.tensor(TensorSpec { "probabilities", TensorType::INT8, shape, { 1.0f / 256.0f }, { -128 }, 0, false });
    b.op(Op::SOFTMAX, { in }, { out }).builtin_options.Set(softmaxOptions());
    b.setIo({ in }, { out });
    return { "esp_" + name + ".tflite", b.finish() };
}

// A streaming keyword spotter as ESPHome's micro_wake_word models are built: the last two input
// rows live in a resource variable (VAR_HANDLE, READ_VARIABLE, CONCATENATION, STRIDED_SLICE,
// ASSIGN_VARIABLE), followed by a small CNN. Measured with the harness's esphome_like too (the
// variables in a 1,024-byte arena of their own, the tensor arena 0 or 4 bytes past a boundary).
ProbeModel streamingKws()
{
    ModelBuilder b("ArenaScope probe: streaming keyword spotter with a resource variable");
    const auto row = b.tensor(activation("input_row", { 1, 1, 40, 1 }));
    const auto handle = b.tensor(TensorSpec { "stream/handle", TensorType::RESOURCE, {}, {}, {}, 0, false });
    VarHandleOptionsT var;
    var.shared_name = "stream/window";
    b.op(Op::VAR_HANDLE, {}, { handle }).builtin_options.Set(var);
    const auto previous = b.tensor(activation("stream/previous", { 1, 2, 40, 1 }));
    b.op(Op::READ_VARIABLE, { handle }, { previous }).builtin_options.Set(ReadVariableOptionsT {});
    const auto window = b.tensor(activation("stream/window", { 1, 3, 40, 1 }));
    ConcatenationOptionsT cat;
    cat.axis = 1;
    b.op(Op::CONCATENATION, { previous, row }, { window }).builtin_options.Set(cat);
    const auto begin = b.int32Constant("stream/begin", { 0, 1, 0, 0 }, { 4 });
    const auto end = b.int32Constant("stream/end", { 1, 3, 40, 1 }, { 4 });
    const auto strides = b.int32Constant("stream/strides", { 1, 1, 1, 1 }, { 4 });
    const auto next = b.tensor(activation("stream/next", { 1, 2, 40, 1 }));
    b.op(Op::STRIDED_SLICE, { window, begin, end, strides }, { next }).builtin_options.Set(StridedSliceOptionsT {});
    b.op(Op::ASSIGN_VARIABLE, { handle, next }, {}).builtin_options.Set(AssignVariableOptionsT {});
    const auto [w1, b1] = weights(b, { 16, 3, 3, 1 }, 0, TensorType::INT8);
    const auto features = b.tensor(activation("conv", { 1, 1, 38, 16 }));
    b.op(Op::CONV_2D, { window, w1, b1 }, { features }).builtin_options.Set(convOptions(Padding::VALID, 1));
    const auto [w2, b2] = weights(b, { 1, 1, 5, 16 }, 3, TensorType::INT8);
    const auto dw = b.tensor(activation("dw", { 1, 1, 38, 16 }));
    b.op(Op::DEPTHWISE_CONV_2D, { features, w2, b2 }, { dw })
        .builtin_options.Set(depthwiseOptions(Padding::SAME, 1, 1));
    const auto pooled = b.tensor(activation("pool", { 1, 1, 1, 16 }));
    b.op(Op::AVERAGE_POOL_2D, { dw }, { pooled }).builtin_options.Set(poolOptions(Padding::VALID, 1, 38));
    const auto shape = b.int32Constant("flatten/shape", { 1, 16 });
    const auto flat = b.tensor(activation("flatten", { 1, 16 }));
    b.op(Op::RESHAPE, { pooled, shape }, { flat }).builtin_options.Set(reshapeOptions({ 1, 16 }));
    const auto fw = b.constant(TensorSpec { "dense/weights", TensorType::INT8, { 2, 16 }, { 0.02f }, { 0 }, 0, false });
    const auto fb = b.constant(TensorSpec { "dense/bias", TensorType::INT32, { 2 }, { 0.001f }, { 0 }, 0, false });
    const auto logits = b.tensor(activation("logits", { 1, 2 }));
    b.op(Op::FULLY_CONNECTED, { flat, fw, fb }, { logits }).builtin_options.Set(FullyConnectedOptionsT {});
    const auto probs
        = b.tensor(TensorSpec { "probabilities", TensorType::INT8, { 1, 2 }, { 1.0f / 256.0f }, { -128 }, 0, false });
    b.op(Op::SOFTMAX, { logits }, { probs }).builtin_options.Set(softmaxOptions());
    b.setIo({ row }, { probs });
    return { "esp_streaming_kws.tflite", b.finish() };
}

std::vector<ProbeModel> build()
{
    const Padding S = Padding::SAME;
    const Padding V = Padding::VALID;
    std::vector<ProbeModel> m;
    // CONV_2D: the 1x1 pointwise path (with and without the input copy and transpose buffer),
    // im2col (filter row < 16 bytes, window >= 16), the general path with and without padding,
    // right/bottom padding, filters of one row or column, dilation, int16 and float (no scratch).
    m.push_back(conv("conv_1x1_8x8x16_to32", { { 8, 8, 16 }, 32, 1, 1, 1, V }));
    m.push_back(conv("conv_1x1_2x2x3_to8", { { 2, 2, 3 }, 8, 1, 1, 1, V }));
    m.push_back(conv("conv_1x1_10x10x12_to16", { { 10, 10, 12 }, 16, 1, 1, 1, V }));
    m.push_back(conv("conv_1x1_s2_8x8x16_to8", { { 8, 8, 16 }, 8, 1, 1, 2, V }));
    m.push_back(conv("conv_3x3_same_16x16x3_to8", { { 16, 16, 3 }, 8, 3, 3, 1, S }));
    m.push_back(conv("conv_3x3_same_24x24x4_to8", { { 24, 24, 4 }, 8, 3, 3, 1, S }));
    m.push_back(conv("conv_3x3_same_12x12x16_to16", { { 12, 12, 16 }, 16, 3, 3, 1, S }));
    m.push_back(conv("conv_3x3_valid_s2_11x11x8_to8", { { 11, 11, 8 }, 8, 3, 3, 2, V }));
    m.push_back(conv("conv_3x3_same_s2_16x16x8_to16", { { 16, 16, 8 }, 16, 3, 3, 2, S }));
    m.push_back(conv("conv_3x3_valid_20x20x24_to8", { { 20, 20, 24 }, 8, 3, 3, 1, V }));
    m.push_back(conv("conv_5x1_valid_20x1x1_to4", { { 20, 1, 1 }, 4, 5, 1, 1, V }));
    m.push_back(conv("conv_1x3_same_10x10x5_to6", { { 10, 10, 5 }, 6, 1, 3, 1, S }));
    m.push_back(conv("conv_3x3_same_d2_12x12x8_to8", { { 12, 12, 8 }, 8, 3, 3, 1, S, 2 }));
    m.push_back(conv("conv_3x3_same_48x48x16_to32", { { 48, 48, 16 }, 32, 3, 3, 1, S }));
    m.push_back(conv("conv_5x5_same_s2_49x40x1_to16", { { 49, 40, 1 }, 16, 5, 5, 2, S }));
    m.push_back(conv("conv_3x3_same_int16_8x8x8_to8", { { 8, 8, 8 }, 8, 3, 3, 1, S, 1, TensorType::INT16 }));
    m.push_back(conv("conv_3x3_same_float_8x8x8_to8", { { 8, 8, 8 }, 8, 3, 3, 1, S, 1, TensorType::FLOAT32 }));
    // ESP32-P4 (esp-nn 1.2.3): a padded window of fewer than 16 values whose padded input exceeds
    // the 32 KiB L1 budget is tiled by output rows (several rows, stride 2, many narrow rows, a
    // single wide row).
    m.push_back(conv("conv_3x3_same_200x200x1_to8", { { 200, 200, 1 }, 8, 3, 3, 1, S }));
    m.push_back(conv("conv_3x3_same_s2_201x201x1_to8", { { 201, 201, 1 }, 8, 3, 3, 2, S }));
    m.push_back(conv("conv_3x3_same_1000x40x1_to8", { { 1000, 40, 1 }, 8, 3, 3, 1, S }));
    m.push_back(conv("conv_3x3_same_40x1000x1_to8", { { 40, 1000, 1 }, 8, 3, 3, 1, S }));
    // DEPTHWISE_CONV_2D: multiplier 1 with 16k, 8k+8 (>= 12), 8 and other channel counts, 3x3 and
    // other filters, padded, unpadded and right/bottom-padded, tiled above 40 / 48 KiB; multipliers
    // 4 (s16 path) and 2 (no special path).
    m.push_back(depthwise("dw_3x3_same_10x10x16", { { 10, 10, 16 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_same_64x64x16", { { 64, 64, 16 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_valid_10x10x16", { { 10, 10, 16 }, 1, 3, 3, 1, V }));
    m.push_back(depthwise("dw_3x3_valid_s2_9x9x16", { { 9, 9, 16 }, 1, 3, 3, 2, V }));
    m.push_back(depthwise("dw_3x3_valid_70x70x32", { { 70, 70, 32 }, 1, 3, 3, 1, V }));
    m.push_back(depthwise("dw_3x3_same_12x12x24", { { 12, 12, 24 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_same_s2_13x13x40", { { 13, 13, 40 }, 1, 3, 3, 2, S }));
    m.push_back(depthwise("dw_3x3_same_10x10x8", { { 10, 10, 8 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_5x5_same_12x12x16", { { 12, 12, 16 }, 1, 5, 5, 1, S }));
    m.push_back(depthwise("dw_5x5_same_40x40x32", { { 40, 40, 32 }, 1, 5, 5, 1, S }));
    m.push_back(depthwise("dw_3x3_same_10x10x6", { { 10, 10, 6 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_same_10x10x12", { { 10, 10, 12 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x1_valid_49x1x20", { { 49, 1, 20 }, 1, 3, 1, 1, V }));
    m.push_back(depthwise("dw_3x3_same_10x10x3", { { 10, 10, 3 }, 1, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_same_m4_10x10x2", { { 10, 10, 2 }, 4, 3, 3, 1, S }));
    m.push_back(depthwise("dw_3x3_same_m2_10x10x4", { { 10, 10, 4 }, 2, 3, 3, 1, S }));
    // SOFTMAX: esp reads dims[1] whatever the rank (a rank-1 input reads past its shape).
    m.push_back(softmax("softmax_1x10", { 1, 10 }));
    m.push_back(softmax("softmax_1x1x1x12", { 1, 1, 1, 12 }));
    m.push_back(softmax("softmax_1x5x7", { 1, 5, 7 }));
    m.push_back(softmax("softmax_10", { 10 }));
    m.push_back(streamingKws());
    return m;
}

// ---- Ethos-U ----------------------------------------------------------------------------------

// What Vela puts in an ethos-u operator's custom options: a flexbuffer holding CO_TYPE_ETHOSU (1).
std::vector<std::uint8_t> ethosUCustomOptions()
{
    flexbuffers::Builder fbb;
    fbb.Int(1);
    fbb.Finish();
    return fbb.GetBuffer();
}

TensorSpec bytesTensor(const std::string& name, std::int32_t bytes)
{
    return TensorSpec { name, TensorType::UINT8, { bytes }, {}, {}, 0, false };
}

struct NpuOp {
    std::int32_t commandStream, flash, scratch, scratchFast;
};

NpuOp npuTensors(ModelBuilder& b, const std::string& prefix, std::int32_t streamBytes, std::int32_t flashBytes,
    std::int32_t scratchBytes, std::int32_t fastBytes)
{
    NpuOp n;
    n.commandStream = b.constant(bytesTensor(prefix + "_command_stream", streamBytes));
    n.flash = b.constant(bytesTensor(prefix + "_flash", flashBytes));
    n.scratch = b.tensor(bytesTensor(prefix + "_scratch", scratchBytes));
    n.scratchFast = b.tensor(bytesTensor(prefix + "_scratch_fast", fastBytes));
    return n;
}

void npuOp(ModelBuilder& b, const NpuOp& n, std::vector<std::int32_t> inputs, std::vector<std::int32_t> outputs,
    bool customData = true)
{
    std::vector<std::int32_t> all = { n.commandStream, n.flash, n.scratch, n.scratchFast };
    all.insert(all.end(), inputs.begin(), inputs.end());
    auto& op = b.custom("ethos-u", all, outputs);
    if (customData)
        op.custom_options = ethosUCustomOptions();
}

// One NPU operator, everything inside its scratch area (as Vela writes it for shared SRAM):
// tensors output, stream, flash, scratch, scratch_fast, input.
ProbeModel ethosSingle(const std::string& name, bool customData, bool plan, std::int32_t fastOffset)
{
    ModelBuilder b("ArenaScope probe: " + name);
    const auto out = b.tensor(activation("output", { 1, 10 }));
    const NpuOp n = npuTensors(b, "_split_1", 1000, 20000, 12000, fastOffset == 0 ? 12000 : 4000);
    const auto in = b.tensor(activation("input", { 1, 48, 48, 1 }));
    npuOp(b, n, { in }, { out }, customData);
    b.setIo({ in }, { out });
    if (plan)
        b.offlinePlan({ 4096, -1, -1, 0, fastOffset, 0 });
    return { "ethos_" + name + ".tflite", b.finish() };
}

// CPU operators before and after the NPU: QUANTIZE (float input) -> ethos-u -> RESHAPE -> SOFTMAX.
ProbeModel ethosCpuAround()
{
    ModelBuilder b("ArenaScope probe: ethos-u between CPU operators");
    const auto in = b.tensor(TensorSpec { "input", TensorType::FLOAT32, { 1, 32, 32, 3 }, {}, {}, 0, false });
    const auto q = b.tensor(activation("input_int8", { 1, 32, 32, 3 }));
    b.op(Op::QUANTIZE, { in }, { q });
    const NpuOp n = npuTensors(b, "_split_1", 2000, 30000, 16384, 16384);
    const auto features = b.tensor(activation("features", { 1, 1, 1, 12 }));
    npuOp(b, n, { q }, { features });
    const auto shape = b.int32Constant("flatten/shape", { 1, 12 });
    const auto flat = b.tensor(activation("flatten", { 1, 12 }));
    b.op(Op::RESHAPE, { features, shape }, { flat }).builtin_options.Set(reshapeOptions({ 1, 12 }));
    const auto probs
        = b.tensor(TensorSpec { "probabilities", TensorType::INT8, { 1, 12 }, { 1.0f / 256.0f }, { -128 }, 0, false });
    b.op(Op::SOFTMAX, { flat }, { probs }).builtin_options.Set(softmaxOptions());
    b.setIo({ in }, { probs });
    // tensors: input, input_int8, stream, flash, scratch, scratch_fast, features, flatten/shape,
    // flatten, probabilities: the NPU's tensors inside its scratch, the CPU's online.
    b.offlinePlan({ -1, 0, -1, -1, 0, 0, 3072, -1, -1, -1 });
    return { "ethos_cpu_around.tflite", b.finish() };
}

// Two NPU operators in a row, each with its own stream, weights and scratch.
ProbeModel ethosTwoOps()
{
    ModelBuilder b("ArenaScope probe: two ethos-u operators");
    const auto in = b.tensor(activation("input", { 1, 24, 24, 2 }));
    const NpuOp first = npuTensors(b, "_split_1", 800, 9000, 6144, 6144);
    const auto mid = b.tensor(activation("middle", { 1, 12, 12, 8 }));
    npuOp(b, first, { in }, { mid });
    const NpuOp second = npuTensors(b, "_split_2", 600, 7000, 4096, 4096);
    const auto out = b.tensor(activation("output", { 1, 4 }));
    npuOp(b, second, { mid }, { out });
    b.setIo({ in }, { out });
    // input, stream1, flash1, scratch1, fast1, middle, stream2, flash2, scratch2, fast2, output
    b.offlinePlan({ 0, -1, -1, 0, 0, 6144, -1, -1, 6144, 6144, 6144 });
    return { "ethos_two_ops.tflite", b.finish() };
}

// Bad input: an ethos-u operator with no inputs at all (TFLM's Prepare checks for one).
ProbeModel ethosNoInputs()
{
    ModelBuilder b("ArenaScope probe: ethos-u without inputs");
    const auto out = b.tensor(activation("output", { 1, 16 }));
    b.custom("ethos-u", {}, { out }).custom_options = ethosUCustomOptions();
    b.setIo({}, { out });
    return { "ethos_no_inputs.tflite", b.finish() };
}

// Scratch placed far past the other tensors (an offline offset of 200,000 B): the arena must
// reach it.
ProbeModel ethosFarOffset()
{
    ModelBuilder b("ArenaScope probe: ethos-u scratch at a far offline offset");
    const auto out = b.tensor(activation("output", { 1, 10 }));
    const NpuOp n = npuTensors(b, "_split_1", 500, 4000, 3000, 3000);
    const auto in = b.tensor(activation("input", { 1, 16, 16, 1 }));
    npuOp(b, n, { in }, { out });
    b.setIo({ in }, { out });
    b.offlinePlan({ -1, -1, -1, 200000, 200000, -1 });
    return { "ethos_far_offset.tflite", b.finish() };
}

} // namespace

const std::vector<ProbeModel>& ethosUProbeModels()
{
    static const std::vector<ProbeModel> models = {
        ethosSingle("single", true, true, 0),
        ethosSingle("fast_separate", true, true, 12288),
        ethosSingle("no_custom_data", false, true, 0),
        ethosSingle("no_offline_plan", true, false, 0),
        ethosCpuAround(),
        ethosTwoOps(),
        ethosNoInputs(),
        ethosFarOffset(),
    };
    return models;
}

const ProbeModel* findProbeModel(const std::string& name)
{
    for (const auto* list : { &espProbeModels(), &ethosUProbeModels(), &graphZooModels() })
        for (const ProbeModel& m : *list)
            if (m.name == name)
                return &m;
    return nullptr;
}

const std::vector<ProbeModel>& espProbeModels()
{
    static const std::vector<ProbeModel> models = build();
    return models;
}

} // namespace arenascope::test
