// Several models in one arena against real TFLM: tests/fidelity/measured/multitenant/<abi>.json,
// measured with ../shared/harness/oracle/multitenant.cc (one MicroAllocator, one
// MicroInterpreter per model; measured/README.md says how). Per case: every tenant's status and
// figures after its AllocateTensors in the 64 MiB arena, the final head and tail, the smallest
// shared arena, the tenant that fails first one byte below it with TFLM's first line, and the
// probes around the minimum.

#include "core/analysis/shared_arena_analysis.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace arenascope {
namespace {

using nlohmann::json;

struct Build {
    const char* file;
    TargetKind target;
};
constexpr Build kBuilds[] = { { "abi64.json", TargetKind::X86_64 }, { "abi32arm_se.json", TargetKind::CortexM },
    { "abi32arm.json", TargetKind::Ilp32 } };

std::string firstLine(const Failure* f)
{
    if (!f)
        return {};
    return f->log.empty() ? f->message : f->log.front();
}

void checkCase(const json& c, TargetKind target, TflmVersion tflm, const std::filesystem::path& modelsRoot)
{
    std::vector<Tenant> tenants;
    for (const auto& m : c["models"]) {
        auto loaded = loadModelFile((modelsRoot / m.get<std::string>()).string());
        ASSERT_TRUE(loaded) << m;
        tenants.push_back(Tenant { loaded.value(), m.get<std::string>(), std::nullopt }); // auto: as the harness
    }
    EmulationSettings s;
    s.target = target;
    s.tflm = tflm;
    s.planner = c["planner"] == "linear" ? PlannerKind::Linear : PlannerKind::Greedy;
    const Construction construction = c["interleave"].get<bool>() ? Construction::Interleaved : Construction::AllFirst;
    const auto a = analyzeSharedArena(tenants, s, construction);
    const SharedArenaResult& m = *a->measured;
    ASSERT_EQ(m.tenants.size(), c["tenants"].size());
    for (std::size_t k = 0; k < m.tenants.size(); ++k) {
        const json& t = c["tenants"][k];
        const TenantOutcome& o = m.tenants[k];
        SCOPED_TRACE("tenant " + std::to_string(k));
        EXPECT_EQ(o.status == TenantStatus::Ok ? "ok" : "error", t["status"].get<std::string>());
        if (o.status != TenantStatus::Ok) {
            EXPECT_EQ(firstLine(o.result->failure ? &*o.result->failure : nullptr), t["first_log_line"]);
            continue;
        }
        EXPECT_EQ(o.arenaUsedAfter, t["arena_used_bytes"].get<std::uint64_t>());
        EXPECT_EQ(o.headAfter, t["head_bytes"].get<std::uint64_t>());
        EXPECT_EQ(o.tailAfter, t["tail_bytes"].get<std::uint64_t>());
        EXPECT_EQ(o.planBytes, t["plan_max_bytes"].get<std::int64_t>());
    }
    EXPECT_EQ(m.headBytes, c["final_head_bytes"].get<std::uint64_t>());
    EXPECT_EQ(m.tailBytes, c["final_tail_bytes"].get<std::uint64_t>());
    if (c["min_arena_bytes"].is_null()) {
        EXPECT_FALSE(a->minArenaBytes);
        return;
    }
    ASSERT_TRUE(a->minArenaBytes);
    EXPECT_EQ(*a->minArenaBytes, c["min_arena_bytes"].get<std::uint64_t>());
    ASSERT_TRUE(a->belowMinimum);
    const TenantOutcome* below = a->belowMinimum->firstFailure();
    ASSERT_TRUE(below);
    EXPECT_EQ(below - a->belowMinimum->tenants.data(), c["min_fail_first_failing_tenant"].get<std::int64_t>());
    EXPECT_EQ(firstLine(below->result->failure ? &*below->result->failure : nullptr), c["min_fail_first_line"]);
    for (const json& p : c["probes"]) {
        EmulationSettings at = s;
        at.arenaSize = p["size"].get<std::uint64_t>();
        const auto r = emulateSharedArena(a->tenants, at, construction);
        const std::size_t required = a->requiredTenants;
        bool ok = true;
        for (std::size_t k = 0; k < required; ++k)
            ok = ok && r->tenants[k].status == TenantStatus::Ok;
        EXPECT_EQ(ok, p["ok"].get<bool>()) << "probe at " << p["size"];
        if (!ok && !p["ok"].get<bool>()) {
            const TenantOutcome* f = r->firstFailure();
            ASSERT_TRUE(f);
            EXPECT_EQ(f - r->tenants.data(), p["first_failing_tenant"].get<std::int64_t>()) << "probe at " << p["size"];
            ASSERT_TRUE(f->result->failure);
            const Failure& failure = *f->result->failure;
            // Real TFLM crashed: the emulation must say the device faults, and why.
            if (p["first_error"].get<std::string>().rfind("[multitenant:", 0) == 0)
                EXPECT_TRUE(failure.plannerOverrun || failure.writesThroughNull) << "probe at " << p["size"];
            else
                EXPECT_EQ(firstLine(&failure), p["first_error"]) << "probe at " << p["size"];
        }
    }
}

TEST(MultiTenantFidelity, EveryMeasuredCaseEqualsRealTflm)
{
    const std::filesystem::path models = std::filesystem::path(ARENASCOPE_SHARED_DIR) / "models";
    if (!std::filesystem::is_directory(models))
        GTEST_SKIP() << models << " is absent: the multi-tenant fidelity cases are skipped";
    int compared = 0;
    for (const char* group : { "multitenant", "multitenant_4e62ea7b" }) {
        for (const Build& b : kBuilds) {
            const auto file = std::filesystem::path(ARENASCOPE_MEASURED_DIR) / group / b.file;
            std::ifstream in(file);
            if (!in)
                continue;
            const json doc = json::parse(in);
            const TflmVersion tflm = parseTflmVersion(doc["tflm_commit"].get<std::string>().substr(0, 8)).value();
            for (const json& c : doc["cases"]) {
                SCOPED_TRACE(file.string() + ": " + c["name"].get<std::string>());
                checkCase(c, b.target, tflm, models);
                ++compared;
            }
        }
    }
    EXPECT_GE(compared, 20) << "fewer measured multi-tenant cases than the issue asks for";
}

} // namespace
} // namespace arenascope
