// The explainer: a log the emulation printed for a known build and size is reproduced by that
// build at that size, with the build's smallest arena; a log of another model is not, with the
// nearest build and the fact that differs; success logs, declared arenas and offsets; the CLI.
#include "core/analysis/analysis.h"
#include "core/devicelog/emulated_log.h"
#include "core/devicelog/explainer.h"
#include "core/devicelog/log_parser.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/report/explain_report.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace arenascope {
namespace {

ModelPtr exampleModel()
{
    const auto bytes = buildExampleModel();
    auto model = loadModelBytes(bytes, "example_kws_int8.tflite");
    EXPECT_TRUE(model);
    return model ? model.value() : nullptr;
}

ModelPtr lessonModel(std::string_view id)
{
    for (const Lesson& l : lessons())
        if (l.id == id) {
            auto model = loadModelBytes(l.build(), std::string(id) + ".tflite");
            EXPECT_TRUE(model);
            return model ? model.value() : nullptr;
        }
    return nullptr;
}

// What the device prints at `settings` (its arena size set), with an ESP-IDF prefix on each
// line and the firmware's own line after a failure.
std::string deviceLog(const Model& model, const EmulationSettings& settings)
{
    const auto r = emulate(model, settings);
    std::string log = "I (31) boot: ESP-IDF v5.1.2\nI (52) app: starting\n";
    if (r->failure) {
        for (const std::string& line : r->failure->log)
            log += "E (1234) TFLM: " + line + "\n";
        log += "E (1240) app: AllocateTensors() failed\n";
    }
    return log;
}

ExplainResultPtr explain(const std::string& text, const ModelPtr& model, ExplainOptions options = {})
{
    auto log = parseDeviceLogText(text);
    EXPECT_TRUE(log);
    options.budget = std::chrono::seconds(600);
    return explainLog(std::move(log.value()), model, options);
}

// The match for `s`'s build, if one (or one of its alike configurations) is it.
const ExplainMatch* matchFor(const ExplainResult& r, const EmulationSettings& s)
{
    auto same = [&](const EmulationSettings& m) {
        return m.tflm == s.tflm && m.target == s.target && m.kernels == s.kernels
            && (m.kernels != KernelSet::CmsisNn || m.cpuExtension() == s.cpuExtension())
            && (m.kernels != KernelSet::EspNn
                || (espNnFamily(m.espChip) == espNnFamily(s.espChip) && m.espNn == s.espNn))
            && m.effectivePlanner() == s.effectivePlanner() && m.effectiveInterpreter() == s.effectiveInterpreter()
            && m.resourceVariables == s.resourceVariables && m.resourceVariablesArena == s.resourceVariablesArena;
    };
    for (const ExplainMatch& m : r.matches) {
        if (same(m.settings))
            return &m;
        for (const EmulationSettings& a : m.alike)
            if (same(a))
                return &m;
    }
    return nullptr;
}

bool sizeIn(const ExplainMatch& m, std::uint64_t size)
{
    for (const SizeRange& r : m.sizes)
        if (r.contains(size))
            return true;
    return false;
}

TEST(Explain, NamesTheBuildAndSizeThatPrintedTheLog)
{
    const ModelPtr model = exampleModel();
    for (TflmVersion v : { TflmVersion::V2023_02, kNewestTflm }) {
        EmulationSettings s;
        s.tflm = v;
        s.target = TargetKind::CortexM;
        s.kernels = KernelSet::CmsisNn;
        s.cpu = Cpu::CortexM7;
        const auto minimum = findMinimumArena(*model, s, kMeasureArenaBytes);
        ASSERT_TRUE(minimum);
        for (std::uint64_t size : { *minimum - 1, *minimum / 2, *minimum / 5 }) {
            SCOPED_TRACE(std::string(tflmVersionId(v)) + " at " + std::to_string(size));
            const ExplainResultPtr r = explain(deviceLog(*model, s.withArena(size)), model);
            ASSERT_FALSE(r->matches.empty()) << explainText(*r, "example");
            const ExplainMatch* m = matchFor(*r, s);
            ASSERT_TRUE(m) << explainText(*r, "example");
            EXPECT_TRUE(sizeIn(*m, size)) << explainText(*r, "example");
            EXPECT_EQ(m->minArenaBytes, *minimum);
            EXPECT_NE(m->title.find("Cortex-M4/Cortex-M7/Cortex-M33 with CMSIS-NN"), std::string::npos) << m->title;
            EXPECT_EQ(r->log.ignoredLines, 2U);
            // Every match reproduces every fact at its size (no partial match).
            for (const ExplainMatch& x : r->matches) {
                const auto again = emulate(*model, x.settings);
                ASSERT_TRUE(again->failure) << x.configuration;
                EXPECT_EQ(again->failure->log, emulate(*model, s.withArena(size))->failure->log) << x.configuration;
            }
        }
    }
}

TEST(Explain, ALogOfAnotherModelIsNotReproducedAndTheNearestIsNamed)
{
    const ModelPtr model = exampleModel();
    const ExplainResultPtr r = explain("Failed to resize buffer. Requested: 123456, available 1000, missing: 122456\n"
                                       "AllocateTensors() failed\n",
        model);
    EXPECT_TRUE(r->matches.empty());
    EXPECT_FALSE(r->nearestWhy.empty());
    const std::string text = explainText(*r, "example");
    EXPECT_NE(text.find("no build ArenaScope emulates reproduces this log"), std::string::npos) << text;
}

// "Failed to set head size" is TFLM's wording before 2022-03: no emulated snapshot prints it, so
// nothing matches; the build that prints the same numbers in today's words is the nearest.
TEST(Explain, AnOlderTflmsWordingIsDatedAndItsNumbersPlaced)
{
    const ModelPtr model = exampleModel();
    EmulationSettings s;
    s.kernels = KernelSet::CmsisNn;
    const auto r = emulate(*model, s.withArena(20000));
    ASSERT_TRUE(r->failure);
    ASSERT_EQ(r->failure->message.rfind("Failed to resize buffer. ", 0), 0U) << r->failure->message;
    std::string old = r->failure->message;
    old.replace(0, std::string("Failed to resize buffer").size(), "Failed to set head size");
    const ExplainResultPtr x = explain(old + "\nAllocateTensors() failed\n", model);
    EXPECT_TRUE(x->matches.empty());
    ASSERT_TRUE(x->nearest);
    EXPECT_EQ(x->nearest->settings.kernels, KernelSet::CmsisNn);
    ASSERT_FALSE(x->notes.empty());
    EXPECT_NE(x->notes.front().find("older than every snapshot"), std::string::npos) << x->notes.front();
    EXPECT_NE(explainText(*x, "example").find("Nearest:"), std::string::npos);
}

// A number TFLM cannot print: no match and no nearest build, the line named.
TEST(Explain, AnOverflowingNumberIsNoBuildsLine)
{
    const ModelPtr model = exampleModel();
    const ExplainResultPtr r = explain("Failed to resize buffer. Requested: 99999999999999999999999, available 11876, "
                                       "missing: 7564\nAllocateTensors() failed\n",
        model);
    EXPECT_TRUE(r->matches.empty());
    EXPECT_FALSE(r->nearest);
    ASSERT_FALSE(r->notes.empty());
    EXPECT_NE(r->notes.front().find("line 1: the number 99999999999999999999999 overflows"), std::string::npos)
        << r->notes.front();
}

TEST(Explain, TwoModelsInOneLogAreNotOneBuild)
{
    const ModelPtr model = exampleModel();
    EmulationSettings s;
    const auto minimum = findMinimumArena(*model, s, kMeasureArenaBytes);
    const std::string ours = deviceLog(*model, s.withArena(*minimum - 1));
    const ExplainResultPtr r = explain(ours
            + "Failed to resize buffer. Requested: 123456, available 1000, missing: "
              "122456\nAllocateTensors() failed\n",
        model);
    EXPECT_EQ(r->explainedAttempts.size(), 2U);
    EXPECT_TRUE(r->matches.empty());
    EXPECT_EQ(r->nearestAttempt, 1U);
}

TEST(Explain, TheRecordingBlockOfASuccessfulRun)
{
    const ModelPtr model = exampleModel();
    EmulationSettings s;
    s.interpreter = InterpreterKind::Recording;
    s.target = TargetKind::X86_64;
    std::string log;
    for (const std::string& line : recordingLines(*emulate(*model, s)))
        log += "12:00:01.000 -> " + line + "\n";
    const ExplainResultPtr r = explain(log, model);
    const ExplainMatch* m = matchFor(*r, s);
    ASSERT_TRUE(m) << explainText(*r, "example");
    EXPECT_TRUE(m->sizes.front().unbounded);
    EXPECT_EQ(m->settings.interpreter, InterpreterKind::Recording);
}

TEST(Explain, AnUpgradedEspNnAndTheVersionThatFits)
{
    const ModelPtr model = lessonModel("esp_nn_upgrade");
    ASSERT_TRUE(model);
    const std::string log = "E (812) TFLM: Failed to resize buffer. Requested: 33312, available 21264, missing: 12048\n"
                            "E (813) kws: AllocateTensors() failed\n";
    ExplainOptions o;
    o.declaredArenaBytes = 22736;
    const ExplainResultPtr r = explain(log, model, o);
    EmulationSettings s;
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = EspChip::Esp32S3;
    s.espNn = EspNnVersion::V1_2_3;
    const ExplainMatch* m = matchFor(*r, s);
    ASSERT_TRUE(m) << explainText(*r, "esp_nn_upgrade");
    EXPECT_EQ(m->arenaBytes(), 22736U);
    EXPECT_EQ(m->settings.arenaOffset, 0U);
    bool fitsWith112 = false;
    for (const OtherVersion& v : m->otherVersions)
        fitsWith112 = fitsWith112 || (v.label == "esp-nn 1.1.2" && v.fitsDeviceArena && v.minArenaBytes == 22736U);
    EXPECT_TRUE(fitsWith112) << explainText(*r, "esp_nn_upgrade");
}

TEST(Explain, WithoutAModelEachLineIsExplained)
{
    const ExplainResultPtr r
        = explain("E (1) x: Failed to resize buffer. Requested: 100, available 50, missing: 50\n", nullptr);
    EXPECT_TRUE(r->matches.empty());
    const std::string text = explainText(*r, "");
    EXPECT_NE(text.find("TFLM could not make the head 100 B large"), std::string::npos) << text;
    EXPECT_NE(text.find("[Help > Concepts > Head]"), std::string::npos) << text;
    const auto json = nlohmann::json::parse(explainJson(*r, ""));
    EXPECT_EQ(json.at("facts").at(0).at("requested"), 100);
    EXPECT_EQ(json.at("facts").at(0).at("concept"), "head");
    EXPECT_TRUE(json.at("model").is_null());
}

TEST(ExplainCli, JsonNamesTheConfigurationPlanTakes)
{
    const auto dir = std::filesystem::temp_directory_path() / "arenascope_explain_cli";
    std::filesystem::create_directories(dir);
    const auto modelPath = dir / "example.tflite";
    const auto logPath = dir / "device.log";
    const auto bytes = buildExampleModel();
    std::ofstream(modelPath, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    const ModelPtr model = exampleModel();
    EmulationSettings s;
    s.kernels = KernelSet::CmsisNn;
    const auto minimum = findMinimumArena(*model, s, kMeasureArenaBytes);
    std::ofstream(logPath) << deviceLog(*model, s.withArena(*minimum - 40));
    const auto result = test::arenascope({ "explain", logPath.string(), "--model", modelPath.string(), "--config",
        "kernels=cmsis-nn,tflm=90b983c2", "--json" });
    ASSERT_EQ(result.exitCode, 0) << result.out;
    const auto json = nlohmann::json::parse(result.out);
    ASSERT_FALSE(json.at("matches").empty());
    const auto& m = json.at("matches").at(0);
    const std::string config = m.at("config");
    for (const char* key : { "tflm=", "target=", "kernels=cmsis-nn", "cpu=", "planner=", "arena-offset=" })
        EXPECT_NE(config.find(key), std::string::npos) << config;
    EXPECT_EQ(m.at("min_arena_bytes"), *minimum);
    // plan takes the configuration as it is, and says the arena is short by what explain says.
    const auto plan = test::arenascope({ "plan", modelPath.string(), "--config", config, "--arena-size",
        std::to_string(m.at("arena_bytes").get<std::uint64_t>()), "--json" });
    EXPECT_EQ(plan.exitCode, 1) << plan.out;
    EXPECT_EQ(nlohmann::json::parse(plan.out).at("shortfall_bytes"), m.at("shortfall_bytes"));
    // Bad input: binary, a missing file, an unknown key.
    std::ofstream(dir / "garbage.bin", std::ios::binary) << std::string(100, '\0');
    const auto garbage = test::arenascope({ "explain", (dir / "garbage.bin").string() });
    EXPECT_EQ(garbage.exitCode, 2);
    EXPECT_NE(garbage.out.find("not a text log"), std::string::npos) << garbage.out;
    EXPECT_EQ(test::arenascope({ "explain", (dir / "none.log").string() }).exitCode, 2);
    EXPECT_EQ(test::arenascope({ "explain", logPath.string(), "--config", "colour=red" }).exitCode, 2);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace arenascope
