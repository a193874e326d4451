// Operator reordering: a valid order with a lower peak is found, written and proven.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/analysis/reorder.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace arenascope {
namespace {

ModelPtr lessonModel(std::string_view id)
{
    for (const Lesson& l : lessons())
        if (l.id == id)
            return loadModelBytes(l.build(), std::string(id)).value();
    return nullptr;
}

// Every operator's inputs produced by an earlier operator in `m`.
bool topological(const Model& m)
{
    std::set<std::int32_t> produced;
    const Subgraph& sg = m.subgraphs()[0];
    std::set<std::int32_t> outputs;
    for (const Operator& o : sg.operators)
        outputs.insert(o.outputs.begin(), o.outputs.end());
    for (const Operator& o : sg.operators) {
        for (std::int32_t t : o.inputs)
            if (outputs.count(t) && !produced.count(t))
                return false;
        produced.insert(o.outputs.begin(), o.outputs.end());
    }
    return true;
}

TEST(Reorder, TheLessonModelHalvesItsPeakAndTheWrittenModelProvesIt)
{
    const ModelPtr m = lessonModel("reorder_branches");
    ASSERT_TRUE(m);
    auto r = reorderOperators(*m, EmulationSettings {});
    ASSERT_TRUE(r) << describe(r.error());
    const ReorderResult& re = r.value();
    EXPECT_TRUE(re.exact);
    ASSERT_TRUE(re.improved());
    EXPECT_EQ(re.peakBefore, 17408u);
    EXPECT_EQ(re.peakAfter, 9728u);
    auto written = loadModelBytes(re.modelBytes, "reordered.tflite");
    ASSERT_TRUE(written);
    EXPECT_TRUE(topological(*written.value()));
    // Nothing but the order changed.
    EXPECT_EQ(written.value()->tensorCount(), m->tensorCount());
    EXPECT_EQ(written.value()->operatorCount(), m->operatorCount());
    const auto after = analyze(written.value(), EmulationSettings {});
    EXPECT_EQ(after->lowerBoundBytes, re.peakAfter);
    EXPECT_EQ(static_cast<std::int64_t>(after->measured->planBytes), re.headAfter);
    EXPECT_LT(*re.minArenaAfter, *re.minArenaBefore);
}

TEST(Reorder, AChainHasNothingToGain)
{
    auto m = loadModelBytes(buildExampleModel(), "example.tflite");
    auto r = reorderOperators(*m.value(), EmulationSettings {});
    ASSERT_TRUE(r);
    EXPECT_FALSE(r.value().improved());
    EXPECT_TRUE(r.value().modelBytes.empty());
}

TEST(Reorder, LargeModelsUseAValidGreedyOrder)
{
    auto m = loadModelBytes(buildChainModel(40, 7), "chain.tflite");
    ASSERT_TRUE(m);
    auto r = reorderOperators(*m.value(), EmulationSettings {});
    ASSERT_TRUE(r) << describe(r.error());
    EXPECT_FALSE(r.value().exact);
    EXPECT_LE(r.value().peakAfter, r.value().peakBefore);
    std::vector<std::int32_t> sorted = r.value().order;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t k = 0; k < sorted.size(); ++k)
        EXPECT_EQ(sorted[k], static_cast<std::int32_t>(k));
}

TEST(Reorder, RefusesControlFlowAndOfflinePlans)
{
    auto flow = reorderOperators(*lessonModel("control_flow"), EmulationSettings {});
    ASSERT_FALSE(flow);
    EXPECT_NE(flow.error().message.find("single-subgraph"), std::string::npos);
    auto offline = reorderOperators(*lessonModel("offline_plan"), EmulationSettings {});
    ASSERT_FALSE(offline);
    EXPECT_NE(offline.error().message.find("offline memory plan"), std::string::npos);
}

} // namespace
} // namespace arenascope
