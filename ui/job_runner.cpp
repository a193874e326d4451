#include "job_runner.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace arenascope {

namespace {
constexpr double kFrameMillis = 16.0;
constexpr int kLongRunningMillis = 500;
} // namespace

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
}

void JobRunner::request(ModelPtr model, EmulationSettings settings, Where where)
{
    const std::uint64_t generation = ++m_generation;
    if (m_last && m_last->model == model && sameExceptSize(m_last->settings, settings) && m_running == 0) {
        m_last = reanalyzeAtSize(*m_last, settings);
        emit finished(m_last);
        return;
    }
    if (where == Where::AsCheapAsItWas && m_lastMillis < kFrameMillis && m_running == 0) {
        QElapsedTimer timer;
        timer.start();
        m_last = analyze(std::move(model), settings);
        m_lastMillis = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        emit finished(m_last);
        return;
    }
    if (m_cancel)
        m_cancel->store(true); // the older job's result would be dropped anyway
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    ++m_running;
    if (m_running == 1)
        emit busyChanged(true);
    QTimer::singleShot(kLongRunningMillis, this, [this, generation] {
        if (m_running > 0 && generation == m_generation.load())
            emit longRunning(true);
    });
    auto* watcher = new QFutureWatcher<std::pair<AnalysisPtr, double>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const auto [analysis, millis] = watcher->result();
        watcher->deleteLater();
        m_lastMillis = millis;
        if (--m_running == 0) {
            emit longRunning(false);
            emit busyChanged(false);
        }
        if (generation == m_generation.load()) {
            m_last = analysis; // a newer request supersedes older results
            emit finished(analysis);
        }
    });
    watcher->setFuture(QtConcurrent::run([model = std::move(model), settings, cancel] {
        QElapsedTimer timer;
        timer.start();
        AnalysisLimits limits;
        limits.cancel = cancel.get();
        auto a = analyze(model, settings, limits);
        return std::make_pair(a, static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }));
}

void JobRunner::requestAlternatives(AnalysisPtr shown)
{
    const std::uint64_t generation = ++m_alternativesGeneration;
    auto* watcher = new QFutureWatcher<std::vector<Alternative>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, shown] {
        std::vector<Alternative> result = watcher->result();
        watcher->deleteLater();
        if (generation == m_alternativesGeneration)
            emit alternativesReady(shown, std::move(result));
    });
    watcher->setFuture(QtConcurrent::run([shown] { return alternatives(*shown); }));
}

void JobRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace arenascope
