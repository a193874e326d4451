#include "smaller_plan_search.h"

#include "ui/export/export_actions.h"
#include "ui/job_tracker.h"

#include "core/util/format.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace arenascope {

namespace {
const QString kLane = QStringLiteral("smaller plan");
} // namespace

SmallerPlanSearch::SmallerPlanSearch(JobTracker* tracker, QWidget* window)
    : QObject(window)
    , m_tracker(tracker)
    , m_window(window)
{
}

void SmallerPlanSearch::start(const ModelPtr& model, const EmulationSettings& settings)
{
    if (!model || m_tracker->busy(this, kLane))
        return;
    emit started();
    using Found = std::shared_ptr<const Result<OptimizationResult>>;
    m_tracker->start(
        this, kLane, tr("Searching for a smaller plan"),
        [model, settings](const JobControl& job) {
            return std::make_shared<const Result<OptimizationResult>>(
                optimizeModel(*model, settings, kExactSearchTime, job.cancel()));
        },
        [this, model](const Found& found) {
            emit ended();
            if (model == m_shown) // the user has not opened another model meanwhile
                offer(*found, model);
        });
}

void SmallerPlanSearch::offer(const Result<OptimizationResult>& result, const ModelPtr& model)
{
    const QString title = tr("Find a smaller plan");
    const auto text = [](std::int64_t n) { return QString::fromStdString(formatBytes(static_cast<std::uint64_t>(n))); };
    if (!result) {
        QMessageBox::information(m_window, title,
            tr("No offline plan can be made for this model: %1").arg(QString::fromStdString(result.error().message)));
        return;
    }
    const OptimizationResult& o = result.value();
    if (!o.improved()) {
        QMessageBox::information(m_window, title,
            tr("TFLM's greedy plan (%1 of head) is already the smallest plan found.").arg(text(o.headBefore)));
        return;
    }
    const QString question
        = tr("<p>A plan with <b>%1</b> of head instead of %2 (%3 less), found by %4.</p>"
             "<p>Smallest arena: %5 -&gt; <b>%6</b>.</p>"
             "<p>Save a copy of the model with this plan as its OfflineMemoryAllocation metadata? TFLM's greedy "
             "planner then places the tensors at exactly these offsets.</p>")
              .arg(text(o.headAfter), text(o.headBefore), text(o.headBefore - o.headAfter),
                  QString::fromStdString(o.strategy), text(static_cast<std::int64_t>(o.minArenaBefore.value_or(0))),
                  text(static_cast<std::int64_t>(o.minArenaAfter.value_or(0))));
    if (QMessageBox::question(m_window, title, question) != QMessageBox::Yes)
        return;
    const QString base = QFileInfo(QString::fromStdString(model->path())).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save the model with the offline plan"),
        base + QStringLiteral("_offline_plan.tflite"), tr("TFLite models (*.tflite)"));
    if (path.isEmpty())
        return;
    const QByteArray bytes(
        reinterpret_cast<const char*>(o.modelBytes.data()), static_cast<qsizetype>(o.modelBytes.size()));
    if (const QString error = saveAtomically(path, bytes); !error.isEmpty()) {
        QMessageBox::critical(m_window, tr("Save failed"), error);
        return;
    }
    emit saved(path);
}

} // namespace arenascope
