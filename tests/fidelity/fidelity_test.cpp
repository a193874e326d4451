// Fidelity: every figure ArenaScope computes equals what real TFLM (tflite-micro 90b983c2)
// measured, build by build, in ../shared/oracle (see its README): the 70 models of the TFLM
// tree and the single-operator models, on the cortex-m (arm-none-eabi, short enums), ilp32
// and x86_64 targets, with both planners. One test case per model x build x planner, so a
// failing case is named and runs alone (--gtest_filter=*<name>). Exact equality; a mismatch is
// explained in TFLM's source, never patched over.
#include "measured_file.h"
#include "oracle_cases.h"

#include "../core/test_support.h"

#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/report/plan_report.h"
#include "core/util/sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

namespace arenascope::test {
namespace {

using nlohmann::json;

std::string firstLine(const std::string& log)
{
    return log.substr(0, log.find('\n'));
}

// Collects mismatches as readable lines, so one failing case lists everything that differs.
class Diff {
public:
    template <typename A, typename B> void eq(const std::string& what, const A& ours, const B& theirs)
    {
        if (!(ours == theirs)) {
            std::ostringstream s;
            s << what << ": ArenaScope " << ours << ", TFLM " << theirs;
            m_lines.push_back(s.str());
        }
    }
    void fail(const std::string& line) { m_lines.push_back(line); }
    bool empty() const { return m_lines.empty(); }
    std::string text() const
    {
        std::string out;
        for (std::size_t i = 0; i < m_lines.size() && i < 40; ++i)
            out += "  " + m_lines[i] + "\n";
        if (m_lines.size() > 40)
            out += "  ... " + std::to_string(m_lines.size() - 40) + " more\n";
        return out;
    }

private:
    std::vector<std::string> m_lines;
};

std::uint64_t u64(const json& j, const char* key)
{
    return j.at(key).get<std::uint64_t>();
}

void comparePlain(Diff& d, const EmulationResult& r, const json& ref)
{
    d.eq("plain arena_used_bytes", r.arenaUsedBytes, u64(ref, "arena_used_bytes"));
    d.eq("plain head_bytes", r.headBytes, u64(ref, "head_bytes"));
    d.eq("plain tail_bytes", r.tailBytes, u64(ref, "tail_bytes"));
    if (ref.contains("plan_max_bytes"))
        d.eq("plan_max_bytes", static_cast<std::uint64_t>(r.planBytes), u64(ref, "plan_max_bytes"));
    const auto& tensors = ref.at("tensors");
    if (r.tensors.size() != tensors.size()) {
        d.eq("tensor count", r.tensors.size(), tensors.size());
        return;
    }
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const auto& t = tensors[i];
        const std::string at = "tensor " + std::to_string(i) + " ";
        d.eq(at + "bytes", r.tensors[i].bytes, u64(t, "bytes"));
        if (t.at("offset").is_null())
            d.eq(at + "in arena", r.tensors[i].offset.has_value(), false);
        else if (t.at("where") == "head")
            d.eq(at + "offset", r.tensors[i].offset.value_or(~0ULL), u64(t, "offset"));
    }
    if (!ref.contains("plan_buffers"))
        return;
    const auto& buffers = ref.at("plan_buffers");
    if (r.planned.size() != buffers.size()) {
        d.eq("planned buffer count", r.planned.size(), buffers.size());
        return;
    }
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        const auto& b = buffers[i];
        const std::string at = "plan buffer " + std::to_string(i) + " ";
        d.eq(at + "size", r.planned[i].alignedBytes, u64(b, "size"));
        d.eq(at + "first", r.planned[i].first, b.at("first").get<std::int32_t>());
        d.eq(at + "last", r.planned[i].last, b.at("last").get<std::int32_t>());
        d.eq(at + "offset", r.planned[i].offset, b.at("offset").get<std::int64_t>());
    }
}

void compareRecording(Diff& d, const EmulationResult& r, const json& ref)
{
    d.eq("recording arena_used_bytes", r.arenaUsedBytes, u64(ref, "arena_used_bytes"));
    d.eq("recording head_bytes", r.headBytes, u64(ref, "head_bytes"));
    d.eq("recording tail_bytes", r.tailBytes, u64(ref, "tail_bytes"));
    for (std::size_t k = 0; k < r.recording.size(); ++k) {
        const std::string name = recordedTypeName(static_cast<RecordedType>(k));
        if (!ref.at("recording").contains(name))
            continue;
        const auto& c = ref.at("recording").at(name);
        d.eq(name + " requested", r.recording[k].requested, u64(c, "requested"));
        d.eq(name + " used", r.recording[k].used, u64(c, "used"));
        d.eq(name + " count", r.recording[k].count, u64(c, "count"));
    }
}

// Where TFLM's tail lands on temp memory a kernel still holds (EmulationResult::tempOverwrite),
// TFLM's outcome depends on the overwritten bytes and pointer values, which an allocator
// emulation does not have: it may succeed, fail a check on a corrupted field, or crash. A
// difference at such a size is the one accepted, listed as such; anywhere else it is a failure.
class SizeProbe {
public:
    SizeProbe(const Model& model, EmulationSettings settings)
        : m_model(model)
        , m_settings(std::move(settings))
    {
    }
    EmulationResultPtr at(std::uint64_t size) const
    {
        EmulationSettings s = m_settings;
        s.arenaSize = size;
        return emulate(m_model, s);
    }
    bool overwritesTemp(std::uint64_t size) const { return at(size)->tempOverwrite.has_value(); }
    // Every size in [from, to) overwrites live temp memory.
    bool overwritesTempThroughout(std::uint64_t from, std::uint64_t to) const
    {
        for (std::uint64_t size = from; size < to; ++size)
            if (!overwritesTemp(size))
                return false;
        return true;
    }

private:
    const Model& m_model;
    EmulationSettings m_settings;
};

void compareMinimum(Diff& d, Diff& undetermined, const ModelPtr& modelPtr, const EmulationSettings& s, const json& ref)
{
    const Model& model = *modelPtr;
    const SizeProbe probe(model, s);
    const auto minimum = findMinimumArena(model, s, s.arenaBytes());
    if (!minimum) {
        d.fail("no working arena found, TFLM's minimum is " + std::to_string(u64(ref, "min_arena_bytes")));
        return;
    }
    const std::uint64_t tflmMinimum = u64(ref, "min_arena_bytes");
    bool sameMinimum = *minimum == tflmMinimum;
    if (!sameMinimum) {
        const std::uint64_t lo = std::min(*minimum, tflmMinimum);
        const std::uint64_t hi = std::max(*minimum, tflmMinimum);
        const auto overwriteFree = findOverwriteFreeArena(model, s, s.arenaBytes());
        if (probe.overwritesTempThroughout(lo, hi) && overwriteFree && tflmMinimum <= *overwriteFree)
            undetermined.eq("min_arena_bytes (the tail overwrites live temp memory in between; nothing is "
                            "overwritten from "
                    + std::to_string(*overwriteFree) + ")",
                *minimum, tflmMinimum);
        else
            d.eq("min_arena_bytes", *minimum, tflmMinimum);
    }
    EmulationSettings at = s;
    at.arenaSize = *minimum;
    if (sameMinimum && ref.contains("min_used_bytes_at_min")) {
        const auto atMin = emulate(model, at);
        d.eq("min_used_bytes_at_min", atMin->arenaUsedBytes, u64(ref, "min_used_bytes_at_min"));
        // What `plan --arena-size <minimum> --json` reports: the figures at the size it states.
        const nlohmann::json report = nlohmann::json::parse(planJson(*analyze(modelPtr, at)));
        d.eq("plan --json arena_used_bytes at the minimum", report.at("arena_used_bytes").get<std::uint64_t>(),
            u64(ref, "min_used_bytes_at_min"));
        d.eq("plan --json figures_arena_bytes", report.at("figures_arena_bytes").get<std::uint64_t>(), *minimum);
    }
    if (sameMinimum && ref.contains("min_fail_log")) {
        const auto below = probe.at(*minimum - 1);
        Diff& into = below->tempOverwrite ? undetermined : d;
        if (!below->failure)
            into.fail("fits one byte below the minimum");
        else
            into.eq("message one byte below", below->failure->message,
                firstLine(ref.at("min_fail_log").get<std::string>()));
    }
    if (!ref.contains("monotonic_probe"))
        return;
    for (const auto& p : ref.at("monotonic_probe").at("probes")) {
        const std::uint64_t size = u64(p, "size");
        const auto r = probe.at(size);
        Diff& into = r->tempOverwrite ? undetermined : d;
        const std::string where = "probe at " + std::to_string(size) + " ";
        into.eq(where + "ok", r->ok, p.at("ok").get<bool>());
        // A probe that crashed TFLM (a kernel used a null or overwritten temp tensor) has no
        // reliable message: only the failure itself is compared.
        if (!r->ok && !p.at("ok").get<bool>() && p.contains("first_error") && !p.contains("crash")
            && p.at("first_error").get<std::string>().rfind("[harness:", 0) != 0)
            into.eq(where + "message", r->failure->message, p.at("first_error").get<std::string>());
    }
}

class Fidelity : public ::testing::TestWithParam<OracleCase> { };

TEST_P(Fidelity, MatchesTflm)
{
    const OracleCase& c = GetParam();
    // A shared oracle file holds one model; a measured file many, read once per process.
    json file;
    if (c.measuredKey.empty()) {
        std::ifstream in(c.oracleFile);
        file = json::parse(in);
    } else {
        file = MeasuredFile::at(c.oracleFile).entry(c.measuredKey);
    }
    const json& ref = file.at(std::string(plannerName(c.settings.planner)));
    if (c.modelBytes) {
        // A probe model measured by the project: the bytes built today must be those measured.
        ASSERT_EQ(sha256Hex(*c.modelBytes), file.at("sha256").get<std::string>())
            << c.measuredKey << " changed since it was measured: measure it again (tests/fidelity/measured/README.md)";
    } else if (!c.measuredKey.empty()) {
        // A shared model measured by the project: the same file.
        std::ifstream model(c.model, std::ios::binary);
        const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(model)), {});
        ASSERT_EQ(sha256Hex(bytes), file.at("sha256").get<std::string>()) << c.model << " is not the model measured";
    }
    auto loaded = c.modelBytes ? loadModelBytes(*c.modelBytes, c.measuredKey) : loadModelFile(c.model.string());
    ASSERT_TRUE(loaded) << describe(loaded.error());
    const Model& model = *loaded.value();
    EmulationSettings s = c.settings;
    s.arenaSize = u64(ref, "measure_arena_bytes");
    if (file.contains("resource_variables"))
        s.resourceVariables = file.at("resource_variables").at("num_variables").get<std::uint32_t>();

    Diff d;
    const auto plain = emulate(model, s);
    if (ref.at("status") != "ok") {
        // A failure no arena size fixes: the same first message as TFLM.
        if (!plain->failure)
            d.fail("allocates, TFLM fails with: " + firstLine(ref.at("log").get<std::string>()));
        else if (plain->failure->tflmSilent)
            // ArenaScope explains a failure TFLM does not print: TFLM's log must be empty.
            d.eq("TFLM's log (ArenaScope: fails without a message)", std::string(),
                firstLine(ref.at("log").get<std::string>()));
        else
            d.eq("failure", plain->failure->message, firstLine(ref.at("log").get<std::string>()));
        EXPECT_TRUE(d.empty()) << c.name << " differs from TFLM:\n" << d.text();
        return;
    }
    if (!plain->ok) {
        FAIL() << c.name << ": fails where TFLM allocates: " << plain->failure->message;
    }
    comparePlain(d, *plain, ref.at("plain"));
    EmulationSettings rs = s;
    rs.interpreter = InterpreterKind::Recording;
    const auto rec = emulate(model, rs);
    if (!rec->ok)
        d.fail("recording interpreter fails: " + rec->failure->message);
    else
        compareRecording(d, *rec, ref);
    Diff undetermined;
    compareMinimum(d, undetermined, loaded.value(), s, ref);
    EXPECT_TRUE(d.empty()) << c.name << " differs from TFLM:\n" << d.text();
    if (!undetermined.empty())
        std::cout << c.name << ": differs only where TFLM's tail overwrites live temp memory (its outcome there "
                  << "depends on the overwritten bytes):\n"
                  << undetermined.text();
}

std::vector<OracleCase> casesOrPlaceholder()
{
    return oracleCases();
}

INSTANTIATE_TEST_SUITE_P(
    Oracle, Fidelity, ::testing::ValuesIn(casesOrPlaceholder()), [](const auto& param) { return param.param.name; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Fidelity);

// Visible in the test list whether the oracle was there at all.
TEST(FidelityOracle, IsPresent)
{
    if (sharedDir().empty())
        GTEST_SKIP() << "../shared/oracle is absent: fidelity tests are skipped";
    EXPECT_GT(oracleCases().size(), 0u);
}

} // namespace
} // namespace arenascope::test

namespace arenascope::test {
namespace {

// TFLM's benchmarking README: person_detect on a Corstone-300 (Cortex-M4, arm-none-eabi-gcc,
// CMSIS-NN), recording allocator and 100 resource variables (tools/benchmarking/
// generic_model_benchmark.cc). Every figure of the published table, to the byte.
TEST(PublishedDeviceFigure, PersonDetectOnCorstone300)
{
    const auto shared = sharedDir();
    if (shared.empty())
        GTEST_SKIP() << "../shared is absent: the published-figure test needs person_detect.tflite";
    auto loaded = loadModelFile((shared / "models" / "tflm" / "person_detect.tflite").string());
    ASSERT_TRUE(loaded) << describe(loaded.error());
    EmulationSettings s;
    s.target = TargetKind::CortexM;
    s.kernels = KernelSet::CmsisNn;
    s.cpu = Cpu::CortexM4;
    s.interpreter = InterpreterKind::Recording;
    s.resourceVariables = 100;
    const auto r = emulate(*loaded.value(), s);
    ASSERT_TRUE(r->ok);
    EXPECT_EQ(r->arenaUsedBytes, 84436u); // Total
    EXPECT_EQ(r->headBytes, 55296u); // NonPersistent
    EXPECT_EQ(r->tailBytes, 29140u); // Persistent
    auto at = [&](RecordedType t) { return r->recording[static_cast<std::size_t>(t)]; };
    const struct {
        RecordedType type;
        std::uint64_t requested, used, count;
    } table[] = {
        { RecordedType::TfLiteEvalTensorData, 1068, 1068, 89 },
        { RecordedType::PersistentTfLiteTensorData, 64, 64, 2 },
        { RecordedType::PersistentTfLiteTensorQuantizationData, 40, 40, 4 },
        { RecordedType::PersistentBufferData, 25704, 25872, 90 },
        { RecordedType::NodeAndRegistrationArray, 992, 992, 31 },
    };
    for (const auto& row : table) {
        SCOPED_TRACE(recordedTypeName(row.type));
        EXPECT_EQ(at(row.type).requested, row.requested);
        EXPECT_EQ(at(row.type).used, row.used);
        EXPECT_EQ(at(row.type).count, row.count);
    }
}

} // namespace
} // namespace arenascope::test
