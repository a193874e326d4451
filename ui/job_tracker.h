#pragma once
// Every piece of work the GUI runs off its thread goes through one JobTracker (in the manner
// of hotspot's JobTracker): the analysis, the other builds, Find a Smaller Plan, the operator
// reorder, Compare's side B and the Planner Lab's searches.
//
// A job runs in a lane, named by the object that asked for it (its context) and what it is
// ("analysis", "reorder"...). Starting a job in a lane supersedes the one running there: that
// one's cancel flag is set and its result dropped. A result is delivered on the GUI thread,
// and only while its context exists, so a closed window never receives one. Stale results
// cannot land.
//
// The work function gets a JobControl: the flag core's long loops poll (AnalysisLimits::cancel,
// SolveOptions::cancel) and a progress sink (AnalysisLimits::progress) any thread may call;
// the tracker reads it on a timer, so progress costs the worker one atomic store.
//
// Usage:
//   tracker->start(this, "reorder", tr("Reordering operators"),
//       [model](const JobControl& job) { return std::make_shared<R>(reorder(*model, job.cancel())); },
//       [this](std::shared_ptr<R> r) { show(*r); });

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <type_traits>
#include <utility>

namespace arenascope {

// What a running job may look at and report. Shared by the worker and the tracker.
class JobControl {
public:
    const std::atomic<bool>* cancel() const { return &m_cancel; }
    bool cancelled() const { return m_cancel.load(); }
    // A fraction done, 0..1; from any thread, as often as the work likes.
    void setProgress(double fraction) const;
    std::function<void(double)> progressSink() const
    {
        return [this](double fraction) { setProgress(fraction); };
    }

private:
    friend class JobTracker;
    mutable std::atomic<bool> m_cancel { false };
    mutable std::atomic<int> m_permille { -1 }; // -1: no progress reported
};

class JobTracker : public QObject {
    Q_OBJECT
public:
    explicit JobTracker(QObject* parent = nullptr);
    ~JobTracker() override;

    // Runs `work(const JobControl&)` on the thread pool and hands its result to
    // `deliver(result)` on the GUI thread, unless a newer job started in the same lane, or
    // `context` was destroyed meanwhile. The result type must be default-constructible and
    // copyable (a std::shared_ptr of the real result, typically).
    template <typename Work, typename Deliver>
    void start(QObject* context, const QString& lane, const QString& description, Work work, Deliver deliver);

    // Sets the cancel flag of the job running in the lane (it then delivers what it found).
    void cancel(const QObject* context, const QString& lane);
    // The same, and its result is dropped: the lane is free at once.
    void discard(const QObject* context, const QString& lane);
    // Every job of `context`.
    void cancelAll(const QObject* context);
    // Every job that has run for half a second (the status bar's Cancel).
    void cancelLongRunning();
    bool busy() const { return m_running > 0; }
    // A job of the lane runs (its result not delivered yet).
    bool busy(const QObject* context, const QString& lane) const;

signals:
    void busyChanged(bool busy);
    // A job has run for half a second (running) or the last long one ended. `description`
    // names the newest long job ("Searching for the smallest arena").
    void longRunning(bool running, const QString& description);
    // The newest long job's progress in per mille, or -1 when it reports none. At most ten a second.
    void progress(int permille);

private:
    struct Running {
        std::uint64_t id = 0;
        std::shared_ptr<JobControl> control;
        QString description;
        QPointer<QObject> context;
        bool longRunning = false;
    };
    using LaneKey = std::pair<const QObject*, QString>;

    // Non-template parts of start and of a job's end.
    std::pair<std::uint64_t, std::shared_ptr<JobControl>> begin(
        QObject* context, const QString& lane, const QString& description);
    // True when the job is still the newest of its lane (start() checks that its context lives).
    bool end(const LaneKey& key, std::uint64_t id);
    void markLong(std::uint64_t id);
    void pollProgress();
    const Running* newestLong() const;

    std::map<LaneKey, Running> m_lanes; // the newest job of each lane, while it runs
    std::set<const QObject*> m_contexts; // those whose destruction cancels their jobs
    std::uint64_t m_nextId = 0;
    int m_running = 0; // jobs whose work has not returned, superseded ones included
    QTimer m_progressTimer;
    int m_lastPermille = -2;
};

template <typename Work, typename Deliver>
void JobTracker::start(QObject* context, const QString& lane, const QString& description, Work work, Deliver deliver)
{
    using R = std::invoke_result_t<Work&, const JobControl&>;
    const auto [id, control] = begin(context, lane, description);
    const LaneKey key { context, lane };
    auto* watcher = new QFutureWatcher<R>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
        [this, watcher, key, id = id, ctx = QPointer<QObject>(context), deliver = std::move(deliver)]() mutable {
            R result = watcher->result();
            watcher->deleteLater();
            if (end(key, id) && ctx)
                deliver(std::move(result));
        });
    watcher->setFuture(
        QtConcurrent::run([work = std::move(work), control = control]() mutable { return work(*control); }));
}

} // namespace arenascope
