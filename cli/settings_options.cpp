#include "settings_options.h"

#include "configuration.h"

#include "core/emulation/boards.h"
#include "core/emulation/tflm_distributions.h"

#include <charconv>

namespace arenascope {

namespace {

std::string targetChoices()
{
    std::string s;
    for (TargetKind t : allTargets())
        s += (s.empty() ? "" : "|") + std::string(targetName(t));
    return s;
}

} // namespace

const char* settingsUsage()
{
    return "                  [--config KEY=VALUE[,KEY=VALUE...]] (the options below without dashes)\n"
           "                  [--board NAME] (target, kernels, CPU, NPU and TFLM of a board; --board list)\n"
           "                  [--tflm 90b983c2|b8c7ecc1|10ebaab9|71fba59b|4e62ea7b|DISTRIBUTION] (the TFLM snapshot, "
           "or\n"
           "                   a distribution: zephyr-4.4, esp-tflite-micro-1.3.5, arduino, ...; --tflm list)\n"
           "                  [--target cortex-m|ilp32|x86_64] [--kernels reference|cmsis-nn|esp-nn]\n"
           "                  [--cpu cortex-m0|cortex-m0plus|cortex-m3|cortex-m4|cortex-m7|cortex-m33|cortex-m55|"
           "cortex-m85]\n"
           "                  [--chip esp32|esp32s2|esp32s3|esp32c3|esp32c6|esp32h2|esp32p4] [--esp-nn "
           "1.1.2|1.2.0|1.2.1|"
           "1.2.2|1.2.3]\n"
           "                  [--co-processor none|ethos-u]\n"
           "                  [--planner greedy|linear] [--interpreter plain|recording] [--preserve-all-tensors]\n"
           "                  [--resource-variables N] [--resource-variables-arena N[K|M]] [--arena-offset 0-15]\n"
           "                  [--arena-size N[K|M]] [--non-persistent-arena-size N[K|M]]\n";
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
    std::string v;
    auto next = [&] { return takeValue(args, i, v); };
    auto fail = [&](std::string message) {
        s.error = std::move(message);
        return OptionParse::Error;
    };
    EmulationSettings& e = s.settings;
    if (a == "--config") {
        if (!next())
            return fail("--config takes KEY=VALUE[,KEY=VALUE...] with the keys " + std::string(configurationKeys()));
        auto options = configurationOptions(v);
        if (!options)
            return fail(describe(options.error()));
        for (std::size_t k = 0; k < options.value().size(); ++k)
            if (parseSettingsOption(options.value(), k, s) != OptionParse::Taken)
                return fail(
                    "configuration '" + v + "': " + (s.error.rfind("--", 0) == 0 ? s.error.substr(2) : s.error));
        return OptionParse::Taken;
    }
    if (a == "--board") {
        if (!next())
            return fail("--board takes a board: " + boardIds() + " (--board list prints them)");
        const Board* board = findBoard(v);
        if (!board)
            return fail("unknown board '" + v + "'; the boards are: " + boardIds() + " (--board list describes them)");
        const EmulationSettings before = e;
        e = withBoard(*board, e);
        if (s.tflmGiven) {
            e.tflm = before.tflm;
            e.tflmDistribution = before.tflmDistribution;
        }
        s.targetGiven = true;
        return OptionParse::Taken;
    }
    if (a == "--preserve-all-tensors") {
        e.preserveAllTensors = true;
    } else if (a == "--tflm") {
        if (!next())
            return fail("--tflm takes a snapshot (" + tflmVersionChoices() + ") or a distribution (--tflm list)");
        const TflmResolution r = resolveTflm(v);
        if (!r.candidates.empty()) {
            std::string names;
            for (std::string_view n : r.candidates)
                names += (names.empty() ? "" : ", ") + std::string(n);
            return fail("'" + v + "' names several TFLM distributions: " + names + "; which one?");
        }
        if (!r.version)
            return fail("unknown TFLM version '" + v + "'; the known snapshots are " + tflmVersionChoices()
                + " (newest first; a date like 2025-01 works too), the distributions " + tflmDistributionNames()
                + " (--tflm list)");
        e.tflm = *r.version;
        e.tflmDistribution = r.distribution ? r.distribution->name : std::string_view {};
        s.tflmGiven = true;
    } else if (a == "--target") {
        if (!next() || !parseTarget(v))
            return fail("--target takes " + targetChoices());
        e.target = *parseTarget(v);
        s.targetGiven = true;
    } else if (a == "--kernels") {
        if (!next() || !parseKernelSet(v))
            return fail("--kernels takes reference, cmsis-nn or esp-nn");
        e.kernels = *parseKernelSet(v);
    } else if (a == "--chip") {
        if (!next() || !parseEspChip(v))
            return fail("--chip takes " + espChipChoices());
        e.espChip = *parseEspChip(v);
        s.espOptionGiven = true;
    } else if (a == "--esp-nn") {
        if (!next() || !parseEspNnVersion(v))
            return fail("--esp-nn takes " + espNnVersionChoices());
        e.espNn = *parseEspNnVersion(v);
        s.espOptionGiven = true;
    } else if (a == "--co-processor") {
        if (!next() || !parseCoProcessor(v))
            return fail("--co-processor takes none or ethos-u");
        e.coProcessor = *parseCoProcessor(v);
    } else if (a == "--arena-offset") {
        std::uint32_t n = 0;
        const bool ok = next() && !v.empty()
            && std::from_chars(v.data(), v.data() + v.size(), n).ptr == v.data() + v.size() && n <= 15;
        if (!ok)
            return fail("--arena-offset takes the arena start's distance past a 16-byte boundary: 0 to 15");
        e.arenaOffset = n;
    } else if (a == "--resource-variables-arena") {
        std::uint64_t bytes = 0;
        if (!next() || !parseByteSize(v, bytes))
            return fail("--resource-variables-arena takes a byte count like 1024 or 1K (at most 4 GiB)");
        e.resourceVariablesArena = bytes;
    } else if (a == "--cpu") {
        if (!next() || !parseCpu(v))
            return fail("--cpu takes cortex-m0, cortex-m0plus, cortex-m3, cortex-m4, cortex-m7, cortex-m33, "
                        "cortex-m55 or cortex-m85");
        e.cpu = *parseCpu(v);
    } else if (a == "--planner") {
        if (!next() || !parsePlanner(v))
            return fail("--planner takes greedy or linear");
        e.planner = *parsePlanner(v);
    } else if (a == "--interpreter") {
        if (!next() || !parseInterpreter(v))
            return fail("--interpreter takes plain or recording");
        e.interpreter = *parseInterpreter(v);
    } else if (a == "--resource-variables") {
        std::uint32_t n = 0;
        const bool ok = next() && std::from_chars(v.data(), v.data() + v.size(), n).ptr == v.data() + v.size()
            && !v.empty() && n <= 100000;
        if (!ok)
            return fail("--resource-variables takes a count from 0 to 100000");
        e.resourceVariables = n;
    } else if (a == "--arena-size") {
        std::uint64_t bytes = 0;
        if (!next() || !parseByteSize(v, bytes))
            return fail("--arena-size takes a byte count like 65536, 64K or 1M (at most 4 GiB)");
        e.arenaSize = bytes;
    } else if (a == "--non-persistent-arena-size") {
        std::uint64_t bytes = 0;
        if (!next() || !parseByteSize(v, bytes))
            return fail("--non-persistent-arena-size takes a byte count like 32K (at most 4 GiB)");
        e.nonPersistentBytes = bytes;
    } else {
        return OptionParse::NotMine;
    }
    return OptionParse::Taken;
}

OptionParse takeDeviceOption(const std::vector<std::string>& args, std::size_t& i, SettingsOptions& check,
    std::vector<std::string>& configs, std::vector<std::string>& deviceArgs)
{
    if (args[i] == "--config") {
        if (i + 1 >= args.size()) {
            check.error = "--config takes KEY=VALUE[,KEY=VALUE...]";
            return OptionParse::Error;
        }
        configs.push_back(args[++i]);
        return OptionParse::Taken;
    }
    const std::size_t first = i;
    const OptionParse parsed = parseSettingsOption(args, i, check);
    if (parsed == OptionParse::Taken)
        deviceArgs.insert(deviceArgs.end(), args.begin() + static_cast<std::ptrdiff_t>(first),
            args.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    return parsed;
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
