// The command line as a user runs it: device options shared by plan/report/optimize, help on
// every subcommand, unknown commands, and TFLM's published device figure from `plan --json`.
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace arenascope {
namespace {

using test::arenascope;
using test::CliResult;

std::string example()
{
    return std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
}

// `report` draws images with Qt: a build without the UI (the sanitizer preset) has no report.
std::vector<const char*> subcommands()
{
    std::vector<const char*> subs = { "plan", "info", "optimize", "make-example", "solve" };
    if (ARENASCOPE_CLI_HAS_REPORT)
        subs.push_back("report");
    return subs;
}

TEST(CliSettings, HelpOnEverySubcommandExitsZero)
{
    for (const char* sub : subcommands()) {
        const CliResult r = arenascope({ sub, "--help" });
        EXPECT_EQ(r.exitCode, 0) << sub << ": " << r.out;
        EXPECT_NE(r.out.find("usage"), std::string::npos) << sub;
    }
    const CliResult top = arenascope({ "--help" });
    EXPECT_EQ(top.exitCode, 0);
    for (const char* sub : subcommands())
        EXPECT_NE(top.out.find(std::string("arenascope ") + sub), std::string::npos) << sub;
}

TEST(CliSettings, UnknownCommandIsAnErrorNotAnAppLaunch)
{
    const CliResult r = arenascope({ "plna", "model.tflite" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("unknown command 'plna'"), std::string::npos) << r.out;
}

TEST(CliSettings, CmsisNnNeedsTheCortexMTarget)
{
    const CliResult r = arenascope({ "plan", example(), "--kernels", "cmsis-nn", "--target", "x86_64" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("CMSIS-NN kernels are built only for Cortex-M"), std::string::npos) << r.out;
    EXPECT_EQ(arenascope({ "plan", example(), "--cpu", "cortex-m99" }).exitCode, 2);
    EXPECT_EQ(arenascope({ "plan", example(), "--resource-variables", "-1" }).exitCode, 2);
    EXPECT_EQ(arenascope({ "plan", example(), "--target", "ilp32" }).exitCode, 0);
}

TEST(CliSettings, ReportTakesTheSameOptionsAsPlan)
{
    if (!ARENASCOPE_CLI_HAS_REPORT)
        GTEST_SKIP() << "built without the UI: no report subcommand";
    const CliResult r = arenascope(
        { "report", example(), "--out", "/nonexistent-dir-for-test/x", "--non-persistent-arena-size", "bogus" });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("--non-persistent-arena-size takes a byte count"), std::string::npos) << r.out;
}

// TFLM's benchmarking README: person_detect on a Corstone-300 (Cortex-M4, arm-none-eabi-gcc,
// CMSIS-NN), recording allocator, 100 resource variables: Total 84,436, NonPersistent 55,296,
// Persistent 29,140, and the RecordedAllocationType table.
TEST(CliSettings, PlanJsonReproducesThePublishedCorstone300Table)
{
    ARENASCOPE_REQUIRE_SHARED();
    const CliResult r = arenascope(
        { "plan", (test::sharedModelsDir() / "person_detect.tflite").string(), "--target", "cortex-m", "--kernels",
            "cmsis-nn", "--cpu", "cortex-m4", "--interpreter", "recording", "--resource-variables", "100", "--json" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("arena_used_bytes"), 84436);
    EXPECT_EQ(j.at("head_bytes"), 55296);
    EXPECT_EQ(j.at("tail_bytes"), 29140);
    const auto& rec = j.at("recording");
    auto row = [&](const char* name) {
        const auto& c = rec.at(name);
        return std::array<std::uint64_t, 3> { c.at("requested"), c.at("used"), c.at("count") };
    };
    EXPECT_EQ(row("TfLiteEvalTensorData"), (std::array<std::uint64_t, 3> { 1068, 1068, 89 }));
    EXPECT_EQ(row("PersistentTfLiteTensorData"), (std::array<std::uint64_t, 3> { 64, 64, 2 }));
    EXPECT_EQ(row("PersistentTfLiteTensorQuantizationData"), (std::array<std::uint64_t, 3> { 40, 40, 4 }));
    EXPECT_EQ(row("PersistentBufferData"), (std::array<std::uint64_t, 3> { 25704, 25872, 90 }));
    EXPECT_EQ(row("NodeAndRegistrationArray"), (std::array<std::uint64_t, 3> { 992, 992, 31 }));
}

} // namespace
} // namespace arenascope

namespace arenascope {
namespace {

TEST(CliCompare, TwoSettingsOfOneModelSideBySide)
{
    const CliResult r = arenascope({ "compare", example(), "--b-target", "x86_64", "--json" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("a"), "cortex-m");
    EXPECT_EQ(j.at("b"), "x86_64");
    const auto& smallest = j.at("rows").at(0);
    EXPECT_EQ(smallest.at("quantity"), "smallest arena");
    EXPECT_GT(smallest.at("delta_bytes").get<long long>(), 0); // a 64-bit host needs more
    EXPECT_EQ(smallest.at("delta_bytes").get<long long>(),
        smallest.at("b_bytes").get<long long>() - smallest.at("a_bytes").get<long long>());
}

TEST(CliCompare, OperatorOrderBeforeAndAfter)
{
    // The lesson whose branches the stored order runs one after the other.
    const std::string lesson = std::string(ARENASCOPE_SOURCE_DIR) + "/models/lessons/reorder_branches.tflite";
    const CliResult r = arenascope({ "compare", lesson, "--b-reorder", "--json" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("a"), "reorder_branches.tflite");
    EXPECT_EQ(j.at("b"), "reorder_branches_reordered.tflite");
    bool head = false;
    for (const auto& row : j.at("rows"))
        if (row.at("quantity") == "head") {
            head = true;
            EXPECT_EQ(row.at("a_bytes"), 17408); // README: 17,408 B -> 9,728 B
            EXPECT_EQ(row.at("b_bytes"), 9728);
        }
    EXPECT_TRUE(head) << r.out;
    // Nothing to gain: B runs the stored order, and says so.
    const CliResult same = arenascope({ "compare", example(), "--b-reorder" });
    EXPECT_EQ(same.exitCode, 0);
    EXPECT_NE(same.out.find("B runs the stored order"), std::string::npos) << same.out;
}

TEST(CliCompare, TwoModelsAndBadInput)
{
    const std::string lesson = std::string(ARENASCOPE_SOURCE_DIR) + "/models/lessons/flash_vs_ram.tflite";
    const CliResult r = arenascope({ "compare", example(), lesson });
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("example_kws_int8.tflite"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("flash_vs_ram.tflite"), std::string::npos);
    EXPECT_EQ(arenascope({ "compare" }).exitCode, 2);
    EXPECT_EQ(arenascope({ "compare", example(), "--b-kernels", "fast" }).exitCode, 2);
    EXPECT_EQ(arenascope({ "compare", "/nonexistent.tflite" }).exitCode, 2);
}

} // namespace
} // namespace arenascope
