#include "explain_command.h"

#include "configuration.h"
#include "settings_options.h"

#include "core/devicelog/explainer.h"
#include "core/devicelog/log_parser.h"
#include "core/emulation/boards.h"
#include "core/model/loader.h"
#include "core/report/explain_report.h"
#include "core/util/exit_codes.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace arenascope {

namespace {

const char* kUsage = "usage: arenascope explain LOG.txt|- [--model M.tflite] [--config KEY=VALUE,...] [options]\n"
                     "                          [--arena-size N] [--time-limit S] [--json]\n"
                     "  explains each line TFLM printed about the arena; with the model, names the builds and\n"
                     "  arena sizes that print the log and what they need. Options and --config keys fix what is\n"
                     "  known of the build (the rest is searched); --arena-size is the arena the firmware declares.\n";

int usage(std::ostream& err, const std::string& message)
{
    err << "arenascope: " << message << "\n" << kUsage;
    return kExitBadInput;
}

// One settings option (name and value as given) into the constraints: the value is read by the
// options' own parser, so messages and spellings are plan's.
std::string constrain(const std::vector<std::string>& option, ConfigConstraints& c, ExplainOptions& o)
{
    SettingsOptions parsed;
    std::size_t i = 0;
    if (parseSettingsOption(option, i, parsed) != OptionParse::Taken)
        return parsed.error.empty() ? "unknown option " + option.front() : parsed.error;
    const EmulationSettings& s = parsed.settings;
    const std::string& name = option.front();
    if (name == "--board") {
        c.target = s.target;
        c.kernels = s.kernels;
        if (s.kernels == KernelSet::CmsisNn)
            c.cpu = s.cpu;
        if (s.kernels == KernelSet::EspNn)
            c.chip = s.espChip;
        c.coProcessor = s.coProcessor;
    } else if (name == "--tflm") {
        c.tflm = s.tflm;
    } else if (name == "--target") {
        c.target = s.target;
    } else if (name == "--kernels") {
        c.kernels = s.kernels;
    } else if (name == "--cpu") {
        c.cpu = s.cpu;
    } else if (name == "--chip") {
        c.chip = s.espChip;
    } else if (name == "--esp-nn") {
        c.espNn = s.espNn;
    } else if (name == "--co-processor") {
        c.coProcessor = s.coProcessor;
    } else if (name == "--planner") {
        c.planner = s.planner;
    } else if (name == "--preserve-all-tensors") {
        c.planner = PlannerKind::Linear;
    } else if (name == "--interpreter") {
        c.interpreter = s.interpreter;
    } else if (name == "--resource-variables") {
        c.resourceVariables = s.resourceVariables;
    } else if (name == "--resource-variables-arena") {
        c.resourceVariablesArena = s.resourceVariablesArena;
    } else if (name == "--arena-offset") {
        c.arenaOffset = s.arenaOffset;
    } else if (name == "--non-persistent-arena-size") {
        c.nonPersistentBytes = s.nonPersistentBytes;
    } else if (name == "--arena-size") {
        o.declaredArenaBytes = s.arenaSize;
    } else {
        return "explain does not take " + name;
    }
    return {};
}

struct ExplainArgs {
    std::string log;
    std::string model;
    bool json = false;
    ExplainOptions options;
};

// The option at args[i] and its value, if it takes one.
std::vector<std::string> optionAt(const std::vector<std::string>& args, std::size_t& i)
{
    std::vector<std::string> option = { args[i] };
    if (args[i] != "--preserve-all-tensors" && i + 1 < args.size())
        option.push_back(args[++i]);
    return option;
}

int parseArgs(const std::vector<std::string>& args, ExplainArgs& a, std::ostream& err)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& x = args[i];
        if (x == "--json") {
            a.json = true;
        } else if (x == "--model") {
            if (i + 1 >= args.size() || args[i + 1].empty())
                return usage(err, "--model takes a .tflite file");
            a.model = args[++i];
        } else if (x == "--time-limit") {
            double seconds = 0;
            const std::string v = i + 1 < args.size() ? args[++i] : "";
            const auto end = std::from_chars(v.data(), v.data() + v.size(), seconds);
            if (v.empty() || end.ptr != v.data() + v.size() || seconds <= 0 || seconds > 3600)
                return usage(err, "--time-limit takes seconds, more than 0 and at most 3600");
            a.options.budget = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
        } else if (x == "--config") {
            if (i + 1 >= args.size())
                return usage(
                    err, "--config takes KEY=VALUE[,KEY=VALUE...] with the keys " + std::string(configurationKeys()));
            auto pairs = configurationOptions(args[++i]);
            if (!pairs)
                return usage(err, describe(pairs.error()));
            for (std::size_t k = 0; k < pairs.value().size(); ++k)
                if (std::string why = constrain(optionAt(pairs.value(), k), a.options.fixed, a.options); !why.empty())
                    return usage(err, "configuration '" + args[i] + "': " + why);
        } else if (x.size() > 1 && x[0] == '-') {
            if (std::string why = constrain(optionAt(args, i), a.options.fixed, a.options); !why.empty())
                return usage(err, why);
        } else if (a.log.empty()) {
            a.log = x;
        } else {
            return usage(err, "explain takes one log (and --model for the model)");
        }
    }
    if (a.log.empty())
        return usage(err, "explain needs a log file, or - for standard input");
    return kExitOk;
}

} // namespace

int runExplain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    ExplainArgs a;
    if (int code = parseArgs(args, a, err); code != kExitOk)
        return code;
    ModelPtr model;
    if (!a.model.empty()) {
        auto loaded = loadModelFile(a.model);
        if (!loaded) {
            err << "arenascope: " << describe(loaded.error()) << "\n";
            return kExitBadInput;
        }
        model = loaded.value();
    }
    Result<ParsedLog> log = makeError(ErrorCode::Io, "");
    if (a.log == "-") {
        log = parseDeviceLog(std::cin);
    } else {
        std::error_code ec;
        if (std::filesystem::is_directory(a.log, ec))
            return usage(err, a.log + " is a folder, not a log file");
        std::ifstream in(a.log, std::ios::binary);
        if (!in) {
            err << "arenascope: cannot read " << a.log << "\n";
            return kExitBadInput;
        }
        log = parseDeviceLog(in);
    }
    if (!log) {
        err << "arenascope: " << (a.log == "-" ? std::string("standard input") : a.log) << ": " << log.error().message
            << "\n";
        return kExitBadInput;
    }
    const ExplainResultPtr result = explainLog(std::move(log.value()), model, a.options);
    const std::string name = a.model.empty() ? std::string() : std::filesystem::path(a.model).filename().string();
    out << (a.json ? explainJson(*result, name) : explainText(*result, name));
    if (!model || result->explainedAttempts.empty())
        return kExitOk;
    return result->matches.empty() ? kExitDoesNotFit : kExitOk;
}

} // namespace arenascope
