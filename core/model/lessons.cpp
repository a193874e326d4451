#include "lessons.h"

#include "model_builder.h"
#include "option_builders.h"

namespace arenascope {

namespace {

using namespace tflite;
using Op = BuiltinOperator;

TensorSpec int8(const std::string& name, std::vector<std::int32_t> shape, float scale = 0.05f, std::int64_t zp = 0)
{
    return TensorSpec { name, TensorType::INT8, std::move(shape), { scale }, { zp }, 0, false };
}

TensorSpec int32(const std::string& name, std::vector<std::int32_t> shape, float scale)
{
    return TensorSpec { name, TensorType::INT32, std::move(shape), { scale }, { 0 }, 0, false };
}

TensorSpec float32(const std::string& name, std::vector<std::int32_t> shape)
{
    return TensorSpec { name, TensorType::FLOAT32, std::move(shape), {}, {}, 0, false };
}

constexpr auto kRelu = ActivationFunctionType::RELU;

// A 1x1 int8 convolution with ReLU on a 16x16 map: `inChannels` to `outChannels`.
std::int32_t conv1x1(
    ModelBuilder& b, std::int32_t in, std::int32_t inChannels, std::int32_t outChannels, const std::string& name)
{
    const auto w = b.constant(int8(name + "/weights", { outChannels, 1, 1, inChannels }, 0.02f));
    const auto bias = b.constant(int32(name + "/bias", { outChannels }, 0.001f));
    const auto out = b.tensor(int8(name, { 1, 16, 16, outChannels }));
    b.op(Op::CONV_2D, { in, w, bias }, { out }).builtin_options.Set(convOptions(Padding::VALID, 1, kRelu));
    return out;
}

// The classifier both image lessons end in: an average pool over the whole `height` x `width`
// map of `channels`, flattened, a dense layer to `classes` logits and SOFTMAX; returns the
// probabilities.
std::int32_t classifierHead(ModelBuilder& b, std::int32_t features, std::int32_t height, std::int32_t width,
    std::int32_t channels, std::int32_t classes)
{
    const auto pooled = b.tensor(int8("pool", { 1, 1, 1, channels }));
    b.op(Op::AVERAGE_POOL_2D, { features }, { pooled }).builtin_options.Set(poolOptions(Padding::VALID, height, width));
    const auto shape = b.int32Constant("flatten/shape", { 1, channels });
    const auto flat = b.tensor(int8("flatten", { 1, channels }));
    b.op(Op::RESHAPE, { pooled, shape }, { flat }).builtin_options.Set(reshapeOptions({ 1, channels }));
    const auto fw = b.constant(int8("dense/weights", { classes, channels }, 0.02f));
    const auto fb = b.constant(int32("dense/bias", { classes }, 0.001f));
    const auto logits = b.tensor(int8("logits", { 1, classes }));
    b.op(Op::FULLY_CONNECTED, { flat, fw, fb }, { logits }).builtin_options.Set(FullyConnectedOptionsT {});
    const auto probs = b.tensor(int8("probabilities", { 1, classes }, 1.0f / 256.0f, -128));
    b.op(Op::SOFTMAX, { logits }, { probs }).builtin_options.Set(softmaxOptions());
    return probs;
}

// A tiny CNN on a 96x96 colour image: 224 bytes of weights, a 73,728-byte activation.
std::vector<std::uint8_t> flashVsRam()
{
    ModelBuilder b("ArenaScope lesson: fits in flash, fails in RAM");
    const auto in = b.tensor(int8("image", { 1, 96, 96, 3 }, 0.0078f, -1));
    const auto w = b.constant(int8("conv/weights", { 8, 3, 3, 3 }, 0.02f));
    const auto bias = b.constant(int32("conv/bias", { 8 }, 0.0002f));
    const auto features = b.tensor(int8("conv/relu", { 1, 96, 96, 8 }));
    b.op(Op::CONV_2D, { in, w, bias }, { features }).builtin_options.Set(convOptions(Padding::SAME, 1, kRelu));
    b.setIo({ in }, { classifierHead(b, features, 96, 96, 8, 2) });
    return b.finish();
}

// Five 1x1 convolutions with a residual connection where TFLM's greedy planner (largest
// buffer first, each at the lowest free offset) leaves a gap: a head of 4,608 B over a lower
// bound of 3,840 B. The weights are a few hundred bytes; the activations are 16x16 maps.
std::vector<std::uint8_t> greedyGap()
{
    ModelBuilder b("ArenaScope lesson: a gap greedy planning leaves");
    const auto in = b.tensor(int8("input", { 1, 16, 16, 8 }));
    const auto embed = conv1x1(b, in, 8, 5, "embed");
    const auto h1 = conv1x1(b, embed, 5, 5, "hidden1");
    const auto h2 = conv1x1(b, h1, 5, 5, "hidden2");
    const auto sum = b.tensor(int8("residual", { 1, 16, 16, 5 }));
    b.op(Op::ADD, { h2, embed }, { sum }).builtin_options.Set(AddOptionsT {});
    const auto out = conv1x1(b, sum, 5, 8, "output");
    b.setIo({ in }, { out });
    return b.finish();
}

// Two branches, each widening to 8 KiB and narrowing again; stored with both wide layers
// first, so both 8 KiB activations are alive together. Running one branch to its end first
// halves the peak: Tools > Reorder Operators finds that order.
std::vector<std::uint8_t> reorderBranches()
{
    ModelBuilder b("ArenaScope lesson: operator order decides the peak");
    const auto in = b.tensor(int8("input", { 1, 16, 16, 4 }));
    const auto wideA = conv1x1(b, in, 4, 32, "branch_a/expand");
    const auto wideB = conv1x1(b, in, 4, 32, "branch_b/expand");
    const auto narrowA = conv1x1(b, wideA, 32, 2, "branch_a/project");
    const auto narrowB = conv1x1(b, wideB, 32, 2, "branch_b/project");
    const auto sum = b.tensor(int8("sum", { 1, 16, 16, 2 }));
    b.op(Op::ADD, { narrowA, narrowB }, { sum }).builtin_options.Set(AddOptionsT {});
    b.setIo({ in }, { sum });
    return b.finish();
}

// TRANSPOSE_CONV (upsampling) asks for a scratch buffer of int32 accumulators in Prepare.
std::vector<std::uint8_t> scratchBuffer()
{
    ModelBuilder b("ArenaScope lesson: a scratch buffer");
    const auto in = b.tensor(int8("features", { 1, 8, 8, 16 }));
    const auto outShape = b.int32Constant("output_shape", { 1, 16, 16, 8 });
    const auto w
        = b.constant(TensorSpec { "upsample/weights", TensorType::INT8, { 8, 3, 3, 16 }, { 0.02f }, { 0 }, 0, false });
    const auto out = b.tensor(int8("upsampled", { 1, 16, 16, 8 }));
    TransposeConvOptionsT o;
    o.padding = Padding::SAME;
    o.stride_w = 2;
    o.stride_h = 2;
    b.op(Op::TRANSPOSE_CONV, { outShape, w, in }, { out }).builtin_options.Set(o);
    b.setIo({ in }, { out });
    return b.finish();
}

// An SVDF on a 40-value audio frame, `filters` filters remembering `memory` frames: its activation
// state (int16, filters x memory) is a variable tensor, in the tail, for as long as the interpreter lives.
std::vector<std::uint8_t> svdfModel(const char* description, std::int32_t filters, std::int32_t memory)
{
    ModelBuilder b(description);
    const auto in = b.tensor(int8("audio_frame", { 1, 40 }, 0.1f));
    const auto wf = b.constant(int8("svdf/weights_feature", { filters, 40 }, 0.01f));
    const auto wt = b.constant(
        TensorSpec { "svdf/weights_time", TensorType::INT16, { filters, memory }, { 0.001f }, { 0 }, 0, false });
    const auto bias = b.constant(int32("svdf/bias", { filters }, 0.002f * 0.001f));
    TensorSpec state { "svdf/activation_state", TensorType::INT16, { 1, filters * memory }, { 0.002f }, { 0 }, 0,
        true };
    const auto st = b.tensor(state);
    const auto out = b.tensor(int8("svdf/output", { 1, filters }, 0.05f));
    SVDFOptionsT o;
    o.rank = 1;
    b.op(Op::SVDF, { in, wf, wt, bias, st }, { out }).builtin_options.Set(o);
    b.setIo({ in }, { out });
    return b.finish();
}

// SVDF keeps its activation state between invocations: a variable tensor, in the tail.
std::vector<std::uint8_t> statefulSvdf()
{
    return svdfModel("ArenaScope lesson: state that outlives an invocation", 64, 16);
}

// Many tiny operators: a small head and tail, but TFLM's planner needs its working arrays (40 B per
// buffer, and an AllocationInfo per tensor) above the head while it plans: a large transient.
std::vector<std::uint8_t> sharedArenaPlanner()
{
    ModelBuilder b("ArenaScope lesson: two models in one arena (the planner's transient)");
    const auto in = b.tensor(int8("sensor", { 1, 4 }));
    std::int32_t at = in;
    for (int i = 0; i < 400; ++i) {
        const auto out = b.tensor(int8("relu" + std::to_string(i), { 1, 4 }));
        b.op(Op::RELU, { at }, { out });
        at = out;
    }
    b.setIo({ in }, { at });
    return b.finish();
}

// A streaming SVDF whose 24 KiB activation state stays in the tail for good.
std::vector<std::uint8_t> sharedArenaState()
{
    return svdfModel("ArenaScope lesson: two models in one arena (state in the tail)", 192, 64);
}

// A model whose converter planned the arena offline: OfflineMemoryAllocation metadata.
std::vector<std::uint8_t> offlinePlan()
{
    ModelBuilder b("ArenaScope lesson: an offline memory plan");
    const auto in = b.tensor(float32("input", { 1, 64 }));
    const auto w1 = b.constant(float32("dense1/weights", { 64, 64 }));
    const auto h = b.tensor(float32("hidden", { 1, 64 }));
    b.op(Op::FULLY_CONNECTED, { in, w1 }, { h }).builtin_options.Set(FullyConnectedOptionsT {});
    const auto w2 = b.constant(float32("dense2/weights", { 16, 64 }));
    const auto out = b.tensor(float32("output", { 1, 16 }));
    b.op(Op::FULLY_CONNECTED, { h, w2 }, { out }).builtin_options.Set(FullyConnectedOptionsT {});
    b.setIo({ in }, { out });
    // version 0, one subgraph, five tensors: input at 0, hidden at 256, output at 0 (the
    // input is dead by then), constants -1 (not in the arena).
    b.offlinePlan({ 0, -1, 256, -1, 0 });
    return b.finish();
}

// IF picks a subgraph at run time; TFLM plans every subgraph's tensors in one arena.
std::vector<std::uint8_t> controlFlow()
{
    ModelBuilder b("ArenaScope lesson: control flow (IF)");
    const auto cond = b.tensor(TensorSpec { "use_large_branch", TensorType::BOOL, { 1 }, {}, {}, 0, false });
    const auto x = b.tensor(float32("x", { 1, 256 }));
    const auto y = b.tensor(float32("y", { 1, 256 }));
    IfOptionsT o;
    o.then_subgraph_index = 1;
    o.else_subgraph_index = 2;
    b.op(Op::IF, { cond, x }, { y }).builtin_options.Set(o);
    b.setIo({ cond, x }, { y });
    for (const char* branch : { "then: x + x", "else: x * x" }) {
        b.addSubgraph(branch);
        const auto bx = b.tensor(float32("x", { 1, 256 }));
        const auto by = b.tensor(float32("y", { 1, 256 }));
        if (branch[0] == 't')
            b.op(Op::ADD, { bx, bx }, { by }).builtin_options.Set(AddOptionsT {});
        else
            b.op(Op::MUL, { bx, bx }, { by }).builtin_options.Set(MulOptionsT {});
        b.setIo({ bx }, { by });
    }
    return b.finish();
}

// REDUCE_PROD is a TFLite builtin with no TFLM kernel: no arena size helps.
std::vector<std::uint8_t> unregisteredOperator()
{
    ModelBuilder b("ArenaScope lesson: an operator TFLM does not register");
    const auto in = b.tensor(float32("input", { 1, 16, 4 }));
    const auto axis = b.int32Constant("axis", { 2 });
    const auto out = b.tensor(float32("product", { 1, 16 }));
    b.op(Op::REDUCE_PROD, { in, axis }, { out }).builtin_options.Set(ReducerOptionsT {});
    b.setIo({ in }, { out });
    return b.finish();
}

// Float activations with int8 weights (a "hybrid" model): TFLM's kernels refuse it in Prepare.
std::vector<std::uint8_t> unsupportedType()
{
    ModelBuilder b("ArenaScope lesson: a type combination TFLM does not support");
    const auto in = b.tensor(float32("input", { 1, 32 }));
    const auto w = b.constant(int8("weights", { 10, 32 }, 0.02f));
    const auto out = b.tensor(float32("output", { 1, 10 }));
    b.op(Op::FULLY_CONNECTED, { in, w }, { out }).builtin_options.Set(FullyConnectedOptionsT {});
    b.setIo({ in }, { out });
    return b.finish();
}

// Per-channel int8 weights along `dimension` (scales 0.020, 0.021, ...) and the int32 bias TFLM
// expects for an input of scale 0.05: input scale x weight scale, channel by channel.
std::pair<std::int32_t, std::int32_t> perChannel(
    ModelBuilder& b, const std::string& name, std::vector<std::int32_t> shape, std::int32_t dimension)
{
    const auto p = perChannelWeights(name + "/weights", name + "/bias", std::move(shape), dimension, 0.05f);
    return { b.constant(p.weights), b.constant(p.bias) };
}

// A keyword spotter for the ESP32-S3 whose arena was sized with esp-nn 1.1.2: esp-nn 1.2.1
// sizes the 3x3 convolution's and the 5x5 depthwise convolution's scratch buffers for new code
// paths (filter-row alignment, 16-bit widened inputs), and the same arena no longer fits.
std::vector<std::uint8_t> espNnUpgrade()
{
    ModelBuilder b("ArenaScope lesson: an esp-nn upgrade breaks a fixed arena");
    const auto in = b.tensor(int8("spectrogram", { 1, 49, 40, 1 }));
    const auto [w1, b1] = perChannel(b, "conv1", { 16, 5, 5, 1 }, 0);
    const auto a1 = b.tensor(int8("conv1/relu", { 1, 25, 20, 16 }));
    b.op(Op::CONV_2D, { in, w1, b1 }, { a1 }).builtin_options.Set(convOptions(Padding::SAME, 2, kRelu));
    const auto [w2, b2] = perChannel(b, "conv2", { 16, 3, 3, 16 }, 0);
    const auto a2 = b.tensor(int8("conv2/relu", { 1, 13, 10, 16 }));
    b.op(Op::CONV_2D, { a1, w2, b2 }, { a2 }).builtin_options.Set(convOptions(Padding::SAME, 2, kRelu));
    const auto [w3, b3] = perChannel(b, "dw3", { 1, 5, 5, 16 }, 3);
    const auto a3 = b.tensor(int8("dw3/relu", { 1, 13, 10, 16 }));
    b.op(Op::DEPTHWISE_CONV_2D, { a2, w3, b3 }, { a3 })
        .builtin_options.Set(depthwiseOptions(Padding::SAME, 1, 1, ActivationFunctionType::RELU));
    b.setIo({ in }, { classifierHead(b, a3, 13, 10, 16, 4) });
    return b.finish();
}

constexpr Lesson kLessons[] = {
    { "flash_vs_ram", "Fits in flash, fails in RAM",
        "A 96x96 colour image through one 3x3 convolution: the model file is a few kilobytes and its weights "
        "224 bytes, yet the convolution's output alone is 73,728 bytes of RAM, and its input must be alive at the "
        "same time. Look at the verdict: flash beside RAM. Drag the arena line down to 40 KiB: which stage breaks, and "
        "why does TFLM's message report far fewer missing bytes than the headline? Press Set to minimum.",
        flashVsRam },
    { "greedy_gap", "The gap greedy planning leaves",
        "Five layers with a residual connection. TFLM's greedy planner places the largest buffers first, each at the "
        "lowest free offset; here that leaves a hole, and the head is larger than the lower bound (the most bytes "
        "alive "
        "at one step). Compare head and lower bound in the verdict, look for the empty band in the timeline, then run "
        "Tools > Find a Smaller Plan: the offline plan it writes reaches the lower bound.",
        greedyGap },
    { "reorder_branches", "Operator order decides the peak",
        "Two branches each widen the input to 8 KiB and narrow it again. The model stores both wide layers first, so "
        "both 8 KiB activations are alive at once: see the timeline's tallest step. TFLM runs operators in the stored "
        "order, but any order that respects the data flow is valid. Run Tools > Reorder Operators (or arenascope "
        "reorder): running one branch to its end first nearly halves the peak, and the written model proves it.",
        reorderBranches },
    { "scratch_buffer", "Scratch buffers",
        "TRANSPOSE_CONV (upsampling) asks TFLM for a scratch buffer of int32 accumulators in its Prepare: the planner "
        "places it in the head, alive only while that operator runs. Find it in the timeline (its own colour) and in "
        "the allocation log (scratch request). Then switch Kernels to CMSIS-NN: the request changes size.",
        scratchBuffer },
    { "stateful_svdf", "State that outlives an invocation",
        "SVDF keeps a history of its inputs in an activation-state tensor marked is_variable. Such tensors are not "
        "planned in the head: TFLM gives each its own buffer in the tail, for the model's lifetime. Find the variable "
        "in "
        "the tail breakdown and the tensor table (kind: variable), and note SVDF's scratch buffers in the head.",
        statefulSvdf },
    { "offline_plan", "An offline memory plan",
        "This model carries OfflineMemoryAllocation metadata: the converter decided the offsets. TFLM's planner keeps "
        "them and only places what the plan leaves online. The timeline marks offline-placed buffers; compare the head "
        "with the lower bound, then tick Preserve all tensors: TFLM's linear planner cannot take an offline plan, and "
        "AllocateTensors fails without printing anything (the verdict says why).",
        offlinePlan },
    { "control_flow", "Control flow: IF",
        "IF runs one of two subgraphs at run time, but TFLM plans every subgraph's tensors together, as if each could "
        "run: both branches' buffers are in the arena. Look at the subgraph column of the tensor table and at the "
        "NodeAndRegistration and eval-tensor arrays in the tail: one per subgraph.",
        controlFlow },
    { "unregistered_op", "An operator TFLM does not register",
        "REDUCE_PROD is a TFLite builtin, but TFLM has no kernel for it: AllocateTensors fails before any arena size "
        "matters. Read the verdict: no arena size fixes this. Drag the arena line: nothing changes. The fix is in the "
        "model (another operator) or in the firmware (a custom kernel registered in the op resolver).",
        unregisteredOperator },
    { "unsupported_type", "A type combination TFLM refuses",
        "Float activations with int8 weights (a hybrid model) are valid TFLite, but TFLM's FULLY_CONNECTED refuses "
        "them "
        "in Prepare. The verdict quotes TFLM's message; no arena size fixes it. Quantize the whole model (int8 "
        "activations too) or keep the weights float.",
        unsupportedType },
    { "esp_nn_upgrade", "An esp-nn upgrade breaks a fixed arena",
        "A keyword spotter for the ESP32-S3, built with esp-tflite-micro. Its tensor_arena was sized when the build "
        "took esp-nn 1.1.2: 22,736 B, exactly enough. esp-tflite-micro asks for esp-nn >= 1.1.1, so every rebuild "
        "takes the newest release, and with esp-nn 1.2.3 the same arena fails: 'Failed to resize buffer. Requested: "
        "33312, available 21264, missing: 12048'. Choose Kernels: ESP-NN, chip ESP32-S3, arena 22,736 B, and switch "
        "esp-nn between 1.1.2 and 1.2.3: the scratch buffers in the timeline change. Tools > Compare (or arenascope "
        "compare MODEL --kernels esp-nn --esp-nn 1.1.2 --b-esp-nn 1.2.3) names what grew: CONV_2D #1's scratch by "
        "12,192 B (1.2.1's filter-row alignment and right/bottom padding) and DEPTHWISE_CONV_2D #2's by 4,960 B (the "
        "5x5 filter now takes the 16-bit path), while CONV_2D #0's shrinks (im2col). Size the arena for every version "
        "a rebuild may take (34,928 B here), or pin esp-nn in idf_component.yml.",
        espNnUpgrade },
    { "shared_arena_planner", "Two models in one arena: the order matters",
        "Two models in one arena, as firmware that runs two networks builds them: one MicroAllocator, one "
        "interpreter per model (File > Add Model to This Arena with shared_arena_state, or arenascope plan "
        "shared_arena_planner.tflite shared_arena_state.tflite --shared-arena). Built in this order they need 57,356 "
        "B; the other way round 81,256 B, 23,900 B more. This model's 400 tiny operators keep only 32 B of "
        "activations, but while TFLM plans them its planner needs working arrays above the head (an AllocationInfo "
        "per tensor, 40 B per buffer): about 24 KB, for a moment. The other model's 24 KiB SVDF state stays in the "
        "tail for good. Built first, the planner's moment passes before that state exists; built second, it must fit "
        "beside it. Build the interpreter whose allocation peaks highest first; the verdict's Order line says which.",
        sharedArenaPlanner, "shared_arena_state" },
    { "shared_arena_state", "Two models in one arena: state stays",
        "A streaming SVDF keeps its activation state between invocations: a variable tensor of 24 KiB in the tail, "
        "for as long as the interpreter lives. Share the arena with shared_arena_planner and change the order of the "
        "two models: every model's tail stays, so whatever is built later must fit above the tails of those before "
        "it, while the head holds only the largest plan of them all. Here the state first costs 23,900 B more.",
        sharedArenaState, "shared_arena_planner" },
};

} // namespace

std::span<const Lesson> lessons()
{
    return kLessons;
}

} // namespace arenascope
