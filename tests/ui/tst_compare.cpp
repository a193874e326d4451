// Tools > Compare and Tools > Reorder Operators as a user runs them: A (the main window's
// analysis) beside B (another model, other settings, or the operators reordered), the table of
// figures with B - A, both timelines on one byte scale, B's reordered model saved and reopened.
#include "ui/job_tracker.h"
#include "ui/pages/compare_window.h"
#include "ui/pages/controls_panel.h"
#include "ui/plots/timeline_plot.h"

#include "core/analysis/analysis.h"
#include "core/analysis/compare.h"
#include "core/model/loader.h"
#include "core/util/format.h"

#include <QComboBox>
#include <QListWidget>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

using namespace arenascope;

namespace {

AnalysisPtr analyzeFile(const QString& path, EmulationSettings s = {})
{
    auto loaded = loadModelFile(path.toStdString());
    if (!loaded)
        return nullptr;
    return analyze(loaded.value(), s);
}

QString lesson(const char* name)
{
    return QStringLiteral(ARENASCOPE_SOURCE_DIR "/models/lessons/") + name;
}

// The table row of a quantity, or -1.
int rowOf(const QTableWidget* t, const QString& quantity)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->text() == quantity)
            return r;
    return -1;
}

QString bytes(std::uint64_t b)
{
    return QString::fromStdString(formatBytes(b));
}

} // namespace

class TstCompare : public QObject {
    Q_OBJECT
private slots:
    // The lesson model whose branches TFLM runs one after the other: reordered, the peak of
    // live bytes drops (README: 17,408 B -> 9,728 B), the table says by how much, the two
    // timelines share one scale, and the saved model is B exactly.
    void reorderShowsBeforeAndAfterAndSavesTheModel()
    {
        const AnalysisPtr a = analyzeFile(lesson("reorder_branches.tflite"));
        QVERIFY(a && a->minArenaBytes);
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(a);
        w.setReorderB(true);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB() && w.analysisB()->model != a->model, 30000);
        QVERIFY2(w.status().contains(QStringLiteral("17,408 B -> 9,728 B")), qPrintable(w.status()));

        const AnalysisPtr b = w.analysisB();
        const Comparison c = compareAnalyses(*a, *b);
        QTableWidget* t = w.table();
        const int head = rowOf(t, QStringLiteral("head"));
        QVERIFY(head >= 0);
        const CompareRow& row = c.rows[static_cast<std::size_t>(head)];
        QVERIFY(row.a && row.b && *row.b < *row.a); // the reordered model needs less head
        QCOMPARE(t->item(head, 1)->text(), bytes(*row.a));
        QCOMPARE(t->item(head, 2)->text(), bytes(*row.b));
        QCOMPARE(t->item(head, 3)->text(), QStringLiteral("-") + bytes(*row.a - *row.b));
        const int smallest = rowOf(t, QStringLiteral("smallest arena"));
        QCOMPARE(t->item(smallest, 2)->text(), bytes(*b->minArenaBytes));

        // One byte scale: both y axes end at the same top, high enough for the larger side.
        const QCPRange ya = w.timelineA()->plot()->yAxis->range();
        const QCPRange yb = w.timelineB()->plot()->yAxis->range();
        QCOMPARE(ya.upper, yb.upper);
        QVERIFY(ya.upper >= static_cast<double>(a->measured->planBytes));

        // Another arena size for B: the order stays (the search does not depend on the size and
        // does not run again: the same reordered model is emulated).
        const std::uint64_t larger = *b->minArenaBytes + 64;
        emit w.timelineB()->arenaSizeDragged(larger);
        QTRY_COMPARE_WITH_TIMEOUT(w.analysisB()->arenaSize().value_or(0), larger, 30000);
        QCOMPARE(w.analysisB()->model, b->model);

        // Saved, B's model loads and analyzes to B's figures: operators reordered, nothing lost.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("reordered.tflite"));
        QCOMPARE(w.saveModelB(path), QString());
        const AnalysisPtr saved = analyzeFile(path, b->settings);
        QVERIFY(saved);
        QCOMPARE(saved->minArenaBytes, b->minArenaBytes);
        QCOMPARE(saved->measured->planBytes, b->measured->planBytes);
        QCOMPARE(saved->model->fileSize(), b->model->fileSize());
        if (qEnvironmentVariableIsSet("ARENASCOPE_SHOT")) {
            w.resize(1240, 680);
            w.show();
            QTest::qWait(200);
            w.grab().save(qEnvironmentVariable("ARENASCOPE_SHOT"));
        }

        // Back to the stored order: nothing to save, and B is A's model again.
        w.setReorderB(false);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB()->model == a->model, 30000);
        QVERIFY(!w.saveModelB(path).isEmpty());
    }

    // Same model, another target for B: B's column is that target's analysis, A's stays.
    void otherSettingsForB()
    {
        EmulationSettings cortexM;
        cortexM.target = TargetKind::CortexM;
        const AnalysisPtr a = analyzeFile(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), cortexM);
        QVERIFY(a && a->minArenaBytes);
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(a);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB() != nullptr, 30000);
        QCOMPARE(w.analysisB()->minArenaBytes, a->minArenaBytes); // B starts as A

        // The user picks the x86-64 target in B's panel.
        QComboBox* target = nullptr;
        for (QComboBox* c : w.controlsB()->findChildren<QComboBox*>(QString(), Qt::FindDirectChildrenOnly))
            if (!target && c->findText(QStringLiteral("x86_64"), Qt::MatchStartsWith) >= 0)
                target = c;
        QVERIFY(target);
        const int x86 = target->findText(QStringLiteral("x86_64"), Qt::MatchStartsWith);
        QVERIFY(x86 >= 0);
        target->setCurrentIndex(x86);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB()->settings.target == TargetKind::X86_64, 30000);
        EmulationSettings host = a->settings;
        host.target = TargetKind::X86_64;
        const AnalysisPtr expected = analyzeFile(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), host);
        QCOMPARE(w.analysisB()->minArenaBytes, expected->minArenaBytes);
        QVERIFY(w.analysisB()->minArenaBytes != a->minArenaBytes); // 64-bit pointers: a bigger tail
        const int smallest = rowOf(w.table(), QStringLiteral("smallest arena"));
        QCOMPARE(w.table()->item(smallest, 1)->text(), bytes(*a->minArenaBytes));
        QCOMPARE(w.table()->item(smallest, 2)->text(), bytes(*expected->minArenaBytes));
        QVERIFY(w.table()->horizontalHeaderItem(2)->text().contains(QStringLiteral("x86_64")));

        // Dragging B's arena line sizes B; the byte scale holds still under the mouse until the
        // drag ends (it grew with every move before: the line ran away from the cursor).
        const double top = w.timelineB()->plot()->yAxis->range().upper;
        emit w.timelineB()->dragStarted();
        for (int step = 1; step <= 5; ++step) {
            const std::uint64_t size = *expected->minArenaBytes + 1000 * static_cast<std::uint64_t>(step);
            emit w.timelineB()->arenaSizeDragged(size);
            QTRY_COMPARE_WITH_TIMEOUT(w.analysisB()->arenaSize().value_or(0), size, 30000);
            QCOMPARE(w.timelineB()->plot()->yAxis->range().upper, top);
        }
        emit w.timelineB()->dragFinished();
        const double shared = std::max(w.timelineA()->naturalTop(), w.timelineB()->naturalTop());
        QVERIFY(shared != top);
        QCOMPARE(w.timelineB()->plot()->yAxis->range().upper, shared); // the scale catches up
        QCOMPARE(w.timelineA()->plot()->yAxis->range().upper, w.timelineB()->plot()->yAxis->range().upper);
    }

    // An esp-nn upgrade as a user compares it: A built with esp-nn 1.1.2, B's panel switched to
    // 1.2.3; the list names the operators whose scratch grew, by the bytes core computes.
    void espNnUpgradeNamesWhatGrew()
    {
        EmulationSettings s;
        s.target = TargetKind::Ilp32;
        s.kernels = KernelSet::EspNn;
        s.espChip = EspChip::Esp32S3;
        s.espNn = EspNnVersion::V1_1_2;
        const AnalysisPtr a = analyzeFile(lesson("esp_nn_upgrade.tflite"), s);
        QVERIFY(a && a->minArenaBytes);
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(a);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB() != nullptr, 30000);
        QComboBox* version = nullptr;
        for (QComboBox* c : w.controlsB()->findChildren<QComboBox*>())
            if (c->findText(QStringLiteral("1.1.2")) >= 0)
                version = c;
        QVERIFY(version && !version->isHidden()); // the esp-nn row shows with ESP-NN kernels
        version->setCurrentIndex(version->findText(QStringLiteral("1.2.3"), Qt::MatchStartsWith));
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB()->settings.espNn == EspNnVersion::V1_2_3, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(w.changes()->count() > 0
                && w.changes()->item(0)->text()
                    == QStringLiteral("CONV_2D #1 scratch: 11,040 B -> 23,232 B (+12,192 B)"),
            30000);
        const int smallest = rowOf(w.table(), QStringLiteral("smallest arena"));
        QCOMPARE(w.table()->item(smallest, 3)->text(), QStringLiteral("+12,192 B"));
        QVERIFY(w.table()->horizontalHeaderItem(2)->text().contains(QStringLiteral("esp-nn 1.2.3")));
    }

    // The main window opens another model: B, on A's model, follows it; B on its own file stays.
    void bFollowsANewModelOnlyWhenItIsAs()
    {
        const AnalysisPtr first = analyzeFile(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL));
        const AnalysisPtr second = analyzeFile(lesson("greedy_gap.tflite"));
        QVERIFY(first && second);
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(first);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB() && w.analysisB()->model == first->model, 30000);
        w.setA(second);
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB()->model == second->model, 30000);
        w.setModelB(lesson("scratch_buffer.tflite"));
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB()->model->path().ends_with("scratch_buffer.tflite"), 30000);
        w.setA(first);
        QTest::qWait(200);
        QVERIFY(w.analysisB()->model->path().ends_with("scratch_buffer.tflite"));
        QCOMPARE(w.analysisA(), first);
    }

    // Found by opening Compare at 1280x720: a timeline narrower than the main window's wraps its
    // legend with empty cells in the last row, and fitting it again read those cells.
    void legendFitsAnyWidth()
    {
        const AnalysisPtr a = analyzeFile(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL));
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(a);
        QCPLegend* legend = w.timelineA()->plot()->legend;
        for (int width = 120; width <= 1400; width += 37)
            w.timelineA()->fitLegend(width);
        QVERIFY(legend->columnCount() > 1); // wide: entries side by side
        w.timelineA()->fitLegend(120);
        QCOMPARE(legend->columnCount(), 1); // narrow: one entry per row
    }

    // Another model as B; a file that is not a model leaves B as it was, with a clear message.
    void anotherModelAndABadFile()
    {
        const AnalysisPtr a = analyzeFile(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL));
        QVERIFY(a);
        JobTracker jobs;
        CompareWindow w(&jobs);
        w.setA(a);
        w.setModelB(lesson("greedy_gap.tflite"));
        QTRY_VERIFY_WITH_TIMEOUT(w.analysisB() && w.analysisB()->model != a->model, 30000);
        const AnalysisPtr expected = analyzeFile(lesson("greedy_gap.tflite"), a->settings);
        QCOMPARE(w.analysisB()->minArenaBytes, expected->minArenaBytes);
        QVERIFY(w.table()->horizontalHeaderItem(2)->text().contains(QStringLiteral("greedy_gap")));

        QTemporaryDir dir;
        const QString junk = dir.filePath(QStringLiteral("junk.tflite"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a model");
        f.close();
        const AnalysisPtr before = w.analysisB();
        w.setModelB(junk);
        QVERIFY2(w.status().startsWith(QStringLiteral("Could not open")), qPrintable(w.status()));
        QCOMPARE(w.analysisB(), before);
    }
};

QTEST_MAIN(TstCompare)
#include "tst_compare.moc"
