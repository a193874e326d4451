#include "graph_zoo.h"

#include "core/model/model_builder.h"
#include "core/model/option_builders.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

namespace arenascope::test {

namespace {

using namespace tflite;
using Op = BuiltinOperator;

// splitmix64: the same numbers on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed)
        : m_state(seed)
    {
    }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::int32_t below(std::int32_t n) { return static_cast<std::int32_t>(next() % static_cast<std::uint64_t>(n)); }
    bool percent(std::int32_t p) { return below(100) < p; }
    template <typename T> T of(std::initializer_list<T> values)
    {
        return values.begin()[below(std::int32_t(values.size()))];
    }

private:
    std::uint64_t m_state;
};

struct Quant {
    float scale = 0.05f;
    std::int64_t zeroPoint = 0;
    bool operator==(const Quant&) const = default;
};

// A tensor in the arena the graph made so far.
struct Activation {
    std::int32_t tensor = -1;
    std::vector<std::int32_t> shape; // [1, h, w, c] or [1, n]
    Quant quant;
    std::int32_t bytes = 0;
    bool consumed = false;
};

class Zoo {
public:
    explicit Zoo(std::uint32_t seed)
        : m_rng(seed * 7919ULL + 17)
        , m_builder("ArenaScope graph zoo: seed " + std::to_string(seed))
    {
        m_float = m_rng.percent(20);
    }

    std::vector<std::uint8_t> build();

private:
    bool is4d(const Activation& a) const { return a.shape.size() == 4; }
    std::int32_t h(const Activation& a) const { return a.shape[1]; }
    std::int32_t w(const Activation& a) const { return a.shape[2]; }
    std::int32_t c(const Activation& a) const { return a.shape.back(); }

    std::int32_t make(std::vector<std::int32_t> shape, Quant q = {});
    // An activation to read: most often one of the newest two, else any, so some live long.
    std::size_t pick(bool want4d);
    std::int32_t use(std::size_t i)
    {
        m_pool[i].consumed = true;
        return m_pool[i].tensor;
    }
    std::pair<std::int32_t, std::int32_t> convWeights(
        std::vector<std::int32_t> shape, std::int32_t dimension, float inputScale);

    bool conv(std::size_t in);
    bool depthwise(std::size_t in);
    bool pool(std::size_t in);
    bool binary(std::size_t in);
    bool concat(std::size_t in);
    bool split(std::size_t in);
    bool pad(std::size_t in);
    bool mean(std::size_t in);
    bool unary(std::size_t in);
    bool flattenDense(std::size_t in);
    // A small tensor, three times in ten: flattened into a FULLY_CONNECTED.
    bool sometimesDense(std::size_t in) { return m_pool[in].bytes < 4096 && m_rng.percent(30) && flattenDense(in); }
    bool dense(std::size_t in);
    void softmaxHead(std::size_t in);
    void offlinePlan();

    Rng m_rng;
    ModelBuilder m_builder;
    bool m_float = false;
    std::vector<Activation> m_pool;
    std::vector<std::int32_t> m_outputs;
    std::int32_t m_names = 0;
};

std::int32_t Zoo::make(std::vector<std::int32_t> shape, Quant q)
{
    std::int32_t elements = 1;
    for (std::int32_t d : shape)
        elements *= d;
    TensorSpec spec { "t" + std::to_string(m_names++), m_float ? TensorType::FLOAT32 : TensorType::INT8, shape, {}, {},
        0, false };
    if (!m_float) {
        spec.scales = { q.scale };
        spec.zeroPoints = { q.zeroPoint };
    }
    Activation a;
    a.tensor = m_builder.tensor(spec);
    a.shape = std::move(shape);
    a.quant = q;
    a.bytes = elements * (m_float ? 4 : 1);
    m_pool.push_back(a);
    return a.tensor;
}

std::size_t Zoo::pick(bool want4d)
{
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < m_pool.size(); ++i)
        if (!want4d || is4d(m_pool[i]))
            candidates.push_back(i);
    if (candidates.empty())
        return SIZE_MAX;
    const std::size_t n = candidates.size();
    if (m_rng.percent(65))
        return candidates[n - 1 - static_cast<std::size_t>(m_rng.below(std::min<std::int32_t>(2, std::int32_t(n))))];
    return candidates[static_cast<std::size_t>(m_rng.below(std::int32_t(n)))];
}

std::pair<std::int32_t, std::int32_t> Zoo::convWeights(
    std::vector<std::int32_t> shape, std::int32_t dimension, float inputScale)
{
    const std::int32_t channels = shape[static_cast<std::size_t>(dimension)];
    if (m_float) {
        const auto wt
            = m_builder.constant({ "w" + std::to_string(m_names++), TensorType::FLOAT32, shape, {}, {}, 0, false });
        const auto b = m_builder.constant(
            { "b" + std::to_string(m_names++), TensorType::FLOAT32, { channels }, {}, {}, 0, false });
        return { wt, b };
    }
    const std::string weightsName = "w" + std::to_string(m_names++);
    const std::string biasName = "b" + std::to_string(m_names++);
    const auto p = perChannelWeights(weightsName, biasName, std::move(shape), dimension, inputScale);
    return { m_builder.constant(p.weights), m_builder.constant(p.bias) };
}

std::int32_t outSize(std::int32_t in, std::int32_t filter, std::int32_t stride, Padding p)
{
    return p == Padding::SAME ? (in + stride - 1) / stride : (in - filter + stride) / stride;
}

bool Zoo::conv(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t k = m_rng.of({ 1, 3, 3, 5 });
    const std::int32_t stride = m_rng.of({ 1, 1, 2 });
    const Padding padding = m_rng.percent(60) ? Padding::SAME : Padding::VALID;
    if (padding == Padding::VALID && (h(a) < k || w(a) < k))
        return false;
    const std::int32_t out = m_rng.of({ 4, 8, 8, 12, 16, 24 });
    const auto [wt, bias] = convWeights({ out, k, k, c(a) }, 0, a.quant.scale);
    const std::int32_t input = use(in);
    const auto o = make({ 1, outSize(h(a), k, stride, padding), outSize(w(a), k, stride, padding), out });
    const auto act = m_rng.percent(50) ? ActivationFunctionType::RELU : ActivationFunctionType::NONE;
    m_builder.op(Op::CONV_2D, { input, wt, bias }, { o }).builtin_options.Set(convOptions(padding, stride, act));
    return true;
}

bool Zoo::depthwise(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t k = m_rng.of({ 3, 3, 5 });
    const std::int32_t stride = m_rng.of({ 1, 2 });
    const std::int32_t multiplier = m_rng.percent(20) ? 2 : 1;
    const Padding padding = m_rng.percent(70) ? Padding::SAME : Padding::VALID;
    if (padding == Padding::VALID && (h(a) < k || w(a) < k))
        return false;
    const std::int32_t out = c(a) * multiplier;
    const auto [wt, bias] = convWeights({ 1, k, k, out }, 3, a.quant.scale);
    const std::int32_t input = use(in);
    const auto o = make({ 1, outSize(h(a), k, stride, padding), outSize(w(a), k, stride, padding), out });
    m_builder.op(Op::DEPTHWISE_CONV_2D, { input, wt, bias }, { o })
        .builtin_options.Set(depthwiseOptions(padding, stride, multiplier));
    return true;
}

bool Zoo::pool(std::size_t in)
{
    const Activation a = m_pool[in];
    const bool halve = m_rng.percent(60);
    if (halve && (h(a) < 2 || w(a) < 2))
        return false;
    const std::int32_t input = use(in);
    const auto o = halve ? make({ 1, h(a) / 2, w(a) / 2, c(a) }, a.quant) : make(a.shape, a.quant);
    auto options = halve ? poolOptions(Padding::VALID, 2, 2, 2) : poolOptions(Padding::SAME, 3, 3, 1);
    m_builder.op(m_rng.percent(50) ? Op::MAX_POOL_2D : Op::AVERAGE_POOL_2D, { input }, { o })
        .builtin_options.Set(options);
    return true;
}

// ADD or MUL of two tensors of one shape (the same tensor twice when no other has its shape).
bool Zoo::binary(std::size_t in)
{
    const Activation a = m_pool[in];
    std::vector<std::size_t> same;
    for (std::size_t i = 0; i < m_pool.size(); ++i)
        if (i != in && m_pool[i].shape == a.shape)
            same.push_back(i);
    const std::size_t other
        = same.empty() ? in : same[static_cast<std::size_t>(m_rng.below(std::int32_t(same.size())))];
    const std::int32_t x = use(in);
    const std::int32_t y = use(other);
    const auto o = make(a.shape);
    if (m_rng.percent(60)) {
        AddOptionsT options;
        if (m_rng.percent(30))
            options.fused_activation_function = ActivationFunctionType::RELU;
        m_builder.op(Op::ADD, { x, y }, { o }).builtin_options.Set(options);
    } else {
        m_builder.op(Op::MUL, { x, y }, { o }).builtin_options.Set(MulOptionsT {});
    }
    return true;
}

// CONCATENATION along the channels of two or three tensors of one height, width and quantization.
bool Zoo::concat(std::size_t in)
{
    const Activation a = m_pool[in];
    if (!is4d(a))
        return false;
    std::vector<std::size_t> parts = { in };
    for (std::size_t i = 0; i < m_pool.size() && parts.size() < 3; ++i) {
        const Activation& b = m_pool[i];
        if (i != in && is4d(b) && h(b) == h(a) && w(b) == w(a) && b.quant == a.quant && m_rng.percent(60))
            parts.push_back(i);
    }
    if (parts.size() < 2)
        return false;
    std::vector<std::int32_t> inputs;
    std::int32_t channels = 0;
    for (std::size_t p : parts) {
        channels += c(m_pool[p]);
        inputs.push_back(use(p));
    }
    const auto o = make({ 1, h(a), w(a), channels }, a.quant);
    ConcatenationOptionsT options;
    options.axis = 3;
    m_builder.op(Op::CONCATENATION, inputs, { o }).builtin_options.Set(options);
    return true;
}

bool Zoo::split(std::size_t in)
{
    const Activation a = m_pool[in];
    if (c(a) % 2 != 0)
        return false;
    const std::int32_t parts = c(a) % 4 == 0 && m_rng.percent(40) ? 4 : 2;
    const auto axis = m_builder.int32Constant("axis" + std::to_string(m_names++), { 3 });
    const std::int32_t input = use(in);
    std::vector<std::int32_t> outputs;
    for (std::int32_t k = 0; k < parts; ++k)
        outputs.push_back(make({ 1, h(a), w(a), c(a) / parts }, a.quant));
    SplitOptionsT options;
    options.num_splits = parts;
    m_builder.op(Op::SPLIT, { axis, input }, outputs).builtin_options.Set(options);
    return true;
}

bool Zoo::pad(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t p = m_rng.of({ 1, 2 });
    const auto paddings
        = m_builder.int32Constant("pad" + std::to_string(m_names++), { 0, 0, p, p, p, p, 0, 0 }, { 4, 2 });
    const std::int32_t input = use(in);
    const auto o = make({ 1, h(a) + 2 * p, w(a) + 2 * p, c(a) }, a.quant);
    m_builder.op(Op::PAD, { input, paddings }, { o }).builtin_options.Set(PadOptionsT {});
    return true;
}

bool Zoo::mean(std::size_t in)
{
    const Activation a = m_pool[in];
    const auto axes = m_builder.int32Constant("axes" + std::to_string(m_names++), { 1, 2 }, { 2 });
    const std::int32_t input = use(in);
    const auto o = make({ 1, 1, 1, c(a) }, a.quant);
    ReducerOptionsT options;
    options.keep_dims = true;
    m_builder.op(Op::MEAN, { input, axes }, { o }).builtin_options.Set(options);
    return true;
}

// RELU (the input's quantization) or LOGISTIC (int8: TFLM's fixed 1/256 output scale).
bool Zoo::unary(std::size_t in)
{
    const Activation a = m_pool[in];
    const bool logistic = m_rng.percent(35);
    const std::int32_t input = use(in);
    const auto o = make(a.shape, logistic ? Quant { 1.0f / 256.0f, -128 } : a.quant);
    if (logistic)
        m_builder.op(Op::LOGISTIC, { input }, { o });
    else
        m_builder.op(Op::RELU, { input }, { o });
    return true;
}

bool Zoo::flattenDense(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t n = h(a) * w(a) * c(a);
    if (n > 4096)
        return false;
    const auto shape = m_builder.int32Constant("shape" + std::to_string(m_names++), { 1, n });
    const std::int32_t input = use(in);
    const auto flat = make({ 1, n }, a.quant);
    m_builder.op(Op::RESHAPE, { input, shape }, { flat }).builtin_options.Set(reshapeOptions({ 1, n }));
    return dense(m_pool.size() - 1);
}

bool Zoo::dense(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t n = c(a);
    const std::int32_t units = m_rng.of({ 4, 10, 16, 32 });
    TensorSpec weights { "fw" + std::to_string(m_names++), TensorType::INT8, { units, n }, { 0.02f }, { 0 }, 0, false };
    TensorSpec bias { "fb" + std::to_string(m_names++), TensorType::INT32, { units }, { a.quant.scale * 0.02f }, { 0 },
        0, false };
    if (m_float) {
        weights = { weights.name, TensorType::FLOAT32, { units, n }, {}, {}, 0, false };
        bias = { bias.name, TensorType::FLOAT32, { units }, {}, {}, 0, false };
    }
    const auto wt = m_builder.constant(weights);
    const auto b = m_builder.constant(bias);
    const std::int32_t input = use(in);
    const auto o = make({ 1, units });
    m_builder.op(Op::FULLY_CONNECTED, { input, wt, b }, { o }).builtin_options.Set(FullyConnectedOptionsT {});
    return true;
}

void Zoo::softmaxHead(std::size_t in)
{
    const Activation a = m_pool[in];
    const std::int32_t input = use(in);
    const auto o = make(a.shape, Quant { 1.0f / 256.0f, -128 });
    m_builder.op(Op::SOFTMAX, { input }, { o }).builtin_options.Set(softmaxOptions());
    m_outputs.push_back(o);
}

// Offsets for about half the arena tensors, side by side from offset 0 (16-aligned); the others
// are planned online around them.
void Zoo::offlinePlan()
{
    const std::size_t tensors = m_builder.model().subgraphs[0]->tensors.size();
    std::vector<std::int32_t> offsets(tensors, -1);
    std::int32_t next = 0;
    for (const Activation& a : m_pool) {
        if (!m_rng.percent(50))
            continue;
        offsets[static_cast<std::size_t>(a.tensor)] = next;
        next += (a.bytes + 15) / 16 * 16;
    }
    m_builder.offlinePlan(offsets);
}

std::vector<std::uint8_t> Zoo::build()
{
    const std::int32_t side = m_rng.of({ 4, 6, 8, 12, 16, 24 });
    std::vector<std::int32_t> inputs = { make({ 1, side, side, m_rng.of({ 1, 3, 4, 8 }) }) };
    if (m_rng.percent(25))
        inputs.push_back(make({ 1, side, side, m_rng.of({ 2, 4, 8 }) }));
    const std::int32_t operators = 2 + m_rng.below(24);
    std::int32_t made = 0;
    for (std::int32_t tries = 0; made < operators && tries < operators * 8; ++tries) {
        const std::size_t in = pick(true);
        if (in == SIZE_MAX)
            break;
        // Twelve equally likely draws; convolutions and the element-wise operators twice.
        static constexpr std::array<bool (Zoo::*)(std::size_t), 12> kOperators
            = { &Zoo::conv, &Zoo::conv, &Zoo::depthwise, &Zoo::pool, &Zoo::binary, &Zoo::binary, &Zoo::concat,
                  &Zoo::split, &Zoo::pad, &Zoo::mean, &Zoo::unary, &Zoo::sometimesDense };
        const bool ok = (this->*kOperators[static_cast<std::size_t>(m_rng.below(12))])(in);
        made += ok ? 1 : 0;
    }
    // A classifier head on the newest tensor, or the newest tensor itself as the output.
    const std::size_t last = m_pool.size() - 1;
    if (m_rng.percent(40) && is4d(m_pool[last]) && m_pool[last].bytes <= 4096 && flattenDense(last))
        softmaxHead(m_pool.size() - 1);
    else if (m_rng.percent(30) && !is4d(m_pool[last]))
        softmaxHead(last);
    else
        m_outputs.push_back(m_pool[last].tensor);
    // Tensors nobody read: most become model outputs, the rest die where they are made.
    for (Activation& a : m_pool)
        if (!a.consumed && a.tensor != m_outputs.back()
            && std::find(inputs.begin(), inputs.end(), a.tensor) == inputs.end() && m_rng.percent(70))
            m_outputs.push_back(a.tensor);
    // An input nobody read still is a model input (TFLM allocates it).
    if (m_rng.percent(15))
        offlinePlan();
    m_builder.setIo(inputs, m_outputs);
    return m_builder.finish();
}

} // namespace

ProbeModel graphZooModel(std::uint32_t seed)
{
    char name[32];
    std::snprintf(name, sizeof name, "zoo_%03u.tflite", seed);
    return { name, Zoo(seed).build() };
}

const std::vector<ProbeModel>& graphZooModels()
{
    static const std::vector<ProbeModel> models = [] {
        std::vector<ProbeModel> all;
        for (std::uint32_t seed = 1; seed <= kGraphZooCount; ++seed)
            all.push_back(graphZooModel(seed));
        return all;
    }();
    return models;
}

} // namespace arenascope::test
