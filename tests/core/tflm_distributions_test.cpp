// TFLM distributions by name (core/emulation/tflm_distributions.h): how names resolve, and that
// the table's claims hold against the dated changes it is built on: a distribution said to be
// exact has no dated change between its commit and its snapshot, and one that is not names
// every such change its builds see.
#include "core/emulation/tflm_changes.h"
#include "core/emulation/tflm_distributions.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <set>

namespace arenascope {
namespace {

TEST(TflmDistributions, NamesResolveInAnyCaseWithAVersionV)
{
    for (const char* name :
        { "zephyr-4.4", "Zephyr-4.4", "ZEPHYR-v4.4", "zephyr-V4.4", "zephyr_4.4", "zephyr-4.4.0" }) {
        const TflmResolution r = resolveTflm(name);
        ASSERT_TRUE(r.version) << name;
        EXPECT_EQ(*r.version, TflmVersion::V2026_08) << name;
        ASSERT_NE(r.distribution, nullptr) << name;
        EXPECT_EQ(r.distribution->name, "zephyr-4.4") << name;
    }
    EXPECT_EQ(resolveTflm("esp-tflite-micro-v1.3.5").version, TflmVersion::V2025_11);
    EXPECT_EQ(resolveTflm("Arduino").version, TflmVersion::V2023_02);
    EXPECT_EQ(resolveTflm("zephyr-3.7").version, TflmVersion::V2024_05);
    EXPECT_EQ(resolveTflm("pico").distribution->name, "pico-tflmicro"); // a unique prefix
    // Snapshots keep resolving, with no distribution.
    EXPECT_EQ(resolveTflm("B8C7ECC1").version, TflmVersion::V2025_11);
    EXPECT_EQ(resolveTflm("b8c7ecc1").distribution, nullptr);
    EXPECT_EQ(resolveTflm("newest").version, kNewestTflm);
}

TEST(TflmDistributions, AnAmbiguousPrefixGivesTheCandidates)
{
    const TflmResolution zephyr4 = resolveTflm("zephyr-4");
    EXPECT_FALSE(zephyr4.version);
    EXPECT_EQ(std::set<std::string_view>(zephyr4.candidates.begin(), zephyr4.candidates.end()),
        (std::set<std::string_view> { "zephyr-4.0", "zephyr-4.1", "zephyr-4.2", "zephyr-4.3", "zephyr-4.4" }));
    // An exact name wins over the longer names it starts.
    EXPECT_EQ(resolveTflm("esp-tflite-micro-1.3.3").distribution->name, "esp-tflite-micro-1.3.3");
    EXPECT_FALSE(resolveTflm("esp-tflite-micro-1.3").version);
    EXPECT_GT(resolveTflm("esp-tflite-micro-1.3").candidates.size(), 1U);
    const TflmResolution unknown = resolveTflm("zephyr-9.9");
    EXPECT_FALSE(unknown.version);
    EXPECT_TRUE(unknown.candidates.empty());
    EXPECT_FALSE(resolveTflm("").version);
}

TEST(TflmDistributions, EveryNameTheIssueListsIsThere)
{
    for (const char* name :
        { "zephyr-3.7", "zephyr-4.0", "zephyr-4.1", "zephyr-4.2", "zephyr-4.3", "zephyr-4.4", "esp-tflite-micro-1.3.1",
            "esp-tflite-micro-1.3.2", "esp-tflite-micro-1.3.3", "esp-tflite-micro-1.3.3.1", "esp-tflite-micro-1.3.4",
            "esp-tflite-micro-1.3.5", "esp-tflite-micro-1.3.7", "esp-tflite-micro-1.3.8", "arduino", "pico-tflmicro",
            "nxp-mcux-25.09", "infineon-3.3", "infineon-3.4", "arm-mlek-24.11", "himax-2412" })
        EXPECT_NE(findTflmDistribution(name), nullptr) << name;
}

// The claims of the table against the dated changes: every change between a distribution's
// commit and its snapshot that its builds see is named in `differs` (by commit); an exact one
// has none. ESP distributions build no CMSIS-NN, the others no ESP-NN.
TEST(TflmDistributions, WhatDiffersNamesEveryDatedChangeBetween)
{
    for (const TflmDistribution& d : tflmDistributions()) {
        SCOPED_TRACE(std::string(d.name));
        EXPECT_EQ(d.upstream.size(), 9U);
        EXPECT_FALSE(d.evidence.empty());
        EXPECT_EQ(d.name.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ "), std::string_view::npos);
        const std::string_view snapshotDate = tflmVersionInfo(d.snapshot).date;
        const auto [from, to] = std::minmax(d.upstreamDate, snapshotDate);
        const bool esp = d.name.rfind("esp-tflite-micro", 0) == 0;
        for (const TflmChangeInfo& c : tflmChanges()) {
            if (!(c.date > from && c.date <= to))
                continue;
            if ((c.scope == ChangeScope::CmsisNnOnly && esp) || (c.scope == ChangeScope::EspNnOnly && !esp))
                continue;
            EXPECT_FALSE(d.exact()) << c.commit << " lies between, yet the distribution is said to be exact";
            EXPECT_NE(d.differs.find(c.commit), std::string_view::npos) << c.commit << " is not named";
        }
    }
}

TEST(TflmDistributions, ListAndLabels)
{
    const std::string list = tflmDistributionList();
    for (const TflmDistribution& d : tflmDistributions())
        EXPECT_NE(list.find(std::string(d.name)), std::string::npos) << d.name;
    EXPECT_NE(list.find("b8c7ecc1"), std::string::npos);
    EXPECT_EQ(tflmDistributionLabel(*findTflmDistribution("zephyr-3.7")), "Zephyr 3.7 LTS (= 71fba59b)");
    EXPECT_EQ(tflmDistributionLabel(*findTflmDistribution("zephyr-4.4")), "Zephyr 4.4 (~ 90b983c2)");
}

TEST(TflmDistributions, CommandLine)
{
    const std::string model = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    const auto list = test::arenascope({ "--tflm", "list" });
    EXPECT_EQ(list.exitCode, 0);
    EXPECT_NE(list.out.find("pico-tflmicro = 10ebaab9"), std::string::npos) << list.out;
    const auto ambiguous = test::arenascope({ "plan", model, "--tflm", "zephyr-4" });
    EXPECT_EQ(ambiguous.exitCode, 2);
    EXPECT_NE(ambiguous.out.find("which one?"), std::string::npos) << ambiguous.out;
    const auto unknown = test::arenascope({ "plan", model, "--tflm", "zephyr-9.9" });
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.out.find("arm-mlek-24.11"), std::string::npos) << unknown.out;
    const auto named = test::arenascope({ "plan", model, "--tflm", "Zephyr-v3.7", "--json" });
    EXPECT_EQ(named.exitCode, 0) << named.out;
    EXPECT_NE(named.out.find("\"tflm\": \"71fba59b\""), std::string::npos) << named.out;
    EXPECT_NE(named.out.find("\"tflm_distribution\": \"zephyr-3.7\""), std::string::npos) << named.out;
    // The configuration key takes the names, and a board its usual distribution.
    const auto config = test::arenascope({ "plan", model, "--config", "tflm=arduino", "--json" });
    EXPECT_NE(config.out.find("\"tflm\": \"4e62ea7b\""), std::string::npos) << config.out;
    const auto board = test::arenascope({ "plan", model, "--board", "rpi-pico", "--json" });
    EXPECT_NE(board.out.find("\"tflm_distribution\": \"pico-tflmicro\""), std::string::npos) << board.out;
    const auto kept = test::arenascope({ "plan", model, "--tflm", "90b983c2", "--board", "rpi-pico", "--json" });
    EXPECT_NE(kept.out.find("\"tflm\": \"90b983c2\""), std::string::npos) << kept.out;
}

} // namespace
} // namespace arenascope
