// ArenaScope in a team's CI, run as CI runs it: configurations as text, `baseline` then `check`
// (exit 0 unchanged, 1 on growth with the delta in Markdown and JUnit), `header` compiled by the
// system's C and C++ compilers, batch `plan --table`, and every kind of bad input.
#include "test_support.h"

#include "cli/configuration.h"
#include "core/util/format.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace arenascope {
namespace {

namespace fs = std::filesystem;
using test::arenascope;
using test::CliResult;

std::string lesson(const std::string& id)
{
    return std::string(ARENASCOPE_SOURCE_DIR) + "/models/lessons/" + id + ".tflite";
}

std::string example()
{
    return std::string(ARENASCOPE_SOURCE_DIR) + "/models/example_kws_int8.tflite";
}

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

void writeText(const fs::path& p, const std::string& text)
{
    std::ofstream(p, std::ios::binary) << text;
}

std::uint64_t planMinimum(const std::string& model, const std::string& config)
{
    const CliResult r = arenascope({ "plan", model, "--config", config, "--json" });
    const auto j = nlohmann::json::parse(r.out);
    return j.at("min_arena_bytes").get<std::uint64_t>();
}

// A scratch folder per test, removed afterwards.
class CiFolder : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir = fs::temp_directory_path()
            / ("arenascope_ci_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_"
                + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir / "models");
        // Three models, copied so a test can replace one.
        fs::copy_file(example(), dir / "models" / "kws.tflite");
        fs::copy_file(lesson("scratch_buffer"), dir / "models" / "upsample.tflite");
        fs::copy_file(lesson("stateful_svdf"), dir / "models" / "svdf.tflite");
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& rel) const { return (dir / rel).string(); }
    fs::path dir;
};

const char* kConfigA = "target=cortex-m,kernels=reference,planner=greedy";
const char* kConfigB = "kernels=cmsis-nn,cpu=cortex-m55";

TEST(Configuration, CanonicalTextRoundTrips)
{
    auto s = parseConfiguration("kernels=cmsis-nn, cpu=cortex-m55");
    ASSERT_TRUE(s) << describe(s.error());
    EXPECT_EQ(s.value().target, TargetKind::CortexM); // CMSIS-NN takes its one target
    EXPECT_EQ(configurationText(s.value()),
        "target=cortex-m,kernels=cmsis-nn,cpu=cortex-m55,planner=greedy,"
        "interpreter=plain");
    auto esp = parseConfiguration("kernels=esp-nn,chip=esp32,esp-nn=1.1.2,resource-variables=20,"
                                  "resource-variables-arena=1024,arena-offset=4,preserve-all-tensors=true");
    ASSERT_TRUE(esp) << describe(esp.error());
    const std::string text = configurationText(esp.value());
    EXPECT_EQ(text,
        "target=ilp32,kernels=esp-nn,chip=esp32,esp-nn=1.1.2,planner=greedy,interpreter=plain,"
        "preserve-all-tensors=true,resource-variables=20,resource-variables-arena=1024,arena-offset=4");
    auto again = parseConfiguration(text);
    ASSERT_TRUE(again);
    EXPECT_EQ(again.value(), esp.value());
    // The empty configuration is plan's defaults.
    auto defaults = parseConfiguration("");
    ASSERT_TRUE(defaults);
    EXPECT_EQ(defaults.value(), EmulationSettings {});
}

TEST(Configuration, BadTextNamesThePair)
{
    const struct {
        const char* text;
        const char* says;
    } cases[] = {
        { "target=riscv", "target takes cortex-m|ilp32|x86_64" },
        { "colour=red", "unknown key 'colour'" },
        { "planner=greedy,planner=linear", "'planner' is given twice" },
        { "kernels", "'kernels' is not KEY=VALUE" },
        { "kernels=,", "'kernels' has no value" },
        { "kernels=cmsis-nn,target=x86_64", "CMSIS-NN" },
        { "chip=esp32", "--chip and --esp-nn choose the ESP-NN build" },
        { "preserve-all-tensors=yes", "preserve-all-tensors takes true or false" },
        { "arena-size=64K", "unknown key 'arena-size'" },
    };
    for (const auto& c : cases) {
        auto s = parseConfiguration(c.text);
        ASSERT_FALSE(s) << c.text;
        EXPECT_NE(describe(s.error()).find(c.says), std::string::npos) << describe(s.error());
        EXPECT_NE(describe(s.error()).find(c.text), std::string::npos) << "names the configuration";
    }
}

TEST(Configuration, PlanTakesItAndMeansTheSameAsOptions)
{
    const CliResult viaConfig = arenascope({ "plan", example(), "--config", kConfigB, "--json" });
    const CliResult viaOptions
        = arenascope({ "plan", example(), "--kernels", "cmsis-nn", "--cpu", "cortex-m55", "--json" });
    ASSERT_EQ(viaConfig.exitCode, 0) << viaConfig.out;
    EXPECT_EQ(viaConfig.out, viaOptions.out);
    const CliResult bad = arenascope({ "plan", example(), "--config", "kernels=tpu" });
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.out.find("kernels takes reference, cmsis-nn or esp-nn"), std::string::npos) << bad.out;
}

TEST_F(CiFolder, BaselineThenCheckPassesThenCatchesGrowth)
{
    const std::string baseline = path("arena-baseline.json");
    const CliResult b
        = arenascope({ "baseline", path("models"), "--config", kConfigA, "--config", kConfigB, "--out", baseline });
    ASSERT_EQ(b.exitCode, 0) << b.out;
    EXPECT_NE(b.out.find("6 entries (3 models x 2 configurations)"), std::string::npos) << b.out;
    const auto file = nlohmann::json::parse(readText(baseline));
    ASSERT_EQ(file.at("entries").size(), 6u);
    EXPECT_EQ(file.at("schema_version"), 1);
    // The figures are plan's, to the byte.
    for (const auto& e : file.at("entries")) {
        const std::string config = e.at("configuration").get<std::string>();
        EXPECT_EQ(e.at("min_arena_bytes").get<std::uint64_t>(), planMinimum(e.at("model"), config))
            << e.at("model") << " " << config;
        EXPECT_FALSE(e.at("items").empty());
    }
    // Deterministic: the same inputs write the same bytes.
    const std::string first = readText(baseline);
    ASSERT_EQ(arenascope({ "baseline", path("models"), "--config", kConfigB, "--config", kConfigA, "--out", baseline })
                  .exitCode,
        0);
    EXPECT_EQ(readText(baseline), first);

    const CliResult same = arenascope({ "check", "--baseline", baseline, "--junit", path("same.xml") });
    EXPECT_EQ(same.exitCode, 0) << same.out;
    EXPECT_NE(same.out.find("no regression in 6 checks"), std::string::npos) << same.out;
    EXPECT_NE(readText(path("same.xml")).find("failures=\"0\""), std::string::npos);

    // A retrained model that needs more arena, at the same path.
    const std::uint64_t before = planMinimum(path("models/svdf.tflite"), kConfigA);
    fs::copy_file(example(), path("models/svdf.tflite"), fs::copy_options::overwrite_existing);
    const std::uint64_t after = planMinimum(path("models/svdf.tflite"), kConfigA);
    ASSERT_GT(after, before);
    const CliResult grew = arenascope({ "check", "--baseline", baseline, "--junit", path("grew.xml") });
    EXPECT_EQ(grew.exitCode, 1) << grew.out;
    const std::string delta = "+" + formatCount(after - before) + " B";
    EXPECT_NE(grew.out.find(delta), std::string::npos) << grew.out;
    EXPECT_NE(grew.out.find("**grew**"), std::string::npos);
    EXPECT_NE(grew.out.find("the model file changed since the baseline"), std::string::npos);
    EXPECT_NE(grew.out.find("grew: "), std::string::npos) << "names the items that grew";
    const std::string junit = readText(path("grew.xml"));
    EXPECT_NE(junit.find("tests=\"6\""), std::string::npos);
    EXPECT_NE(junit.find("<failure"), std::string::npos);
    EXPECT_NE(junit.find(delta), std::string::npos) << junit;

    // A threshold that allows the growth passes; --update records it.
    const std::string pct = std::to_string((after - before) * 100 / before + 1) + "%";
    const CliResult allowed = arenascope({ "check", "--baseline", baseline, "--max-growth", pct });
    EXPECT_EQ(allowed.exitCode, 0) << allowed.out;
    EXPECT_NE(allowed.out.find("grew within the limit"), std::string::npos);
    const CliResult updated = arenascope({ "check", "--baseline", baseline, "--update" });
    EXPECT_EQ(updated.exitCode, 0) << updated.out;
    EXPECT_EQ(arenascope({ "check", "--baseline", baseline }).exitCode, 0);

    // A budget below a model's arena fails it.
    const CliResult budget = arenascope({ "check", "--baseline", baseline, "--budget", "1K" });
    EXPECT_EQ(budget.exitCode, 1);
    EXPECT_NE(budget.out.find("over budget"), std::string::npos) << budget.out;
}

TEST_F(CiFolder, CheckReportsMissingAndNewModels)
{
    const std::string baseline = path("b.json");
    ASSERT_EQ(
        arenascope({ "baseline", path("models/kws.tflite"), path("models/svdf.tflite"), "--out", baseline }).exitCode,
        0);
    // svdf.tflite is gone, upsample.tflite is new.
    fs::remove(path("models/svdf.tflite"));
    const CliResult gone = arenascope({ "check", "--baseline", baseline });
    EXPECT_EQ(gone.exitCode, 1) << gone.out;
    EXPECT_NE(gone.out.find("model gone"), std::string::npos) << gone.out;
    EXPECT_NE(gone.out.find("cannot be read"), std::string::npos) << gone.out;
    const CliResult added = arenascope({ "check", "--baseline", baseline, path("models") });
    EXPECT_EQ(added.exitCode, 1);
    EXPECT_NE(added.out.find("not in the baseline"), std::string::npos) << added.out;
    EXPECT_NE(added.out.find("not among the models given"), std::string::npos) << added.out;
}

TEST_F(CiFolder, AModelThatNeverAllocatesIsARowWithTflmsMessage)
{
    fs::copy_file(lesson("unregistered_op"), path("models/reduce_prod.tflite"));
    const std::string baseline = path("b.json");
    const CliResult b = arenascope({ "baseline", path("models"), "--out", baseline });
    ASSERT_EQ(b.exitCode, 0) << b.out;
    EXPECT_NE(b.out.find("1 of them fail at every arena size"), std::string::npos) << b.out;
    const auto file = nlohmann::json::parse(readText(baseline));
    bool found = false;
    for (const auto& e : file.at("entries"))
        if (e.at("model").get<std::string>().find("reduce_prod") != std::string::npos) {
            found = true;
            EXPECT_TRUE(e.at("min_arena_bytes").is_null());
            EXPECT_NE(e.at("message").get<std::string>().find("Didn't find op for builtin opcode 'REDUCE_PROD'"),
                std::string::npos);
        }
    EXPECT_TRUE(found);
    const CliResult c = arenascope({ "check", "--baseline", baseline });
    EXPECT_EQ(c.exitCode, 0) << c.out;
    EXPECT_NE(c.out.find("still fails"), std::string::npos);
    // A model that allocated and no longer does is a regression.
    fs::copy_file(lesson("unregistered_op"), path("models/kws.tflite"), fs::copy_options::overwrite_existing);
    const CliResult broke = arenascope({ "check", "--baseline", baseline });
    EXPECT_EQ(broke.exitCode, 1);
    EXPECT_NE(broke.out.find("no longer allocates"), std::string::npos) << broke.out;
}

TEST_F(CiFolder, BadBaselinesExitTwoNamingFileAndEntry)
{
    const std::string good = path("good.json");
    ASSERT_EQ(arenascope({ "baseline", path("models/kws.tflite"), "--out", good }).exitCode, 0);
    const std::string text = readText(good);
    auto expectBad = [&](const std::string& content, const std::string& says) {
        const std::string file = path("bad.json");
        writeText(file, content);
        const CliResult r = arenascope({ "check", "--baseline", file });
        EXPECT_EQ(r.exitCode, 2) << r.out;
        EXPECT_NE(r.out.find(file), std::string::npos) << "names the file: " << r.out;
        EXPECT_NE(r.out.find(says), std::string::npos) << r.out;
    };
    expectBad("{ not json", "not a JSON file");
    expectBad("{\"entries\": []}", "not an ArenaScope baseline");
    auto j = nlohmann::json::parse(text);
    j["schema_version"] = 7;
    j["arenascope_version"] = "9.0.0";
    expectBad(j.dump(), "newer ArenaScope (9.0.0)");
    j = nlohmann::json::parse(text);
    j["entries"][0]["configuration"] = "kernels=quantum";
    expectBad(j.dump(), "entry 0");
    j = nlohmann::json::parse(text);
    j["entries"][0].erase("min_arena_bytes");
    expectBad(j.dump(), "entry 0 (" + path("models/kws.tflite") + ") is malformed");
    const CliResult missing = arenascope({ "check", "--baseline", path("nowhere.json") });
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.out.find("nowhere.json"), std::string::npos);
}

TEST_F(CiFolder, UnwritableOutputKeepsTheOldFile)
{
    const std::string baseline = path("b.json");
    ASSERT_EQ(arenascope({ "baseline", path("models/kws.tflite"), "--out", baseline }).exitCode, 0);
    const std::string before = readText(baseline);
    const CliResult r = arenascope({ "baseline", path("models"), "--out", path("no/such/folder/b.json") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.out.find("nothing written"), std::string::npos) << r.out;
    const CliResult j = arenascope({ "check", "--baseline", baseline, "--junit", path("no/such/j.xml") });
    EXPECT_EQ(j.exitCode, 2);
    EXPECT_EQ(readText(baseline), before);
}

TEST_F(CiFolder, HeaderCompilesAndStatesPlansMinimum)
{
    const std::string header = path("kws_arena.h");
    const CliResult r
        = arenascope({ "header", path("models/kws.tflite"), "--config", kConfigB, "--out", header, "--margin", "256" });
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const std::string text = readText(header);
    const std::uint64_t minimum = planMinimum(path("models/kws.tflite"), kConfigB);
    EXPECT_NE(text.find("#define KWS_ARENA_MIN_BYTES " + std::to_string(minimum) + "u"), std::string::npos) << text;
    EXPECT_NE(text.find("#define KWS_ARENA_MARGIN_BYTES 256u"), std::string::npos);
    EXPECT_NE(text.find("kernels=cmsis-nn,cpu=cortex-m55"), std::string::npos);
    EXPECT_NE(text.find("tflite-micro 90b983c2 with CMSIS-NN 4ab83cc3"), std::string::npos);
    // The header compiles as C and as C++, and declares what it says.
    const std::string check = "KWS_ARENA_DEFINE(static);\n"
                              "int size_ok[(sizeof(kws_arena) == KWS_ARENA_MIN_BYTES + 256) ? 1 : -1];\n"
                              "int aligned_ok[(KWS_ARENA_ALIGNMENT == 16 && __alignof__(kws_arena) == 16) ? 1 : -1];\n"
                              "unsigned char* arena_start(void) { return kws_arena; }\n";
    writeText(path("use.c"), "#include \"kws_arena.h\"\n" + check);
    writeText(path("use.cpp"), "#include \"kws_arena.h\"\n" + check);
    for (const auto& [compiler, source] : { std::pair { "cc -std=c11", "use.c" }, { "c++ -std=c++17", "use.cpp" } }) {
        const std::string cmd = std::string(compiler) + " -Wall -Werror -c " + test::shellQuote(path(source)) + " -o "
            + test::shellQuote(path(std::string(source) + ".o")) + " 2>&1";
        EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    }
    // A model that allocates nowhere gets no header.
    const CliResult none = arenascope({ "header", lesson("unregistered_op"), "--out", path("none.h") });
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_NE(none.out.find("Didn't find op for builtin opcode"), std::string::npos) << none.out;
    EXPECT_FALSE(fs::exists(path("none.h")));
    EXPECT_EQ(arenascope({ "header", example(), "--out", path("x.h"), "--name", "!!!" }).exitCode, 2);
}

TEST_F(CiFolder, PlanOverAFolderPrintsOneRowPerModelAndConfiguration)
{
    const CliResult csv
        = arenascope({ "plan", path("models"), "--config", kConfigA, "--config", kConfigB, "--table", "csv" });
    EXPECT_EQ(csv.exitCode, 0) << csv.out;
    std::size_t lines = 0;
    for (char c : csv.out)
        lines += c == '\n' ? 1 : 0;
    EXPECT_EQ(lines, 1u + 6u) << csv.out;
    EXPECT_EQ(csv.out.rfind("model,configuration,arena_size,fits,min_arena_bytes", 0), 0u) << csv.out;
    const std::uint64_t minimum = planMinimum(path("models/kws.tflite"), kConfigB);
    EXPECT_NE(csv.out.find("," + std::to_string(minimum) + ","), std::string::npos);
    // Markdown, with an arena size that one configuration does not fit: exit 1.
    const CliResult md = arenascope({ "plan", path("models/kws.tflite"), path("models/svdf.tflite"), "--arena-size",
        std::to_string(minimum), "--config", kConfigA, "--config", kConfigB, "--table", "md" });
    EXPECT_NE(md.out.find("| model | configuration |"), std::string::npos) << md.out;
    EXPECT_EQ(md.exitCode, planMinimum(path("models/kws.tflite"), kConfigA) > minimum ? 1 : 0) << md.out;
    // JSON: an array of plan objects.
    const CliResult json = arenascope({ "plan", path("models"), "--json" });
    const auto array = nlohmann::json::parse(json.out);
    ASSERT_TRUE(array.is_array());
    EXPECT_EQ(array.size(), 3u);
    // Bad input among good: the others are still reported, the exit code says bad input.
    writeText(path("models/broken.tflite"), "not a model");
    const CliResult bad = arenascope({ "plan", path("models"), "--table", "md" });
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.out.find("cannot load"), std::string::npos) << bad.out;
    EXPECT_NE(bad.out.find("kws.tflite"), std::string::npos);
    EXPECT_EQ(arenascope({ "plan", path("models"), "--csv", path("t.csv") }).exitCode, 2);
    fs::create_directories(path("empty"));
    const CliResult empty = arenascope({ "plan", path("empty") });
    EXPECT_EQ(empty.exitCode, 2);
    EXPECT_NE(empty.out.find("holds no .tflite model"), std::string::npos);
}

TEST_F(CiFolder, ReportOverAFolderWritesOneFolderPerModelAndConfiguration)
{
    if (!ARENASCOPE_CLI_HAS_REPORT)
        GTEST_SKIP() << "report draws with Qt: this build has no UI";
    const CliResult r = arenascope({ "report", path("models"), "--out", path("reports"), "--json", "--config", kConfigA,
        "--config", kConfigB, "--table", "csv" });
    EXPECT_EQ(r.exitCode, 0) << r.out;
    for (const char* model : { "kws", "svdf", "upsample" })
        for (const char* config : { "target-cortex-m_kernels-reference_planner-greedy_interpreter-plain",
                 "target-cortex-m_kernels-cmsis-nn_cpu-cortex-m55_planner-greedy_interpreter-plain" }) {
            const fs::path json = dir / "reports" / model / config / "analysis.json";
            ASSERT_TRUE(fs::exists(json)) << json;
            const auto j = nlohmann::json::parse(readText(json));
            EXPECT_EQ(j.at("min_arena_bytes").get<std::uint64_t>(),
                planMinimum(path(std::string("models/") + model + ".tflite"),
                    std::string(config).find("cmsis") != std::string::npos ? kConfigB : kConfigA));
        }
    EXPECT_NE(r.out.find("model,configuration,arena_size"), std::string::npos) << r.out;
}

// A clean shell or CI job (no XDG_RUNTIME_DIR, no display): report prints its own lines only.
TEST_F(CiFolder, ReportIsQuietInACleanEnvironment)
{
    if (!ARENASCOPE_CLI_HAS_REPORT)
        GTEST_SKIP() << "report draws with Qt: this build has no UI";
    const std::string cmd = "env -i PATH=/usr/bin:/bin HOME=" + test::shellQuote(dir.string()) + " "
        + test::shellQuote(ARENASCOPE_CLI) + " report " + test::shellQuote(path("models/kws.tflite")) + " --out "
        + test::shellQuote(path("quiet")) + " > " + test::shellQuote(path("out.txt")) + " 2> "
        + test::shellQuote(path("err.txt"));
    EXPECT_EQ(std::system(cmd.c_str()), 0);
    EXPECT_EQ(readText(path("err.txt")), "");
    EXPECT_NE(readText(path("out.txt")).find("wrote "), std::string::npos);
}

// examples/ci/: the commands its GitHub Actions workflow and GitLab job run, run here.
TEST(CiExamples, TheWorkflowsCommandsPass)
{
    const fs::path root = ARENASCOPE_SOURCE_DIR;
    const std::string script = (root / "examples" / "ci" / "arena-check.sh").string();
    for (const char* workflow : { "github-actions.yml", "gitlab-ci.yml" }) {
        const std::string text = readText(root / "examples" / "ci" / workflow);
        EXPECT_NE(text.find("scripts/arenascope.sh build"), std::string::npos) << workflow;
        EXPECT_NE(text.find("examples/ci/arena-check.sh"), std::string::npos) << workflow;
    }
    const fs::path out = fs::temp_directory_path() / ("arenascope_ci_example_" + std::to_string(::getpid()));
    fs::create_directories(out);
    const std::string cmd = "cd " + test::shellQuote(root.string())
        + " && ARENASCOPE=" + test::shellQuote(ARENASCOPE_CLI) + " ARENA_REPORT_DIR=" + test::shellQuote(out.string())
        + " " + test::shellQuote(script) + " > " + test::shellQuote((out / "log.txt").string()) + " 2>&1";
    const int rc = std::system(cmd.c_str());
    EXPECT_EQ(rc, 0) << readText(out / "log.txt");
    EXPECT_TRUE(fs::exists(out / "arena-check.xml"));
    EXPECT_NE(readText(out / "arena-check.md").find("no regression"), std::string::npos) << readText(out / "log.txt");
    fs::remove_all(out);
}

} // namespace
} // namespace arenascope
