// `explain` on logs real TFLM printed: the oracle's and the project's measured figures hold, for
// every model and build, what TFLM printed one byte below its smallest arena (min_fail_log) and
// the first error at sizes further below (monotonic_probe). For a sample of them, explaining the
// log with the model must name the build that printed it among its matches, with the arena size
// it had, and say that build needs TFLM's own smallest arena. No hint is given: the whole
// configuration space is searched. Sampled (every n-th case) to keep CI time small.
#include "oracle_cases.h"
#include "probe_models.h"

#include "../core/test_support.h"

#include "core/analysis/analysis.h"
#include "core/devicelog/explainer.h"
#include "core/devicelog/log_parser.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/report/explain_report.h"
#include "core/util/sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
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
            options.budget = std::chrono::seconds(600); // CPU-light; a loaded machine stretches wall time
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

// ESPHome's construction (the resource variables on an arena of their own, the tensor arena 0
// or 4 bytes past a 16-byte boundary): each failure esphome_like printed, explained with the
// arena the firmware declares, names the build, the arena offset it ran at and what the build
// needs. Returns the number of failures explained.
std::size_t explainEsphomeRuns(const ModelPtr& model, const json& builds)
{
    std::size_t explained = 0;
    for (const auto& [build, byOffset] : builds.items()) {
        const OracleBuild* b = nullptr;
        for (const OracleBuild& x : oracleBuilds())
            if (build == x.suffix)
                b = &x;
        if (!b)
            continue;
        EmulationSettings s;
        s.target = b->target;
        s.kernels = b->kernels;
        s.espChip = b->espChip;
        s.espNn = b->espNn;
        s.resourceVariables = 20;
        s.resourceVariablesArena = 1024;
        for (const auto& [offset, measured] : byOffset.items())
            for (const auto& run : measured.at("runs")) {
                if (run.at("status") == "ok")
                    continue;
                const std::string text = run.at("log").get<std::string>();
                SCOPED_TRACE(build + " at offset " + offset + ", arena " + run.at("arena").dump() + ":\n" + text);
                auto log = parseDeviceLogText("[E][micro_wake_word:052]: " + text
                    + "[E][micro_wake_word:055]: Failed to allocate tensors for the streaming model\n");
                if (!log) {
                    ADD_FAILURE() << "the log does not parse";
                    continue;
                }
                ExplainOptions options;
                options.budget = std::chrono::seconds(600);
                options.declaredArenaBytes = run.at("arena").get<std::uint64_t>();
                options.detailedMatches = 1000;
                options.otherVersions = false;
                const ExplainResultPtr r = explainLog(std::move(log.value()), model, options);
                const ExplainMatch* m = matchFor(*r, s);
                if (!m) {
                    ADD_FAILURE() << explainText(*r, "model");
                    continue;
                }
                const auto k = static_cast<std::uint32_t>(std::stoul(offset));
                EXPECT_NE(std::find(m->offsets.begin(), m->offsets.end(), k), m->offsets.end())
                    << explainText(*r, "model");
                EmulationSettings at = m->settings;
                at.arenaOffset = k;
                EXPECT_EQ(findMinimumArena(*model, at, kMeasureArenaBytes),
                    measured.at("min_arena_bytes").get<std::uint64_t>());
                ++explained;
            }
    }
    return explained;
}

TEST(ExplainRealTflmLogs, EsphomeStreamingModel)
{
    std::ifstream in(std::filesystem::path(ARENASCOPE_MEASURED_DIR) / "esphome" / "esp_streaming_kws.json");
    const json doc = json::parse(in);
    const ProbeModel* probe = findProbeModel(doc.at("model").get<std::string>());
    ASSERT_TRUE(probe);
    auto model = loadModelBytes(probe->bytes, probe->name);
    ASSERT_TRUE(model);
    EXPECT_GE(explainEsphomeRuns(model.value(), doc.at("builds")), 6U);
}

// ESPHome's wake-word models at their manifests' arena sizes (not in this repository): the
// failures ESPHome users reported after the esp-nn bump.
TEST(ExplainRealTflmLogs, EsphomeWakeWordModels)
{
    const char* root = std::getenv("ARENASCOPE_MWW_MODELS");
    if (!root || !*root)
        GTEST_SKIP() << "set ARENASCOPE_MWW_MODELS to a checkout of esphome/micro-wake-word-models to explain the "
                        "failures of measured/esphome_wake_word_models.json";
    std::ifstream in(std::filesystem::path(ARENASCOPE_MEASURED_DIR) / "esphome_wake_word_models.json");
    const json doc = json::parse(in);
    std::size_t explained = 0;
    for (const auto& [path, entry] : doc.at("models").items()) {
        auto model = loadModelFile((std::filesystem::path(root) / path).string());
        ASSERT_TRUE(model) << path;
        ASSERT_EQ(sha256Hex(model.value()->bytes()), entry.at("sha256").get<std::string>()) << path;
        explained += explainEsphomeRuns(model.value(), entry.at("builds"));
    }
    EXPECT_GE(explained, 8U);
}

} // namespace
} // namespace arenascope::test
