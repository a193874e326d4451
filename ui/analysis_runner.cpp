#include "analysis_runner.h"

#include "job_tracker.h"
#include "models/analysis_key.h"

#include "core/analysis/reanalysis.h"
#include "core/analysis/settings_change.h"

#include <QElapsedTimer>

namespace arenascope {

namespace {
constexpr double kFrameMillis = 16.0;
const QString kAnalysisLane = QStringLiteral("analysis");
const QString kAlternativesLane = QStringLiteral("other builds");
const QString kSizeReferencesLane = QStringLiteral("size references");

struct Timed {
    AnalysisPtr analysis;
    double millis = 0.0;
    bool sizeOnly = false; // the cost of one emulation at a new size
    std::string changeNote; // describeSettingsChange from the previous analysis
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
    // Only the arena size changed: one emulation at the new size, the rest kept (reanalyzeAtSize).
    // (A full analysis still running is for other settings, or not yet the base of a size change;
    // a size above the measuring arena needs a full analysis, the search included.)
    const bool sizeOnly = m_last && AnalysisKey::of(*m_last) == AnalysisKey(model, settings)
        && (!running || m_runningSizeOnly) && reanalysisEmulatesOnce(*m_last, settings);
    if (sizeOnly && !running && where == Where::AsCheapAsItWas && m_sizeMillis < kFrameMillis) {
        QElapsedTimer timer;
        timer.start();
        AnalysisPtr a = reanalyzeAtSize(*m_last, settings);
        m_sizeMillis = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        deliver(std::move(a));
        return;
    }
    if (!sizeOnly) // the kept runs being prepared are for the analysis this one replaces
        m_tracker->cancel(this, kSizeReferencesLane);
    if (!m_busy) {
        m_busy = true;
        emit busyChanged(true);
    }
    m_runningSizeOnly = sizeOnly;
    const QString what = sizeOnly ? tr("Emulating the new arena size") : tr("Searching for the smallest arena");
    m_tracker->start(
        this, kAnalysisLane, what,
        [model = std::move(model), settings, base = sizeOnly ? m_last : nullptr,
            previous = m_describesChanges ? m_last : nullptr](const JobControl& job) {
            QElapsedTimer timer;
            timer.start();
            if (base) {
                auto a = reanalyzeAtSize(*base, settings);
                return std::make_shared<const Timed>(
                    Timed { std::move(a), static_cast<double>(timer.nsecsElapsed()) / 1e6, true, {} });
            }
            AnalysisLimits limits;
            limits.cancel = job.cancel();
            limits.progress = job.progressSink();
            auto a = analyze(model, settings, limits);
            const double millis = static_cast<double>(timer.nsecsElapsed()) / 1e6;
            std::string note;
            if (previous) {
                AnalysisLimits stepLimits;
                stepLimits.cancel = limits.cancel;
                note = describeSettingsChange(
                    *previous, *a, [&](const EmulationSettings& s) { return analyze(model, s, stepLimits); });
            }
            return std::make_shared<const Timed>(Timed { std::move(a), millis, false, std::move(note) });
        },
        [this](const std::shared_ptr<const Timed>& done) {
            if (done->sizeOnly)
                m_sizeMillis = done->millis;
            m_busy = false;
            emit busyChanged(false);
            deliver(done->analysis, QString::fromStdString(done->changeNote));
            if (!done->sizeOnly)
                prepareDrags(done->analysis);
        });
}

void AnalysisRunner::prepareDrags(AnalysisPtr analysis)
{
    // The runs a drag of the arena line across the minimum moves (prepareSizeReferences); the
    // analysis shares them with every reanalysis made from it.
    m_tracker->start(
        this, kSizeReferencesLane, tr("Preparing arena-size changes"),
        [analysis = std::move(analysis)](const JobControl& job) {
            prepareSizeReferences(*analysis, job.cancel());
            return std::make_shared<const bool>(true);
        },
        [](const std::shared_ptr<const bool>&) {});
}

void AnalysisRunner::deliver(AnalysisPtr analysis, const QString& changeNote)
{
    m_last = analysis;
    emit finished(std::move(analysis), changeNote);
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
