// Bad input always ends in a clear, located error: never a crash, a hang or an exception.
#include "test_support.h"

#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>

namespace arenascope {
namespace {

std::vector<std::uint8_t> example()
{
    return buildExampleModel();
}

void expectLoadError(std::vector<std::uint8_t> bytes, const char* what)
{
    auto r = loadModelBytes(std::move(bytes), what);
    ASSERT_FALSE(r.ok()) << what;
    EXPECT_FALSE(r.error().message.empty()) << what;
}

TEST(BadInput, EmptyFile)
{
    expectLoadError({}, "empty");
}

TEST(BadInput, EveryTruncationOfAModel)
{
    const auto bytes = example();
    for (std::size_t n = 0; n < bytes.size(); ++n)
        expectLoadError(
            std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)), "truncated");
}

TEST(BadInput, WrongIdentifier)
{
    auto bytes = example();
    bytes[4] = 'X';
    auto r = loadModelBytes(bytes, "wrong-id");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("TFL3"), std::string::npos) << r.error().message;
}

TEST(BadInput, RandomBitFlipsNeverCrash)
{
    const auto original = example();
    std::mt19937 rng(1234);
    int rejected = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        auto bytes = original;
        const int flips = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < flips; ++k)
            bytes[rng() % bytes.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        auto r = loadModelBytes(bytes, "flipped");
        if (!r) {
            ++rejected;
            EXPECT_FALSE(r.error().message.empty());
            continue;
        }
        // What loads must also emulate without crashing, in a small and a large arena.
        EmulationSettings s;
        s.arenaSize = 4096;
        (void)emulate(*r.value(), s);
        s.arenaSize = 1 << 20;
        (void)emulate(*r.value(), s);
    }
    EXPECT_GT(rejected, 0);
}

TEST(BadInput, DirectoryAndMissingFile)
{
    auto dir = loadModelFile(ARENASCOPE_SOURCE_DIR);
    ASSERT_FALSE(dir.ok());
    EXPECT_NE(dir.error().message.find("directory"), std::string::npos);
    auto missing = loadModelFile(std::string(ARENASCOPE_SOURCE_DIR) + "/no/such/model.tflite");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::Io);
}

TEST(BadInput, CliExitCodes)
{
    const std::string cli = ARENASCOPE_CLI;
    const std::string bad = testing::TempDir() + "/arenascope_bad.tflite";
    {
        std::FILE* f = std::fopen(bad.c_str(), "wb");
        ASSERT_NE(f, nullptr);
        std::fputs("definitely not a flatbuffer", f);
        std::fclose(f);
    }
    auto run = [](const std::string& cmd) { return WEXITSTATUS(std::system((cmd + " >/dev/null 2>&1").c_str())); };
    EXPECT_EQ(run(cli + " info '" + bad + "'"), 2);
    EXPECT_EQ(run(cli + " plan '" + bad + "' --json"), 2);
    EXPECT_EQ(run(cli + " plan"), 2);
    const std::string model = std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
    EXPECT_EQ(run(cli + " info '" + model + "' --json"), 0);
    EXPECT_EQ(run(cli + " plan '" + model + "' --arena-size 1M"), 0);
    EXPECT_EQ(run(cli + " plan '" + model + "' --arena-size 1K"), 1);
}

TEST(BadInput, BundledExampleIsWhatTheGeneratorWrites)
{
    const auto onDisk = test::readFile(std::filesystem::path(ARENASCOPE_SOURCE_DIR) / "models/example_kws_int8.tflite");
    EXPECT_EQ(onDisk, example()) << "regenerate with: arenascope make-example models/example_kws_int8.tflite";
}

TEST(SharedModels, EveryModelLoadsAndIsSummarized)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto models = test::sharedModels();
    EXPECT_EQ(models.size(), 70u);
    for (const auto& p : models) {
        auto r = loadModelFile(p.string());
        ASSERT_TRUE(r.ok()) << p << ": " << describe(r.error());
        EXPECT_GT(r.value()->tensorCount(), 0u) << p;
        EXPECT_GT(r.value()->operatorCount(), 0u) << p;
    }
}

} // namespace
} // namespace arenascope
