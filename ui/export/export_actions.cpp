#include "export_actions.h"

#include "ui/text.h"

#include "core/report/csv_report.h"
#include "core/report/html_report.h"
#include "core/report/plan_report.h"
#include "core/solver/model_buffers.h"
#include "core/util/enum_names.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSaveFile>

#include <iterator>

namespace arenascope {

namespace {

// Each export's default file name and its suffix, in ExportKind's order.
struct ExportName {
    ExportKind kind;
    const char* base;
    const char* suffix;
};
constexpr ExportName kExportNames[] = {
    { ExportKind::TimelinePng, "timeline", "png" },
    { ExportKind::ArenaMapPng, "arena_map", "png" },
    { ExportKind::ReportSheetPng, "report_sheet", "png" },
    { ExportKind::TensorCsv, "tensors", "csv" },
    { ExportKind::EventCsv, "allocation_log", "csv" },
    { ExportKind::LiveBytesCsv, "live_bytes", "csv" },
    { ExportKind::BuffersCsv, "buffers", "csv" },
    { ExportKind::Json, "analysis", "json" },
    { ExportKind::Html, "report", "html" },
};
static_assert(std::size(kExportNames) == static_cast<std::size_t>(ExportKind::Html) + 1, "a row for every kind");

const ExportName* exportName(ExportKind kind)
{
    return rowWhere(kExportNames, &ExportName::kind, kind);
}

} // namespace

QString exportSuffix(ExportKind kind)
{
    const ExportName* n = exportName(kind);
    return n ? QString::fromLatin1(n->suffix) : QString();
}

QString defaultExportName(ExportKind kind)
{
    const ExportName* n = exportName(kind);
    return n ? QString::fromLatin1(n->base) + QLatin1Char('.') + QString::fromLatin1(n->suffix) : QString();
}

QString saveAtomically(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QObject::tr("Cannot write %1: %2").arg(path, file.errorString());
    if (file.write(bytes) != bytes.size()) {
        const QString why = file.errorString();
        file.cancelWriting();
        return QObject::tr("Writing %1 failed: %2. Any older file is unchanged.").arg(path, why);
    }
    if (!file.commit())
        return QObject::tr("Cannot save %1: %2. Any older file is unchanged.").arg(path, file.errorString());
    return {};
}

QString suggestedExportName(ExportKind kind, const Analysis& a)
{
    QString name = QFileInfo(QString::fromStdString(a.model->path())).completeBaseName();
    name += QLatin1Char('-') + toQString(targetName(a.settings.target));
    if (a.settings.kernels == KernelSet::CmsisNn)
        name += QStringLiteral("-cmsis-nn-") + toQString(cpuName(a.settings.cpu));
    if (a.settings.kernels == KernelSet::EspNn)
        name += QStringLiteral("-esp-nn-%1-%2")
                    .arg(toQString(espChipName(a.settings.espChip)), toQString(espNnVersionName(a.settings.espNn)));
    name += QLatin1Char('-') + toQString(plannerName(a.settings.effectivePlanner()));
    if (a.settings.effectiveInterpreter() == InterpreterKind::Recording)
        name += QStringLiteral("-recording");
    if (a.arenaSize())
        name += QStringLiteral("-%1B").arg(*a.arenaSize());
    return name + QLatin1Char('-') + defaultExportName(kind);
}

QString writeExport(ExportKind kind, const AnalysisPtr& analysis, const QString& path, const ImageOptions& image,
    const std::vector<Alternative>* alternatives)
{
    auto text = [](const std::string& s) { return QByteArray(s.data(), static_cast<qsizetype>(s.size())); };
    auto png = [](const QImage& img) {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        img.save(&buffer, "PNG");
        return bytes;
    };
    switch (kind) {
    case ExportKind::TimelinePng:
        return saveAtomically(path, png(renderTimeline(analysis, image)));
    case ExportKind::ArenaMapPng:
        return saveAtomically(path, png(renderArenaMap(analysis, image)));
    case ExportKind::ReportSheetPng:
        return saveAtomically(path, png(renderReportSheet(analysis, image)));
    case ExportKind::TensorCsv:
        return saveAtomically(path, text(tensorTableCsv(*analysis)));
    case ExportKind::EventCsv:
        return saveAtomically(path, text(allocationLogCsv(*analysis)));
    case ExportKind::LiveBytesCsv:
        return saveAtomically(path, text(liveBytesCsv(*analysis)));
    case ExportKind::BuffersCsv:
        return saveAtomically(
            path, text(writeBufferCsv(modelBufferSet(*analysis->measured), tflmOffsetsOf(*analysis->measured))));
    case ExportKind::Json: {
        // The plan --json object, alternatives included (what the other builds need).
        const std::vector<Alternative> computed
            = alternatives ? std::vector<Alternative> {} : arenascope::alternatives(*analysis);
        return saveAtomically(path, text(planJson(*analysis, true, alternatives ? alternatives : &computed)));
    }
    case ExportKind::Html: {
        ImageOptions small { QSize(1200, 600), 1.0 };
        std::vector<ReportImage> images;
        images.push_back({ "Arena timeline", pngBytes(renderTimeline(analysis, small)) });
        small.size = QSize(1200, 120);
        images.push_back({ "Arena map", pngBytes(renderArenaMap(analysis, small)) });
        auto html = htmlReport(*analysis, images);
        if (!html)
            return QString::fromStdString(describe(html.error()));
        return saveAtomically(path, text(html.value()));
    }
    }
    return QObject::tr("Unknown export");
}

} // namespace arenascope
