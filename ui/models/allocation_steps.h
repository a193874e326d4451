#pragma once
// The allocations playback walks through, in the order they happened: one model's events at the
// user's size, or with several models in one arena every tenant's events in the order the shared
// allocator saw them (AllocationEvent::sequence), each naming its tenant. Built once per analysis;
// the playback bar, the arena map and the shared timeline index into it.
//
// Usage:
//   const AllocationSteps steps = AllocationSteps::of(*sharedAnalysis);
//   for (int i = 0; i < steps.count(); ++i) say(steps.sentence(i));

#include "core/analysis/analysis.h"
#include "core/analysis/shared_arena_analysis.h"

#include <QString>

#include <vector>

namespace arenascope {

class AllocationSteps {
public:
    AllocationSteps() = default;
    static AllocationSteps of(const AnalysisPtr& analysis);
    static AllocationSteps of(const SharedArenaAnalysisPtr& shared);

    int count() const { return static_cast<int>(m_steps.size()); }
    int failed() const { return m_failed; } // the first failed step, -1 if none
    const AllocationEvent& event(int step) const;
    int tenant(int step) const; // -1 for one model alone
    int indexInTenant(int step) const; // the event's index in its own run's log
    // "2 (vad.tflite): CONV_2D's Prepare holds input tensor 12 (32 B) above the head ..."
    QString sentence(int step) const;

private:
    struct Run {
        const Model* model = nullptr;
        const EmulationResult* result = nullptr;
        QString name; // the tenant's name; empty alone
    };
    struct Step {
        int run = 0;
        int index = 0;
    };
    const AllocationEvent& stepEvent(const Step& step) const;

    std::vector<Run> m_runs;
    std::vector<Step> m_steps;
    int m_failed = -1;
    AnalysisPtr m_keepAnalysis; // the runs point into these
    SharedArenaAnalysisPtr m_keepShared;
};

} // namespace arenascope
