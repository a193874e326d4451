// buildChainModel: loadable, consistent shapes, emulates on both targets, and the memory plan
// never puts two simultaneously live buffers on the same bytes.
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace arenascope {
namespace {

constexpr std::uint32_t kSeed = 1;

ModelPtr loadChain(int operators, std::uint32_t seed = kSeed)
{
    auto loaded = loadModelBytes(buildChainModel(operators, seed), "chain-" + std::to_string(operators));
    if (!loaded)
        ADD_FAILURE() << describe(loaded.error());
    return loaded ? loaded.value() : nullptr;
}

// Planned buffers sorted by first scope; each one against those that start before it ends.
void expectNoLiveOverlap(const EmulationResult& r)
{
    std::vector<const PlannedBuffer*> order;
    for (const PlannedBuffer& b : r.planned)
        order.push_back(&b);
    std::sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    for (std::size_t i = 0; i < order.size(); ++i) {
        const PlannedBuffer& a = *order[i];
        ASSERT_GE(a.offset, 0);
        EXPECT_LE(static_cast<std::uint64_t>(a.offset) + a.alignedBytes, static_cast<std::uint64_t>(r.planBytes));
        for (std::size_t j = i + 1; j < order.size() && order[j]->first <= a.last; ++j) {
            const PlannedBuffer& b = *order[j];
            const bool apart = a.offset + static_cast<std::int64_t>(a.alignedBytes) <= b.offset
                || b.offset + static_cast<std::int64_t>(b.alignedBytes) <= a.offset;
            EXPECT_TRUE(apart) << "tensors " << a.tensor << " [" << a.first << ", " << a.last << "] @" << a.offset
                               << " and " << b.tensor << " [" << b.first << ", " << b.last << "] @" << b.offset;
        }
    }
}

class ChainModel : public ::testing::TestWithParam<int> { };

TEST_P(ChainModel, LoadsWithTheRequestedOperatorMix)
{
    const int operators = GetParam();
    const ModelPtr model = loadChain(operators);
    ASSERT_TRUE(model);
    ASSERT_EQ(model->subgraphs().size(), 1u);
    const Subgraph& sg = model->subgraphs()[0];
    ASSERT_EQ(sg.operators.size(), static_cast<std::size_t>(operators));
    EXPECT_EQ(sg.operators.back().displayName(), "FULLY_CONNECTED");
    std::set<std::string> kinds;
    for (const Operator& op : sg.operators)
        kinds.insert(op.displayName());
    EXPECT_EQ(kinds, (std::set<std::string> { "ADD", "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED" }));
}

TEST_P(ChainModel, ShapesAreConsistent)
{
    const ModelPtr model = loadChain(GetParam());
    ASSERT_TRUE(model);
    const Subgraph& sg = model->subgraphs()[0];
    auto shape = [&](std::int32_t t) { return sg.tensors[static_cast<std::size_t>(t)].shape; };
    for (const Operator& op : sg.operators) {
        const auto in = shape(op.inputs[0]);
        const auto out = shape(op.outputs[0]);
        const std::string kind = op.displayName();
        SCOPED_TRACE(kind + " operator " + std::to_string(op.id.value));
        if (kind == "ADD") {
            EXPECT_EQ(in, shape(op.inputs[1]));
            EXPECT_EQ(in, out);
        } else if (kind == "CONV_2D") {
            const auto filter = shape(op.inputs[1]);
            EXPECT_EQ(filter[3], in[3]);
            EXPECT_EQ(filter[0], out[3]);
            EXPECT_EQ(shape(op.inputs[2]), std::vector<std::int32_t> { out[3] });
        } else if (kind == "DEPTHWISE_CONV_2D") {
            EXPECT_EQ(shape(op.inputs[1])[3], in[3]);
            EXPECT_EQ(in[3], out[3]);
        } else {
            ASSERT_EQ(kind, "FULLY_CONNECTED");
            EXPECT_EQ(shape(op.inputs[1])[1], in[1] * in[2] * in[3]);
        }
        if (kind != "FULLY_CONNECTED") {
            ASSERT_EQ(in.size(), 4u);
            ASSERT_EQ(out.size(), 4u);
            EXPECT_TRUE(out[1] == in[1] || out[1] == (in[1] + 1) / 2) << in[1] << " -> " << out[1];
        }
    }
}

TEST_P(ChainModel, EmulatesWithoutOverlappingLiveBuffers)
{
    const ModelPtr model = loadChain(GetParam());
    ASSERT_TRUE(model);
    for (TargetKind target : { TargetKind::CortexM, TargetKind::X86_64 }) {
        SCOPED_TRACE(std::string(targetName(target)));
        EmulationSettings settings;
        settings.target = target;
        const EmulationResultPtr r = emulate(*model, settings);
        ASSERT_TRUE(r->ok) << (r->failure ? r->failure->message : std::string("no failure recorded"));
        EXPECT_FALSE(r->planned.empty());
        expectNoLiveOverlap(*r);
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, ChainModel, ::testing::Values(10, 200, 2000),
    [](const ::testing::TestParamInfo<int>& p) { return std::to_string(p.param) + "ops"; });

TEST(ChainModel, IsDeterministicAndSeeded)
{
    EXPECT_EQ(buildChainModel(200, 7), buildChainModel(200, 7));
    EXPECT_NE(buildChainModel(200, 7), buildChainModel(200, 8));
}

TEST(ChainModel, SmallCountsStillLoad)
{
    for (int operators : { -3, 0, 1, 2, 3, 4, 5 }) {
        const ModelPtr model = loadChain(operators);
        ASSERT_TRUE(model) << operators;
        EXPECT_EQ(model->operatorCount(), static_cast<std::size_t>(std::max(operators, 1)));
        EXPECT_TRUE(emulate(*model, EmulationSettings {})->ok) << operators;
    }
}

} // namespace
} // namespace arenascope
