#pragma once
// Runs analyze() off the GUI thread when it would take longer than a frame, and drops stale
// results: only the newest request's result is delivered (STYLE.md rule 16). A newer request
// cancels the older search; cancel() stops the running one, which then delivers what it found
// (a working arena, marked as not proven smallest). longRunning(true) is emitted when a job
// has run for half a second, so the window can show progress and a Cancel button.
//
// The window's other background work runs here too, each kind with its own newest-wins rule:
// requestAlternatives() computes what the other builds need for a shown analysis.

#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <vector>

namespace arenascope {

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);

    // Starts an analysis; earlier ones still running are superseded. When only the arena size
    // changed, one emulation at the new size suffices (reanalyzeAtSize). Cheap requests run
    // synchronously so a drag updates within the same frame.
    // Background: never on the GUI thread (a newly opened model, whose cost is unknown).
    enum class Where { AsCheapAsItWas, Background };
    void request(ModelPtr model, EmulationSettings settings, Where where = Where::AsCheapAsItWas);
    bool busy() const { return m_running > 0; }
    // Stops the running analysis's search for the smallest arena (AnalysisLimits::cancel).
    void cancel();

    // What the other builds need (core/analysis/alternatives.h) for `shown`, off the GUI thread;
    // only the newest request delivers alternativesReady.
    void requestAlternatives(AnalysisPtr shown);

signals:
    void finished(AnalysisPtr analysis);
    void alternativesReady(AnalysisPtr shown, std::vector<Alternative> alternatives);
    void busyChanged(bool busy);
    void longRunning(bool running);

private:
    std::atomic<std::uint64_t> m_generation { 0 };
    std::uint64_t m_alternativesGeneration = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel; // of the newest background job
    AnalysisPtr m_last; // the newest delivered result, reused when only the size changes
    int m_running = 0;
    double m_lastMillis = 0.0; // cost of the previous analysis
};

} // namespace arenascope
