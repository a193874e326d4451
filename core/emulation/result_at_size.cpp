#include "result_at_size.h"

namespace arenascope {

bool canShift(const EmulationResult& run)
{
    return run.ok && !run.tempOverwrite && run.settings.arenaSize && !run.settings.nonPersistentBytes;
}

EmulationResultPtr shiftedToSize(const EmulationResult& reference, const EmulationSettings& settings)
{
    auto out = std::make_shared<EmulationResult>(reference);
    out->settings = settings;
    // Unsigned arithmetic wraps: adding the difference moves down as well as up.
    const std::uint64_t shift = settings.arenaBytes() - reference.settings.arenaBytes();
    bool scratchHeld = false; // the greedy planner's scratch, from its allocation to the temp reset
    for (AllocationEvent& e : out->events) {
        if (e.region == Region::Tail && e.kind == EventKind::Allocation)
            e.offset += shift;
        e.tailBeginAfter += shift;
        if (e.category == Category::PlannerScratch && e.region == Region::Temp && e.kind == EventKind::Allocation) {
            e.requested += shift;
            e.used += shift;
            scratchHeld = true;
        } else if (scratchHeld && e.kind == EventKind::TempReset) {
            e.requested += shift; // the temp memory released: the scratch with it
            scratchHeld = false;
        }
        if (scratchHeld)
            e.tempEndAfter += shift;
    }
    for (TensorPlacement& t : out->tensors)
        if (t.place == TensorPlace::Tail && t.offset)
            *t.offset += shift;
    out->tailOffset += shift;
    return out;
}

void SizeReferences::keep(const EmulationResultPtr& run)
{
    if (!run || !canShift(*run))
        return;
    const std::lock_guard lock(m_mutex);
    m_byResidue[run->settings.arenaBytes() % 16] = run;
}

EmulationResultPtr SizeReferences::forSize(std::uint64_t arenaBytes) const
{
    const std::lock_guard lock(m_mutex);
    return m_byResidue[arenaBytes % 16];
}

} // namespace arenascope
