#pragma once
// The analyses one window shows. A new model, and any change of a setting other than the arena
// size, runs analyze() (the search for the smallest arena) in the background, through the
// JobTracker in this runner's "analysis" lane, where a newer request supersedes it: analyze()
// never runs on the GUI thread. A change of the arena size alone keeps everything but the
// emulation at the new size (reanalyzeAtSize): that one emulation runs on the GUI thread while it
// takes less than a frame (16 ms, measured on the last one), so a drag of the arena line follows
// the mouse within the frame; when it takes longer (a very large model), it too runs in the
// background, and the drag shows the newest result that arrived. A size above the measuring arena
// changes the measured figures: a full analysis, in the background. Only the newest
// request's result is delivered (STYLE.md rule 16). cancel() stops the running search, which then
// delivers what it found (a working arena, marked as not proven smallest).
//
// A full analysis also says what the settings change from the previous one did
// (describeSettingsChange): when several settings changed at once, the analyses between them
// run in the same job.
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
    // changed, one emulation at the new size suffices (reanalyzeAtSize), on the GUI thread when
    // the last one was cheap. Background: never on the GUI thread.
    enum class Where { AsCheapAsItWas, Background };
    void request(ModelPtr model, EmulationSettings settings, Where where = Where::AsCheapAsItWas);
    bool busy() const;
    // Whether a full analysis also says what the settings change did (finished's changeNote;
    // a change of several settings costs the analyses between them). On by default.
    void setDescribesChanges(bool on) { m_describesChanges = on; }
    // Stops the running analysis's search for the smallest arena (AnalysisLimits::cancel).
    void cancel();

    // What the other builds need for `shown`, off the GUI thread.
    void requestAlternatives(AnalysisPtr shown);

signals:
    // changeNote: what the settings change from the runner's previous analysis did; empty after a
    // size change or for another model.
    void finished(AnalysisPtr analysis, QString changeNote);
    void alternativesReady(AnalysisPtr shown, std::vector<Alternative> alternatives);
    void busyChanged(bool busy); // an analysis of this runner runs in the background

private:
    void deliver(AnalysisPtr analysis, const QString& changeNote = {});
    void prepareDrags(AnalysisPtr analysis); // a background job after each full analysis

    JobTracker* m_tracker;
    AnalysisPtr m_last; // the newest delivered result, reused when only the size changes
    double m_sizeMillis = 0.0; // cost of the last emulation at a new size
    bool m_runningSizeOnly = false; // the job in the lane emulates a new size of m_last
    bool m_busy = false;
    bool m_describesChanges = true;
};

} // namespace arenascope
