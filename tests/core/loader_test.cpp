// Loader: every shared model against what TFLM read from it (../shared/oracle), and bad
// bytes / bad files that must give an error with a message, never a crash or a hang.
// Structural edits of real models (indices, shapes, control flow) are in loader_edits_test.cpp.

#include "test_support.h"

#include "core/emulation/emulator.h"
#include "core/model/loader.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace arenascope {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

// A fresh directory under the system temp dir, removed with everything in it.
class TempDir {
public:
    TempDir()
    {
        static std::atomic<int> counter { 0 };
        m_path = fs::temp_directory_path()
            / ("arenascope_loader_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(m_path);
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    fs::path write(const std::string& name, const Bytes& bytes) const
    {
        const auto p = m_path / name;
        std::ofstream(p, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        return p;
    }
    const fs::path& path() const { return m_path; }

private:
    fs::path m_path;
};

Bytes sharedModelBytes(const std::string& name)
{
    return test::readFile(test::sharedModelsDir() / name);
}

// Loading must fail with a message; returns the message for further checks.
std::string expectRejected(Bytes bytes, const std::string& what)
{
    auto loaded = loadModelBytes(std::move(bytes), what);
    EXPECT_FALSE(loaded) << what << ": loaded, but should have been rejected";
    if (loaded)
        return {};
    EXPECT_FALSE(loaded.error().message.empty()) << what << ": empty error message";
    return describe(loaded.error());
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// ---- every shared model against the oracle ----

fs::path oracleFor(const fs::path& model)
{
    const auto rel = fs::relative(model, test::sharedModelsDir());
    return test::oracleDir() / "tflm" / (rel.string() + ".abi32arm.json");
}

void checkAgainstOracle(const Model& model, const nlohmann::json& oracle)
{
    const auto& info = oracle.at("model_info");
    ASSERT_EQ(model.subgraphs().size(), info.at("subgraphs").get<std::size_t>());
    std::size_t varHandles = 0;
    for (std::size_t s = 0; s < model.subgraphs().size(); ++s) {
        const Subgraph& sg = model.subgraphs()[s];
        EXPECT_EQ(sg.tensors.size(), info.at("tensors").at(s).get<std::size_t>()) << "subgraph " << s;
        const auto& ops = info.at("ops").at(s);
        ASSERT_EQ(sg.operators.size(), ops.size()) << "subgraph " << s;
        for (std::size_t o = 0; o < ops.size(); ++o) {
            const Operator& op = sg.operators[o];
            const std::string name = op.isCustom() ? "CUSTOM:" + op.customName : op.displayName();
            EXPECT_EQ(name, ops.at(o).get<std::string>()) << "subgraph " << s << ", operator " << o;
            varHandles += op.displayName() == "VAR_HANDLE" ? 1 : 0;
        }
    }
    EXPECT_EQ(varHandles, info.at("var_handle_ops").get<std::size_t>());
    EXPECT_EQ(model.offlinePlan().has_value(), info.at("offline_memory_allocation_metadata").get<bool>());

    // Byte sizes as TFLM counted them, and which tensors TFLM left in the flatbuffer.
    const auto& tensors = oracle.at("greedy").at("plain").at("tensors");
    ASSERT_EQ(tensors.size(), model.tensorCount());
    for (const auto& t : tensors) {
        const auto s = t.at("subgraph").get<std::size_t>();
        const auto i = t.at("index").get<std::size_t>();
        ASSERT_LT(s, model.subgraphs().size());
        ASSERT_LT(i, model.subgraphs()[s].tensors.size());
        const Tensor& tensor = model.subgraphs()[s].tensors[i];
        SCOPED_TRACE("subgraph " + std::to_string(s) + ", tensor " + std::to_string(i));
        EXPECT_EQ(tensor.name, t.at("name").get<std::string>());
        EXPECT_EQ(tensor.bytes, t.at("bytes").get<std::uint64_t>());
        const bool inFlatbuffer = t.at("where").get<std::string>() == "flatbuffer";
        EXPECT_EQ(tensor.hasData, inFlatbuffer);
        if (inFlatbuffer && t.contains("fb_offset")) {
            const auto* data = model.flatbuffer()->buffers()->Get(tensor.buffer)->data()->data();
            EXPECT_EQ(static_cast<std::uint64_t>(data - model.bytes().data()), t.at("fb_offset").get<std::uint64_t>());
        }
    }
}

TEST(LoaderSharedModels, EveryModelMatchesTheOracle)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto models = test::sharedModels();
    ASSERT_FALSE(models.empty());
    int compared = 0;
    for (const auto& path : models) {
        SCOPED_TRACE(path.string());
        auto loaded = loadModelFile(path.string());
        ASSERT_TRUE(loaded) << describe(loaded.error());
        const Model& model = *loaded.value();
        EXPECT_EQ(model.schemaVersion(), 3U);
        EXPECT_EQ(model.fileSize(), fs::file_size(path));
        EXPECT_EQ(model.path(), path.string());
        EXPECT_GT(model.operatorCount(), 0U);
        for (const Subgraph& sg : model.subgraphs())
            for (const Tensor& t : sg.tensors)
                if (const auto size = tflmTypeSize(t.type)) {
                    EXPECT_EQ(t.bytes, t.elementCount * *size) << t.name;
                }
        const auto oracle = oracleFor(path);
        if (!fs::exists(oracle)) {
            ADD_FAILURE() << "no oracle figures for " << path << " (expected " << oracle << ")";
            continue;
        }
        std::ifstream in(oracle);
        checkAgainstOracle(model, nlohmann::json::parse(in));
        ++compared;
    }
    EXPECT_EQ(compared, static_cast<int>(models.size()));
}

TEST(LoaderSharedModels, BytesAndFileGiveTheSameModel)
{
    ARENASCOPE_REQUIRE_SHARED();
    for (const auto& path : test::sharedModels()) {
        auto fromFile = loadModelFile(path.string());
        auto fromBytes = loadModelBytes(test::readFile(path), "in memory");
        ASSERT_TRUE(fromFile && fromBytes) << path;
        EXPECT_EQ(fromBytes.value()->path(), "in memory");
        EXPECT_EQ(fromFile.value()->tensorCount(), fromBytes.value()->tensorCount());
        EXPECT_EQ(fromFile.value()->operatorCount(), fromBytes.value()->operatorCount());
        EXPECT_EQ(fromFile.value()->constantBytes(), fromBytes.value()->constantBytes());
    }
}

// ---- bad bytes ----

TEST(LoaderBadBytes, EmptyAndTooShort)
{
    EXPECT_TRUE(contains(expectRejected({}, "empty"), "empty"));
    for (std::size_t n = 1; n < 8; ++n)
        expectRejected(Bytes(n, 0x42), "short " + std::to_string(n));
}

TEST(LoaderBadBytes, EveryTruncationOfASmallModel)
{
    ARENASCOPE_REQUIRE_SHARED();
    const Bytes full = sharedModelBytes("hello_world_int8.tflite");
    ASSERT_GT(full.size(), 1000U);
    for (std::size_t n = 0; n < full.size(); ++n)
        expectRejected(Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)),
            "hello_world_int8 cut to " + std::to_string(n) + " bytes");
}

TEST(LoaderBadBytes, TruncationsOfEveryModel)
{
    ARENASCOPE_REQUIRE_SHARED();
    for (const auto& path : test::sharedModels()) {
        const Bytes full = test::readFile(path);
        auto whole = loadModelBytes(full, "whole");
        ASSERT_TRUE(whole) << path;
        std::vector<std::size_t> lengths;
        for (std::size_t n = 0; n < full.size(); n += std::max<std::size_t>(1, full.size() / 97))
            lengths.push_back(n);
        for (std::size_t cut = 1; cut <= 32 && cut < full.size(); ++cut)
            lengths.push_back(full.size() - cut);
        for (std::size_t n : lengths) {
            const std::string what = path.filename().string() + " cut to " + std::to_string(n);
            auto loaded = loadModelBytes(Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)), what);
            if (!loaded) {
                EXPECT_FALSE(loaded.error().message.empty()) << what;
                continue;
            }
            // Only trailing alignment padding (which nothing references) may go unnoticed,
            // and then the model must be the same.
            EXPECT_GT(n + 16, full.size()) << what << ": loaded";
            EXPECT_EQ(loaded.value()->tensorCount(), whole.value()->tensorCount()) << what;
            EXPECT_EQ(loaded.value()->operatorCount(), whole.value()->operatorCount()) << what;
            EXPECT_EQ(loaded.value()->constantBytes(), whole.value()->constantBytes()) << what;
        }
    }
}

TEST(LoaderBadBytes, RandomBitFlipsNeverCrash)
{
    ARENASCOPE_REQUIRE_SHARED();
    std::mt19937 rng(1234567);
    int rejected = 0, accepted = 0;
    for (const char* name : { "hello_world_int8.tflite", "simple_add_model.tflite", "trained_lstm_int8.tflite" }) {
        const Bytes original = sharedModelBytes(name);
        std::uniform_int_distribution<std::size_t> bit(0, original.size() * 8 - 1);
        for (int trial = 0; trial < 1500; ++trial) {
            Bytes bytes = original;
            const int flips = 1 + trial % 8;
            for (int f = 0; f < flips; ++f) {
                const std::size_t b = bit(rng);
                bytes[b / 8] = static_cast<std::uint8_t>(bytes[b / 8] ^ (1U << (b % 8)));
            }
            auto loaded = loadModelBytes(std::move(bytes), name);
            if (!loaded) {
                ++rejected;
                EXPECT_FALSE(loaded.error().message.empty()) << name << " trial " << trial;
                continue;
            }
            ++accepted;
            // Whatever loads must also survive the rest of the pipeline.
            EmulationSettings settings;
            settings.arenaSize = 64 * 1024;
            EXPECT_NE(emulate(*loaded.value(), settings), nullptr) << name << " trial " << trial;
        }
    }
    EXPECT_GT(rejected, 0);
    RecordProperty("rejected", rejected);
    RecordProperty("accepted", accepted);
}

TEST(LoaderBadBytes, RandomGarbage)
{
    std::mt19937 rng(42);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int trial = 0; trial < 500; ++trial) {
        Bytes bytes(8 + static_cast<std::size_t>(trial) * 7);
        for (auto& b : bytes)
            b = static_cast<std::uint8_t>(byte(rng));
        if (trial % 2 == 1)
            std::copy_n("TFL3", 4, bytes.begin() + 4); // a right identifier does not make it a model
        expectRejected(std::move(bytes), "garbage " + std::to_string(trial));
    }
}

TEST(LoaderBadBytes, WrongFileIdentifier)
{
    ARENASCOPE_REQUIRE_SHARED();
    Bytes bytes = sharedModelBytes("hello_world_int8.tflite");
    ASSERT_EQ(std::string(bytes.begin() + 4, bytes.begin() + 8), "TFL3");
    std::copy_n("TFL2", 4, bytes.begin() + 4);
    const std::string message = expectRejected(bytes, "TFL2");
    EXPECT_TRUE(contains(message, "TFL2")) << message;
    EXPECT_TRUE(contains(message, "TFL3")) << message;
    std::fill_n(bytes.begin() + 4, 4, 0);
    EXPECT_TRUE(contains(expectRejected(bytes, "zero identifier"), "identifier"));
}

// Available physical memory in bytes, from /proc/meminfo (0 when unknown).
std::uint64_t availableMemory()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib >> unit)
        if (key == "MemAvailable:")
            return kib * 1024;
    return 0;
}

TEST(LoaderBadBytes, LargerThanTheLimitInMemory)
{
    const std::uint64_t need = kMaxModelFileBytes + 1;
    if (availableMemory() < 3 * need)
        GTEST_SKIP() << "needs about " << (3 * need >> 20) << " MiB of free memory to build a " << need
                     << "-byte buffer; only " << (availableMemory() >> 20) << " MiB available";
    Bytes huge(static_cast<std::size_t>(need));
    EXPECT_TRUE(contains(expectRejected(std::move(huge), "huge"), "too large"));
}

// ---- bad files ----

TEST(LoaderBadFiles, NonexistentDirectoryAndEmpty)
{
    TempDir dir;
    auto missing = loadModelFile((dir.path() / "nope.tflite").string());
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().code, ErrorCode::Io);
    EXPECT_FALSE(missing.error().message.empty());

    auto directory = loadModelFile(dir.path().string());
    ASSERT_FALSE(directory);
    EXPECT_EQ(directory.error().code, ErrorCode::Io);
    EXPECT_TRUE(contains(directory.error().message, "directory"));

    auto empty = loadModelFile(dir.write("empty.tflite", {}).string());
    ASSERT_FALSE(empty);
    EXPECT_FALSE(empty.error().message.empty());
    EXPECT_TRUE(contains(describe(empty.error()), "empty.tflite")) << "the message should say which file";
}

TEST(LoaderBadFiles, NotARegularFile)
{
    if (!fs::exists("/dev/null"))
        GTEST_SKIP() << "/dev/null is absent";
    auto r = loadModelFile("/dev/null");
    ASSERT_FALSE(r);
    EXPECT_FALSE(r.error().message.empty());
}

TEST(LoaderBadFiles, Unreadable)
{
    ARENASCOPE_REQUIRE_SHARED();
    TempDir dir;
    const auto path = dir.write("locked.tflite", sharedModelBytes("hello_world_int8.tflite"));
    ASSERT_EQ(::chmod(path.c_str(), 0), 0);
    if (std::ifstream(path).is_open())
        GTEST_SKIP() << "a file with mode 000 is still readable here (running as root?)";
    auto r = loadModelFile(path.string());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ErrorCode::Io);
    EXPECT_FALSE(r.error().message.empty());
}

TEST(LoaderBadFiles, LargerThanTheLimitOnDisk)
{
    TempDir dir;
    const auto path = dir.path() / "huge.tflite";
    std::ofstream(path).close();
    std::error_code ec;
    fs::resize_file(path, kMaxModelFileBytes + 1, ec); // sparse: no disk space used
    if (ec)
        GTEST_SKIP() << "cannot make a sparse " << kMaxModelFileBytes + 1 << "-byte file: " << ec.message();
    auto r = loadModelFile(path.string());
    ASSERT_FALSE(r);
    EXPECT_TRUE(contains(r.error().message, "too large")) << r.error().message;
}

// ---- the command line ----

struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

CliRun runArenascope(const std::vector<std::string>& args)
{
    TempDir dir;
    std::string cmd = shellQuote(ARENASCOPE_CLI);
    for (const auto& a : args)
        cmd += " " + shellQuote(a);
    cmd += " >" + shellQuote((dir.path() / "out").string()) + " 2>" + shellQuote((dir.path() / "err").string());
    const int status = std::system(cmd.c_str());
    CliRun run;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    auto slurp = [](const fs::path& p) {
        const Bytes b = test::readFile(p);
        return std::string(b.begin(), b.end());
    };
    run.out = slurp(dir.path() / "out");
    run.err = slurp(dir.path() / "err");
    return run;
}

TEST(LoaderCli, InfoOnBadInputExitsWithTwo)
{
    TempDir dir;
    std::vector<fs::path> bad { dir.write("garbage.tflite", Bytes(100, 0x5a)), dir.write("empty.tflite", {}),
        dir.path() / "missing.tflite", dir.path() };
    if (!test::sharedModelsDir().empty()) {
        const Bytes model = sharedModelBytes("hello_world_int8.tflite");
        bad.push_back(dir.write("cut.tflite", Bytes(model.begin(), model.begin() + 1000)));
    }
    for (const auto& path : bad) {
        const CliRun run = runArenascope({ "info", path.string() });
        EXPECT_EQ(run.exitCode, 2) << path;
        EXPECT_TRUE(contains(run.err, "arenascope:")) << path << ": stderr was \"" << run.err << "\"";
    }
    EXPECT_EQ(runArenascope({ "info" }).exitCode, 2) << "info without a model is a usage error";
}

TEST(LoaderCli, InfoOnAGoodModel)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto path = test::sharedModelsDir() / "person_detect.tflite";
    const CliRun text = runArenascope({ "info", path.string() });
    EXPECT_EQ(text.exitCode, 0) << text.err;
    EXPECT_FALSE(text.out.empty());

    const CliRun json = runArenascope({ "info", path.string(), "--json" });
    ASSERT_EQ(json.exitCode, 0) << json.err;
    const auto parsed = nlohmann::json::parse(json.out, nullptr, false);
    ASSERT_FALSE(parsed.is_discarded()) << "not JSON: " << json.out.substr(0, 200);
    auto model = loadModelFile(path.string());
    ASSERT_TRUE(model);
    EXPECT_EQ(parsed.at("tensor_count").get<std::size_t>(), model.value()->tensorCount());
    EXPECT_EQ(parsed.at("operator_count").get<std::size_t>(), model.value()->operatorCount());
    EXPECT_EQ(parsed.at("file_bytes").get<std::uint64_t>(), model.value()->fileSize());
}

} // namespace
} // namespace arenascope
