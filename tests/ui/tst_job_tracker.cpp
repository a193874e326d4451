// The one job tracker every background task goes through: a newer job in a lane supersedes the
// older (whose result never lands), a destroyed context receives nothing and its jobs are told
// to stop, a discarded lane is free at once, and a long job reports its progress.
#include "ui/job_tracker.h"

#include <QSignalSpy>
#include <QtTest>

#include <chrono>
#include <thread>

using namespace arenascope;

namespace {

// Work that runs until cancelled or until `millis` pass, then says which it was.
std::shared_ptr<const bool> waitForCancel(const JobControl& job, int millis)
{
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(millis);
    while (!job.cancelled() && std::chrono::steady_clock::now() < end)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return std::make_shared<const bool>(job.cancelled());
}

} // namespace

class TstJobTracker : public QObject {
    Q_OBJECT
private slots:
    void aNewerJobSupersedesTheOlder()
    {
        JobTracker jobs;
        QObject owner;
        QStringList delivered;
        bool firstCancelled = false;
        jobs.start(
            &owner, QStringLiteral("lane"), QStringLiteral("first"),
            [&firstCancelled](const JobControl& job) {
                auto r = waitForCancel(job, 20000);
                firstCancelled = *r;
                return r;
            },
            [&delivered](const std::shared_ptr<const bool>&) { delivered << QStringLiteral("first"); });
        jobs.start(
            &owner, QStringLiteral("lane"), QStringLiteral("second"),
            [](const JobControl&) { return std::make_shared<const int>(2); },
            [&delivered](const std::shared_ptr<const int>& r) { delivered << QString::number(*r); });
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QCOMPARE(delivered, QStringList { QStringLiteral("2") });
        QVERIFY(firstCancelled); // told to stop, long before its 20 s
    }

    void lanesOfOneContextRunSideBySide()
    {
        JobTracker jobs;
        QObject owner;
        int sum = 0;
        for (int lane = 1; lane <= 3; ++lane)
            jobs.start(
                &owner, QString::number(lane), QString(),
                [lane](const JobControl&) { return std::make_shared<const int>(lane); },
                [&sum](const std::shared_ptr<const int>& r) { sum += *r; });
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QCOMPARE(sum, 6);
    }

    void aDestroyedContextReceivesNothing()
    {
        JobTracker jobs;
        auto* owner = new QObject;
        bool delivered = false;
        std::shared_ptr<std::atomic<bool>> cancelled = std::make_shared<std::atomic<bool>>(false);
        jobs.start(
            owner, QStringLiteral("lane"), QString(),
            [cancelled](const JobControl& job) {
                auto r = waitForCancel(job, 20000);
                cancelled->store(*r);
                return r;
            },
            [&delivered](const std::shared_ptr<const bool>&) { delivered = true; });
        delete owner;
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QVERIFY(!delivered);
        QVERIFY(cancelled->load());
    }

    void aDiscardedLaneIsFreeAtOnce()
    {
        JobTracker jobs;
        QObject owner;
        bool delivered = false;
        jobs.start(
            &owner, QStringLiteral("lane"), QString(), [](const JobControl& job) { return waitForCancel(job, 20000); },
            [&delivered](const std::shared_ptr<const bool>&) { delivered = true; });
        QVERIFY(jobs.busy(&owner, QStringLiteral("lane")));
        jobs.discard(&owner, QStringLiteral("lane"));
        QVERIFY(!jobs.busy(&owner, QStringLiteral("lane")));
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QVERIFY(!delivered);
    }

    void aLongJobAnnouncesItselfAndItsProgress()
    {
        JobTracker jobs;
        QObject owner;
        QSignalSpy longRunning(&jobs, &JobTracker::longRunning);
        QSignalSpy progress(&jobs, &JobTracker::progress);
        jobs.start(
            &owner, QStringLiteral("lane"), QStringLiteral("Counting"),
            [](const JobControl& job) {
                for (int i = 1; i <= 10 && !job.cancelled(); ++i) {
                    std::this_thread::sleep_for(std::chrono::milliseconds(150));
                    job.setProgress(i / 10.0);
                }
                return std::make_shared<const bool>(true);
            },
            [](const std::shared_ptr<const bool>&) {});
        QVERIFY(longRunning.wait(5000));
        QCOMPARE(longRunning.first().at(0).toBool(), true);
        QCOMPARE(longRunning.first().at(1).toString(), QStringLiteral("Counting"));
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QCOMPARE(longRunning.last().at(0).toBool(), false);
        QVERIFY(!progress.isEmpty());
        // Per mille, rising, from the worker's fractions; at most ten a second.
        int last = -1;
        for (const QList<QVariant>& p : progress) {
            QVERIFY(p.first().toInt() >= last);
            last = p.first().toInt();
        }
        QVERIFY(last > 0 && last <= 1000);
        QVERIFY(progress.size() <= 16);
    }

    void cancelLongRunningStopsOnlyLongJobs()
    {
        JobTracker jobs;
        QObject owner;
        QSignalSpy longRunning(&jobs, &JobTracker::longRunning);
        bool result = false;
        jobs.start(
            &owner, QStringLiteral("lane"), QString(), [](const JobControl& job) { return waitForCancel(job, 20000); },
            [&result](const std::shared_ptr<const bool>& r) { result = *r; });
        QVERIFY(longRunning.wait(5000));
        jobs.cancelLongRunning();
        QTRY_VERIFY_WITH_TIMEOUT(!jobs.busy(), 20000);
        QVERIFY(result); // a cancelled job still delivers what it found
    }
};

QTEST_MAIN(TstJobTracker)
#include "tst_job_tracker.moc"
