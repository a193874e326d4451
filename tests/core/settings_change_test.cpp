// The one-line note a settings change gets: the arena's difference and its cause.
#include "test_support.h"

#include "core/analysis/settings_change.h"
#include "core/emulation/configuration_text.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"
#include "core/util/format.h"

#include <cstdlib>

#include <gtest/gtest.h>

namespace arenascope {
namespace {

ModelPtr example()
{
    const auto bytes = buildExampleModel();
    auto m = loadModelBytes(bytes, "example.tflite");
    return m ? m.value() : nullptr;
}

TEST(SettingsChange, TargetChangeGivesTheDifferenceAndWhy)
{
    const ModelPtr m = example();
    ASSERT_TRUE(m);
    EmulationSettings cm;
    EmulationSettings x64 = cm;
    x64.target = TargetKind::X86_64;
    const auto a = analyze(m, cm);
    const auto b = analyze(m, x64);
    ASSERT_TRUE(a->minArenaBytes && b->minArenaBytes);
    const std::string note = describeSettingsChange(*a, *b);
    const auto delta = *b->minArenaBytes - *a->minArenaBytes;
    EXPECT_EQ(note.rfind("+" + formatBytes(delta) + " smallest arena vs cortex-m: 64-bit pointers", 0), 0u) << note;
}

TEST(SettingsChange, PreserveAllTensorsWithTheLinearPlannerChangesNothing)
{
    const ModelPtr m = example();
    EmulationSettings linear;
    linear.planner = PlannerKind::Linear;
    EmulationSettings preserve = linear;
    preserve.preserveAllTensors = true;
    const std::string note = describeSettingsChange(*analyze(m, linear), *analyze(m, preserve));
    EXPECT_EQ(note,
        "No change to the smallest arena: preserve_all_tensors changes nothing here: the planner is already linear");
}

TEST(SettingsChange, OnlyTheSizeChangedSaysNothing)
{
    const ModelPtr m = example();
    EmulationSettings a;
    EmulationSettings b;
    b.arenaSize = 30000;
    EXPECT_EQ(describeSettingsChange(*analyze(m, a), *analyze(m, b)), "");
}

TEST(SettingsChange, MinimumPerTargetOrdersTheAbis)
{
    const ModelPtr m = example();
    const auto costs = minimumPerTarget(*m, EmulationSettings {});
    ASSERT_EQ(costs.size(), 3u);
    ASSERT_TRUE(costs[0].minArenaBytes && costs[1].minArenaBytes && costs[2].minArenaBytes);
    EXPECT_LE(*costs[0].minArenaBytes, *costs[1].minArenaBytes); // short enums <= int enums
    EXPECT_LT(*costs[1].minArenaBytes, *costs[2].minArenaBytes); // 32-bit < 64-bit
}

// The shares of a change taken apart, as the note prints them: "+N B", "-N B" or "no change".
std::vector<std::int64_t> shares(const std::string& note)
{
    std::vector<std::int64_t> out;
    const std::string marker = "one setting at a time: ";
    std::size_t at = note.find(marker);
    if (at == std::string::npos)
        return out;
    at += marker.size();
    while (at < note.size()) {
        const std::size_t end = std::min(note.find("; ", at), note.size());
        const std::string partText = note.substr(at, end - at);
        if (partText.rfind("no change", 0) == 0) {
            out.push_back(0);
        } else {
            std::string digits;
            for (char c : partText.substr(1, partText.find(" B") - 1))
                if (c != ',')
                    digits += c;
            out.push_back((partText[0] == '-' ? -1 : 1) * std::stoll(digits));
        }
        at = end + 2;
    }
    return out;
}

EmulationSettings espS3()
{
    EmulationSettings s;
    s.target = TargetKind::Ilp32;
    s.kernels = KernelSet::EspNn;
    s.espChip = EspChip::Esp32S3;
    return s;
}

TEST(SettingsChange, StepsTakeOneSettingAtATimeAndReachTheNewSettings)
{
    EmulationSettings before;
    before.arenaSize = 50000;
    before.kernels = KernelSet::CmsisNn;
    before.cpu = Cpu::CortexM55;
    EmulationSettings after = espS3();
    after.tflm = TflmVersion::V2025_01;
    after.planner = PlannerKind::Linear;
    after.interpreter = InterpreterKind::Recording;
    after.resourceVariables = 2;
    after.arenaOffset = 4;
    after.coProcessor = CoProcessor::EthosU;
    const auto steps = settingsChangeSteps(before, after);
    ASSERT_FALSE(steps.empty());
    EmulationSettings last = after;
    last.arenaSize = before.arenaSize;
    EXPECT_EQ(steps.back(), last);
    // CMSIS-NN cannot be built for ilp32: the target changes after the reference kernels.
    EmulationSettings previous = before;
    for (const EmulationSettings& s : steps) {
        EXPECT_EQ(settingsConflict(s), "") << configurationText(s);
        EXPECT_NE(s, previous);
        previous = s;
    }
    EXPECT_EQ(steps[1].kernels, KernelSet::Reference);
    EXPECT_EQ(steps[2].target, TargetKind::Ilp32);
}

TEST(SettingsChange, SeveralSettingsAreTakenApartAndTheSharesAddUp)
{
    const ModelPtr m = example();
    ASSERT_TRUE(m);
    EmulationSettings cmsis;
    cmsis.kernels = KernelSet::CmsisNn;
    const auto a = analyze(m, cmsis);
    const auto b = analyze(m, espS3());
    ASSERT_TRUE(a->minArenaBytes && b->minArenaBytes);
    int stepsAnalyzed = 0;
    const std::string note = describeSettingsChange(*a, *b, [&](const EmulationSettings& s) {
        ++stepsAnalyzed;
        return analyze(m, s);
    });
    EXPECT_EQ(stepsAnalyzed, 2); // reference kernels, then ilp32; the last step is `b`
    const auto parts = shares(note);
    ASSERT_EQ(parts.size(), 3u) << note;
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        sum += parts[i];
        if (i > 0) {
            EXPECT_GE(std::llabs(parts[i - 1]), std::llabs(parts[i])) << note;
        }
    }
    EXPECT_EQ(sum, static_cast<std::int64_t>(*b->minArenaBytes) - static_cast<std::int64_t>(*a->minArenaBytes));
    EXPECT_NE(note.find("vs cmsis-nn kernels: the reference kernels'"), std::string::npos) << note;
    EXPECT_NE(note.find("vs reference kernels: ESP-NN's op data and scratch buffers (esp-nn"), std::string::npos)
        << note;
    EXPECT_NE(note.find("vs cortex-m"), std::string::npos) << note;
}

TEST(SettingsChange, WithoutTheStepsTheReasonsAreListedWithoutShares)
{
    const ModelPtr m = example();
    const auto a = analyze(m, EmulationSettings {});
    const auto b = analyze(m, espS3());
    const std::string note = describeSettingsChange(*a, *b);
    EXPECT_NE(note.find("; settings changed together: vs cortex-m: "), std::string::npos) << note;
    EXPECT_NE(note.find("; vs reference kernels: ESP-NN's"), std::string::npos) << note;
}

// The board ESP32-S3-DevKitC-1 on person_detect: the whole difference is ESP-NN's scratch; the
// layout costs nothing there (measured: 82,296 B on cortex-m and ilp32, 122,572 B with ESP-NN).
TEST(SettingsChange, ABoardsDifferenceIsAttributedToTheKernelsNotTheLayout)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto m = loadModelFile((test::sharedModelsDir() / "person_detect.tflite").string());
    ASSERT_TRUE(m);
    const auto a = analyze(m.value(), EmulationSettings {});
    const auto b = analyze(m.value(), espS3());
    const std::string note
        = describeSettingsChange(*a, *b, [&](const EmulationSettings& s) { return analyze(m.value(), s); });
    EXPECT_EQ(note.rfind("+40,276 B smallest arena, one setting at a time: +40,276 B vs reference kernels: "
                         "ESP-NN's op data and scratch buffers (esp-nn 1.2.3 for ESP32-S3); no change vs cortex-m",
                  0),
        0u)
        << note;
}

} // namespace
} // namespace arenascope
