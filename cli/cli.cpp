#include "cli.h"

#include "cli_docs.h"
#include "command_table.h"
#include "commands.h"
#include "configuration.h"
#include "model_inputs.h"
#include "settings_options.h"

#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"
#include "core/emulation/boards.h"
#include "core/emulation/tflm_distributions.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/report/batch_table.h"
#include "core/report/csv_report.h"
#include "core/report/plan_report.h"
#include "core/util/format.h"
#include "core/util/version.h"

#include <filesystem>

namespace arenascope {

namespace {

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

// plan over several models, configurations or a folder: one row (or JSON object) per model x
// configuration, analysed on every core.
int runPlanBatch(const ParsedArgs& a, std::optional<TableFormat> table, std::ostream& out, std::ostream& err)
{
    auto paths = expandModelPaths(a.operands);
    if (!paths) {
        err << "arenascope: " << describe(paths.error()) << "\n";
        return kExitBadInput;
    }
    std::vector<EmulationSettings> configs;
    for (const std::string& c : a.configs.empty() ? std::vector<std::string> { "" } : a.configs) {
        auto s = settingsWithConfiguration(c, a.settingsArgs);
        if (!s)
            return usageError(err, "plan", describe(s.error()));
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
    if (a.has("--json")) {
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
        out << batchTable(rows, table.value_or(TableFormat::Markdown));
    }
    return rc;
}

int runVersion(std::ostream& out)
{
    out << "arenascope " << kArenaScopeVersion << " (emulates " << kEmulatedTflm << ")\n";
    return kExitOk;
}

} // namespace

int runInfo(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.operands.empty())
        return usageError(err, "info", "info needs a model file");
    if (a.operands.size() > 1)
        return usageError(err, "info", "more than one model given");
    auto model = loadModelFile(a.operands.front());
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    out << (a.has("--json") ? infoJson(*model.value()) : infoText(*model.value()));
    return kExitOk;
}

int runPlan(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.operands.empty())
        return usageError(err, "plan", "plan needs a model file (or several, or a folder)");
    if (a.has("--shared-arena"))
        return runPlanSharedArena(a, out, err);
    if (a.has("--construct"))
        return usageError(err, "plan", "--construct says how the interpreters of a --shared-arena are built");
    const std::optional<TableFormat> table = a.value("--table") ? parseTableFormat(*a.value("--table")) : std::nullopt;
    const std::string csvPath = a.value("--csv") ? *a.value("--csv") : std::string();
    bool folderGiven = false;
    for (const std::string& m : a.operands) {
        std::error_code ec;
        folderGiven = folderGiven || std::filesystem::is_directory(m, ec);
    }
    const bool batch = table || folderGiven || a.operands.size() > 1 || a.configs.size() > 1;
    if (batch && !csvPath.empty())
        return usageError(err, "plan", "--csv writes one model's tensor table; for many models use --table csv");
    if (table && a.has("--json"))
        return usageError(err, "plan", "--table and --json: choose one");
    auto settings = settingsWithConfiguration(a.configs.empty() ? std::string() : a.configs.front(), a.settingsArgs);
    if (!settings)
        return usageError(err, "plan", describe(settings.error()));
    if (batch)
        return runPlanBatch(a, table, out, err);
    auto model = loadModelFile(a.operands.front());
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    const AnalysisPtr analysis = analyze(model.value(), settings.value());
    // Written before stdout so a failed write leaves no report that looks complete.
    if (!csvPath.empty()) {
        if (auto st = writeFileAtomically(csvPath, tensorTableCsv(*analysis)); !st) {
            err << "arenascope: cannot write the tensor table CSV: " << describe(st.error()) << "\n";
            return kExitBadInput;
        }
    }
    // What the other builds need, beside the verdict (also when this build cannot allocate at all:
    // another may).
    const std::vector<Alternative> others = alternatives(*analysis);
    out << (a.has("--json") ? planJson(*analysis, true, &others) : planText(*analysis, &others));
    return analysis->succeeds() ? kExitOk : kExitDoesNotFit;
}

bool isCliCommand(const std::vector<std::string>& args)
{
    if (args.empty())
        return false;
    if ((args[0] == "--board" || args[0] == "--tflm") && args.size() == 2 && args[1] == "list")
        return true;
    if (args[0] == "--version" || args[0] == "--help" || args[0] == "-h" || args[0] == "help" || args[0] == "--man"
        || args[0] == "--completion")
        return true;
    const CommandSpec* c = findCommand(args[0]);
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
        return usageError(err, "", "no command");
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--board" && args[i + 1] == "list") {
            out << boardTable();
            return kExitOk;
        } else if (args[i] == "--tflm" && args[i + 1] == "list") {
            out << tflmDistributionList();
            return kExitOk;
        }
    const std::string& name = args[0];
    if (name == "--version")
        return runVersion(out);
    if (name == "--man" || name == "--completion")
        return runDocsOption(args, out, err);
    if (name == "help" || name == "--help" || name == "-h") {
        const CommandSpec* about = args.size() > 1 ? findCommand(args[1]) : nullptr;
        out << (about ? commandHelp(*about) : usageText());
        return kExitOk;
    }
    const CommandSpec* command = findCommand(name);
    if (!command || !command->run)
        return usageError(err, "", "unknown command '" + name + "' (and no such model file)");
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            out << commandHelp(*command);
            return kExitOk;
        }
    auto parsed = parseArgs(*command, args);
    if (!parsed)
        return usageError(err, name, parsed.error().message);
    return command->run(parsed.value(), out, err);
}

} // namespace arenascope
