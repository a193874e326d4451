// The analysis runner as the window uses it: a long analysis runs off the GUI thread through
// the job tracker, which announces it after half a second with its progress, and Cancel stops
// its search with a working (not proven smallest) arena.
#include "ui/analysis_runner.h"
#include "ui/job_tracker.h"

#include "core/analysis/reanalysis.h"

#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <QSignalSpy>
#include <QtTest>

using namespace arenascope;

class TstAnalysisRunner : public QObject {
    Q_OBJECT
private slots:
    void cancelStopsALongAnalysis()
    {
        // 200,000 outputs alive to the end: one analysis takes seconds, most of it in the search
        // (each size replayed over millions of allocator calls).
        auto loaded = loadModelBytes(buildOutputsModel(200'000), "outputs");
        QVERIFY(loaded);
        JobTracker tracker;
        AnalysisRunner jobs(&tracker, nullptr);
        QSignalSpy finished(&jobs, &AnalysisRunner::finished);
        QSignalSpy longRunning(&tracker, &JobTracker::longRunning);
        QSignalSpy progress(&tracker, &JobTracker::progress);
        // The first request of a runner without history runs inline when it was cheap before;
        // a first expensive one primes the cost estimate.
        jobs.request(loaded.value(), EmulationSettings {});
        if (finished.isEmpty()) {
            QVERIFY(finished.wait(120000));
        }
        finished.clear();
        longRunning.clear();
        EmulationSettings other;
        other.target = TargetKind::X86_64;
        jobs.request(loaded.value(), other);
        QVERIFY(jobs.busy());
        QVERIFY(longRunning.wait(5000));
        QCOMPARE(longRunning.first().first().toBool(), true);
        QCOMPARE(longRunning.first().at(1).toString(), QStringLiteral("Searching for the smallest arena"));
        // The search reports how far it got before it is cancelled.
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().first().toInt() > 0, 30000);
        jobs.cancel();
        QVERIFY(finished.wait(30000));
        const auto a = finished.first().first().value<AnalysisPtr>();
        QVERIFY(a);
        QVERIFY(a->cancelled);
        QVERIFY(!a->minArenaExact);
        QVERIFY(a->minArenaBytes.has_value());
        QVERIFY(a->verdict);
        QVERIFY(!jobs.busy());
    }

    // The README's rule: analyze() never runs on the GUI thread; a size change alone emulates
    // once, on the GUI thread while that was cheap (the result is there when request returns),
    // unless the size is above the measuring arena, which takes a full analysis, in the
    // background.
    void onlyACheapSizeChangeRunsOnTheGuiThread()
    {
        auto loaded = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(loaded);
        JobTracker tracker;
        AnalysisRunner jobs(&tracker, nullptr);
        QSignalSpy finished(&jobs, &AnalysisRunner::finished);
        EmulationSettings s;
        jobs.request(loaded.value(), s); // a new model: in the background
        QVERIFY(finished.isEmpty());
        QVERIFY(jobs.busy());
        QVERIFY(finished.wait(60000));
        const auto first = finished.first().first().value<AnalysisPtr>();
        QVERIFY(first->minArenaBytes);
        finished.clear();
        s.arenaSize = *first->minArenaBytes + 64; // the size alone: one emulation, here and now
        jobs.request(loaded.value(), s);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<AnalysisPtr>()->settings.arenaSize, s.arenaSize);
        finished.clear();
        s.arenaSize = first->measured->settings.arenaBytes() + 1024; // above the measuring arena
        QVERIFY(!reanalysisEmulatesOnce(*first, s));
        jobs.request(loaded.value(), s);
        QVERIFY(finished.isEmpty());
        QVERIFY(jobs.busy());
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().value<AnalysisPtr>()->settings.arenaSize, s.arenaSize);
    }
};

QTEST_MAIN(TstAnalysisRunner)
#include "tst_analysis_runner.moc"
