// Reports: golden files (plan JSON, CSV, HTML) for models/*.tflite, CSV round-trips against
// the plan JSON, hostile names, atomic writes into a read-only folder, `plan --csv`.
// HTML specifics are in html_report_test.cpp.
// Set ARENASCOPE_UPDATE_GOLDEN=1 to regenerate tests/golden/ (then review the diff).

#include "report_fixtures.h"

#include "core/analysis/analysis.h"
#include "core/report/atomic_file.h"
#include "core/report/csv_report.h"
#include "core/report/html_report.h"
#include "core/report/plan_report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arenascope {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace reporttest;

// Compares with tests/golden/<name>, or rewrites it when ARENASCOPE_UPDATE_GOLDEN=1.
void checkGolden(const std::string& name, const std::string& actual)
{
    const fs::path path = kSourceDir / "tests" / "golden" / name;
    const char* update = std::getenv("ARENASCOPE_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        const Status st = writeFileAtomically(path.string(), actual);
        ASSERT_TRUE(st) << describe(st.error());
        return;
    }
    ASSERT_TRUE(fs::exists(path)) << path << " is missing: run the tests with ARENASCOPE_UPDATE_GOLDEN=1";
    const std::string expected = readText(path);
    if (expected == actual)
        return;
    std::size_t line = 1;
    std::size_t at = 0;
    const std::size_t n = std::min(expected.size(), actual.size());
    for (; at < n && expected[at] == actual[at]; ++at)
        line += expected[at] == '\n' ? 1 : 0;
    const std::size_t from = expected.rfind('\n', at == 0 ? 0 : at - 1);
    const std::size_t start = from == std::string::npos ? 0 : from + 1;
    ADD_FAILURE() << path << " differs from the output at line " << line
                  << ":\n  golden: " << expected.substr(start, expected.find('\n', start) - start)
                  << "\n  output: " << actual.substr(start, actual.find('\n', start) - start)
                  << "\nIf the change is intended, rerun with ARENASCOPE_UPDATE_GOLDEN=1 and review the diff.";
}

std::string num(const json& v)
{
    return v.is_null() ? std::string() : v.dump();
}

void expectTensorCsvMatchesJson(const Analysis& a)
{
    const auto table = parseCsv(tensorTableCsv(a));
    ASSERT_TRUE(table) << "tensor CSV is not RFC 4180";
    const json plan = json::parse(planJson(a));
    const json info = json::parse(infoJson(*a.model));
    ASSERT_EQ(table->front(),
        (std::vector<std::string> { "subgraph", "index", "name", "kind", "dtype", "shape", "bytes", "aligned_bytes",
            "padding", "offset", "first_use", "last_use", "where" }));
    ASSERT_EQ(table->size() - 1, plan["tensors"].size());
    std::uint64_t padding = 0;
    for (std::size_t i = 0; i < plan["tensors"].size(); ++i) {
        const auto& row = (*table)[i + 1];
        const json& t = plan["tensors"][i];
        SCOPED_TRACE("tensor row " + std::to_string(i));
        ASSERT_EQ(row.size(), 13u);
        EXPECT_EQ(row[0], num(t["subgraph"]));
        EXPECT_EQ(row[1], num(t["index"]));
        EXPECT_EQ(row[2], t["name"].get<std::string>());
        EXPECT_EQ(row[3], t["kind"].get<std::string>());
        EXPECT_EQ(row[6], num(t["bytes"]));
        EXPECT_EQ(row[9], num(t["offset"]));
        EXPECT_EQ(row[10], num(t["first_use"]));
        EXPECT_EQ(row[11], num(t["last_use"]));
        EXPECT_EQ(row[12], t["where"].get<std::string>());
        // dtype and shape are not in the plan JSON: the info JSON has them.
        const json& it = info["subgraphs"][t["subgraph"].get<std::size_t>()]["tensors"][t["index"].get<std::size_t>()];
        EXPECT_EQ(row[4], it["type"].get<std::string>());
        std::string shape;
        for (const auto& d : it["shape"])
            shape += (shape.empty() ? "" : "x") + d.dump();
        EXPECT_EQ(row[5], shape);
        EXPECT_EQ(row[7].empty(), row[8].empty());
        if (!row[7].empty()) {
            EXPECT_EQ(std::stoull(row[7]) % 16, 0u);
            EXPECT_EQ(std::stoull(row[8]), std::stoull(row[7]) - std::stoull(row[6]));
            padding += std::stoull(row[8]);
        }
    }
    // The rest of the JSON's alignment waste is scratch buffers (no tensor row).
    for (const PlannedBuffer& b : a.measured->planned)
        padding += b.tensor < 0 ? b.alignedBytes - b.bytes : 0;
    EXPECT_EQ(padding, plan["alignment_waste_bytes"].get<std::uint64_t>());
}

void expectEventCsvMatchesJson(const Analysis& a)
{
    const auto table = parseCsv(allocationLogCsv(a));
    ASSERT_TRUE(table) << "event CSV is not RFC 4180";
    const json plan = json::parse(planJson(a));
    const json info = json::parse(infoJson(*a.model));
    ASSERT_EQ(table->front(),
        (std::vector<std::string> { "kind", "phase", "subgraph", "operator", "operator_name", "category", "region",
            "requested", "used", "padding", "offset", "label", "tensor", "failed" }));
    ASSERT_EQ(table->size() - 1, plan["events"].size());
    for (std::size_t i = 0; i < plan["events"].size(); ++i) {
        const auto& row = (*table)[i + 1];
        const json& e = plan["events"][i];
        SCOPED_TRACE("event row " + std::to_string(i));
        ASSERT_EQ(row.size(), 14u);
        const int op = e["operator"].get<int>();
        const int sg = e["subgraph"].get<int>();
        const std::string opName = op >= 0 && sg >= 0
            ? info["subgraphs"][static_cast<std::size_t>(sg)]["operators"][static_cast<std::size_t>(op)]["name"]
                  .get<std::string>()
            : std::string();
        auto text = [&](const char* key) { return e[key].get<std::string>(); };
        EXPECT_EQ(row,
            (std::vector<std::string> { text("kind"), text("phase"), num(e["subgraph"]), num(e["operator"]), opName,
                text("category"), text("region"), num(e["requested"]), num(e["used"]), num(e["padding"]),
                num(e["offset"]), text("label"), e["tensor"].is_null() ? std::string() : num(e["tensor"]),
                num(e["failed"]) }));
    }
}

void expectLiveCsvMatchesJson(const Analysis& a)
{
    const auto table = parseCsv(liveBytesCsv(a));
    ASSERT_TRUE(table);
    const json plan = json::parse(planJson(a));
    ASSERT_EQ(
        table->front(), (std::vector<std::string> { "step", "live_bytes", "plan_head_bytes", "lower_bound_bytes" }));
    const auto live = liveBytesPerScope(*a.measured);
    ASSERT_EQ(table->size() - 1, live.size());
    std::uint64_t maxLive = 0;
    std::uint64_t maxHead = 0;
    for (std::size_t s = 0; s < live.size(); ++s) {
        const auto& row = (*table)[s + 1];
        EXPECT_EQ(row[0], std::to_string(s));
        EXPECT_EQ(row[1], std::to_string(live[s]));
        EXPECT_GE(std::stoull(row[2]), live[s]) << "the plan holds every live buffer without overlap";
        EXPECT_EQ(row[3], num(plan["lower_bound_bytes"]));
        maxLive = std::max<std::uint64_t>(maxLive, std::stoull(row[1]));
        maxHead = std::max<std::uint64_t>(maxHead, std::stoull(row[2]));
    }
    EXPECT_EQ(maxLive, plan["lower_bound_bytes"].get<std::uint64_t>());
    EXPECT_EQ(maxHead, plan["plan_bytes"].get<std::uint64_t>());
}

std::string shellQuote(const std::string& s)
{
    std::string out = "'";
    for (const char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

int runShell(const std::string& command)
{
    return WEXITSTATUS(std::system(command.c_str()));
}

// A fresh folder under the system temp dir, removed (after making it writable) at the end.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() / ("arenascope_report_test_" + name + "_" + std::to_string(::getpid())))
    {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(path, ec);
    }
};

TEST(ReportGolden, ModelsMatchCheckedInReports)
{
    std::vector<fs::path> models;
    for (const auto& e : fs::directory_iterator(kSourceDir / "models"))
        if (e.path().extension() == ".tflite")
            models.push_back(e.path());
    std::sort(models.begin(), models.end());
    ASSERT_FALSE(models.empty());
    for (const fs::path& file : models) {
        SCOPED_TRACE(file.string());
        const std::string stem = file.stem().string();
        const ModelPtr model = loadNamed(file, "models/" + file.filename().string());
        ASSERT_TRUE(model);
        const AnalysisPtr a = analyze(model, EmulationSettings {});
        checkGolden(stem + ".plan.json", planJson(*a));
        checkGolden(stem + ".tensors.csv", tensorTableCsv(*a));
        checkGolden(stem + ".events.csv", allocationLogCsv(*a));
        checkGolden(stem + ".live.csv", liveBytesCsv(*a));
        checkGolden(stem + ".report.html", htmlReport(*a).value());
        // One byte below the smallest arena: TFLM's message, stage and the failing event.
        if (a->minArenaBytes) {
            const AnalysisPtr below = analyze(model, EmulationSettings {}.withArena(*a->minArenaBytes - 1));
            ASSERT_FALSE(below->fits().value());
            checkGolden(stem + ".plan_below_min.json", planJson(*below));
        }
    }
}

TEST(ReportGolden, OutputIsDeterministic)
{
    const ModelPtr model = loadExample();
    ASSERT_TRUE(model);
    const AnalysisPtr a = analyze(model, EmulationSettings {}.withArena(20000));
    const AnalysisPtr b = analyze(loadExample(), EmulationSettings {}.withArena(20000));
    EXPECT_EQ(planJson(*a), planJson(*b));
    EXPECT_EQ(tensorTableCsv(*a), tensorTableCsv(*b));
    EXPECT_EQ(allocationLogCsv(*a), allocationLogCsv(*b));
    EXPECT_EQ(htmlReport(*a).value(), htmlReport(*b).value());
}

TEST(CsvReport, FieldsQuoteOnlyWhenNeeded)
{
    const std::pair<std::string, std::string> fields[]
        = { { "conv1/relu", "conv1/relu" }, { "", "" }, { "a,b", "\"a,b\"" }, { "say \"hi\"", "\"say \"\"hi\"\"\"" },
              { "two\nlines", "\"two\nlines\"" }, { "cr\r", "\"cr\r\"" } };
    for (const auto& [field, quoted] : fields)
        EXPECT_EQ(csvField(field), quoted);
    EXPECT_EQ(csvRecord({ "a", "b,c", "" }), "a,\"b,c\",\n");
}

TEST(CsvReport, ExampleRoundTripsToPlanJson)
{
    const ModelPtr model = loadExample();
    ASSERT_TRUE(model);
    for (const std::optional<std::uint64_t> size :
        { std::optional<std::uint64_t>(), std::optional<std::uint64_t>(20000) }) {
        SCOPED_TRACE(size ? "arena 20000" : "no arena size");
        const AnalysisPtr a = analyze(model, EmulationSettings {}.withArena(size));
        expectTensorCsvMatchesJson(*a);
        expectEventCsvMatchesJson(*a);
        expectLiveCsvMatchesJson(*a);
        // LF only: a CR would have to come from a quoted name, and the example has none.
        EXPECT_EQ(tensorTableCsv(*a).find('\r'), std::string::npos);
    }
}

TEST(CsvReport, HostileNamesRoundTrip)
{
    const ModelPtr model = renamedExample(kOddNames);
    ASSERT_TRUE(model);
    const AnalysisPtr a = analyze(model, EmulationSettings {});
    expectTensorCsvMatchesJson(*a);
    const auto table = parseCsv(tensorTableCsv(*a));
    ASSERT_TRUE(table);
    for (std::size_t i = 0; i < kOddNames.size(); ++i)
        EXPECT_EQ((*table)[i + 1][2], kOddNames[i]) << "tensor " << i;
}

TEST(CsvReport, ParserRejectsMalformedCsv)
{
    EXPECT_FALSE(parseCsv("a,\"b\nc\n"));
    EXPECT_FALSE(parseCsv("a,\"b\"x\n"));
    EXPECT_FALSE(parseCsv("a,b\"c\n"));
    EXPECT_EQ(parseCsv("a,\"b\"\"c\"\r\n,\n"), (CsvTable { { "a", "b\"c" }, { "", "" } }));
}

TEST(CliCsv, WritesTheTensorTableBesideStdout)
{
    TempDir dir("cli");
    const AnalysisPtr a = analyze(loadExample(), EmulationSettings {});
    const fs::path csv = dir.path / "tensors, \"all\".csv";
    const fs::path out = dir.path / "stdout.json";
    const int rc = runShell("cd " + shellQuote(kSourceDir.string()) + " && " + shellQuote(ARENASCOPE_CLI) + " plan "
        + kExampleName + " --json --csv " + shellQuote(csv.string()) + " > " + shellQuote(out.string()));
    EXPECT_EQ(rc, 0);
    const std::vector<Alternative> others = alternatives(*a);
    EXPECT_EQ(readText(out), planJson(*a, true, &others));
    EXPECT_EQ(readText(csv), tensorTableCsv(*a));
    EXPECT_EQ(runShell(shellQuote(ARENASCOPE_CLI) + " plan " + shellQuote((kSourceDir / kExampleName).string())
                  + " --csv > /dev/null 2>&1"),
        2);
}

TEST(CliCsv, ReadOnlyFolderFailsCleanlyAndKeepsTheOldFile)
{
    TempDir dir("readonly");
    const fs::path target = dir.path / "tensors.csv";
    std::ofstream(target) << "old contents\n";
    fs::permissions(dir.path, fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
    // Root (and some sandboxes) ignore folder permissions: find out by trying.
    if (std::ofstream probe(dir.path / "probe"); probe) {
        probe.close();
        fs::remove(dir.path / "probe");
        GTEST_SKIP() << "this user can write into a read-only folder (root?): nothing to test";
    }
    const AnalysisPtr a = analyze(loadExample(), EmulationSettings {});
    const Status st = writeFileAtomically(target.string(), tensorTableCsv(*a));
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().code, ErrorCode::Io);
    EXPECT_NE(describe(st.error()).find(target.string()), std::string::npos);
    EXPECT_EQ(readText(target), "old contents\n");

    TempDir logs("readonly_logs");
    const fs::path err = logs.path / "stderr.txt";
    const int rc = runShell(shellQuote(ARENASCOPE_CLI) + " plan " + shellQuote((kSourceDir / kExampleName).string())
        + " --csv " + shellQuote(target.string()) + " > /dev/null 2> " + shellQuote(err.string()));
    EXPECT_EQ(rc, 2);
    EXPECT_NE(readText(err).find("cannot write the tensor table CSV: " + target.string()), std::string::npos)
        << readText(err);
    EXPECT_EQ(readText(target), "old contents\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1) << "no temporary left";
}

} // namespace
} // namespace arenascope
