#include "settings_options.h"

#include "configuration.h"

#include "core/emulation/boards.h"
#include "core/emulation/esp_nn_build.h"
#include "core/emulation/target.h"
#include "core/emulation/tflm_distributions.h"
#include "core/emulation/tflm_version.h"

#include <charconv>
#include <optional>

namespace arenascope {

namespace {

std::vector<std::string> splitChoices(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t bar = text.find('|', from);
        out.push_back(text.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
        if (bar == std::string::npos)
            break;
        from = bar + 1;
    }
    return out;
}

std::vector<std::string> boardChoices()
{
    std::vector<std::string> out;
    for (const Board& b : boards())
        out.emplace_back(b.id);
    out.emplace_back("list");
    return out;
}

// The snapshots, every distribution of the table (tflm_distributions.cpp), and "list".
std::vector<std::string> tflmChoices()
{
    std::vector<std::string> out = splitChoices(tflmVersionChoices());
    for (const std::string& name : splitChoices(tflmDistributionNames()))
        out.push_back(name);
    out.emplace_back("list");
    return out;
}

std::vector<std::string> targetChoices()
{
    std::vector<std::string> out;
    for (TargetKind t : allTargets())
        out.emplace_back(targetName(t));
    return out;
}

std::string joined(const std::vector<std::string>& v, const char* bar = "|")
{
    std::string s;
    for (const std::string& x : v)
        s += (s.empty() ? "" : bar) + x;
    return s;
}

std::vector<std::string> kernelChoices()
{
    return { "reference", "cmsis-nn", "esp-nn" };
}
std::vector<std::string> cpuChoices()
{
    return { "cortex-m0", "cortex-m0plus", "cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33", "cortex-m55",
        "cortex-m85" };
}
std::vector<std::string> chipChoices()
{
    return splitChoices(espChipChoices());
}
std::vector<std::string> espNnChoices()
{
    return splitChoices(espNnVersionChoices());
}
std::vector<std::string> coProcessorChoices()
{
    return { "none", "ethos-u" };
}
std::vector<std::string> plannerChoices()
{
    return { "greedy", "linear" };
}
std::vector<std::string> interpreterChoices()
{
    return { "plain", "recording" };
}

bool parseCount(const std::string& v, std::uint32_t& n)
{
    return !v.empty() && std::from_chars(v.data(), v.data() + v.size(), n).ptr == v.data() + v.size();
}

// A whole number from 0 to `most`, or nullopt.
std::optional<std::uint32_t> countUpTo(const std::string& v, std::uint32_t most)
{
    std::uint32_t n = 0;
    return parseCount(v, n) && n <= most ? std::optional<std::uint32_t>(n) : std::nullopt;
}

std::optional<std::uint64_t> byteSizeOf(const std::string& v)
{
    std::uint64_t bytes = 0;
    return parseByteSize(v, bytes) ? std::optional<std::uint64_t>(bytes) : std::nullopt;
}

// The value a parser read into `member` (and `given` set, when named), or `takes`, what the
// option takes, when it read none.
template <typename T, typename Member>
std::string assignParsed(
    const std::optional<T>& parsed, Member& member, const std::string& takes, bool* given = nullptr)
{
    if (!parsed)
        return takes;
    member = *parsed;
    if (given)
        *given = true;
    return {};
}

std::string applyBoard(SettingsOptions& s, const std::string& v)
{
    if (v.empty())
        return "--board takes a board: " + boardIds() + " (--board list prints them)";
    const Board* board = findBoard(v);
    if (!board)
        return "unknown board '" + v + "'; the boards are: " + boardIds() + " (--board list describes them)";
    const EmulationSettings before = s.settings;
    s.settings = withBoard(*board, s.settings);
    if (s.tflmGiven) { // an explicit --tflm wins over the board's usual distribution
        s.settings.tflm = before.tflm;
        s.settings.tflmDistribution = before.tflmDistribution;
    }
    s.targetGiven = true;
    return {};
}

std::string applyTflm(SettingsOptions& s, const std::string& v)
{
    if (v.empty())
        return "--tflm takes a snapshot (" + tflmVersionChoices() + ") or a distribution (--tflm list)";
    const TflmResolution r = resolveTflm(v);
    if (!r.candidates.empty()) {
        std::string names;
        for (std::string_view n : r.candidates)
            names += (names.empty() ? "" : ", ") + std::string(n);
        return "'" + v + "' names several TFLM distributions: " + names + "; which one?";
    }
    if (!r.version)
        return "unknown TFLM version '" + v + "'; the known snapshots are " + tflmVersionChoices()
            + " (newest first; a date like 2025-01 works too), the distributions " + tflmDistributionNames()
            + " (--tflm list)";
    s.settings.tflm = *r.version;
    s.settings.tflmDistribution = r.distribution ? r.distribution->name : std::string_view {};
    s.tflmGiven = true;
    return {};
}

std::string applyTarget(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseTarget(v), s.settings.target, "--target takes " + joined(targetChoices()), &s.targetGiven);
}

std::string applyKernels(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseKernelSet(v), s.settings.kernels, "--kernels takes reference, cmsis-nn or esp-nn");
}

std::string applyCpu(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseCpu(v), s.settings.cpu,
        "--cpu takes cortex-m0, cortex-m0plus, cortex-m3, cortex-m4, cortex-m7, cortex-m33, cortex-m55 or "
        "cortex-m85");
}

std::string applyChip(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseEspChip(v), s.settings.espChip, "--chip takes " + espChipChoices(), &s.espOptionGiven);
}

std::string applyEspNn(SettingsOptions& s, const std::string& v)
{
    return assignParsed(
        parseEspNnVersion(v), s.settings.espNn, "--esp-nn takes " + espNnVersionChoices(), &s.espOptionGiven);
}

std::string applyCoProcessor(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseCoProcessor(v), s.settings.coProcessor, "--co-processor takes none or ethos-u");
}

std::string applyPlanner(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parsePlanner(v), s.settings.planner, "--planner takes greedy or linear");
}

std::string applyInterpreter(SettingsOptions& s, const std::string& v)
{
    return assignParsed(parseInterpreter(v), s.settings.interpreter, "--interpreter takes plain or recording");
}

std::string applyPreserveAll(SettingsOptions& s, const std::string&)
{
    s.settings.preserveAllTensors = true;
    return {};
}

std::string applyResourceVariables(SettingsOptions& s, const std::string& v)
{
    if (v == "auto") {
        s.settings.resourceVariables = kResourceVariablesAuto;
        return {};
    }
    return assignParsed(countUpTo(v, 100000), s.settings.resourceVariables,
        "--resource-variables takes a count from 0 to 100000, or auto (one per VAR_HANDLE operator)");
}

std::string applyResourceVariablesArena(SettingsOptions& s, const std::string& v)
{
    return assignParsed(byteSizeOf(v), s.settings.resourceVariablesArena,
        "--resource-variables-arena takes a byte count like 1024 or 1K (at most 4 GiB)");
}

std::string applyArenaOffset(SettingsOptions& s, const std::string& v)
{
    return assignParsed(countUpTo(v, 15), s.settings.arenaOffset,
        "--arena-offset takes the arena start's distance past a 16-byte boundary: 0 to 15");
}

std::string applyNonPersistent(SettingsOptions& s, const std::string& v)
{
    return assignParsed(byteSizeOf(v), s.settings.nonPersistentBytes,
        "--non-persistent-arena-size takes a byte count like 32K (at most 4 GiB)");
}

std::string applyArenaSize(SettingsOptions& s, const std::string& v)
{
    return assignParsed(
        byteSizeOf(v), s.settings.arenaSize, "--arena-size takes a byte count like 65536, 64K or 1M (at most 4 GiB)");
}

// --config is read by parseSettingsOption itself (its pairs are these rows again).
std::string applyNothing(SettingsOptions&, const std::string&)
{
    return {};
}

const SettingsOptionRow kRows[] = {
    { { "--board", "NAME", ValueKind::Choice, "a board: its target, kernels, CPU or chip and NPU (--board list)",
          boardChoices },
        true, applyBoard },
    { { "--tflm", "SNAPSHOT|DISTRIBUTION", ValueKind::Choice,
          "the TFLM snapshot the firmware is built from, or its distribution: zephyr-4.4, esp-tflite-micro-1.3.5, "
          "arduino, ... (--tflm list; default the newest)",
          tflmChoices },
        true, applyTflm },
    { { "--target", "TARGET", ValueKind::Choice, "the struct layout: arm-none-eabi Cortex-M, 32-bit int enums, 64-bit",
          targetChoices },
        true, applyTarget },
    { { "--kernels", "KERNELS", ValueKind::Choice, "reference kernels, Arm's CMSIS-NN or Espressif's ESP-NN",
          kernelChoices },
        true, applyKernels },
    { { "--cpu", "CPU", ValueKind::Choice, "the Cortex-M CPU a CMSIS-NN build is for", cpuChoices }, true, applyCpu },
    { { "--chip", "CHIP", ValueKind::Choice, "the ESP32 chip an ESP-NN build is for", chipChoices }, true, applyChip },
    { { "--esp-nn", "VERSION", ValueKind::Choice, "the esp-nn version of an ESP-NN build", espNnChoices }, true,
        applyEspNn },
    { { "--co-processor", "NPU", ValueKind::Choice, "an NPU whose operators the model holds (Vela's ethos-u)",
          coProcessorChoices },
        true, applyCoProcessor },
    { { "--planner", "PLANNER", ValueKind::Choice, "TFLM's memory planner", plannerChoices }, true, applyPlanner },
    { { "--interpreter", "KIND", ValueKind::Choice, "MicroInterpreter, or RecordingMicroInterpreter",
          interpreterChoices },
        true, applyInterpreter },
    { { "--preserve-all-tensors", "", ValueKind::None, "the interpreter keeps every tensor (linear planner)" }, true,
        applyPreserveAll },
    { { "--resource-variables", "N|auto", ValueKind::Number,
          "MicroResourceVariables::Create(allocator, N) first (auto: one per VAR_HANDLE operator)" },
        true, applyResourceVariables },
    { { "--resource-variables-arena", "N[K|M]", ValueKind::Number,
          "the resource variables in an arena of their own of this size" },
        true, applyResourceVariablesArena },
    { { "--arena-offset", "0-15", ValueKind::Number, "the arena start's distance past a 16-byte boundary" }, true,
        applyArenaOffset },
    { { "--non-persistent-arena-size", "N[K|M]", ValueKind::Number,
          "separate persistent and non-persistent arenas: the non-persistent one's size" },
        true, applyNonPersistent },
    { { "--arena-size", "N[K|M]", ValueKind::Number, "the arena to check (bytes; 64K, 1M)" }, false, applyArenaSize },
    { { "--config", "KEY=VALUE[,KEY=VALUE...]", ValueKind::Text,
          "a configuration: the options above without their dashes", nullptr, true },
        false, applyNothing },
};

} // namespace

std::span<const SettingsOptionRow> settingsOptionRows()
{
    return kRows;
}

std::vector<OptionSpec> settingsOptionSpecs()
{
    std::vector<OptionSpec> out;
    for (const SettingsOptionRow& r : kRows)
        out.push_back(r.spec);
    return out;
}

const SettingsOptionRow* findSettingsOption(std::string_view name)
{
    for (const SettingsOptionRow& r : kRows)
        if (r.spec.name == name)
            return &r;
    return nullptr;
}

bool takeValue(const std::vector<std::string>& args, std::size_t& i, std::string& value)
{
    if (i + 1 >= args.size())
        return false;
    value = args[++i];
    return true;
}

OptionParse parseSettingsOption(const std::vector<std::string>& args, std::size_t& i, SettingsOptions& s)
{
    const std::string& a = args[i];
    if (a == "--config") {
        std::string v;
        if (!takeValue(args, i, v)) {
            s.error = "--config takes KEY=VALUE[,KEY=VALUE...] with the keys " + std::string(configurationKeys());
            return OptionParse::Error;
        }
        auto options = configurationOptions(v);
        if (!options) {
            s.error = describe(options.error());
            return OptionParse::Error;
        }
        for (std::size_t k = 0; k < options.value().size(); ++k)
            if (parseSettingsOption(options.value(), k, s) != OptionParse::Taken) {
                s.error = "configuration '" + v + "': " + (s.error.rfind("--", 0) == 0 ? s.error.substr(2) : s.error);
                return OptionParse::Error;
            }
        return OptionParse::Taken;
    }
    const SettingsOptionRow* row = findSettingsOption(a);
    if (!row)
        return OptionParse::NotMine;
    std::string v;
    if (row->spec.kind != ValueKind::None)
        takeValue(args, i, v); // a missing value is what apply rejects
    if (std::string error = row->apply(s, v); !error.empty()) {
        s.error = std::move(error);
        return OptionParse::Error;
    }
    return OptionParse::Taken;
}

std::string finishSettings(SettingsOptions& s)
{
    // A kernel set built for one target only takes it when no --target was named.
    if (!s.targetGiven && s.settings.kernels == KernelSet::EspNn)
        s.settings.target = TargetKind::Ilp32;
    if (!s.targetGiven && s.settings.kernels == KernelSet::CmsisNn)
        s.settings.target = TargetKind::CortexM;
    if (s.espOptionGiven && s.settings.kernels != KernelSet::EspNn)
        return "--chip and --esp-nn choose the ESP-NN build: add --kernels esp-nn";
    return std::string(settingsConflict(s.settings));
}

Result<SettingsOptions> applySettingsArgs(SettingsOptions s, const std::vector<std::string>& args)
{
    for (std::size_t i = 0; i < args.size(); ++i)
        if (parseSettingsOption(args, i, s) != OptionParse::Taken)
            return makeError(ErrorCode::InvalidArgument, s.error.empty() ? "unknown option " + args[i] : s.error);
    if (const std::string conflict = finishSettings(s); !conflict.empty())
        return makeError(ErrorCode::InvalidArgument, conflict);
    return s;
}

Result<EmulationSettings> settingsWithConfiguration(
    const std::string& configuration, const std::vector<std::string>& optionArgs)
{
    std::vector<std::string> args;
    if (!configuration.empty()) {
        auto pairs = configurationOptions(configuration);
        if (!pairs)
            return pairs.error();
        args = pairs.value();
    }
    const std::size_t fromConfiguration = args.size();
    args.insert(args.end(), optionArgs.begin(), optionArgs.end());
    SettingsOptions s;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (parseSettingsOption(args, i, s) == OptionParse::Taken)
            continue;
        std::string why = s.error.empty() ? "unknown option " + args[i] : s.error;
        if (i >= fromConfiguration)
            return makeError(ErrorCode::InvalidArgument, why);
        // A pair of the configuration: its key named as the configuration names it (no dashes).
        if (why.rfind("--", 0) == 0)
            why.erase(0, 2);
        return makeError(ErrorCode::InvalidArgument, why, "configuration '" + configuration + "'");
    }
    if (const std::string conflict = finishSettings(s); !conflict.empty())
        return makeError(ErrorCode::InvalidArgument, conflict,
            configuration.empty() ? std::string() : "configuration '" + configuration + "'");
    return s.settings;
}

} // namespace arenascope
