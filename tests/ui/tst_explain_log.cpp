// File > Explain Device Log as a user drives it: a log the example model's build printed is
// explained with the model open; the matching build is listed, its lines stand beside the log's,
// and choosing it switches the window to that configuration and arena size. Dropping a .log
// file and pasting text explain too; binary input gets a message. The item models pass
// QAbstractItemModelTester.
#include "ui/main_window.h"
#include "ui/models/explain_models.h"
#include "ui/pages/controls_panel.h"
#include "ui/pages/explain_log_dialog.h"

#include "core/analysis/analysis.h"
#include "core/devicelog/log_parser.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QLabel>
#include <QListView>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace arenascope;

namespace {

bool open(MainWindow& w, const QString& path)
{
    return w.openModel(path) && QTest::qWaitFor([&] { return !w.opening(); }, 60000);
}

// What the example model's default build prints at `size`, as an Arduino serial monitor shows it.
QString deviceLog(const Model& model, const EmulationSettings& s)
{
    const auto r = emulate(model, s);
    QString log = QStringLiteral("12:00:00.001 -> setup()\n");
    if (r->failure)
        for (const std::string& line : r->failure->log)
            log += QStringLiteral("12:00:00.120 -> ") + QString::fromStdString(line) + QLatin1Char('\n');
    return log + QStringLiteral("12:00:00.121 -> AllocateTensors() failed\n");
}

bool waitForResult(ExplainLogDialog* d)
{
    return d && QTest::qWaitFor([&] { return !d->searching() && d->result(); }, 120000);
}

} // namespace

class TstExplainLog : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void explainsAFileAndSwitchesTheWindow()
    {
        MainWindow w;
        QVERIFY(open(w, QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        EmulationSettings device;
        device.kernels = KernelSet::CmsisNn;
        device.cpu = Cpu::CortexM4;
        const auto minimum = findMinimumArena(*w.model(), device, kMeasureArenaBytes);
        QVERIFY(minimum);
        device.arenaSize = *minimum - 100;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serial.log"));
        std::ofstream(path.toStdString()) << deviceLog(*w.model(), device).toStdString();
        w.explainDeviceLog(path);
        ExplainLogDialog* d = w.explainDialog();
        QVERIFY(waitForResult(d));
        QVERIFY(!d->result()->matches.empty());
        auto* matches = d->findChild<QListView*>(QStringLiteral("matches"));
        QVERIFY(matches);
        QAbstractItemModelTester listTester(matches->model());
        auto* lines = d->findChild<QTableView*>(QStringLiteral("logLines"));
        QVERIFY(lines);
        QAbstractItemModelTester linesTester(lines->model());
        // Every line of the log stands beside the same line of the first build.
        const QAbstractItemModel* m = lines->model();
        QVERIFY(m->rowCount() >= 2);
        for (int row = 0; row < m->rowCount(); ++row)
            if (!m->index(row, LogLinesModel::Device).data().toString().contains(QStringLiteral("AllocateTensors")))
                QCOMPARE(m->index(row, LogLinesModel::Device).data().toString(),
                    m->index(row, LogLinesModel::Emulated).data().toString());
        // Choosing the first CMSIS-NN Cortex-M4 build (other CPUs and planners print the same lines
        // at other sizes; the closest comes first) switches the window to it, at the device's arena.
        int row = -1;
        for (int i = 0; i < matches->model()->rowCount() && row < 0; ++i)
            if (d->result()->matches[static_cast<std::size_t>(i)].settings.kernels == KernelSet::CmsisNn
                && d->result()->matches[static_cast<std::size_t>(i)].settings.cpu == Cpu::CortexM4
                && d->result()->matches[static_cast<std::size_t>(i)].settings.tflm == kNewestTflm)
                row = i;
        QVERIFY(row >= 0);
        const QRect rect = matches->visualRect(matches->model()->index(row, 0));
        QTest::mouseClick(matches->viewport(), Qt::LeftButton, {}, rect.center());
        const EmulationSettings chosen = d->result()->matches[static_cast<std::size_t>(row)].settings;
        QTRY_COMPARE(w.controls()->settings().kernels, KernelSet::CmsisNn);
        QCOMPARE(w.controls()->settings().arenaSize, chosen.arenaSize);
        QVERIFY2(
            chosen.arenaSize && *chosen.arenaSize <= *minimum - 100 + 15 && *chosen.arenaSize + 15 >= *minimum - 100,
            qPrintable(QStringLiteral("the device had %1 B, the match says %2 B")
                           .arg(*minimum - 100)
                           .arg(chosen.arenaSize ? QString::number(*chosen.arenaSize) : QStringLiteral("none"))));
    }

    void pastedTextAndDroppedLogs()
    {
        MainWindow w;
        QVERIFY(open(w, QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        QApplication::clipboard()->setText(QStringLiteral(
            "E (1234) TFLM: Failed to resize buffer. Requested: 123456, available 10, missing: 123446\n"));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::keyClick(&w, Qt::Key_V, Qt::ControlModifier);
        ExplainLogDialog* d = w.explainDialog();
        QVERIFY(waitForResult(d));
        QVERIFY(d->result()->matches.empty()); // not this model's numbers
        QVERIFY(d->result()->nearest);
        auto* summary = d->findChild<QLabel*>();
        QVERIFY(summary->text().contains(QStringLiteral("No build")));
        // A dropped .log file that is binary: a message, no crash.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("garbage.log"));
        std::ofstream(path.toStdString(), std::ios::binary) << std::string(64, '\0');
        auto* mime = new QMimeData;
        mime->setUrls({ QUrl::fromLocalFile(path) });
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        // QApplication::notify passes a drop on only during a real drag: hand it to the window.
        static_cast<QObject&>(w).event(&drop);
        QVERIFY2(QTest::qWaitFor([&] { return summary->text().contains(QStringLiteral("not a text log")); }, 60000),
            qPrintable(summary->text()));
        delete mime;
    }

    void withoutAModelTheLinesAreExplained()
    {
        MainWindow w;
        w.explainDeviceLogText(QStringLiteral("[00:00:01.234,000] <err> tflm: Failed to allocate tail memory. "
                                              "Requested: 8, available 4, missing: 4\n"));
        ExplainLogDialog* d = w.explainDialog();
        QVERIFY(waitForResult(d));
        QVERIFY(!d->result()->modelGiven);
        QCOMPARE(d->result()->log.facts.size(), std::size_t { 1 });
        auto* summary = d->findChild<QLabel*>();
        QVERIFY(summary->text().contains(QStringLiteral("Open the model")));
    }
};

QTEST_MAIN(TstExplainLog)
#include "tst_explain_log.moc"
