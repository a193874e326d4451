#include "job_runner.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace arenascope {

namespace {
constexpr double kFrameMillis = 16.0;
}

JobRunner::JobRunner(QObject* parent)
    : QObject(parent)
{
}

void JobRunner::request(ModelPtr model, EmulationSettings settings)
{
    const std::uint64_t generation = ++m_generation;
    if (m_last && m_last->model == model && sameExceptSize(m_last->settings, settings) && m_running == 0) {
        m_last = reanalyzeAtSize(*m_last, settings.arenaSize);
        emit finished(m_last);
        return;
    }
    if (m_lastMillis < kFrameMillis && m_running == 0) {
        QElapsedTimer timer;
        timer.start();
        m_last = analyze(std::move(model), settings);
        m_lastMillis = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        emit finished(m_last);
        return;
    }
    ++m_running;
    if (m_running == 1)
        emit busyChanged(true);
    auto* watcher = new QFutureWatcher<std::pair<AnalysisPtr, double>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        const auto [analysis, millis] = watcher->result();
        watcher->deleteLater();
        m_lastMillis = millis;
        if (--m_running == 0)
            emit busyChanged(false);
        if (generation == m_generation.load()) {
            m_last = analysis; // a newer request supersedes older results
            emit finished(analysis);
        }
    });
    watcher->setFuture(QtConcurrent::run([model = std::move(model), settings] {
        QElapsedTimer timer;
        timer.start();
        auto a = analyze(model, settings);
        return std::make_pair(a, static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }));
}

} // namespace arenascope
