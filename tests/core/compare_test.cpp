// Two configurations side by side (core/analysis/compare.h); the CLI's compare is tested in
// cli_settings_test.cpp.
#include "core/analysis/analysis.h"
#include "core/analysis/compare.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace arenascope {
namespace {

TEST(Compare, SaysHowFarAGivenArenaIsFromWorking)
{
    auto model = loadModelFile(ARENASCOPE_SOURCE_DIR "/models/example_kws_int8.tflite").value();
    const auto measured = analyze(model, EmulationSettings {});
    ASSERT_TRUE(measured->minArenaBytes);
    EmulationSettings fits, shortBy16;
    fits.arenaSize = *measured->minArenaBytes;
    shortBy16.arenaSize = *measured->minArenaBytes - 16;
    const Comparison c = compareAnalyses(*analyze(model, fits), *analyze(model, shortBy16));
    const auto row = std::find_if(
        c.rows.begin(), c.rows.end(), [](const CompareRow& r) { return r.quantity == "short of the smallest arena"; });
    ASSERT_NE(row, c.rows.end());
    EXPECT_EQ(row->a, 0u);
    EXPECT_EQ(row->b, 16u);
    // No size given on either side: no such row.
    const Comparison none = compareAnalyses(*measured, *measured);
    for (const CompareRow& r : none.rows)
        EXPECT_NE(r.quantity, "short of the smallest arena");
}

} // namespace
} // namespace arenascope
