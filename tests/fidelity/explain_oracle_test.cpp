// `explain` on logs real TFLM printed: the oracle's and the project's measured figures hold, for
// every model and build, what TFLM printed one byte below its smallest arena (min_fail_log) and
// the first error at sizes further below (monotonic_probe). For a sample of them, explaining the
// log with the model must name the build that printed it among its matches, with the arena size
// it had, and say that build needs TFLM's own smallest arena. No hint is given: the whole
// configuration space is searched. Sampled (every n-th case) to keep CI time small.
#include "oracle_cases.h"

#include "../core/test_support.h"

#include "core/devicelog/explainer.h"
#include "core/devicelog/log_parser.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/report/explain_report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace arenascope::test {
namespace {

using nlohmann::json;

// How many oracle cases the test walks (spread over the whole list, so every group is sampled).
constexpr std::size_t kSampled = 24;

bool sameBuild(const EmulationSettings& m, const EmulationSettings& s)
{
    return m.tflm == s.tflm && m.target == s.target && m.kernels == s.kernels && m.coProcessor == s.coProcessor
        && (m.kernels != KernelSet::CmsisNn || m.cpuExtension() == s.cpuExtension())
        && (m.kernels != KernelSet::EspNn || (espNnFamily(m.espChip) == espNnFamily(s.espChip) && m.espNn == s.espNn))
        && m.effectivePlanner() == s.effectivePlanner() && m.effectiveInterpreter() == s.effectiveInterpreter()
        && m.resourceVariables == s.resourceVariables;
}

const ExplainMatch* matchFor(const ExplainResult& r, const EmulationSettings& s)
{
    for (const ExplainMatch& m : r.matches) {
        if (sameBuild(m.settings, s))
            return &m;
        for (const EmulationSettings& a : m.alike)
            if (sameBuild(a, s))
                return &m;
    }
    return nullptr;
}

struct RealLog {
    std::string text;
    std::uint64_t size = 0;
};

// The logs of one case TFLM printed at known sizes: below the minimum, and the deepest probe
// whose first error is TFLM's (not the harness's note of a crash).
std::vector<RealLog> realLogs(const json& ref)
{
    std::vector<RealLog> out;
    if (ref.contains("min_fail_log") && ref.contains("min_arena_bytes"))
        out.push_back(
            { ref.at("min_fail_log").get<std::string>(), ref.at("min_arena_bytes").get<std::uint64_t>() - 1 });
    if (ref.contains("monotonic_probe"))
        for (const auto& p : ref.at("monotonic_probe").at("probes"))
            if (!p.at("ok").get<bool>() && !p.contains("crash") && p.contains("first_error")
                && p.at("first_error").get<std::string>().rfind("[harness:", 0) != 0) {
                out.push_back({ p.at("first_error").get<std::string>() + "\nAllocateTensors() failed\n",
                    p.at("size").get<std::uint64_t>() });
                break;
            }
    return out;
}

TEST(ExplainRealTflmLogs, NamesTheBuildAndSizeThatPrintedThem)
{
    const std::vector<OracleCase>& cases = oracleCases();
    if (sharedDir().empty())
        std::cout << "../shared is absent: only the project's own measured logs are walked\n";
    ASSERT_FALSE(cases.empty());
    const std::size_t step = std::max<std::size_t>(1, cases.size() / kSampled);
    std::size_t explained = 0;
    for (std::size_t i = 0; i < cases.size(); i += step) {
        const OracleCase& c = cases[i];
        if (c.settings.coProcessor != CoProcessor::None)
            continue;
        std::ifstream in(c.oracleFile);
        const json whole = json::parse(in);
        const json& file = c.measuredKey.empty() ? whole : whole.at("models").at(c.measuredKey);
        const json& ref = file.at(std::string(plannerName(c.settings.planner)));
        if (ref.at("status") != "ok" || file.contains("resource_variables"))
            continue;
        auto loaded = c.modelBytes ? loadModelBytes(*c.modelBytes, c.measuredKey) : loadModelFile(c.model.string());
        ASSERT_TRUE(loaded) << c.name;
        const ModelPtr model = loaded.value();
        for (const RealLog& real : realLogs(ref)) {
            // Where TFLM's tail overwrote live temp memory its outcome is not the allocator's to
            // say (fidelity_test.cpp accepts a difference there): not a test of explain.
            if (emulate(*model, c.settings.withArena(real.size))->tempOverwrite)
                continue;
            SCOPED_TRACE(c.name + " at " + std::to_string(real.size) + ":\n" + real.text);
            auto log = parseDeviceLogText(real.text);
            ASSERT_TRUE(log);
            ExplainOptions options;
            options.budget = std::chrono::seconds(60);
            options.detailedMatches = 1000;
            options.otherVersions = false;
            const ExplainResultPtr r = explainLog(std::move(log.value()), model, options);
            ASSERT_FALSE(r->timedOut);
            const ExplainMatch* m = matchFor(*r, c.settings);
            ASSERT_TRUE(m) << explainText(*r, c.model.filename().string());
            bool sized = false;
            for (const SizeRange& range : m->sizes)
                sized = sized || range.contains(real.size);
            EXPECT_TRUE(sized) << explainText(*r, c.model.filename().string());
            // What the build needs is what real TFLM needed.
            EXPECT_EQ(m->minArenaBytes, ref.at("min_arena_bytes").get<std::uint64_t>());
            ++explained;
        }
    }
    EXPECT_GE(explained, kSampled / 2);
}

} // namespace
} // namespace arenascope::test
