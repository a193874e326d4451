// Exported pictures: the requested size and scale, not blank, and what is drawn where the
// geometry says (a buffer's colour at its centre, the arena line's colour on its row),
// with a colour tolerance. Also: the headless report and failed saves.
#include "ui/export/export_actions.h"
#include "ui/export/image_export.h"
#include "ui/models/selection_state.h"
#include "ui/palette.h"
#include "ui/plots/plot_colors.h"
#include "ui/plots/timeline_plot.h"
#include "ui/views/arena_map_view.h"

#include "core/model/loader.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>
#include <set>

using namespace arenascope;

namespace {

AnalysisPtr example(std::uint64_t size)
{
    auto m = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
    return m ? analyze(m.value(), EmulationSettings {}.withArena(size)) : nullptr;
}

bool near(QColor a, QColor b, int tolerance)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
        && std::abs(a.blue() - b.blue()) <= tolerance;
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

class TstScreenshots : public QObject {
    Q_OBJECT
private slots:
    void sizesAndScales_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("scale");
        QTest::newRow("small") << 400 << 300 << 1.0;
        QTest::newRow("slide") << 1600 << 900 << 1.0;
        QTest::newRow("print 2x") << 800 << 450 << 2.0;
    }
    void sizesAndScales()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, scale);
        const auto a = example(64 * 1024);
        QVERIFY(a);
        const ImageOptions o { QSize(width, height), scale };
        for (const QImage& img : { renderTimeline(a, o), renderArenaMap(a, o), renderReportSheet(a, o) }) {
            QCOMPARE(img.width(), static_cast<int>(width * scale));
            QCOMPARE(img.height(), static_cast<int>(height * scale));
            QVERIFY2(distinctColours(img) > 5, "the picture is blank");
        }
    }

    void timelineDrawsWhatTheGeometrySays()
    {
        const auto a = example(64 * 1024);
        const QImage img = renderTimeline(a, ImageOptions { QSize(1000, 600), 1.0 });
        // The largest planned buffer: its centre pixel has its kind's colour (lightened fill).
        const auto& planned = a->atSize->planned;
        const auto biggest = std::max_element(planned.begin(), planned.end(),
            [](const auto& x, const auto& y) { return x.alignedBytes < y.alignedBytes; });
        QVERIFY(biggest != planned.end());
        // Recreate the plot's axes: x from -0.7 to steps - 0.3, y from 0 to 1.15 x max(arena, plan).
        // Rather than guessing margins, scan the row through the buffer's vertical centre for the colour.
        const QColor want = colors::bufferKind(biggest->kind).lighter(125);
        bool found = false;
        for (int y = 0; y < img.height() && !found; ++y)
            for (int x = 0; x < img.width() && !found; ++x)
                found = near(img.pixelColor(x, y), want, 6);
        QVERIFY2(found, "no pixel in the buffer's colour");
        // It fits: the arena line is drawn in the 'fits' colour, not the failure colour.
        bool fitsLine = false;
        bool failLine = false;
        for (int y = 0; y < img.height() - 40; ++y) // above the legend row, which shows every colour
            for (int x = 0; x < img.width(); x += 3) {
                fitsLine = fitsLine || near(img.pixelColor(x, y), colors::fits(), 10);
                failLine = failLine || near(img.pixelColor(x, y), colors::failure(), 10);
            }
        QVERIFY(fitsLine);
        QVERIFY(!failLine);
    }

    void aTooSmallArenaIsDrawnInTheFailureColour()
    {
        const auto fits = example(64 * 1024);
        const auto a = example(*fits->minArenaBytes - 1);
        const QImage img = renderTimeline(a, ImageOptions { QSize(1000, 600), 1.0 });
        int failurePixels = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                failurePixels += near(img.pixelColor(x, y), colors::failure(), 10) ? 1 : 0;
        QVERIFY2(failurePixels > 100, "no failure-coloured arena line or buffer");
        // What crosses the line keeps its kind's colour (outlined in the failure colour): no
        // buffer is filled in the failure colour, and the biggest buffer's colour is there.
        const auto& planned = a->measured->planned;
        const auto biggest = std::max_element(planned.begin(), planned.end(),
            [](const auto& x, const auto& y) { return x.alignedBytes < y.alignedBytes; });
        const QColor kindFill = colors::bufferKind(biggest->kind).lighter(125);
        const QColor failureFill = colors::failure().lighter(125);
        int kindPixels = 0, failureFillPixels = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                kindPixels += near(img.pixelColor(x, y), kindFill, 4) ? 1 : 0;
                failureFillPixels += near(img.pixelColor(x, y), failureFill, 4) ? 1 : 0;
            }
        QVERIFY2(kindPixels > 100, "the buffers lost their kinds' colours");
        QCOMPARE(failureFillPixels, 0);
    }

    void plotsFollowThePaletteAndExportsStayLight()
    {
        SelectionState selection;
        TimelinePlot plot(&selection);
        plot.resize(900, 500);
        selection.setAnalysis(example(64 * 1024));
        plot.setPalette(darkPalette());
        const QColor darkBase = darkPalette().color(QPalette::Base);
        const QColor darkText = darkPalette().color(QPalette::Text);
        QImage img = plot.plot()->toPixmap(900, 500, 1.0).toImage();
        QVERIFY(near(img.pixelColor(2, 2), darkBase, 2));
        QCOMPARE(plot.plot()->yAxis->tickLabelColor(), darkText);
        QCOMPARE(plot.plot()->legend->textColor(), darkText);
        int textPixels = 0; // axis labels and figures in the dark palette's text colour
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < 80; ++x)
                textPixels += near(img.pixelColor(x, y), darkText, 40) ? 1 : 0;
        QVERIFY2(textPixels > 50, "no readable axis text on the dark background");
        plot.setPalette(lightPalette());
        img = plot.plot()->toPixmap(900, 500, 1.0).toImage();
        QVERIFY(near(img.pixelColor(2, 2), lightPalette().color(QPalette::Base), 2));

        // An export under the dark palette is drawn light, like every other export.
        const QPalette before = QApplication::palette();
        QApplication::setPalette(darkPalette());
        const QImage exported = renderTimeline(example(64 * 1024), ImageOptions { QSize(800, 450), 1.0 });
        const QImage map = renderArenaMap(example(64 * 1024), ImageOptions { QSize(800, 120), 1.0 });
        QApplication::setPalette(before);
        QVERIFY(near(exported.pixelColor(2, exported.height() / 2), lightPalette().color(QPalette::Base), 2));
        QVERIFY(!near(map.pixelColor(map.width() / 2, map.height() - 3), darkBase, 8));
    }

    // At any plot size and arena size the line labels never sit on each other, stay in the
    // plot, and the arena size's label is always there.
    void lineLabelsNeverCollide()
    {
        const auto fits = example(64 * 1024);
        const std::uint64_t minimum = *fits->minArenaBytes;
        int hiddenSomewhere = 0;
        for (const QSize size : { QSize(1600, 900), QSize(800, 450), QSize(420, 260), QSize(300, 180) })
            for (const std::uint64_t arena :
                { minimum, minimum + 64, minimum + minimum / 4, minimum / 2, 4 * minimum }) {
                SelectionState selection;
                TimelinePlot plot(&selection);
                plot.resize(size);
                selection.setAnalysis(example(arena));
                plot.resetZoom();
                (void)plot.plot()->toPixmap(size.width(), size.height());
                const auto labels = plot.shownLabels();
                const QRectF area = plot.plot()->axisRect()->rect();
                bool arenaLabel = false;
                for (std::size_t i = 0; i < labels.size(); ++i) {
                    arenaLabel = arenaLabel || labels[i].first.startsWith(QStringLiteral("arena size"));
                    QVERIFY2(area.contains(labels[i].second), qPrintable(labels[i].first));
                    for (std::size_t j = i + 1; j < labels.size(); ++j)
                        QVERIFY2(!labels[i].second.intersects(labels[j].second),
                            qPrintable(QStringLiteral("%1 and %2 at %3x%4, arena %5")
                                           .arg(labels[i].first, labels[j].first)
                                           .arg(size.width())
                                           .arg(size.height())
                                           .arg(arena)));
                }
                QVERIFY2(arenaLabel,
                    qPrintable(QStringLiteral("no arena label at %1x%2, arena %3, plot area %4x%5")
                                   .arg(size.width())
                                   .arg(size.height())
                                   .arg(arena)
                                   .arg(area.width())
                                   .arg(area.height())));
                hiddenSomewhere += labels.size() < 4 ? 1 : 0;
            }
        QVERIFY(hiddenSomewhere > 0); // the small plots could not hold every label
    }

    // Zoomed in, buffers larger than the view are cut at the plot area, never drawn over the axes.
    void zoomedBuffersStayInThePlotArea()
    {
        SelectionState selection;
        TimelinePlot plot(&selection);
        plot.resize(800, 500);
        const auto a = example(64 * 1024);
        selection.setAnalysis(a);
        plot.plot()->xAxis->setRange(1.8, 2.2);
        plot.plot()->yAxis->setRange(1000, 1200);
        const QImage img = plot.plot()->toPixmap(800, 500).toImage();
        const QRect area = plot.plot()->axisRect()->rect();
        std::set<BufferKind> kinds;
        for (const auto& b : a->measured->planned)
            kinds.insert(b.kind);
        int inside = 0, outside = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                for (BufferKind k : kinds)
                    if (near(img.pixelColor(x, y), colors::bufferKind(k).lighter(125), 3)) {
                        (area.adjusted(-1, -1, 1, 1).contains(x, y) ? inside : outside) += 1;
                        break;
                    }
        QVERIFY2(inside > 1000, "the zoomed buffer is not drawn");
        // The legend's small icons are the only kind-coloured pixels outside the plot area.
        QVERIFY2(outside < 600, qPrintable(QString::number(outside)));
    }

    void restingOnABufferShowsTheBufferNotTheGenericHelp()
    {
        SelectionState selection;
        TimelinePlot plot(&selection);
        plot.resize(900, 500);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        const auto a = example(64 * 1024);
        selection.setAnalysis(a);
        plot.resetZoom();
        const auto& planned = a->measured->planned;
        const auto biggest = std::max_element(planned.begin(), planned.end(),
            [](const auto& x, const auto& y) { return x.alignedBytes < y.alignedBytes; });
        const TimelineGeometry g = plot.geometry();
        const QPoint centre(static_cast<int>(g.mapStepToX((biggest->first + biggest->last) / 2.0)),
            static_cast<int>(g.mapOffsetToY(static_cast<double>(biggest->offset) + biggest->alignedBytes / 2.0)));
        QHelpEvent rest(QEvent::ToolTip, centre, plot.plot()->mapToGlobal(centre));
        QApplication::sendEvent(plot.plot(), &rest);
        QTRY_VERIFY(QToolTip::isVisible());
        const auto& tensor = a->model->subgraphs()[static_cast<std::size_t>(biggest->subgraph)]
                                 .tensors[static_cast<std::size_t>(biggest->tensor)];
        QVERIFY2(QToolTip::text().contains(QString::fromStdString(tensor.name).toHtmlEscaped()),
            qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text() != plot.plot()->toolTip());
        QToolTip::hideText();

        ArenaMapView map(&selection);
        map.resize(900, 124);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        const QPoint onBar(map.width() / 8, map.height() / 2);
        QHelpEvent restOnMap(QEvent::ToolTip, onBar, map.mapToGlobal(onBar));
        QApplication::sendEvent(&map, &restOnMap);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("offset")), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text() != map.toolTip());
        QToolTip::hideText();
    }

    void headlessReportWritesEveryFile()
    {
        QTemporaryDir dir;
        QProcess p;
        p.start(QStringLiteral(ARENASCOPE_CLI),
            { QStringLiteral("report"), QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), QStringLiteral("--out"), dir.path(),
                QStringLiteral("--arena-size"), QStringLiteral("1K") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1); // 1 KiB does not fit
        for (const char* name : { "timeline.png", "arena_map.png", "report_sheet.png", "tensors.csv",
                 "allocation_log.csv", "live_bytes.csv", "analysis.json", "report.html" })
            QVERIFY2(QFileInfo(QDir(dir.path()).filePath(QString::fromLatin1(name))).size() > 0, name);
        QImage png(QDir(dir.path()).filePath(QStringLiteral("timeline.png")));
        QCOMPARE(png.size(), QSize(1600, 900));
    }

    // Every colour the plot draws has a legend entry, and only those: the example has no scratch
    // or offline buffers, and the failure entries come with a size that does not fit.
    void everyColourHasALegendEntryAndExportsSayWhatTheyShow()
    {
        SelectionState selection;
        TimelinePlot plot(&selection);
        auto legendNames = [&] {
            QStringList names;
            for (int i = 0; i < plot.plot()->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.plot()->legend->item(i)))
                    names << item->plottable()->name();
            return names;
        };
        selection.setAnalysis(example(64 * 1024));
        QVERIFY(plot.plot()->legend->visible());
        QStringList names = legendNames();
        for (const char* want : { "input", "activation", "output", "alignment padding", "tail (persistent)" })
            QVERIFY2(names.contains(QString::fromLatin1(want)), want);
        for (const char* absent : { "scratch", "offline", "beyond the arena", "does not fit (outlined)" })
            QVERIFY2(!names.contains(QString::fromLatin1(absent)), absent);
        selection.setAnalysis(example(1024));
        names = legendNames();
        for (const char* want : { "beyond the arena", "does not fit (outlined)" })
            QVERIFY2(names.contains(QString::fromLatin1(want)), want);
        // The arena map export leaves a margin on the right: nothing is cut at the edge.
        const QImage map = renderArenaMap(example(64 * 1024), ImageOptions { QSize(1600, 200), 1.0 });
        for (int y = 0; y < map.height(); ++y)
            for (int x = map.width() - 4; x < map.width(); ++x)
                QVERIFY2(map.pixelColor(x, y) == QColor(Qt::white), "ink at the right edge of the arena map");
    }

    void exportNamesSayWhatTheFileShows()
    {
        QCOMPARE(suggestedExportName(ExportKind::TimelinePng, *example(82296)),
            QStringLiteral("example_kws_int8-cortex-m-greedy-82296B-timeline.png"));
    }

    void failedReportLeavesTheFolderAsItWas()
    {
        QTemporaryDir dir;
        const QDir out(dir.path());
        // An older report's file, and a folder where one of the new files should go.
        QFile old(out.filePath(QStringLiteral("tensors.csv")));
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("older report\n");
        old.close();
        QVERIFY(out.mkpath(QStringLiteral("report.html")));
        QProcess p;
        p.start(QStringLiteral(ARENASCOPE_CLI),
            { QStringLiteral("report"), QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), QStringLiteral("--out"),
                dir.path() });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("nothing was written")));
        QCOMPARE(out.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList({ QStringLiteral("report.html"), QStringLiteral("tensors.csv") }));
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("older report\n"));
    }

    void failedSaveLeavesTheOldFileAndSaysWhy()
    {
        QTemporaryDir dir;
        // A folder where the file should go: the save cannot replace it.
        const QString path = QDir(dir.path()).filePath(QStringLiteral("tensors.csv"));
        QVERIFY(QDir().mkpath(path));
        const QString error = writeExport(ExportKind::TensorCsv, example(64 * 1024), path);
        QVERIFY(!error.isEmpty());
        QVERIFY(QFileInfo(path).isDir());
        // A file in a folder that does not exist.
        const QString missing = QDir(dir.path()).filePath(QStringLiteral("no/such/dir/tensors.csv"));
        QVERIFY(!writeExport(ExportKind::TensorCsv, example(64 * 1024), missing).isEmpty());
        QVERIFY(!QFileInfo::exists(missing));
    }
};

QTEST_MAIN(TstScreenshots)
#include "tst_screenshots.moc"
