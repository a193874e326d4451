#include "analysis_runner.h"

#include "job_tracker.h"

#include <QElapsedTimer>

namespace arenascope {

namespace {
constexpr double kFrameMillis = 16.0;
const QString kAnalysisLane = QStringLiteral("analysis");
const QString kAlternativesLane = QStringLiteral("other builds");

struct Timed {
    AnalysisPtr analysis;
    double millis = 0.0;
};
} // namespace

AnalysisRunner::AnalysisRunner(JobTracker* tracker, QObject* parent)
    : QObject(parent)
    , m_tracker(tracker)
{
}

bool AnalysisRunner::busy() const
{
    return m_tracker->busy(this, kAnalysisLane);
}

void AnalysisRunner::request(ModelPtr model, EmulationSettings settings, Where where)
{
    const bool running = busy();
    if (m_last && m_last->model == model && sameExceptSize(m_last->settings, settings) && !running) {
        deliver(reanalyzeAtSize(*m_last, settings));
        return;
    }
    if (where == Where::AsCheapAsItWas && m_lastMillis < kFrameMillis && !running) {
        QElapsedTimer timer;
        timer.start();
        AnalysisPtr a = analyze(std::move(model), settings);
        m_lastMillis = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        deliver(std::move(a));
        return;
    }
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    m_tracker->start(
        this, kAnalysisLane, tr("Searching for the smallest arena"),
        [model = std::move(model), settings](const JobControl& job) {
            QElapsedTimer timer;
            timer.start();
            AnalysisLimits limits;
            limits.cancel = job.cancel();
            limits.progress = job.progressSink();
            auto a = analyze(model, settings, limits);
            return std::make_shared<const Timed>(
                Timed { std::move(a), static_cast<double>(timer.nsecsElapsed()) / 1e6 });
        },
        [this](const std::shared_ptr<const Timed>& done) {
            m_lastMillis = done->millis;
            m_busy = false;
            emit busyChanged(false);
            deliver(done->analysis);
        });
}

void AnalysisRunner::deliver(AnalysisPtr analysis)
{
    m_last = analysis;
    emit finished(std::move(analysis));
}

void AnalysisRunner::requestAlternatives(AnalysisPtr shown)
{
    m_tracker->start(
        this, kAlternativesLane, tr("Emulating the other builds"),
        [shown](const JobControl& job) {
            AlternativesLimits limits;
            limits.cancel = job.cancel();
            return std::make_shared<const std::vector<Alternative>>(alternatives(*shown, limits));
        },
        [this, shown](
            const std::shared_ptr<const std::vector<Alternative>>& list) { emit alternativesReady(shown, *list); });
}

void AnalysisRunner::cancel()
{
    m_tracker->cancel(this, kAnalysisLane);
}

} // namespace arenascope
