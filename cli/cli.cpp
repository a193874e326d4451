#include "cli.h"

#include "ci_commands.h"
#include "compare_command.h"
#include "configuration.h"
#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"
#include "core/analysis/reorder.h"
#include "core/emulation/boards.h"
#include "core/emulation/tflm_distributions.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/report/batch_table.h"
#include "core/report/csv_report.h"
#include "core/report/plan_report.h"
#include "core/util/format.h"
#include "core/util/version.h"
#include "model_inputs.h"
#include "settings_options.h"
#include "solve_command.h"

#include <filesystem>
#include <fstream>

namespace arenascope {

namespace {

// The usage text: this line, then each command's rows of kCommands (below), then the options.
std::string usageText();

struct PlanOptions {
    std::vector<std::string> models; // files or folders
    std::vector<std::string> configs; // --config, one configuration each
    std::vector<std::string> deviceArgs; // the other settings options, applied to every configuration
    SettingsOptions device; // the one configuration of a single plan
    bool json = false;
    std::optional<TableFormat> table;
    std::string csvPath; // the tensor table goes here too when set
    bool folderGiven = false;
    bool batch() const { return table || folderGiven || models.size() > 1 || configs.size() > 1; }
};

int usageError(std::ostream& err, const std::string& message)
{
    err << "arenascope: " << message << "\n" << usageText();
    return kExitBadInput;
}

int writeModel(const std::string& path, const std::vector<std::uint8_t>& bytes, std::ostream& out, std::ostream& err)
{
    if (auto st = writeFileAtomically(path, std::string(bytes.begin(), bytes.end())); !st) {
        err << "arenascope: " << describe(st.error()) << "\n";
        return kExitBadInput;
    }
    out << "wrote " << path << " (" << bytes.size() << " bytes)\n";
    return kExitOk;
}

bool wantsHelp(const std::vector<std::string>& args)
{
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h")
            return true;
    return false;
}

int runInfo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string path;
    bool json = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (!args[i].empty() && args[i][0] == '-')
            return usageError(err, "unknown option " + args[i]);
        else if (path.empty())
            path = args[i];
        else
            return usageError(err, "more than one model given");
    }
    if (path.empty())
        return usageError(err, "info needs a model file");
    auto model = loadModelFile(path);
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    out << (json ? infoJson(*model.value()) : infoText(*model.value()));
    return kExitOk;
}

int parsePlanOptions(const std::vector<std::string>& args, PlanOptions& o, std::ostream& err)
{
    SettingsOptions check;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const OptionParse parsed = takeDeviceOption(args, i, check, o.configs, o.deviceArgs);
        if (parsed == OptionParse::Error)
            return usageError(err, check.error);
        if (parsed == OptionParse::Taken)
            continue;
        if (a == "--json") {
            o.json = true;
        } else if (a == "--table") {
            if (i + 1 >= args.size() || !parseTableFormat(args[i + 1]))
                return usageError(err, "--table takes md or csv");
            o.table = parseTableFormat(args[++i]);
        } else if (a == "--csv") {
            if (i + 1 >= args.size() || args[i + 1].empty())
                return usageError(err, "--csv takes an output file path");
            o.csvPath = args[++i];
        } else if (!a.empty() && a[0] == '-') {
            return usageError(err, "unknown option " + a);
        } else {
            std::error_code ec;
            o.folderGiven = o.folderGiven || std::filesystem::is_directory(a, ec);
            o.models.push_back(a);
        }
    }
    if (o.models.empty())
        return usageError(err, "plan needs a model file (or several, or a folder)");
    if (o.batch() && !o.csvPath.empty())
        return usageError(err, "--csv writes one model's tensor table; for many models use --table csv");
    if (o.table && o.json)
        return usageError(err, "--table and --json: choose one");
    auto device = settingsWithConfiguration(o.configs.empty() ? std::string() : o.configs.front(), o.deviceArgs);
    if (!device)
        return usageError(err, describe(device.error()));
    o.device.settings = device.value();
    return kExitOk;
}

// plan over several models, configurations or a folder: one row (or JSON object) per model x
// configuration, analysed on every core.
int runPlanBatch(const PlanOptions& o, std::ostream& out, std::ostream& err)
{
    auto paths = expandModelPaths(o.models);
    if (!paths) {
        err << "arenascope: " << describe(paths.error()) << "\n";
        return kExitBadInput;
    }
    std::vector<EmulationSettings> configs;
    for (const std::string& c : o.configs.empty() ? std::vector<std::string> { "" } : o.configs) {
        auto s = settingsWithConfiguration(c, o.deviceArgs);
        if (!s)
            return usageError(err, describe(s.error()));
        configs.push_back(s.value());
    }
    const std::vector<BatchRow> rows = analyzeBatch(paths.value(), configs, err);
    int rc = kExitOk;
    for (const BatchRow& r : rows) {
        if (!r.analysis) {
            err << "arenascope: " << r.model << ": " << r.error << "\n";
            rc = kExitBadInput;
            continue;
        }
        if (!r.analysis->succeeds() && rc == kExitOk)
            rc = kExitDoesNotFit;
    }
    if (o.json) {
        out << "[";
        bool first = true;
        for (const BatchRow& r : rows) {
            if (!r.analysis)
                continue;
            out << (first ? "\n" : ",\n") << planJson(*r.analysis, false);
            first = false;
        }
        out << "\n]\n";
    } else {
        out << batchTable(rows, o.table.value_or(TableFormat::Markdown));
    }
    return rc;
}

int runPlan(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    PlanOptions o;
    if (int rc = parsePlanOptions(args, o, err); rc != kExitOk)
        return rc;
    if (o.batch())
        return runPlanBatch(o, out, err);
    auto model = loadModelFile(o.models.front());
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    const AnalysisPtr analysis = analyze(model.value(), o.device.settings);
    // Written before stdout so a failed write leaves no report that looks complete.
    if (!o.csvPath.empty()) {
        if (auto st = writeFileAtomically(o.csvPath, tensorTableCsv(*analysis)); !st) {
            err << "arenascope: cannot write the tensor table CSV: " << describe(st.error()) << "\n";
            return kExitBadInput;
        }
    }
    // What the other builds need, beside the verdict (also when this build cannot allocate at all:
    // another may).
    const std::vector<Alternative> others = alternatives(*analysis);
    out << (o.json ? planJson(*analysis, true, &others) : planText(*analysis, &others));
    return analysis->succeeds() ? kExitOk : kExitDoesNotFit;
}

// --board list: every board, its build and RAM, the datasheet the RAM comes from.
std::string boardTable()
{
    std::string out;
    for (const Board& b : boards()) {
        EmulationSettings s = withBoard(b, EmulationSettings {});
        out += std::string(b.id) + "\n";
        out += "  " + std::string(b.title) + ": " + std::string(b.chip) + "\n";
        out += "  RAM " + formatBytes(b.ramBytes) + ": " + std::string(b.ramSource) + "\n";
        out += "  --config " + configurationText(s) + "\n";
        out += "  kernels: " + std::string(b.distribution) + "\n";
        const TflmDistribution* d = findTflmDistribution(b.tflm);
        out += "  TFLM: "
            + (d ? tflmDistributionLabel(*d) : "tflite-micro main (= " + std::string(tflmVersionId(kNewestTflm)) + ")")
            + "\n";
    }
    return out;
}

} // namespace

namespace {

// MODEL.tflite --out OUT.tflite [options], shared by optimize and reorder.
struct RewriteOptions {
    std::string model;
    std::string output;
    SettingsOptions device;
};

int parseRewriteOptions(const std::vector<std::string>& args, RewriteOptions& o, std::ostream& err)
{
    const std::string& command = args[0];
    for (std::size_t i = 1; i < args.size(); ++i) {
        const OptionParse parsed = parseSettingsOption(args, i, o.device);
        if (parsed == OptionParse::Error)
            return usageError(err, o.device.error);
        if (parsed == OptionParse::Taken)
            continue;
        if (args[i] == "--out" && i + 1 < args.size()) {
            o.output = args[++i];
        } else if (!args[i].empty() && args[i][0] == '-') {
            return usageError(err, "unknown option " + args[i]);
        } else if (o.model.empty()) {
            o.model = args[i];
        } else {
            return usageError(err, "more than one model given");
        }
    }
    if (o.model.empty() || o.output.empty())
        return usageError(err, command + " needs a model and --out OUT.tflite");
    if (const std::string conflict = finishSettings(o.device); !conflict.empty())
        return usageError(err, conflict);
    return kExitOk;
}

int writeRewritten(
    const std::string& output, const std::vector<std::uint8_t>& bytes, std::ostream& out, std::ostream& err)
{
    if (auto st = writeFileAtomically(output, std::string(bytes.begin(), bytes.end())); !st) {
        err << "arenascope: " << describe(st.error()) << "\n";
        return kExitBadInput;
    }
    out << "wrote " << output << "\n";
    return kExitOk;
}

// optimize and reorder: their options, then the model they rewrite.
int loadRewriteInput(const std::vector<std::string>& args, RewriteOptions& o, ModelPtr& model, std::ostream& err)
{
    if (int rc = parseRewriteOptions(args, o, err); rc != kExitOk)
        return rc;
    auto loaded = loadModelFile(o.model);
    if (!loaded) {
        err << "arenascope: " << describe(loaded.error()) << "\n";
        return kExitBadInput;
    }
    model = loaded.value();
    return kExitOk;
}

int runOptimize(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    RewriteOptions o;
    ModelPtr model;
    if (int rc = loadRewriteInput(args, o, model, err); rc != kExitOk)
        return rc;
    auto r = optimizeModel(*model, o.device.settings);
    if (!r) {
        err << "arenascope: " << describe(r.error()) << "\n";
        return kExitBadInput;
    }
    const OptimizationResult& opt = r.value();
    out << "head with TFLM's greedy plan:  " << opt.headBefore << " bytes\n";
    if (!opt.improved()) {
        out << "no smaller plan found: TFLM's greedy plan stays (nothing written)\n";
        return kExitOk;
    }
    out << "head with the offline plan:    " << opt.headAfter << " bytes (" << opt.strategy << ")\n";
    for (const std::string& b : opt.stayOnline)
        out << "planned online:                " << b << " (TFLM plans scratch buffers online)\n";
    out << "saved:                         " << (opt.headBefore - opt.headAfter) << " bytes\n";
    if (opt.minArenaBefore && opt.minArenaAfter)
        out << "smallest arena:                " << *opt.minArenaBefore << " -> " << *opt.minArenaAfter << " bytes\n";
    return writeRewritten(o.output, opt.modelBytes, out, err);
}

int runReorder(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    RewriteOptions o;
    ModelPtr model;
    if (int rc = loadRewriteInput(args, o, model, err); rc != kExitOk)
        return rc;
    auto r = reorderOperators(*model, o.device.settings);
    if (!r) {
        err << "arenascope: " << describe(r.error()) << "\n";
        return kExitBadInput;
    }
    const ReorderResult& re = r.value();
    out << "peak live bytes, stored order:  " << formatBytes(re.peakBefore) << "\n";
    if (!re.improved()) {
        out << "no better operator order found" << (re.exact ? " (every order considered)" : "")
            << ": nothing written\n";
        return kExitOk;
    }
    out << "peak live bytes, new order:     " << formatBytes(re.peakAfter) << (re.exact ? " (the best order)" : "")
        << "\n";
    out << "operator order:                ";
    for (std::int32_t k : re.order)
        out << " " << k;
    out << "\n";
    out << "head (TFLM's greedy plan):      " << formatBytes(static_cast<std::uint64_t>(re.headBefore)) << " -> "
        << formatBytes(static_cast<std::uint64_t>(re.headAfter)) << "\n";
    if (re.minArenaBefore && re.minArenaAfter)
        out << "smallest arena:                 " << formatBytes(*re.minArenaBefore) << " -> "
            << formatBytes(*re.minArenaAfter) << "\n";
    return writeRewritten(o.output, re.modelBytes, out, err);
}

} // namespace

namespace {

int runMakeExample(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() != 2)
        return usageError(err, "make-example needs one output path");
    return writeModel(args[1], buildExampleModel(), out, err);
}

int runMakeLessons(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() != 2)
        return usageError(err, "make-lessons needs an output folder");
    for (const Lesson& lesson : lessons())
        if (int rc = writeModel((std::filesystem::path(args[1]) / (std::string(lesson.id) + ".tflite")).string(),
                lesson.build(), out, err);
            rc != kExitOk)
            return rc;
    return kExitOk;
}

int runVersion(const std::vector<std::string>&, std::ostream& out, std::ostream&)
{
    out << "arenascope " << kArenaScopeVersion << " (emulates " << kEmulatedTflm << ")\n";
    return kExitOk;
}

int runHelp(const std::vector<std::string>&, std::ostream& out, std::ostream&)
{
    out << usageText();
    return kExitOk;
}

// Every command, once: its rows of the usage text, and what runs it. isCliCommand, runCli and
// --help read this table. `report` draws with Qt: the app runs it (app/report_command.cpp).
struct Command {
    const char* name;
    const char* usage; // its rows of the usage text; empty for another name of a command above
    int (*run)(const std::vector<std::string>&, std::ostream&, std::ostream&); // nullptr: the app's
};
constexpr Command kCommands[] = {
    { "info", "  arenascope info MODEL.tflite [--json]        summarize a model\n", runInfo },
    { "plan",
        "  arenascope plan MODEL.tflite [options] [--json] [--csv TENSORS.csv]\n"
        "                                               emulate AllocateTensors, give the verdict\n"
        "  arenascope plan MODEL|FOLDER... [--config KEY=VALUE,... ...] [options] [--table md|csv|--json]\n"
        "                                               one row per model x configuration\n",
        runPlan },
    { "report",
        "  arenascope report MODEL.tflite --out DIR [options] [--png] [--csv] [--html] [--json]\n"
        "                                               write every export without a window\n",
        nullptr },
    { "optimize",
        "  arenascope optimize MODEL.tflite --out OUT.tflite [options]\n"
        "                                               find a smaller plan, write it into the model\n",
        runOptimize },
    { "reorder",
        "  arenascope reorder MODEL.tflite --out OUT.tflite [options]\n"
        "                                               find an operator order with a lower peak\n",
        runReorder },
    { "compare",
        "  arenascope compare A.tflite [B.tflite] [options] [--b-OPTION VALUE ...] [--json]\n"
        "                                               two models, or two settings, side by side\n",
        runCompare },
    { "solve",
        "  arenascope solve BUFFERS.csv|MODEL.tflite [--capacity N]\n"
        "                   [--planner tflm-greedy|heuristic|exact|all] [--time-limit S] [--json]\n"
        "                   [--out PLAN.csv]            place a buffer list (MiniMalloc CSV)\n",
        runSolve },
    { "baseline",
        "  arenascope baseline MODEL|FOLDER... [--config KEY=VALUE,... ...] --out BASELINE.json\n"
        "                                               record smallest arenas for CI\n",
        runBaseline },
    { "check",
        "  arenascope check --baseline BASELINE.json [MODEL|FOLDER...] [--max-growth N|P%]\n"
        "                   [--budget N] [--junit FILE] [--markdown FILE] [--update]\n"
        "                                               exit 1 when an arena grew (CI)\n",
        runCheck },
    { "header",
        "  arenascope header MODEL --out MODEL_arena.h [--config KEY=VALUE,...] [--name NAME]\n"
        "                   [--margin BYTES]            the smallest arena as a C #define\n",
        runHeader },
    { "make-example", "  arenascope make-example OUT.tflite           write the bundled example model\n",
        runMakeExample },
    { "make-lessons", "  arenascope make-lessons DIR                  write the lesson models (models/lessons)\n",
        runMakeLessons },
    { "--version", "  arenascope --version | --help\n", runVersion },
    { "help", "", runHelp },
    { "--help", "", runHelp },
    { "-h", "", runHelp },
};

const Command* findCommand(const std::string& name)
{
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

std::string usageText()
{
    std::string text = "usage:\n"
                       "  arenascope [MODEL.tflite] [--arena-size N]   open the desktop app\n";
    for (const Command& c : kCommands)
        text += c.usage;
    return text + "options (plan, report, optimize):\n" + settingsUsage();
}

} // namespace

bool isCliCommand(const std::vector<std::string>& args)
{
    if (args.empty())
        return false;
    if ((args[0] == "--board" || args[0] == "--tflm") && args.size() == 2 && args[1] == "list")
        return true;
    const Command* c = findCommand(args[0]);
    return c && c->run;
}

bool isUnknownCommand(const std::vector<std::string>& args)
{
    if (args.empty() || findCommand(args[0]) || isCliCommand(args) || args[0].empty() || args[0][0] == '-')
        return false;
    std::error_code ec;
    return !std::filesystem::exists(args[0], ec);
}

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.empty())
        return usageError(err, "no command");
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--board" && args[i + 1] == "list") {
            out << boardTable();
            return kExitOk;
        } else if (args[i] == "--tflm" && args[i + 1] == "list") {
            out << tflmDistributionList();
            return kExitOk;
        }
    const std::string& c = args[0];
    if (c != "help" && c != "--help" && c != "-h" && c != "solve" && wantsHelp(args)) {
        out << usageText();
        return kExitOk;
    }
    if (const Command* command = findCommand(c); command && command->run)
        return command->run(args, out, err);
    return usageError(err, "unknown command '" + c + "' (and no such model file)");
}

} // namespace arenascope
