#include "image_export.h"

#include "ui/palette.h"

#include "core/analysis/verdict.h"
#include "core/util/format.h"
#include "ui/models/selection_state.h"
#include "ui/models/verdict_html.h"
#include "ui/plots/timeline_plot.h"
#include "ui/views/arena_map_view.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPainter>
#include <QTextDocument>

namespace arenascope {

namespace {

QImage blank(const ImageOptions& o)
{
    QImage image(QSize(static_cast<int>(o.size.width() * o.scale), static_cast<int>(o.size.height() * o.scale)),
        QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(o.scale);
    image.fill(Qt::white);
    return image;
}

} // namespace

// What every exported image states: the model, its settings and the arena size.
QString exportHeader(const Analysis& a)
{
    const QString arena
        = a.arenaSize() ? QString::fromStdString(formatBytes(*a.arenaSize())) : QObject::tr("no size given");
    return QObject::tr("%1  |  %2  |  arena %3")
        .arg(QFileInfo(QString::fromStdString(a.model->path())).fileName(),
            QString::fromStdString(describeSettings(a.settings)), arena);
}

QImage renderTimeline(const AnalysisPtr& analysis, const ImageOptions& options)
{
    SelectionState selection;
    TimelinePlot plot(&selection);
    plot.setPalette(lightPalette()); // the same picture whatever palette the app shows
    if (options.header)
        plot.setTitle(exportHeader(*analysis));
    plot.resize(options.size);
    plot.fitLegend(options.size.width());
    selection.setAnalysis(analysis);
    plot.resetZoom();
    return plot.toImage(options.size, options.scale);
}

QImage renderArenaMap(const AnalysisPtr& analysis, const ImageOptions& options)
{
    SelectionState selection;
    ArenaMapView view(&selection);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.setPalette(lightPalette());
    // A header line, then the map (with a margin on the right so no label is clipped).
    const int header = options.header ? QFontMetrics(view.font()).height() + 8 : 0;
    view.resize(options.size.width() - 8, std::max(60, options.size.height() - header));
    selection.setAnalysis(analysis);
    QImage image = blank(options);
    QPainter p(&image);
    if (options.header)
        p.drawText(QRect(6, 2, options.size.width() - 12, header - 4), Qt::AlignLeft | Qt::AlignVCenter,
            exportHeader(*analysis));
    p.translate(0, header);
    view.render(&p);
    return image;
}

QImage renderReportSheet(const AnalysisPtr& analysis, const ImageOptions& options)
{
    QImage image = blank(options);
    QPainter p(&image);
    const int w = options.size.width();
    const int h = options.size.height();
    const int margin = 24;
    const int verdictWidth = std::max(300, w / 3);
    const int leftWidth = w - verdictWidth - 3 * margin;
    QFont title = p.font();
    title.setPointSizeF(title.pointSizeF() * 1.6);
    title.setBold(true);
    p.setFont(title);
    p.drawText(QRect(margin, margin / 2, w - 2 * margin, 40), Qt::AlignLeft | Qt::AlignVCenter,
        QStringLiteral("ArenaScope: %1").arg(QString::fromStdString(analysis->model->path())));
    QFont normal = title;
    normal.setPointSizeF(title.pointSizeF() / 1.6);
    normal.setBold(false);
    p.setFont(normal);
    p.drawText(
        QRect(margin, margin / 2 + 36, w - 2 * margin, 20), Qt::AlignLeft | Qt::AlignVCenter, exportHeader(*analysis));
    const int top = margin + 60;
    const int mapHeight = std::max(90, h / 8);
    const int timelineHeight = h - top - mapHeight - 2 * margin;
    ImageOptions sub { QSize(leftWidth, timelineHeight), options.scale, false }; // the sheet has the header
    p.drawImage(QRect(margin, top, leftWidth, timelineHeight), renderTimeline(analysis, sub));
    sub.size = QSize(leftWidth, mapHeight);
    p.drawImage(QRect(margin, top + timelineHeight + margin, leftWidth, mapHeight), renderArenaMap(analysis, sub));
    QTextDocument doc;
    doc.setHtml(verdictHtml(*analysis));
    doc.setTextWidth(verdictWidth);
    p.translate(2 * margin + leftWidth, top);
    doc.drawContents(&p, QRectF(0, 0, verdictWidth, h - top - margin));
    return image;
}

std::vector<std::uint8_t> pngBytes(const QImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

} // namespace arenascope
