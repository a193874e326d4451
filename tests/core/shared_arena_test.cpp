// Several models in one arena (core/emulation/shared_arena.h, core/analysis/shared_arena_analysis.h)
// and `plan --shared-arena`: what carries from one interpreter to the next on one MicroAllocator,
// what a failure does to the tenants after it, the linear planner's never-reset state, and the
// command's answers to bad input. Real TFLM's figures: tests/fidelity/multitenant_test.cpp.

#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/analysis/shared_arena_analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"
#include "core/planner/linear_planner.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace arenascope {
namespace {

ModelPtr lessonModel(std::string_view id)
{
    for (const Lesson& l : lessons())
        if (l.id == id)
            return loadModelBytes(l.build(), std::string(id) + ".tflite").value();
    return nullptr;
}

ModelPtr example()
{
    return loadModelBytes(buildExampleModel(), "example.tflite").value();
}

TEST(SharedArena, OneTenantIsTheModelAlone)
{
    const ModelPtr m = example();
    const auto alone = emulate(*m, EmulationSettings {});
    const auto shared = emulateSharedArena(std::vector<Tenant> { { m, "example" } }, EmulationSettings {});
    ASSERT_TRUE(shared->ok);
    EXPECT_EQ(shared->arenaUsedBytes, alone->arenaUsedBytes);
    EXPECT_EQ(shared->headBytes, alone->headBytes);
    EXPECT_EQ(shared->tailBytes, alone->tailBytes);
    EXPECT_EQ(shared->tenants[0].result->events.size(), alone->events.size());
    const auto a = analyzeSharedArena({ { m, "example" } }, EmulationSettings {});
    EXPECT_EQ(a->minArenaBytes, analyze(m, EmulationSettings {})->minArenaBytes);
}

TEST(SharedArena, TailsAccumulateAndTheHeadHoldsTheLargestPlan)
{
    const ModelPtr small = example();
    const ModelPtr big = lessonModel("flash_vs_ram");
    const auto r
        = emulateSharedArena(std::vector<Tenant> { { small, "example" }, { big, "flash" } }, EmulationSettings {});
    ASSERT_TRUE(r->ok);
    const auto aloneSmall = emulate(*small, EmulationSettings {});
    const auto aloneBig = emulate(*big, EmulationSettings {});
    EXPECT_EQ(r->headBytes, std::max(aloneSmall->headBytes, aloneBig->headBytes));
    // The allocator's own objects are made once: the second tail adds less than it has alone.
    EXPECT_GT(r->tenants[1].tailAdded, 0u);
    EXPECT_LT(r->tenants[1].tailAdded, aloneBig->tailBytes);
    EXPECT_EQ(r->tenants[0].tailAfter + r->tenants[1].tailAdded, r->tailBytes);
    // Every event says whose it is, and the sequence runs across both.
    const auto events = r->events();
    ASSERT_FALSE(events.empty());
    EXPECT_EQ(events.front().tenant, 0);
    EXPECT_EQ(events.back().tenant, 1);
    for (std::size_t k = 1; k < events.size(); ++k)
        EXPECT_LT(events[k - 1].sequence, events[k].sequence);
}

TEST(SharedArena, AFailedTenantBlocksEveryTenantAfterIt)
{
    const std::vector<Tenant> t = { { example(), "example.tflite" }, { lessonModel("unregistered_op"), "unreg.tflite" },
        { example(), "again.tflite" } };
    const auto a = analyzeSharedArena(t, EmulationSettings {});
    const SharedArenaResult& m = *a->measured;
    EXPECT_EQ(m.tenants[0].status, TenantStatus::Ok);
    EXPECT_EQ(m.tenants[1].status, TenantStatus::Error);
    ASSERT_EQ(m.tenants[2].status, TenantStatus::Blocked);
    EXPECT_EQ(m.tenants[2].result->failure->message,
        "MicroAllocator: Model allocation started before finishing previously allocated model");
    EXPECT_EQ(m.tenants[2].result->failure->log.back(), "Failed starting model allocation.");
    EXPECT_EQ(a->requiredTenants, 1u);
    // The smallest arena is the first tenant's, which allocates as it would alone.
    EXPECT_EQ(a->minArenaBytes, analyze(t[0].model, EmulationSettings {})->minArenaBytes);
    EXPECT_EQ(a->verdict.breakingTenant, 1);
    EXPECT_FALSE(a->bestOrder); // no order is compared when a tenant fails at every size

    const auto first = analyzeSharedArena({ t[1], t[0] }, EmulationSettings {});
    EXPECT_EQ(first->requiredTenants, 0u);
    EXPECT_FALSE(first->minArenaBytes);
    EXPECT_EQ(first->verdict.kind, VerdictKind::CannotAllocate);
    EXPECT_NE(first->verdict.headline.find("unreg.tflite fails at every size"), std::string::npos);
}

TEST(SharedArena, TheLinearPlannerCarriesItsBuffersToTheNextModel)
{
    EmulationSettings s;
    s.planner = PlannerKind::Linear;
    const ModelPtr m = example();
    const auto alone = emulate(*m, s);
    const auto r = emulateSharedArena(std::vector<Tenant> { { m, "a" }, { m, "b" } }, s);
    ASSERT_TRUE(r->ok);
    // The second plan is the planner's running total: twice the first.
    EXPECT_EQ(r->tenants[1].planBytes, 2 * alone->planBytes);
    // Its tensors get the first model's offsets: the same offsets as alone.
    EXPECT_EQ(r->tenants[1].result->planned.front().offset, alone->planned.front().offset);
    ASSERT_FALSE(r->warnings.empty());
    EXPECT_NE(r->warnings.front().find("never reset"), std::string::npos);
}

TEST(SharedArena, TheLinearPlannersBufferLimitCountsEveryModel)
{
    EmulationSettings s;
    s.planner = PlannerKind::Linear;
    // 401 buffers each: the third model passes LinearMemoryPlanner's 1,024 (kMaxBufferCount).
    ASSERT_EQ(kLinearMaxBuffers, 1024);
    const ModelPtr chain = loadModelBytes(buildOutputsModel(400), "outputs400").value();
    const auto r = emulateSharedArena(std::vector<Tenant> { { chain, "a" }, { chain, "b" }, { chain, "c" } }, s);
    EXPECT_EQ(r->tenants[0].status, TenantStatus::Ok);
    EXPECT_EQ(r->tenants[1].status, TenantStatus::Ok);
    ASSERT_EQ(r->tenants[2].status, TenantStatus::Error);
    EXPECT_EQ(r->tenants[2].result->failure->message, "Too many buffers (max is 1024)");
}

TEST(SharedArenaCli, JsonNamesEveryTenant)
{
    const std::string example = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    const std::string flash = std::string(ARENASCOPE_SOURCE_DIR) + "/models/lessons/flash_vs_ram.tflite";
    const auto r = test::arenascope({ "plan", example, flash, "--shared-arena", "--arena-size", "1000", "--json" });
    EXPECT_EQ(r.exitCode, 1) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["fits"], false);
    ASSERT_EQ(j["tenants"].size(), 2u);
    EXPECT_EQ(j["tenants"][0]["status"], "error");
    EXPECT_EQ(j["tenants"][1]["status"], "blocked");
    EXPECT_TRUE(j["min_arena_bytes"].is_number());
    EXPECT_TRUE(j["failure"].is_object());
    EXPECT_EQ(j["failing_tenant"], 0);
}

TEST(SharedArenaCli, BadInputIsRefusedWithAReason)
{
    const std::string example = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    auto r = test::arenascope(
        { "plan", example, example, "--shared-arena", "--config", "tflm=10ebaab9", "--config", "tflm=90b983c2" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("one firmware"), std::string::npos) << r.out;
    std::vector<std::string> many = { "plan", "--shared-arena" };
    for (int i = 0; i < 101; ++i)
        many.push_back(example);
    r = test::arenascope(many);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("at most 100 models"), std::string::npos) << r.out;
    r = test::arenascope({ "plan", example, example, "--shared-arena", "--table", "md" });
    EXPECT_EQ(r.exitCode, 2);
    // The same file twice is legal: each interpreter has its own state.
    r = test::arenascope({ "plan", example, example, "--shared-arena" });
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("the same model file more than once"), std::string::npos) << r.out;
}

TEST(SharedArenaCli, BaselineCheckHeaderAndCompareTakeAGroup)
{
    const std::string dir = std::string(ARENASCOPE_SOURCE_DIR) + "/models/lessons/";
    const std::string planner = dir + "shared_arena_planner.tflite";
    const std::string state = dir + "shared_arena_state.tflite";
    const auto tmp = std::filesystem::temp_directory_path() / "arenascope_shared_arena_cli";
    std::filesystem::create_directories(tmp);
    const std::string baseline = (tmp / "baseline.json").string();
    auto r = test::arenascope({ "baseline", planner, state, "--shared-arena", "--out", baseline });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto doc = nlohmann::json::parse(test::readFile(baseline));
    ASSERT_EQ(doc["entries"].size(), 1u);
    EXPECT_EQ(doc["entries"][0]["shared_arena"].size(), 2u);
    EXPECT_EQ(doc["entries"][0]["min_arena_bytes"], 57356);
    r = test::arenascope({ "check", "--baseline", baseline });
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("57,356 B | 57,356 B"), std::string::npos) << r.out;
    const std::string header = (tmp / "group_arena.h").string();
    r = test::arenascope({ "header", planner, state, "--shared-arena", "--out", header, "--name", "group" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto text = test::readFile(header);
    EXPECT_NE(std::string(text.begin(), text.end()).find("#define GROUP_ARENA_MIN_BYTES 57356u"), std::string::npos);
    r = test::arenascope({ "compare", planner, state, "--shared-arena" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("+23,900 B"), std::string::npos) << r.out;
    r = test::arenascope({ "compare", planner, state, "--shared-arena", "--b-order", "1,1" });
    EXPECT_EQ(r.exitCode, 2) << r.out;
    std::filesystem::remove_all(tmp);
}

} // namespace
} // namespace arenascope
