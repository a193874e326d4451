#pragma once
// Tools > Find a Smaller Plan: searches for tensor offsets that need less head than TFLM's
// greedy plan (core/analysis/optimize.h) off the GUI thread, in the JobTracker's "smaller plan"
// lane, then offers the plan found and saves a copy of the model with it as its offline memory
// plan. A search for a model the window no longer shows offers nothing.

#include "core/analysis/optimize.h"
#include "core/emulation/emulation_settings.h"
#include "core/model/model.h"

#include <QObject>

class QWidget;

namespace arenascope {

class JobTracker;

class SmallerPlanSearch : public QObject {
    Q_OBJECT
public:
    SmallerPlanSearch(JobTracker* tracker, QWidget* window);

    // Starts a search for `model` under `settings` unless one runs already.
    void start(const ModelPtr& model, const EmulationSettings& settings);
    // The model the window shows now: a search started for another one offers nothing.
    void setShownModel(const ModelPtr& model) { m_shown = model; }

signals:
    void started();
    void ended();
    // The model with the plan was saved at `path`: the window opens it.
    void saved(const QString& path);

private:
    void offer(const Result<OptimizationResult>& result, const ModelPtr& model);

    JobTracker* m_tracker;
    QWidget* m_window;
    ModelPtr m_shown;
};

} // namespace arenascope
