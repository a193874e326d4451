#include "result_at_size.h"

#include "result_builder.h"

namespace arenascope {

namespace {

// `reference` with its tail, and the greedy planner's scratch while held, moved to the end of an
// arena of `settings`' size (header comment). A failed allocation landed nowhere: it stays put.
std::shared_ptr<EmulationResult> moved(const EmulationResult& reference, const EmulationSettings& settings)
{
    auto out = std::make_shared<EmulationResult>(reference);
    out->settings = settings;
    // Unsigned arithmetic wraps: adding the difference moves down as well as up.
    const std::uint64_t shift = settings.arenaBytes() - reference.settings.arenaBytes();
    bool scratchHeld = false; // the greedy planner's scratch, from its allocation to the temp reset
    for (AllocationEvent& e : out->events) {
        if (e.region == Region::Tail && e.kind == EventKind::Allocation && !e.failed)
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

} // namespace

bool canShift(const EmulationResult& run)
{
    return run.ok && !run.tempOverwrite && run.settings.arenaSize && !run.settings.nonPersistentBytes;
}

EmulationResultPtr shiftedToSize(const EmulationResult& reference, const EmulationSettings& settings)
{
    return moved(reference, settings);
}

bool canShiftFailure(const EmulationResult& run, const std::string& allocatorMessage)
{
    if (run.ok || !run.failure || run.tempOverwrite || !run.warnings.empty() || !run.settings.arenaSize
        || run.settings.nonPersistentBytes)
        return false;
    // A capacity failure whose first line is the replay's allocator message is one of the arena's
    // three messages (arena_messages.h: every OutOfMemory the allocators return).
    const Failure& f = *run.failure;
    return f.capacity && !f.tflmSilent && !f.writesThroughNull && !f.plannerOverrun && f.message == allocatorMessage
        && !f.log.empty() && f.log.front() == f.message;
}

EmulationResultPtr shiftedFailureToSize(
    const EmulationResult& reference, const EmulationSettings& settings, const std::string& allocatorMessage)
{
    auto out = moved(reference, settings);
    Failure& f = *out->failure;
    const std::string before = f.message;
    f.message = allocatorMessage;
    f.log.front() = allocatorMessage;
    parseCapacityQuantities(f);
    // recordFailure's event for a failure no allocation event carries is labelled with the message.
    for (AllocationEvent& e : out->events)
        if (e.failed && e.label == before)
            e.label = allocatorMessage;
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

void SizeReferences::keepFailure(
    const EmulationResultPtr& run, std::size_t failedStep, const std::string& allocatorMessage)
{
    if (!run || !canShiftFailure(*run, allocatorMessage))
        return;
    const std::uint64_t residue = run->settings.arenaBytes() % 16;
    const std::lock_guard lock(m_mutex);
    std::erase_if(m_failed, [&](const FailedRun& f) { return f.residue == residue && f.failedStep == failedStep; });
    if (m_failed.size() == kFailedRunsKept)
        m_failed.erase(m_failed.begin());
    m_failed.push_back({ residue, failedStep, run });
}

EmulationResultPtr SizeReferences::failureForSize(std::uint64_t arenaBytes, std::size_t failedStep) const
{
    const std::lock_guard lock(m_mutex);
    for (const FailedRun& f : m_failed)
        if (f.residue == arenaBytes % 16 && f.failedStep == failedStep)
            return f.run;
    return nullptr;
}

} // namespace arenascope
