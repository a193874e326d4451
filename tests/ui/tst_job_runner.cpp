// The job runner as the window uses it: a long analysis runs off the GUI thread, announces
// itself after half a second, and Cancel stops its search with a working (not proven
// smallest) arena.
#include "ui/job_runner.h"

#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <QSignalSpy>
#include <QtTest>

using namespace arenascope;

class TstJobRunner : public QObject {
    Q_OBJECT
private slots:
    void cancelStopsALongAnalysis()
    {
        // 20,000 operators: one analysis takes seconds.
        auto loaded = loadModelBytes(buildChainModel(20000, 1), "chain");
        QVERIFY(loaded);
        JobRunner jobs;
        QSignalSpy finished(&jobs, &JobRunner::finished);
        QSignalSpy longRunning(&jobs, &JobRunner::longRunning);
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
        jobs.cancel();
        QVERIFY(finished.wait(30000));
        const auto a = finished.first().first().value<AnalysisPtr>();
        QVERIFY(a);
        QVERIFY(a->cancelled);
        QVERIFY(!a->minArenaExact);
        QVERIFY(a->minArenaBytes.has_value());
        QVERIFY(!jobs.busy());
    }
};

QTEST_MAIN(TstJobRunner)
#include "tst_job_runner.moc"
