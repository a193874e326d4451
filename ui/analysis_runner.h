#pragma once
// The analyses one window shows. A request that was cheap before (a size change, a small model)
// runs at once on the GUI thread, so a drag updates within the same frame; any other goes to
// the JobTracker in this runner's "analysis" lane, where a newer request supersedes it. Only
// the newest request's result is delivered (STYLE.md rule 16). cancel() stops the running
// search, which then delivers what it found (a working arena, marked as not proven smallest).
//
// What the other builds need for a shown analysis (core/analysis/alternatives.h) runs in the
// runner's "other builds" lane, with the same newest-wins rule.

#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"

#include <QObject>

#include <vector>

namespace arenascope {

class JobTracker;

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    AnalysisRunner(JobTracker* tracker, QObject* parent);

    // Starts an analysis; earlier ones still running are superseded. When only the arena size
    // changed, one emulation at the new size suffices (reanalyzeAtSize).
    // Background: never on the GUI thread (a newly opened model, whose cost is unknown).
    enum class Where { AsCheapAsItWas, Background };
    void request(ModelPtr model, EmulationSettings settings, Where where = Where::AsCheapAsItWas);
    bool busy() const;
    // Stops the running analysis's search for the smallest arena (AnalysisLimits::cancel).
    void cancel();

    // What the other builds need for `shown`, off the GUI thread.
    void requestAlternatives(AnalysisPtr shown);

signals:
    void finished(AnalysisPtr analysis);
    void alternativesReady(AnalysisPtr shown, std::vector<Alternative> alternatives);
    void busyChanged(bool busy); // an analysis of this runner runs in the background

private:
    void deliver(AnalysisPtr analysis);

    JobTracker* m_tracker;
    AnalysisPtr m_last; // the newest delivered result, reused when only the size changes
    double m_lastMillis = 0.0; // cost of the previous analysis
    bool m_busy = false;
};

} // namespace arenascope
