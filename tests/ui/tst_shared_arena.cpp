// Several models in one arena in the app: the shared arena window built from the main window
// (File > Add Model to This Arena, a second model dropped), its timeline (every tenant named on
// its own lane over the same offsets, the tails stacked per tenant, labels apart), the verdict
// equal to `arenascope plan A B --shared-arena`, reordering by drag through the job tracker, and
// the playback walking the shared allocator's log model after model.
//
// ARENASCOPE_SCREENSHOT_DIR=DIR saves the window at 1280x720 and 1920x1080 there (run under
// xvfb-run to see it as a user would).
#include "ui/job_tracker.h"
#include "ui/main_window.h"
#include "ui/models/allocation_steps.h"
#include "ui/models/selection_state.h"
#include "ui/pages/compare_window.h"
#include "ui/pages/playback_bar.h"
#include "ui/pages/shared_arena_window.h"
#include "ui/pages/tenant_list.h"
#include "ui/plots/shared_timeline_plot.h"

#include "core/model/loader.h"

#include <QDir>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>
#include <qcustomplot.h>

using namespace arenascope;

namespace {

const QString kFirst = QStringLiteral(ARENASCOPE_EXAMPLE_MODEL);
const QString kSecond = QStringLiteral(ARENASCOPE_SOURCE_DIR "/models/lessons/scratch_buffer.tflite");

ModelPtr load(const QString& path)
{
    auto m = loadModelFile(path.toStdString());
    return m ? m.value() : nullptr;
}

// The window with both models, shown at its smallest shared arena.
bool settle(SharedArenaWindow& w)
{
    return QTest::qWaitFor([&] { return !w.analyzing() && w.analysis() && w.analysis()->arenaSize(); }, 60000);
}

// What the CLI prints on its "verdict:" line for the same models, order and arena.
QString cliVerdict(const QStringList& models, std::uint64_t arena)
{
    QProcess p;
    p.start(QStringLiteral(ARENASCOPE_CLI),
        QStringList { QStringLiteral("plan") } + models
            + QStringList { QStringLiteral("--shared-arena"), QStringLiteral("--arena-size"), QString::number(arena) });
    if (!p.waitForFinished(120000))
        return {};
    for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("verdict:")))
            return line.mid(QStringLiteral("verdict:").size()).trimmed();
    return {};
}

void checkLabels(const SharedTimelinePlot& plot, const QStringList& names)
{
    const auto labels = plot.shownLabels();
    const QRectF area = plot.geometry().plotRect();
    for (const QString& name : names)
        QVERIFY2(std::any_of(labels.begin(), labels.end(), [&](const auto& l) { return l.first.contains(name); }),
            qPrintable(name + QStringLiteral(" is not named on the timeline")));
    for (std::size_t i = 0; i < labels.size(); ++i) {
        QVERIFY2(area.contains(labels[i].second), qPrintable(labels[i].first));
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            QVERIFY2(!labels[i].second.intersects(labels[j].second),
                qPrintable(labels[i].first + QStringLiteral(" on ") + labels[j].first));
    }
}

} // namespace

class TstSharedArena : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    // The steps of playback: every event of every tenant once, in the shared allocator's order,
    // each tenant's own events in their own order, each sentence naming its model.
    void playbackWalksTheTenantsInOrder()
    {
        std::vector<Tenant> tenants { { load(kFirst), "first.tflite" }, { load(kSecond), "second.tflite" } };
        QVERIFY(tenants[0].model && tenants[1].model);
        const auto a = analyzeSharedArena(tenants, EmulationSettings {}.withArena(1 << 20));
        const AllocationSteps steps = AllocationSteps::of(a);
        const auto& run = *a->atSize;
        QCOMPARE(steps.count(),
            static_cast<int>(run.tenants[0].result->events.size() + run.tenants[1].result->events.size()));
        int lastIndex[2] = { -1, -1 };
        std::uint32_t lastSequence = 0;
        bool secondSeen = false;
        for (int i = 0; i < steps.count(); ++i) {
            const int t = steps.tenant(i);
            QVERIFY(t == 0 || t == 1);
            QVERIFY(steps.indexInTenant(i) > lastIndex[t]);
            lastIndex[t] = steps.indexInTenant(i);
            QVERIFY(i == 0 || steps.event(i).sequence > lastSequence);
            lastSequence = steps.event(i).sequence;
            QVERIFY(steps.sentence(i).startsWith(QStringLiteral("model %1 (").arg(t + 1)));
            secondSeen = secondSeen || t == 1;
        }
        QVERIFY(secondSeen);
        QCOMPARE(steps.failed(), -1);
        // The last tenant's AllocateTensors comes last: the log ends with the second model.
        QCOMPARE(steps.tenant(steps.count() - 1), 1);
    }

    void twoTenantsNamedAndTheVerdictIsTheCli()
    {
        JobTracker tracker;
        SharedArenaWindow w(&tracker);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setFirmware(EmulationSettings {});
        w.addModel(load(kFirst), QStringLiteral("example_kws_int8.tflite"));
        QVERIFY(w.addModelFile(kSecond));
        QVERIFY(!w.addModelFile(QStringLiteral("/nonexistent/none.tflite")));
        QVERIFY(w.message().contains(QStringLiteral("none.tflite")));
        QVERIFY(settle(w));
        const SharedArenaAnalysisPtr a = w.analysis();
        QCOMPARE(a->tenants.size(), std::size_t(2));
        QVERIFY(a->minArenaBytes);
        QCOMPARE(*a->arenaSize(), *a->minArenaBytes); // it starts at the smallest shared arena
        QVERIFY(*a->fits());
        QCOMPARE(w.verdictText().split(QLatin1Char('\n')).first().trimmed(),
            cliVerdict({ kFirst, kSecond }, *a->minArenaBytes));
        // Every tenant's buffers drawn, each on its own lane, all from offset 0.
        SharedTimelinePlot* plot = w.timeline();
        plot->plot()->replot(QCustomPlot::rpImmediateRefresh);
        std::size_t placed = 0;
        for (const TenantOutcome& t : a->measured->tenants)
            for (const PlannedBuffer& b : t.result->planned)
                placed += b.offset >= 0 ? 1 : 0;
        QCOMPARE(plot->boxes().size(), placed);
        for (const BufferBox& b : plot->boxes())
            QVERIFY(b.first >= plot->laneStart(b.tenant) - 1 && b.last < plot->laneStart(b.tenant + 1));
        // The tails stacked per tenant below the arena's end, their sum the shared tail.
        const auto& shares = plot->tailShares();
        QCOMPARE(shares.size(), std::size_t(2));
        QCOMPARE(shares[0].second, static_cast<double>(*a->arenaSize()));
        QCOMPARE(shares[1].second, shares[0].first);
        QCOMPARE(static_cast<std::uint64_t>(shares[0].second - shares[1].first), a->atSize->tailBytes);
        checkLabels(
            *plot, { QStringLiteral("1. example_kws_int8.tflite"), QStringLiteral("2. scratch_buffer.tflite") });

        // One byte below: the verdict names the model that breaks and by how much, as the CLI does.
        w.setArenaSize(*a->minArenaBytes - 1);
        QVERIFY(settle(w));
        const SharedArenaAnalysisPtr below = w.analysis();
        QVERIFY(!*below->fits());
        QVERIFY(below->verdict.breakingTenant >= 0);
        QCOMPARE(below->verdict.shortfallBytes, std::uint64_t(1));
        const QString headline = w.verdictText().split(QLatin1Char('\n')).first().trimmed();
        QVERIFY(headline.contains(
            QString::fromStdString(below->tenants[static_cast<std::size_t>(below->verdict.breakingTenant)].name)));
        QCOMPARE(headline, cliVerdict({ kFirst, kSecond }, *a->minArenaBytes - 1));
        plot->plot()->replot(QCustomPlot::rpImmediateRefresh);
        checkLabels(*plot, { QStringLiteral("(breaks here)") });
    }

    // Dragging a row reorders the models: the window analyses the new order in the background.
    void dragARowToReorder()
    {
        JobTracker tracker;
        SharedArenaWindow w(&tracker);
        w.setFirmware(EmulationSettings {});
        w.addModel(load(kFirst), QStringLiteral("a.tflite"));
        w.addModel(load(kSecond), QStringLiteral("b.tflite"));
        QVERIFY(settle(w));
        QListWidget* list = w.tenantList()->list();
        QCOMPARE(list->count(), 2);
        QVERIFY(list->item(0)->text().contains(QStringLiteral("a.tflite")));
        QVERIFY(list->model()->moveRow(QModelIndex(), 1, QModelIndex(), 0));
        QTRY_VERIFY_WITH_TIMEOUT(w.analyzing() || w.analysis()->tenants[0].name == "b.tflite", 5000);
        QVERIFY(settle(w));
        QCOMPARE(w.analysis()->tenants[0].name, std::string("b.tflite"));
        QCOMPARE(w.analysis()->tenants[1].name, std::string("a.tflite"));
        QTRY_VERIFY(list->item(0)->text().startsWith(QStringLiteral("1. b.tflite")));
        // The playback follows the new order: the log's last allocation is the second model's.
        PlaybackBar* bar = w.playback();
        w.selection()->selectEvent(bar->position() + 1);
        QVERIFY(bar->sentence().contains(QStringLiteral("model 1 (b.tflite)")));
    }

    void theMainWindowAddsAModelToItsArena()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.addModelToArena(kSecond); // no model yet: nothing to share
        QVERIFY(!w.sharedArena());
        QVERIFY(w.openModel(kFirst));
        QTRY_VERIFY_WITH_TIMEOUT(!w.opening() && !w.analyzing(), 60000);
        QAction* add = nullptr;
        for (QAction* action : w.findChildren<QAction*>())
            if (action->text().contains(QStringLiteral("Add Model to This")))
                add = action;
        QVERIFY(add);
        w.addModelToArena(kSecond);
        QVERIFY(w.sharedArena());
        QVERIFY(settle(*w.sharedArena()));
        QCOMPARE(w.sharedArena()->tenantCount(), 2);
        QCOMPARE(w.sharedArena()->analysis()->tenants[0].model, w.model());
    }

    // A second model dropped asks: compare, or share the arena.
    void aSecondDroppedModelAsks_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::newRow("share") << QStringLiteral("Share the Arena");
        QTest::newRow("compare") << QStringLiteral("Compare");
    }
    void aSecondDroppedModelAsks()
    {
        QFETCH(QString, answer);
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTimer poll;
        bool asked = false;
        connect(&poll, &QTimer::timeout, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || box->objectName() != QStringLiteral("secondModelQuestion"))
                return;
            asked = true;
            for (QAbstractButton* b : box->buttons())
                if (b->text() == answer)
                    b->click();
        });
        poll.start(50);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(kFirst), QUrl::fromLocalFile(kSecond) });
        const QPoint at(w.width() / 2, w.height() / 2);
        // Qt delivers a drop only after the drag entered the window.
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QTRY_VERIFY_WITH_TIMEOUT(asked, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(w.model() && !w.opening(), 60000);
        if (answer == QStringLiteral("Compare")) {
            CompareWindow* compare = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((compare = w.findChild<CompareWindow*>()) != nullptr, 10000);
            QTRY_VERIFY_WITH_TIMEOUT(
                compare->analysisB() && compare->analysisB()->model->path() == kSecond.toStdString(), 60000);
            QVERIFY(!w.sharedArena());
        } else {
            QTRY_VERIFY_WITH_TIMEOUT(w.sharedArena() != nullptr, 10000);
            QVERIFY(settle(*w.sharedArena()));
            QCOMPARE(w.sharedArena()->tenantCount(), 2);
        }
    }

    // The window as a user sees it, with two shared models (../shared's when present).
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("ARENASCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("ARENASCOPE_SCREENSHOT_DIR is not set");
        const QString speech = QStringLiteral(ARENASCOPE_SHARED_DIR "/models/tflm/micro_speech_quantized.tflite");
        const QString person = QStringLiteral(ARENASCOPE_SHARED_DIR "/models/tflm/person_detect.tflite");
        const bool shared = QFileInfo::exists(speech) && QFileInfo::exists(person);
        const QString a = shared ? speech : kFirst;
        const QString b = shared ? person : kSecond;
        for (const QSize size : { QSize(1280, 720), QSize(1920, 1080) })
            for (const bool fits : { true, false }) {
                JobTracker tracker;
                SharedArenaWindow w(&tracker);
                w.resize(size);
                w.show();
                QVERIFY(QTest::qWaitForWindowExposed(&w));
                w.setFirmware(EmulationSettings {});
                QVERIFY(w.addModelFile(a));
                QVERIFY(w.addModelFile(b));
                QVERIFY(settle(w));
                if (!fits) {
                    w.setArenaSize(*w.analysis()->minArenaBytes - 1);
                    QVERIFY(settle(w));
                }
                QTest::qWait(200);
                checkLabels(*w.timeline(), { QFileInfo(a).fileName(), QFileInfo(b).fileName() });
                const QString file
                    = QDir(dir).filePath(QStringLiteral("shared_arena_%1x%2_%3.png")
                                             .arg(size.width())
                                             .arg(size.height())
                                             .arg(fits ? QStringLiteral("fits") : QStringLiteral("below")));
                QVERIFY(w.grab().save(file));
                qInfo("%s: %s", qPrintable(file), qPrintable(w.verdictText().split(QLatin1Char('\n')).first()));
            }
    }
};

QTEST_MAIN(TstSharedArena)
#include "tst_shared_arena.moc"
