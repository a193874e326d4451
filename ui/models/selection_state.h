#pragma once
// The one selection/zoom state every view observes (STYLE.md rule 6). Views never talk to
// each other: they set this object and react to its signals.

#include "core/analysis/analysis.h"
#include "core/analysis/shared_arena_analysis.h"

#include <QObject>

namespace arenascope {

// A tensor is addressed by (subgraph, index); -1 = nothing selected.
struct TensorRef {
    int subgraph = -1;
    int index = -1;
    bool valid() const { return index >= 0; }
    bool operator==(const TensorRef&) const = default;
};

class SelectionState : public QObject {
    Q_OBJECT
public:
    explicit SelectionState(QObject* parent = nullptr);

    const AnalysisPtr& analysis() const { return m_analysis; }
    TensorRef tensor() const { return m_tensor; }
    int plannedBuffer() const { return m_plannedBuffer; } // index into measured->planned, -1 = none
    int step() const { return m_step; } // allocation scope, -1 = none
    // Index into atSize->events (with several models in one arena: into the shared allocator's
    // log, AllocationSteps), -1 = none.
    int event() const { return m_event; }
    // Several models in one arena (the shared arena window): the analysis its views show.
    const SharedArenaAnalysisPtr& shared() const { return m_shared; }

    // The planned buffer of a tensor, or -1.
    int plannedBufferOf(TensorRef t) const;
    // The tensor of a planned buffer (invalid for scratch buffers).
    TensorRef tensorOf(int plannedBuffer) const;

public slots:
    // Shows a new analysis everywhere (analysisChanged, then analysisSettled).
    void setAnalysis(AnalysisPtr analysis);
    // While the user drags: only the fast views follow (analysisChanged); settle() later
    // lets the text-heavy views (log, verdict) catch up once.
    void setAnalysisWhileDragging(AnalysisPtr analysis);
    void settle();
    // Shows a shared-arena analysis everywhere (sharedChanged); the chosen event is reset.
    void setShared(SharedArenaAnalysisPtr shared);
    void selectTensor(TensorRef tensor);
    void selectPlannedBuffer(int index);
    void selectStep(int step);
    void selectEvent(int index);
    // Asks the timeline to bring the selected buffer into view (Show in Timeline).
    void reveal() { emit revealRequested(); }

signals:
    void analysisChanged(const AnalysisPtr& analysis);
    void analysisSettled(const AnalysisPtr& analysis);
    void sharedChanged(const SharedArenaAnalysisPtr& shared);
    void selectionChanged();
    void stepChanged(int step);
    void eventChanged(int index);
    void revealRequested();

private:
    AnalysisPtr m_analysis;
    SharedArenaAnalysisPtr m_shared;
    TensorRef m_tensor;
    int m_plannedBuffer = -1;
    int m_step = -1;
    int m_event = -1;
    bool m_unsettled = false;
};

} // namespace arenascope
