// Vela-compiled models on an Ethos-U build, as a user meets them: without --co-processor the
// ethos-u operator is unregistered; with it, the greedy planner keeps Vela's offline plan, the
// linear planner fails without a TFLM message (ArenaScope says why), an operator without
// inputs is a null read in TFLM, and the scratch tensors are named for what they are. The
// figures themselves are compared with real TFLM in tests/fidelity (measured/ethos_u).
#include "test_support.h"

#include "../fidelity/probe_models.h"

#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/emulation/provenance.h"
#include "core/model/loader.h"
#include "core/report/plan_report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace arenascope {
namespace {

ModelPtr probe(const std::string& name)
{
    const test::ProbeModel* m = test::findProbeModel(name);
    EXPECT_TRUE(m) << name;
    auto loaded = loadModelBytes(m->bytes, name);
    EXPECT_TRUE(loaded);
    return loaded.value();
}

EmulationSettings ethosU(PlannerKind planner = PlannerKind::Greedy)
{
    EmulationSettings s;
    s.coProcessor = CoProcessor::EthosU;
    s.planner = planner;
    return s;
}

TEST(EthosU, UnregisteredWithoutTheCoProcessor)
{
    const AnalysisPtr a = analyze(probe("ethos_single.tflite"), EmulationSettings {});
    ASSERT_TRUE(a->failure());
    EXPECT_EQ(a->failure()->message, "Failed to get registration from op code CUSTOM");
    EXPECT_TRUE(analyze(probe("ethos_single.tflite"), ethosU())->minArenaBytes);
}

TEST(EthosU, LinearPlannerFailsSilentlyAndArenaScopeSaysWhy)
{
    const AnalysisPtr a = analyze(probe("ethos_single.tflite"), ethosU(PlannerKind::Linear));
    ASSERT_TRUE(a->failure());
    EXPECT_TRUE(a->failure()->tflmSilent);
    EXPECT_FALSE(a->minArenaBytes);
    EXPECT_NE(a->failure()->message.find("offline"), std::string::npos) << a->failure()->message;
    const auto j = nlohmann::json::parse(planJson(*a));
    EXPECT_TRUE(j.at("failure").at("tflm_silent").get<bool>());
    const Verdict v = makeVerdict(*a);
    EXPECT_NE(v.tflmMessage.find("nothing"), std::string::npos) << v.tflmMessage;
    // preserve_all_tensors takes the same linear planner.
    EmulationSettings preserve = ethosU();
    preserve.preserveAllTensors = true;
    EXPECT_TRUE(analyze(probe("ethos_single.tflite"), preserve)->failure()->tflmSilent);
    // Without an offline plan the linear planner works.
    EXPECT_TRUE(analyze(probe("ethos_no_offline_plan.tflite"), ethosU(PlannerKind::Linear))->minArenaBytes);
}

TEST(EthosU, BadOperatorsFailAsTflmDoesOrSayWhy)
{
    const AnalysisPtr noData = analyze(probe("ethos_no_custom_data.tflite"), ethosU());
    ASSERT_TRUE(noData->failure());
    EXPECT_EQ(noData->failure()->message,
        "tensorflow/lite/micro/kernels/ethos_u/ethosu.cc:44 node->custom_initial_data_size > 0 was not true.");
    const AnalysisPtr noInputs = analyze(probe("ethos_no_inputs.tflite"), ethosU());
    ASSERT_TRUE(noInputs->failure());
    EXPECT_TRUE(noInputs->failure()->tflmSilent);
    EXPECT_NE(noInputs->failure()->message.find("null pointer"), std::string::npos);
    // An offline offset far past the other tensors: the arena must reach it.
    const AnalysisPtr far = analyze(probe("ethos_far_offset.tflite"), ethosU());
    ASSERT_TRUE(far->minArenaBytes);
    EXPECT_GT(*far->minArenaBytes, 200000u);
}

TEST(EthosU, ScratchTensorsAreNamedAndASeparateFastScratchIsFlagged)
{
    const AnalysisPtr shared = analyze(probe("ethos_single.tflite"), ethosU());
    const auto j = nlohmann::json::parse(planJson(*shared));
    std::set<std::string> kinds;
    for (const auto& t : j.at("tensors"))
        kinds.insert(t.at("kind").get<std::string>());
    EXPECT_TRUE(kinds.count("npu_scratch"));
    EXPECT_TRUE(kinds.count("npu_scratch_fast"));
    auto dedicatedNote = [](const Verdict& v) {
        for (const std::string& w : v.warnings)
            if (w.find("Dedicated_Sram") != std::string::npos)
                return true;
        return false;
    };
    EXPECT_FALSE(dedicatedNote(makeVerdict(*shared))) << "scratch_fast inside scratch holds no bytes twice";
    EXPECT_TRUE(dedicatedNote(makeVerdict(*analyze(probe("ethos_fast_separate.tflite"), ethosU()))));
}

TEST(EthosU, PersonDetectVelaAsMeasured)
{
    ARENASCOPE_REQUIRE_SHARED();
    auto loaded = loadModelFile((test::sharedModelsDir() / "person_detect_vela.tflite").string());
    ASSERT_TRUE(loaded);
    EmulationSettings s = ethosU();
    s.target = TargetKind::X86_64;
    const AnalysisPtr a = analyze(loaded.value(), s);
    // Measured with TFLM 90b983c2 + kernels/ethos_u/ethosu.cc on x86_64: the plain interpreter's
    // tail is 720 B; the 928 B is the recording interpreter's (its allocator objects are larger).
    EXPECT_EQ(a->minArenaBytes, 75272u);
    EXPECT_EQ(a->measured->headBytes, 74560u);
    EXPECT_EQ(a->measured->tailBytes, 720u);
    s.interpreter = InterpreterKind::Recording;
    EXPECT_EQ(analyze(loaded.value(), s)->measured->tailBytes, 928u);
    EXPECT_EQ(provenance(s).level, ProvenanceLevel::Measured);
}

} // namespace
} // namespace arenascope
