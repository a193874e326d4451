#include "allocation_steps.h"

#include "ui/text.h"

#include "core/analysis/replay.h"

#include <QCoreApplication>
#include <algorithm>

namespace arenascope {

AllocationSteps AllocationSteps::of(const AnalysisPtr& analysis)
{
    AllocationSteps s;
    if (!analysis || !analysis->atSize)
        return s;
    s.m_keepAnalysis = analysis;
    s.m_runs.push_back({ analysis->model.get(), analysis->atSize.get(), {} });
    const auto& events = analysis->atSize->events;
    for (std::size_t i = 0; i < events.size(); ++i) {
        s.m_steps.push_back({ 0, static_cast<int>(i) });
        if (events[i].failed && s.m_failed < 0)
            s.m_failed = static_cast<int>(i);
    }
    return s;
}

AllocationSteps AllocationSteps::of(const SharedArenaAnalysisPtr& shared)
{
    AllocationSteps s;
    if (!shared || !shared->atSize)
        return s;
    s.m_keepShared = shared;
    const SharedArenaResult& run = *shared->atSize;
    for (std::size_t k = 0; k < run.tenants.size(); ++k) {
        s.m_runs.push_back(
            { shared->tenants[k].model.get(), run.tenants[k].result.get(), toQString(shared->tenants[k].name) });
        const auto& events = run.tenants[k].result->events;
        for (std::size_t i = 0; i < events.size(); ++i)
            s.m_steps.push_back({ static_cast<int>(k), static_cast<int>(i) });
    }
    // The shared allocator's order: every tenant's events by their sequence.
    std::stable_sort(s.m_steps.begin(), s.m_steps.end(),
        [&s](const Step& a, const Step& b) { return s.stepEvent(a).sequence < s.stepEvent(b).sequence; });
    for (std::size_t i = 0; i < s.m_steps.size() && s.m_failed < 0; ++i)
        if (s.stepEvent(s.m_steps[i]).failed)
            s.m_failed = static_cast<int>(i);
    return s;
}

const AllocationEvent& AllocationSteps::stepEvent(const Step& step) const
{
    return m_runs[static_cast<std::size_t>(step.run)].result->events[static_cast<std::size_t>(step.index)];
}

const AllocationEvent& AllocationSteps::event(int step) const
{
    return stepEvent(m_steps[static_cast<std::size_t>(step)]);
}

int AllocationSteps::tenant(int step) const
{
    return m_keepShared ? m_steps[static_cast<std::size_t>(step)].run : -1;
}

int AllocationSteps::indexInTenant(int step) const
{
    return m_steps[static_cast<std::size_t>(step)].index;
}

QString AllocationSteps::sentence(int step) const
{
    if (step < 0 || step >= count())
        return {};
    const Step& s = m_steps[static_cast<std::size_t>(step)];
    const Run& run = m_runs[static_cast<std::size_t>(s.run)];
    const QString text = toQString(describeEvent(*run.model, *run.result, s.index));
    if (run.name.isEmpty())
        return text;
    return QCoreApplication::translate("PlaybackBar", "model %1 (%2): %3").arg(s.run + 1).arg(run.name, text);
}

} // namespace arenascope
