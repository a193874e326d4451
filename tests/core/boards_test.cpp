// Boards and what the other builds need, as a user reaches them: `--board NAME` is exactly the
// board's target, kernels and CPU; `plan --json`'s alternatives each equal `plan` under their
// configuration.
#include "test_support.h"

#include "core/analysis/alternatives.h"
#include "core/emulation/boards.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

namespace arenascope {
namespace {

using test::arenascope;

std::string example()
{
    return std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
}

TEST(Boards, EveryRowIsABuildArenaScopeEmulatesWithItsDatasheetRam)
{
    std::set<std::string_view> ids;
    for (const Board& b : boards()) {
        SCOPED_TRACE(std::string(b.id));
        EXPECT_TRUE(ids.insert(b.id).second) << "unique ids";
        EXPECT_GT(b.ramBytes, 0u);
        EXPECT_FALSE(b.ramSource.empty());
        EXPECT_FALSE(b.distribution.empty());
        const EmulationSettings s = withBoard(b, EmulationSettings {});
        EXPECT_TRUE(settingsConflict(s).empty()) << settingsConflict(s);
        EXPECT_EQ(findBoard(b.id), &b);
    }
    EXPECT_GE(ids.size(), 10u);
    EXPECT_EQ(findBoard("no-such-board"), nullptr);
}

TEST(Boards, BoardOptionEqualsItsSettings)
{
    const auto viaBoard = arenascope({ "plan", example(), "--board", "arduino-nano-33-ble-sense", "--json" });
    const auto viaOptions = arenascope({ "plan", example(), "--tflm", "arduino", "--target", "cortex-m", "--kernels",
        "cmsis-nn", "--cpu", "cortex-m4", "--json" });
    ASSERT_EQ(viaBoard.exitCode, 0) << viaBoard.out;
    EXPECT_EQ(viaBoard.out, viaOptions.out);
    const auto esp = arenascope({ "plan", example(), "--config", "board=esp32-s3-devkitc-1", "--json" });
    const auto espOptions = arenascope({ "plan", example(), "--tflm", "esp-tflite-micro-1.3.8", "--kernels", "esp-nn",
        "--chip", "esp32s3", "--json" });
    EXPECT_EQ(esp.out, espOptions.out);
    const auto unknown = arenascope({ "plan", example(), "--board", "nano" });
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.out.find("unknown board 'nano'"), std::string::npos);
    EXPECT_NE(unknown.out.find("arduino-nano-33-ble-sense"), std::string::npos) << "lists the boards";
    const auto list = arenascope({ "--board", "list" });
    EXPECT_EQ(list.exitCode, 0);
    for (const Board& b : boards())
        EXPECT_NE(list.out.find(std::string(b.id)), std::string::npos);
}

TEST(Alternatives, EachEqualsPlanUnderItsConfiguration)
{
    const auto shown = arenascope({ "plan", example(), "--json" });
    ASSERT_EQ(shown.exitCode, 0);
    const auto j = nlohmann::json::parse(shown.out);
    const auto shownMin = j.at("min_arena_bytes").get<std::int64_t>();
    const auto& alts = j.at("alternatives");
    ASSERT_GE(alts.size(), 6u);
    std::int64_t previous = INT64_MAX;
    for (const auto& a : alts) {
        const std::string config = a.at("config").get<std::string>();
        const auto other = nlohmann::json::parse(arenascope({ "plan", example(), "--config", config, "--json" }).out);
        EXPECT_EQ(a.at("min_arena_bytes"), other.at("min_arena_bytes")) << config;
        EXPECT_EQ(a.at("delta_bytes").get<std::int64_t>(), other.at("min_arena_bytes").get<std::int64_t>() - shownMin);
        EXPECT_LE(std::llabs(a.at("delta_bytes").get<std::int64_t>()), previous) << "largest difference first";
        previous = std::llabs(a.at("delta_bytes").get<std::int64_t>());
        EXPECT_NE(config, "target=cortex-m,kernels=reference,planner=greedy,interpreter=plain") << "not the shown one";
    }
}

TEST(Alternatives, KeepTheShownPlannerAndCoverEveryBuildClass)
{
    EmulationSettings shown;
    shown.planner = PlannerKind::Linear;
    shown.resourceVariables = 3;
    const auto settings = alternativeSettings(shown);
    std::set<std::string> builds;
    for (const EmulationSettings& s : settings) {
        EXPECT_EQ(s.planner, PlannerKind::Linear);
        EXPECT_EQ(s.resourceVariables, 3u);
        EXPECT_FALSE(s.arenaSize);
        builds.insert(std::string(targetName(s.target)) + "/" + std::string(kernelSetName(s.kernels)));
    }
    EXPECT_EQ(settings.size(), 7u); // 2 other reference targets, 3 CMSIS-NN classes, 2 ESP-NN families
    EXPECT_TRUE(builds.count("x86_64/reference"));
    EXPECT_TRUE(builds.count("cortex-m/cmsis-nn"));
    EXPECT_TRUE(builds.count("ilp32/esp-nn"));
}

} // namespace
} // namespace arenascope
