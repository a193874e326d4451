// Fidelity: every figure ArenaScope computes for the shared models equals what real TFLM
// (tflite-micro 90b983c2, reference kernels) measured on 32-bit ARM and x86-64 builds,
// recorded in ../shared/oracle/tflm. Exact equality; a mismatch is explained in TFLM's source.
#include "test_support.h"

#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace arenascope {
namespace {

struct OracleCase {
    std::filesystem::path oracleFile;
    std::filesystem::path model;
    TargetKind target;
    std::string name;
};

std::vector<OracleCase> oracleCases()
{
    std::vector<OracleCase> cases;
    const auto dir = test::oracleDir();
    if (dir.empty() || test::sharedModelsDir().empty())
        return cases;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir / "tflm")) {
        const std::string file = e.path().string();
        for (const auto& [suffix, target] : {std::pair{".abi32arm.json", TargetKind::CortexM},
                                             std::pair{".abi64.json", TargetKind::X86_64}}) {
            const std::string s(suffix);
            if (file.size() > s.size() && file.compare(file.size() - s.size(), s.size(), s) == 0) {
                const auto rel = std::filesystem::relative(e.path(), dir / "tflm").string();
                const auto modelRel = rel.substr(0, rel.size() - s.size());
                cases.push_back({e.path(), test::sharedModelsDir() / modelRel, target,
                                 modelRel + (target == TargetKind::CortexM ? " cortex-m" : " x86_64")});
            }
        }
    }
    std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return cases;
}

nlohmann::json readJson(const std::filesystem::path& p)
{
    std::ifstream in(p);
    return nlohmann::json::parse(in);
}

std::string firstLine(const std::string& log)
{
    return log.substr(0, log.find('\n'));
}

class Fidelity : public ::testing::TestWithParam<PlannerKind> {};

TEST_P(Fidelity, MatchesTflmOnEverySharedModel)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto cases = oracleCases();
    if (cases.empty())
        GTEST_SKIP() << "../shared/oracle is absent: fidelity tests are skipped";
    const PlannerKind planner = GetParam();
    const std::string plannerKey(plannerName(planner));
    int compared = 0;
    for (const OracleCase& c : cases) {
        SCOPED_TRACE(c.name + " " + plannerKey);
        const auto oracle = readJson(c.oracleFile).at(plannerKey);
        auto loaded = loadModelFile(c.model.string());
        ASSERT_TRUE(loaded) << describe(loaded.error());
        const Model& model = *loaded.value();
        EmulationSettings s;
        s.target = c.target;
        s.planner = planner;
        s.arenaBytes = oracle.at("measure_arena_bytes").get<std::uint64_t>();

        const auto plain = emulate(model, s);
        if (oracle.at("status") != "ok") {
            // A failure no arena size fixes: same first message as TFLM.
            ASSERT_TRUE(plain->failure);
            EXPECT_FALSE(plain->failure->capacity);
            EXPECT_EQ(plain->failure->message, firstLine(oracle.at("log").get<std::string>()));
            ++compared;
            continue;
        }
        ASSERT_TRUE(plain->ok) << plain->failure->message;
        const auto& ref = oracle.at("plain");
        EXPECT_EQ(plain->arenaUsedBytes, ref.at("arena_used_bytes").get<std::uint64_t>());
        EXPECT_EQ(plain->headBytes, ref.at("head_bytes").get<std::uint64_t>());
        EXPECT_EQ(plain->tailBytes, ref.at("tail_bytes").get<std::uint64_t>());
        EXPECT_EQ(static_cast<std::uint64_t>(plain->planBytes), ref.at("plan_max_bytes").get<std::uint64_t>());
        // Every tensor's offset (null = not in the arena).
        const auto& tensors = ref.at("tensors");
        ASSERT_EQ(plain->tensors.size(), tensors.size());
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const auto& t = tensors[i];
            SCOPED_TRACE("tensor " + std::to_string(i));
            EXPECT_EQ(plain->tensors[i].bytes, t.at("bytes").get<std::uint64_t>());
            if (t.at("offset").is_null())
                EXPECT_FALSE(plain->tensors[i].offset.has_value());
            else
                EXPECT_EQ(plain->tensors[i].offset.value_or(~0ULL), t.at("offset").get<std::uint64_t>());
        }
        // Every buffer handed to the planner, with its lifetime and offset.
        const auto& buffers = ref.at("plan_buffers");
        ASSERT_EQ(plain->planned.size(), buffers.size());
        for (std::size_t i = 0; i < buffers.size(); ++i) {
            const auto& b = buffers[i];
            EXPECT_EQ(plain->planned[i].alignedBytes, b.at("size").get<std::uint64_t>()) << "buffer " << i;
            EXPECT_EQ(plain->planned[i].first, b.at("first").get<std::int32_t>()) << "buffer " << i;
            EXPECT_EQ(plain->planned[i].last, b.at("last").get<std::int32_t>()) << "buffer " << i;
            EXPECT_EQ(plain->planned[i].offset, b.at("offset").get<std::int64_t>()) << "buffer " << i;
        }

        // The recording interpreter: its totals and every RecordedAllocationType.
        EmulationSettings rs = s;
        rs.interpreter = InterpreterKind::Recording;
        const auto rec = emulate(model, rs);
        ASSERT_TRUE(rec->ok);
        EXPECT_EQ(rec->arenaUsedBytes, oracle.at("arena_used_bytes").get<std::uint64_t>());
        EXPECT_EQ(rec->headBytes, oracle.at("head_bytes").get<std::uint64_t>());
        EXPECT_EQ(rec->tailBytes, oracle.at("tail_bytes").get<std::uint64_t>());
        for (std::size_t k = 0; k < rec->recording.size(); ++k) {
            const auto& r = oracle.at("recording").at(recordedTypeName(static_cast<RecordedType>(k)));
            EXPECT_EQ(rec->recording[k].requested, r.at("requested").get<std::uint64_t>()) << recordedTypeName(static_cast<RecordedType>(k));
            EXPECT_EQ(rec->recording[k].used, r.at("used").get<std::uint64_t>()) << recordedTypeName(static_cast<RecordedType>(k));
            EXPECT_EQ(rec->recording[k].count, r.at("count").get<std::uint64_t>()) << recordedTypeName(static_cast<RecordedType>(k));
        }

        // The smallest arena that works, the bytes used there, and TFLM's message one byte below.
        const auto minimum = findMinimumArena(model, s, s.arenaBytes);
        ASSERT_TRUE(minimum.has_value());
        EXPECT_EQ(*minimum, oracle.at("min_arena_bytes").get<std::uint64_t>());
        EmulationSettings at = s;
        at.arenaBytes = *minimum;
        const auto atMin = emulate(model, at);
        ASSERT_TRUE(atMin->ok);
        EXPECT_EQ(atMin->arenaUsedBytes, oracle.at("min_used_bytes_at_min").get<std::uint64_t>());
        at.arenaBytes = *minimum - 1;
        const auto below = emulate(model, at);
        ASSERT_TRUE(below->failure);
        EXPECT_EQ(below->failure->message, firstLine(oracle.at("min_fail_log").get<std::string>()));
        // Sizes probed below the minimum: the same first error TFLM printed.
        for (const auto& probe : oracle.at("monotonic_probe").at("probes")) {
            at.arenaBytes = probe.at("size").get<std::uint64_t>();
            const auto r = emulate(model, at);
            EXPECT_EQ(r->ok, probe.at("ok").get<bool>()) << "probe at " << at.arenaBytes;
            // A probe that crashed TFLM (a kernel used a null or overwritten temp tensor) has no
            // reliable message: only the failure itself is compared.
            if (!r->ok && probe.contains("first_error") && !probe.contains("crash") &&
                probe.at("first_error").get<std::string>().rfind("[harness:", 0) != 0) {
                EXPECT_EQ(r->failure->message, probe.at("first_error").get<std::string>())
                    << "probe at " << at.arenaBytes;
            }
        }
        ++compared;
    }
    EXPECT_EQ(compared, static_cast<int>(cases.size()));
}

INSTANTIATE_TEST_SUITE_P(Planners, Fidelity, ::testing::Values(PlannerKind::Greedy, PlannerKind::Linear),
                         [](const auto& param) { return std::string(plannerName(param.param)); });

} // namespace
} // namespace arenascope
