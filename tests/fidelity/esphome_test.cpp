// ESPHome's micro_wake_word construction, measured: the resource variables created on a
// 1,024-byte arena of their own (20 of them), the tensor arena 0 or 4 bytes past a 16-byte
// boundary. measured/esphome/*.json holds what the harness's esphome_like printed for a
// streaming model the project builds (probe_models.cpp); ArenaScope must print the same at every
// size and find the same smallest arena.
#include "oracle_cases.h"
#include "probe_models.h"

#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/util/sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace arenascope::test {
namespace {

std::string firstLine(const std::string& s)
{
    return s.substr(0, s.find('\n'));
}

const ProbeModel* probe(const std::string& name)
{
    for (const ProbeModel& m : espProbeModels())
        if (m.name == name)
            return &m;
    return nullptr;
}

// Compares one model with what esphome_like measured per build and arena offset; returns the
// number of (build, offset) pairs compared.
std::size_t compareBuilds(const Model& model, const nlohmann::json& doc, const nlohmann::json& builds)
{
    std::size_t compared = 0;
    for (const auto& [build, byOffset] : builds.items()) {
        const OracleBuild* b = nullptr;
        for (const OracleBuild& x : oracleBuilds())
            if (build == x.suffix)
                b = &x;
        EXPECT_TRUE(b) << build;
        if (!b)
            continue;
        for (const auto& [offset, measured] : byOffset.items()) {
            SCOPED_TRACE(build + " at offset " + offset);
            EmulationSettings s;
            s.target = b->target;
            s.kernels = b->kernels;
            s.espChip = b->espChip;
            s.espNn = b->espNn;
            s.resourceVariables = doc.at("resource_variables").get<std::uint32_t>();
            s.resourceVariablesArena = doc.at("var_arena_bytes").get<std::uint64_t>();
            s.arenaOffset = static_cast<std::uint32_t>(std::stoul(offset));
            for (const auto& run : measured.at("runs")) {
                const auto r = emulate(model, s.withArena(run.at("arena").get<std::uint64_t>()));
                EXPECT_EQ(r->ok, run.at("status") == "ok") << run.at("arena");
                if (!r->ok) {
                    EXPECT_EQ(r->failure->message, firstLine(run.at("log").get<std::string>()));
                }
            }
            const auto minimum = findMinimumArena(model, s, kMeasureArenaBytes);
            EXPECT_EQ(minimum.value_or(0), measured.at("min_arena_bytes").get<std::uint64_t>());
            const auto below = emulate(model, s.withArena(minimum.value_or(1) - 1));
            EXPECT_TRUE(below->failure);
            if (below->failure) {
                EXPECT_EQ(below->failure->message, firstLine(measured.at("min_fail_log").get<std::string>()));
            }
            ++compared;
        }
    }
    return compared;
}

TEST(EsphomeConstruction, MatchesTflmAtEveryMeasuredSize)
{
    const auto dir = std::filesystem::path(ARENASCOPE_MEASURED_DIR) / "esphome";
    std::size_t compared = 0;
    for (const auto& file : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(file.path());
        const nlohmann::json doc = nlohmann::json::parse(in);
        const ProbeModel* m = probe(doc.at("model").get<std::string>());
        ASSERT_TRUE(m) << file.path();
        auto loaded = loadModelBytes(m->bytes, m->name);
        ASSERT_TRUE(loaded);
        compared += compareBuilds(*loaded.value(), doc, doc.at("builds"));
    }
    EXPECT_GE(compared, 10u);
}

// ESPHome's own wake-word models (esphome/micro-wake-word-models, not in this repository), each
// at its manifest's tensor_arena_size: with esp-nn 1.2.1 and 1.2.3 on an ESP32-S3 they print
// what ESPHome users reported ("Requested: 19440, available 11876" for okay_nabu v2).
TEST(EsphomeConstruction, WakeWordModelsMatchTflm)
{
    const char* root = std::getenv("ARENASCOPE_MWW_MODELS");
    if (!root || !*root)
        GTEST_SKIP() << "set ARENASCOPE_MWW_MODELS to a checkout of esphome/micro-wake-word-models to compare its "
                        "models with measured/esphome_wake_word_models.json";
    std::ifstream in(std::filesystem::path(ARENASCOPE_MEASURED_DIR) / "esphome_wake_word_models.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    std::size_t compared = 0;
    for (const auto& [path, entry] : doc.at("models").items()) {
        SCOPED_TRACE(path);
        auto loaded = loadModelFile((std::filesystem::path(root) / path).string());
        ASSERT_TRUE(loaded) << describe(loaded.error());
        ASSERT_EQ(sha256Hex(loaded.value()->bytes()), entry.at("sha256").get<std::string>()) << "another version";
        compared += compareBuilds(*loaded.value(), doc, entry.at("builds"));
    }
    EXPECT_GE(compared, 8u);
}

} // namespace
} // namespace arenascope::test
