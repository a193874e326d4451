// The device-log parser: every wording row is recognised with its numbers; prefixes, colours
// and line ends are stripped; binary input is refused; attempts are grouped and repeats folded;
// every line the emulation prints, in every snapshot, is a fact in that snapshot's wording.
#include "core/analysis/analysis.h"
#include "core/analysis/concepts.h"
#include "core/devicelog/emulated_log.h"
#include "core/devicelog/fact_text.h"
#include "core/devicelog/log_parser.h"
#include "core/devicelog/log_wordings.h"
#include "core/emulation/emulator.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

namespace arenascope {
namespace {

// A line in a wording's format with small numbers and names in it.
std::string sampleLine(const Wording& w)
{
    std::string out;
    for (std::size_t i = 0; i < w.format.size(); ++i) {
        if (w.format[i] != '%') {
            out += w.format[i];
            continue;
        }
        const char c = w.format[i + 1];
        if (c == '4') {
            out += "   7";
            i += 2;
        } else {
            out += c == 's' ? (w.kind == FactKind::PlanRow ? std::string(80, '.') : std::string("CONV_2D"))
                : c == 'c'  ? std::string("3")
                : c == 'u'  ? std::string("123")
                            : std::string("45");
            ++i;
        }
    }
    return out;
}

ParsedLog parse(const std::string& text)
{
    auto log = parseDeviceLogText(text);
    EXPECT_TRUE(log) << (log ? "" : log.error().message);
    return log ? log.value() : ParsedLog {};
}

TEST(DeviceLogWordings, EveryRowIsRecognisedWithItsNumbers)
{
    std::set<std::string_view> ids;
    for (const Wording& w : wordings()) {
        SCOPED_TRACE(std::string(w.id));
        EXPECT_TRUE(ids.insert(w.id).second) << "two rows with one id";
        std::string line = sampleLine(w);
        if (w.id == "plan_row_wide")
            line = "12: " + std::string(80, '.') + " (3k)"; // a two-digit step, as the old format prints it
        const auto f = matchWording(line);
        ASSERT_TRUE(f) << line;
        EXPECT_EQ(f->wording, w.id) << line;
        EXPECT_EQ(f->kind, w.kind);
        EXPECT_EQ(f->text, line);
        // The requested bytes read back as sampleLine wrote them at their conversion (123 for
        // %u, 45 for %d).
        std::size_t conversion = 0;
        for (std::size_t i = 0; i + 1 < w.format.size(); ++i) {
            if (w.format[i] != '%')
                continue;
            const char c = w.format[i + 1];
            if (conversion < w.fields.size() && w.fields[conversion] == 'R') {
                EXPECT_EQ(f->requested, c == 'u' ? 123U : 45U);
            }
            ++conversion;
            i += c == '4' ? 2 : 1;
        }
        EXPECT_FALSE(explainFact(*f).text.empty());
        EXPECT_TRUE(findConcept(explainFact(*f).conceptId)) << explainFact(*f).conceptId;
    }
}

TEST(DeviceLogWordings, AllocatorNumbersAndTheirChecks)
{
    const auto f = matchWording("Failed to resize buffer. Requested: 19440, available 11876, missing: 7564");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->kind, FactKind::ResizeFailed);
    EXPECT_EQ(f->requested, 19440U);
    EXPECT_EQ(f->available, 11876U);
    EXPECT_EQ(f->missing, 7564U);
    EXPECT_TRUE(f->impossible.empty());
    const auto wrong = matchWording("Failed to allocate tail memory. Requested: 8, available 4, missing: 5");
    ASSERT_TRUE(wrong);
    EXPECT_NE(wrong->impossible.find("missing"), std::string::npos);
    const auto huge = matchWording("Failed to allocate temp memory. Requested: 99999999999999999999999999, available "
                                   "4, missing: 5");
    ASSERT_TRUE(huge);
    EXPECT_NE(huge->impossible.find("overflows"), std::string::npos);
    const auto big = matchWording("Failed to allocate temp memory. Requested: 5000000000, available 4, missing: 5");
    ASSERT_TRUE(big);
    EXPECT_NE(big->impossible.find("larger than any"), std::string::npos);
    EXPECT_FALSE(matchWording("Failed to resize buffer. Requested: 12, available , missing: 3"));
    EXPECT_FALSE(matchWording("I (123) wifi: Failed to resize buffer pool"));
}

TEST(DeviceLogWordings, SnapshotSpellings)
{
    const auto strayF = matchWording("Node CONV_2D (number 3f) failed to prepare with status 1");
    ASSERT_TRUE(strayF);
    EXPECT_EQ(strayF->wording, "prepare_stray_f");
    EXPECT_EQ(strayF->op, "CONV_2D");
    EXPECT_EQ(strayF->index, 3);
    const auto plain = matchWording("Node CONV_2D (number 3) failed to prepare with status 1");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->wording, "prepare");
    EXPECT_TRUE(strayF->sameNumbersAs(*plain));
    EXPECT_FALSE(strayF->sameAs(*plain));
    EXPECT_EQ(wordingSnapshots(*findWording("prepare_stray_f")).find("90b983c2"), std::string::npos);
    EXPECT_NE(wordingSnapshots(*findWording("prepare")).find("90b983c2"), std::string::npos);
    EXPECT_NE(wordingSnapshots(*findWording("prepare_stray_f")).find("4e62ea7b"), std::string::npos);
    // Older than every snapshot: recognised, dated, printed by none.
    const auto old = matchWording("Arena size is too small for all buffers. Needed 8192 but only 4096 was available.");
    ASSERT_TRUE(old);
    EXPECT_EQ(old->kind, FactKind::PlanTooLarge);
    EXPECT_EQ(old->bytes, 8192U);
    EXPECT_TRUE(wordingSnapshots(*findWording("too_small")).empty());
    EXPECT_NE(explainFact(*old).text.find("2022-03-01"), std::string::npos);
}

TEST(DeviceLogReader, PrefixesColoursAndLineEndsAreStripped)
{
    const std::string tflm = "Failed to allocate tail memory. Requested: 8, available 4, missing: 4";
    for (const std::string& line : {
             "E (1234) TFLM: " + tflm,
             "\x1b[0;31mE (98765) micro_wake_word: " + tflm + "\x1b[0m",
             "[12:34:56][E][micro_wake_word:057]: " + tflm,
             "[E][micro_wake_word:057]: " + tflm,
             "[00:00:01.234,000] <err> tflm: " + tflm,
             "12:34:56.789 -> " + tflm,
             "12:34:56.789 > " + tflm,
             "[    1.234567] " + tflm,
             "2026-12-04 12:34:56.789 " + tflm,
             "12:34:56.789 -> E (1234) tflm: " + tflm,
         }) {
        SCOPED_TRACE(line);
        const ParsedLog log = parse("boot\r\n" + line + "\r\nAllocateTensors() failed\r\n");
        ASSERT_EQ(log.facts.size(), 2U);
        EXPECT_EQ(log.facts[0].text, tflm);
        EXPECT_EQ(log.facts[0].line, 2U);
        EXPECT_EQ(log.facts[1].kind, FactKind::AllocateTensorsFailed);
        EXPECT_EQ(log.ignoredLines, 1U);
        ASSERT_EQ(log.attempts.size(), 1U);
        EXPECT_TRUE(log.attempts[0].failed());
    }
    // A lone CR ends a line too.
    EXPECT_EQ(parse("a\r" + tflm + "\rb").facts.size(), 1U);
}

TEST(DeviceLogReader, BinaryInputIsRefusedWithAReason)
{
    std::string binary(4096, '\x01');
    auto log = parseDeviceLogText(binary);
    ASSERT_FALSE(log);
    EXPECT_NE(log.error().message.find("control characters"), std::string::npos);
    auto nul = parseDeviceLogText(std::string("abc\0def", 7));
    ASSERT_FALSE(nul);
    EXPECT_NE(nul.error().message.find("NUL byte at offset 3"), std::string::npos);
    const std::vector<std::uint8_t> model = buildExampleModel();
    auto tflite = parseDeviceLogText(std::string(model.begin(), model.end()));
    ASSERT_FALSE(tflite);
    EXPECT_NE(tflite.error().message.find("--model"), std::string::npos);
    // A serial monitor's noise (a bootloader at another baud rate) is not binary.
    EXPECT_TRUE(parseDeviceLogText("ets Jun  8 2016 \x0f\x12\xfe\xff garbage\nI (31) boot: ESP-IDF\n"));
}

TEST(DeviceLogReader, ReadingIsBounded)
{
    LogParseLimits limits;
    limits.read.maxBytes = 1000;
    limits.read.maxLineBytes = 50;
    std::string text(200, 'x');
    text += "\n";
    for (int i = 0; i < 100; ++i)
        text += "Failed to allocate tail memory. Requested: 8, available 4, missing: 4\n";
    auto log = parseDeviceLogText(text, limits);
    ASSERT_TRUE(log);
    EXPECT_LE(log.value().bytesRead, 1000U);
    ASSERT_EQ(log.value().notes.size(), 2U);
    EXPECT_NE(log.value().notes[0].find("only the first 1,000 B"), std::string::npos);
    EXPECT_NE(log.value().notes[1].find("cut"), std::string::npos);
}

TEST(DeviceLogAttempts, RepeatsFoldAndSecondFailuresSplit)
{
    const std::string boot
        = "I (31) boot: ESP-IDF v5.1\n"
          "E (1234) TFLM: Failed to resize buffer. Requested: 19440, available 11876, missing: 7564\n"
          "E (1235) micro_wake_word: Failed to allocate tensors for the streaming model\n";
    const ParsedLog loop = parse(boot + boot + boot);
    ASSERT_EQ(loop.attempts.size(), 1U);
    EXPECT_EQ(loop.attempts[0].repeats, 3U);
    const ParsedLog two = parse("Failed to allocate tail memory. Requested: 8, available 4, missing: 4\n"
                                "Failed to resize buffer. Requested: 100, available 50, missing: 50\n");
    EXPECT_EQ(two.attempts.size(), 2U);
    const ParsedLog chain = parse("Failed to allocate tail memory. Requested: 8, available 4, missing: 4\n"
                                  "Unable to allocate quantization->zero_point.\n\n"
                                  "Failed to populate a persistent TfLiteTensor struct from flatbuffer data!\n"
                                  "Failed to initialize output tensor 0\n");
    ASSERT_EQ(chain.attempts.size(), 1U);
    EXPECT_EQ(chain.attempts[0].facts.size(), 4U);
}

TEST(DeviceLogAttempts, TheKernelsMessageBeforeAPrepareFailure)
{
    const ParsedLog log
        = parse("Type INT16 (7) not supported.\nNode SOFTMAX (number 2) failed to prepare with status 1\n");
    ASSERT_EQ(log.facts.size(), 2U);
    EXPECT_EQ(log.facts[0].kind, FactKind::KernelMessage);
    EXPECT_EQ(log.facts[0].text, "Type INT16 (7) not supported.");
    EXPECT_EQ(log.ignoredLines, 0U);
    const auto check = parseDeviceLogText("tensorflow/lite/micro/kernels/conv.cc:94 input->type == kTfLiteInt8 was "
                                          "not true.\n");
    ASSERT_TRUE(check);
    ASSERT_EQ(check.value().facts.size(), 1U);
    EXPECT_EQ(check.value().facts[0].kind, FactKind::KernelCheck);
    EXPECT_EQ(check.value().facts[0].op, "tensorflow/lite/micro/kernels/conv.cc:94");
}

// Every line the emulation prints, at every size below the smallest arena and in every snapshot,
// is a fact worded as that snapshot prints it; nothing it prints is ignored.
TEST(DeviceLogEmulated, EveryEmulatedLineIsAFactOfItsSnapshot)
{
    const auto bytes = buildExampleModel();
    auto model = loadModelBytes(bytes, "example_kws_int8.tflite");
    ASSERT_TRUE(model);
    std::set<std::string_view> seen;
    for (const TflmVersionInfo& v : tflmVersions()) {
        EmulationSettings s;
        s.tflm = v.version;
        const auto minimum = findMinimumArena(*model.value(), s, kMeasureArenaBytes);
        ASSERT_TRUE(minimum);
        for (std::uint64_t size = 64; size < *minimum; size += std::max<std::uint64_t>(1, *minimum / 97)) {
            const auto r = emulate(*model.value(), s.withArena(size));
            ASSERT_TRUE(r->failure);
            std::string text;
            for (const std::string& l : r->failure->log)
                text += l + "\n";
            const ParsedLog log = parse(text);
            EXPECT_EQ(log.ignoredLines, 0U) << v.id << " at " << size << ":\n" << text;
            for (const LogFact& f : log.facts) {
                const Wording* w = findWording(f.wording);
                if (!w)
                    continue; // kernel checks and messages
                seen.insert(w->id);
                EXPECT_TRUE(!w->printedBy || w->printedBy(v.version)) << v.id << ": " << f.text;
            }
        }
        // The plan print and the recording block read back as facts too.
        EmulationSettings rec = s;
        rec.interpreter = InterpreterKind::Recording;
        const auto ok = emulate(*model.value(), rec);
        std::string printed;
        for (const std::string& l : memoryPlanLines(*ok))
            printed += l + "\n";
        for (const std::string& l : recordingLines(*ok))
            printed += l + "\n";
        const ParsedLog log = parse(printed);
        EXPECT_EQ(log.ignoredLines, 0U) << printed;
        for (const LogFact& f : log.facts) {
            const Wording* w = findWording(f.wording);
            ASSERT_TRUE(w);
            EXPECT_TRUE(!w->printedBy || w->printedBy(v.version)) << v.id << ": " << f.text;
        }
    }
    // (memory_planning: the example model's planner scratch never fails at the sampled sizes; the
    // wording itself is read back by EveryRowIsRecognisedWithItsNumbers.)
    for (const char* id : { "tail", "temp", "resize", "populate_persistent", "init_io_tensor" })
        EXPECT_TRUE(seen.count(id)) << id << " never printed by the example model";
}

// GreedyMemoryPlanner::PrintMemoryPlan as real TFLM printed it (../shared/oracle plan_print).
TEST(DeviceLogEmulated, MemoryPlanPrintIsTflms)
{
    ARENASCOPE_REQUIRE_SHARED();
    std::size_t compared = 0;
    for (const char* name : { "micro_speech_quantized.tflite", "hello_world_int8.tflite", "person_detect.tflite" }) {
        const auto oracle = test::oracleDir() / "tflm" / (std::string(name) + ".abi32arm_se.json");
        std::ifstream in(oracle);
        if (!in)
            continue;
        const auto doc = nlohmann::json::parse(in);
        auto model = loadModelFile((test::sharedModelsDir() / name).string());
        ASSERT_TRUE(model);
        EmulationSettings s;
        s.arenaSize = doc.at("greedy").at("measure_arena_bytes").get<std::uint64_t>();
        std::string ours;
        for (const std::string& l : memoryPlanLines(*emulate(*model.value(), s)))
            ours += l + "\n";
        EXPECT_EQ(ours, doc.at("greedy").at("plan_print").get<std::string>()) << name;
        ++compared;
    }
    EXPECT_EQ(compared, 3U);
}

} // namespace
} // namespace arenascope
