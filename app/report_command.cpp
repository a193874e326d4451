#include "report_command.h"

#include "cli/cli.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "cli/configuration.h"
#include "cli/model_inputs.h"
#include "ui/export/export_actions.h"

#include "core/model/loader.h"
#include "core/report/batch_table.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

namespace {

constexpr int kHelpShown = -1;

int usage(const std::string& message)
{
    return usageError(std::cerr, "report", message);
}

struct ReportOptions {
    std::vector<std::string> models;
    std::vector<std::string> configs; // --config, one configuration each
    std::vector<std::string> deviceArgs; // the other settings options, for every configuration
    std::optional<TableFormat> table;
    bool folderGiven = false;
    std::string out;
    bool png = false, csv = false, html = false, json = false;
    ImageOptions image;
    bool batch() const { return table || folderGiven || models.size() > 1 || configs.size() > 1; }
};

// The report row of the command table (cli/command_table.cpp) parses the arguments.
int parse(const std::vector<std::string>& args, ReportOptions& o)
{
    const CommandSpec& command = *findCommand("report");
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << commandHelp(command);
            return kHelpShown;
        }
    auto parsed = parseArgs(command, args);
    if (!parsed)
        return usage(parsed.error().message);
    const ParsedArgs& p = parsed.value();
    o.models = p.operands;
    o.configs = p.configs;
    o.deviceArgs = p.settingsArgs;
    o.png = p.has("--png");
    o.csv = p.has("--csv");
    o.html = p.has("--html");
    o.json = p.has("--json");
    if (const std::string* v = p.value("--table"))
        o.table = parseTableFormat(*v);
    if (const std::string* v = p.value("--out"))
        o.out = *v;
    for (const char* side : { "--width", "--height" })
        if (const std::string* v = p.value(side)) {
            const int px = std::atoi(v->c_str());
            if (px < 100 || px > 10000)
                return usage(std::string(side) + " takes 100 to 10000 pixels");
            (std::string_view(side) == "--width" ? o.image.size.rwidth() : o.image.size.rheight()) = px;
        }
    if (const std::string* v = p.value("--scale")) {
        o.image.scale = std::atof(v->c_str());
        if (o.image.scale < 0.25 || o.image.scale > 4)
            return usage("--scale takes 0.25 to 4");
    }
    for (const std::string& m : o.models) {
        std::error_code ec;
        o.folderGiven = o.folderGiven || std::filesystem::is_directory(m, ec);
    }
    if (o.models.empty())
        return usage("report needs a model file (or several, or a folder)");
    if (o.out.empty())
        return usage("report needs --out DIR");
    if (!o.png && !o.csv && !o.html && !o.json)
        o.png = o.csv = o.html = o.json = true;
    return kExitOk;
}

std::vector<ExportKind> exportKinds(const ReportOptions& o)
{
    std::vector<ExportKind> kinds;
    if (o.png)
        kinds.insert(kinds.end(), { ExportKind::TimelinePng, ExportKind::ArenaMapPng, ExportKind::ReportSheetPng });
    if (o.csv)
        kinds.insert(kinds.end(),
            { ExportKind::TensorCsv, ExportKind::EventCsv, ExportKind::LiveBytesCsv, ExportKind::BuffersCsv });
    if (o.json)
        kinds.push_back(ExportKind::Json);
    if (o.html)
        kinds.push_back(ExportKind::Html);
    return kinds;
}

// Every export of one analysis into `out`. The set is written into a staging folder beside the
// destination and moved in only when every file was written: a failure leaves the folder
// exactly as it was.
int writeReportSet(const AnalysisPtr& analysis, const std::string& outDir, const std::vector<ExportKind>& kinds,
    const ImageOptions& options, bool quiet)
{
    const QString out = QString::fromStdString(outDir);
    if (!QDir().mkpath(out)) {
        std::cerr << "arenascope: cannot create the folder " << outDir << "\n";
        return kExitBadInput;
    }
    for (ExportKind k : kinds) {
        const QFileInfo dest(QDir(out).filePath(defaultExportName(k)));
        if (dest.isDir()) {
            std::cerr << "arenascope: " << dest.filePath().toStdString() << " is a folder; nothing was written\n";
            return kExitBadInput;
        }
    }
    QTemporaryDir staging(QDir(out).filePath(QStringLiteral(".arenascope-report-XXXXXX")));
    if (!staging.isValid()) {
        std::cerr << "arenascope: cannot write in " << outDir << ": " << staging.errorString().toStdString() << "\n";
        return kExitBadInput;
    }
    for (ExportKind k : kinds) {
        const QString path = QDir(staging.path()).filePath(defaultExportName(k));
        ImageOptions image = options;
        if (k == ExportKind::ArenaMapPng)
            image.size.setHeight(std::max(100, image.size.height() / 6));
        if (const QString error = writeExport(k, analysis, path, image); !error.isEmpty()) {
            std::cerr << "arenascope: " << error.toStdString() << "; nothing was written to " << outDir << "\n";
            return kExitBadInput;
        }
    }
    for (ExportKind k : kinds) {
        const QString name = defaultExportName(k);
        const QString path = QDir(out).filePath(name);
        std::error_code ec; // rename replaces an older file in one step
        std::filesystem::rename(QDir(staging.path()).filePath(name).toStdString(), path.toStdString(), ec);
        if (ec) {
            std::cerr << "arenascope: cannot move " << name.toStdString() << " into " << outDir << ": " << ec.message()
                      << "\n";
            return kExitBadInput;
        }
        if (!quiet)
            std::cout << "wrote " << path.toStdString() << "\n";
    }
    return kExitOk;
}

// A folder name from a model path: "models/kws.tflite" -> "kws"; taken names get "-2", "-3".
std::string uniqueFolder(const std::string& model, std::vector<std::string>& taken)
{
    std::string stem = std::filesystem::path(model).stem().string();
    if (stem.empty())
        stem = "model";
    std::string name = stem;
    for (int n = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++n)
        name = stem + "-" + std::to_string(n);
    taken.push_back(name);
    return name;
}

// A folder name from a configuration: "target=cortex-m,kernels=cmsis-nn" -> "target-cortex-m_kernels-cmsis-nn".
std::string configurationFolder(const std::string& configuration)
{
    std::string out;
    for (char c : configuration)
        out += c == '='                                                           ? '-'
            : c == ','                                                            ? '_'
            : std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ? c
                                                                                  : '_';
    return out;
}

int runBatch(const ReportOptions& o)
{
    auto paths = expandModelPaths(o.models);
    if (!paths) {
        std::cerr << "arenascope: " << describe(paths.error()) << "\n";
        return kExitBadInput;
    }
    std::vector<EmulationSettings> configs;
    for (const std::string& c : o.configs.empty() ? std::vector<std::string> { "" } : o.configs) {
        auto s = settingsWithConfiguration(c, o.deviceArgs);
        if (!s)
            return usage(describe(s.error()));
        configs.push_back(s.value());
    }
    const std::size_t n = paths.value().size();
    const std::vector<BatchRow> rows = analyzeBatch(paths.value(), configs, std::cerr);
    // Drawing needs the GUI thread: the exports are written one by one.
    const std::vector<ExportKind> kinds = exportKinds(o);
    std::vector<std::string> taken;
    int rc = kExitOk;
    for (std::size_t m = 0; m < n; ++m) {
        const std::string folder = uniqueFolder(paths.value()[m], taken);
        for (std::size_t c = 0; c < configs.size(); ++c) {
            const BatchRow& row = rows[m * configs.size() + c];
            if (!row.analysis) {
                std::cerr << "arenascope: " << row.model << ": " << row.error << "\n";
                rc = kExitBadInput;
                continue;
            }
            std::filesystem::path dir = std::filesystem::path(o.out) / folder;
            if (configs.size() > 1)
                dir /= configurationFolder(row.configuration);
            if (writeReportSet(row.analysis, dir.string(), kinds, o.image, o.table.has_value()) != kExitOk)
                return kExitBadInput;
            if (!row.analysis->succeeds() && rc == kExitOk)
                rc = kExitDoesNotFit;
        }
    }
    if (o.table)
        std::cout << batchTable(rows, *o.table);
    return rc;
}

} // namespace

int runReportCommand(int argc, char** argv)
{
    // argv[1] is "report"; args[0] stands for it, as in the other subcommands.
    const std::vector<std::string> args(argv + 1, argv + argc);
    ReportOptions o;
    if (int rc = parse(args, o); rc != kExitOk)
        return rc == kHelpShown ? kExitOk : rc;
    // Images are drawn without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // A clean shell or CI job has no XDG_RUNTIME_DIR, and Qt warns about it on stderr: give it a
    // private one (mode 0700) for the run, so the command prints only its own words.
    std::optional<QTemporaryDir> runtimeDir;
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        runtimeDir.emplace(QDir::tempPath() + QStringLiteral("/arenascope-runtime-XXXXXX"));
        if (runtimeDir->isValid())
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir->path()));
    }
    QApplication app(argc, argv);
    if (o.batch())
        return runBatch(o);
    auto settings = settingsWithConfiguration(o.configs.empty() ? std::string() : o.configs.front(), o.deviceArgs);
    if (!settings)
        return usage(describe(settings.error()));
    auto model = loadModelFile(o.models.front());
    if (!model) {
        std::cerr << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    const AnalysisPtr analysis = analyze(model.value(), settings.value());
    if (int rc = writeReportSet(analysis, o.out, exportKinds(o), o.image, false); rc != kExitOk)
        return rc;
    return analysis->succeeds() ? kExitOk : kExitDoesNotFit;
}

} // namespace arenascope
