// arenascope explain: the command-table row is in command_table.cpp.
#include "commands.h"
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

// The option at args[i] and its value, if it takes one (the settings rows say which do).
std::vector<std::string> optionAt(const std::vector<std::string>& args, std::size_t& i)
{
    std::vector<std::string> option = { args[i] };
    const SettingsOptionRow* row = findSettingsOption(args[i]);
    if (row && row->spec.kind != ValueKind::None && i + 1 < args.size())
        option.push_back(args[++i]);
    return option;
}

// Each --config's pairs, then the options beside them: what is known of the build.
std::string readConstraints(const ParsedArgs& a, ExplainOptions& options)
{
    for (const std::string& config : a.configs) {
        auto pairs = configurationOptions(config);
        if (!pairs)
            return describe(pairs.error());
        for (std::size_t k = 0; k < pairs.value().size(); ++k)
            if (std::string why = constrain(optionAt(pairs.value(), k), options.fixed, options); !why.empty())
                return "configuration '" + config + "': " + why;
    }
    for (std::size_t i = 0; i < a.settingsArgs.size(); ++i)
        if (std::string why = constrain(optionAt(a.settingsArgs, i), options.fixed, options); !why.empty())
            return why;
    if (const std::string* v = a.value("--time-limit")) {
        double seconds = 0;
        const auto end = std::from_chars(v->data(), v->data() + v->size(), seconds);
        if (v->empty() || end.ptr != v->data() + v->size() || !(seconds > 0) || seconds > 3600)
            return "--time-limit takes seconds, more than 0 and at most 3600";
        options.budget = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    }
    return {};
}

} // namespace

int runExplain(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.operands.empty())
        return usageError(err, "explain", "explain needs a log file, or - for standard input");
    if (a.operands.size() > 1)
        return usageError(err, "explain", "explain takes one log (and --model for the model)");
    const std::string& logPath = a.operands.front();
    const std::string* modelPath = a.value("--model");
    if (modelPath && modelPath->empty())
        return usageError(err, "explain", "--model takes a .tflite file");
    ExplainOptions options;
    if (std::string why = readConstraints(a, options); !why.empty())
        return usageError(err, "explain", why);
    ModelPtr model;
    if (modelPath) {
        auto loaded = loadModelFile(*modelPath);
        if (!loaded) {
            err << "arenascope: " << describe(loaded.error()) << "\n";
            return kExitBadInput;
        }
        model = loaded.value();
    }
    Result<ParsedLog> log = makeError(ErrorCode::Io, "");
    if (logPath == "-") {
        log = parseDeviceLog(std::cin);
    } else {
        std::error_code ec;
        if (std::filesystem::is_directory(logPath, ec))
            return usageError(err, "explain", logPath + " is a folder, not a log file");
        std::ifstream in(logPath, std::ios::binary);
        if (!in) {
            err << "arenascope: cannot read " << logPath << "\n";
            return kExitBadInput;
        }
        log = parseDeviceLog(in);
    }
    if (!log) {
        err << "arenascope: " << (logPath == "-" ? std::string("standard input") : logPath) << ": "
            << log.error().message << "\n";
        return kExitBadInput;
    }
    const ExplainResultPtr result = explainLog(std::move(log.value()), model, options);
    const std::string name = modelPath ? std::filesystem::path(*modelPath).filename().string() : std::string();
    out << (a.has("--json") ? explainJson(*result, name) : explainText(*result, name));
    if (!model || result->explainedAttempts.empty())
        return kExitOk;
    return result->matches.empty() ? kExitDoesNotFit : kExitOk;
}

} // namespace arenascope
