#include "headless_report.h"

#include "export_actions.h"

#include "core/cli/cli.h"
#include "core/model/loader.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace arenascope {

namespace {

const char* kUsage = "usage: arenascope report MODEL.tflite --out DIR [options] [--png] [--csv] [--html] [--json]\n"
                     "                         [--width PX] [--height PX] [--scale S]\n"
                     "options:\n";

constexpr int kHelpShown = -1;

int usage(const std::string& message)
{
    std::cerr << "arenascope: " << message << "\n" << kUsage << settingsUsage();
    return kExitBadInput;
}

struct ReportOptions {
    std::string model;
    std::string out;
    SettingsOptions device;
    bool png = false, csv = false, html = false, json = false;
    ImageOptions image;
};

int parse(const std::vector<std::string>& args, ReportOptions& o)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        std::string v;
        auto next = [&] {
            if (i + 1 >= args.size())
                return false;
            v = args[++i];
            return true;
        };
        const OptionParse parsed = parseSettingsOption(args, i, o.device);
        if (parsed == OptionParse::Error)
            return usage(o.device.error);
        if (parsed == OptionParse::Taken)
            continue;
        if (a == "--png") {
            o.png = true;
        } else if (a == "--csv") {
            o.csv = true;
        } else if (a == "--html") {
            o.html = true;
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "--out") {
            if (!next())
                return usage("--out takes a folder");
            o.out = v;
        } else if (a == "--width" || a == "--height") {
            if (!next())
                return usage(a + " takes pixels");
            const int px = std::atoi(v.c_str());
            if (px < 100 || px > 10000)
                return usage(a + " takes 100 to 10000 pixels");
            (a == "--width" ? o.image.size.rwidth() : o.image.size.rheight()) = px;
        } else if (a == "--scale") {
            if (!next())
                return usage("--scale takes a factor");
            o.image.scale = std::atof(v.c_str());
            if (o.image.scale < 0.25 || o.image.scale > 4)
                return usage("--scale takes 0.25 to 4");
        } else if (a == "--help" || a == "-h") {
            std::cout << kUsage << settingsUsage();
            return kHelpShown;
        } else if (!a.empty() && a[0] == '-') {
            return usage("unknown option " + a);
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return usage("more than one model given");
        }
    }
    if (o.model.empty())
        return usage("report needs a model file");
    if (o.out.empty())
        return usage("report needs --out DIR");
    if (const std::string conflict = finishSettings(o.device); !conflict.empty())
        return usage(conflict);
    if (!o.png && !o.csv && !o.html && !o.json)
        o.png = o.csv = o.html = o.json = true;
    return kExitOk;
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
    QApplication app(argc, argv);
    auto model = loadModelFile(o.model);
    if (!model) {
        std::cerr << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    const QString out = QString::fromStdString(o.out);
    if (!QDir().mkpath(out)) {
        std::cerr << "arenascope: cannot create the folder " << o.out << "\n";
        return kExitBadInput;
    }
    const AnalysisPtr analysis = analyze(model.value(), o.device.settings);
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
    // The set is written into a staging folder beside the destination and moved in only when
    // every file was written: a failure leaves the folder exactly as it was.
    for (ExportKind k : kinds) {
        const QFileInfo dest(QDir(out).filePath(defaultExportName(k)));
        if (dest.isDir()) {
            std::cerr << "arenascope: " << dest.filePath().toStdString() << " is a folder; nothing was written\n";
            return kExitBadInput;
        }
    }
    QTemporaryDir staging(QDir(out).filePath(QStringLiteral(".arenascope-report-XXXXXX")));
    if (!staging.isValid()) {
        std::cerr << "arenascope: cannot write in " << o.out << ": " << staging.errorString().toStdString() << "\n";
        return kExitBadInput;
    }
    for (ExportKind k : kinds) {
        const QString path = QDir(staging.path()).filePath(defaultExportName(k));
        ImageOptions image = o.image;
        if (k == ExportKind::ArenaMapPng)
            image.size.setHeight(std::max(100, image.size.height() / 6));
        if (const QString error = writeExport(k, analysis, path, image); !error.isEmpty()) {
            std::cerr << "arenascope: " << error.toStdString() << "; nothing was written to " << o.out << "\n";
            return kExitBadInput;
        }
    }
    for (ExportKind k : kinds) {
        const QString name = defaultExportName(k);
        const QString path = QDir(out).filePath(name);
        std::error_code ec; // rename replaces an older file in one step
        std::filesystem::rename(QDir(staging.path()).filePath(name).toStdString(), path.toStdString(), ec);
        if (ec) {
            std::cerr << "arenascope: cannot move " << name.toStdString() << " into " << o.out << ": " << ec.message()
                      << "\n";
            return kExitBadInput;
        }
        std::cout << "wrote " << path.toStdString() << "\n";
    }
    const Failure* f = analysis->failure();
    if (f && !f->capacity)
        return kExitDoesNotFit;
    return analysis->fits().value_or(true) ? kExitOk : kExitDoesNotFit;
}

} // namespace arenascope
