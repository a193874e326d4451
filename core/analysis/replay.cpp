#include "replay.h"

#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

ArenaSnapshot replayArena(const EmulationResult& result, std::int32_t event)
{
    ArenaSnapshot s;
    const auto count = static_cast<std::int32_t>(result.events.size());
    event = std::min(event, count - 1);
    s.tailBegin = result.settings.arenaBytes(); // an empty tail starts at the (persistent) arena end
    for (std::int32_t i = 0; i <= event; ++i) {
        const AllocationEvent& e = result.events[static_cast<std::size_t>(i)];
        s.event = i;
        if (e.failed) {
            // Where the allocation would have gone: below the tail, or above the head / temps.
            ReplayBlock b { e.region == Region::Tail ? s.tailBegin - std::min(s.tailBegin, e.requested) : s.tempEnd, 0,
                e.requested, i };
            b.end = b.begin + e.requested;
            s.failed = b;
            break;
        }
        s.headEnd = e.headEndAfter;
        s.tempEnd = e.tempEndAfter;
        s.tailBegin = e.tailBeginAfter;
        switch (e.kind) {
        case EventKind::Allocation:
            if (e.region == Region::Tail)
                s.tail.push_back(ReplayBlock { e.offset, e.offset + e.used, e.requested, i });
            else if (e.region == Region::Temp)
                s.temps.push_back(
                    ReplayBlock { e.offset, e.offset + e.requested, e.requested, i }); // padding precedes it
            break;
        case EventKind::ScratchRequest:
            ++s.scratchRequests;
            break;
        case EventKind::TempReset:
            s.temps.clear();
            break;
        case EventKind::PlanCommit:
            s.planCommitted = true;
            break;
        case EventKind::HeadReserve:
            break;
        }
    }
    return s;
}

namespace {

std::string operatorName(const Model& model, const AllocationEvent& e)
{
    if (e.subgraph < 0 || e.op < 0 || static_cast<std::size_t>(e.subgraph) >= model.subgraphs().size())
        return {};
    const Subgraph& sg = model.subgraphs()[static_cast<std::size_t>(e.subgraph)];
    if (static_cast<std::size_t>(e.op) >= sg.operators.size())
        return {};
    return sg.operators[static_cast<std::size_t>(e.op)].displayName() + " (operator " + std::to_string(e.op) + ")";
}

std::string who(const Model& model, const AllocationEvent& e)
{
    const std::string op = operatorName(model, e);
    switch (e.phase) {
    case Phase::KernelInit:
        return op + "'s Init";
    case Phase::KernelPrepare:
        return op + "'s Prepare";
    case Phase::CreateAllocator:
        return "Creating the allocator";
    case Phase::StartAllocation:
        return "StartModelAllocation";
    case Phase::ParseOptions:
        return op.empty() ? "Parsing operator options" : "Parsing " + op + "'s options";
    case Phase::FinishAllocation:
        return "FinishModelAllocation";
    case Phase::CommitPlan:
        return "Committing the memory plan";
    case Phase::InterpreterTensors:
        return "The interpreter";
    case Phase::Count_:
        break;
    }
    return "TFLM";
}

std::string padded(const AllocationEvent& e)
{
    return e.used > e.requested ? " (" + formatBytes(e.used - e.requested) + " of alignment padding)" : "";
}

} // namespace

std::string describeEvent(const Model& model, const EmulationResult& result, std::int32_t event)
{
    if (event < 0 || static_cast<std::size_t>(event) >= result.events.size())
        return {};
    const AllocationEvent& e = result.events[static_cast<std::size_t>(event)];
    const std::string by = who(model, e);
    if (e.failed)
        return by + " could not allocate " + formatBytes(e.requested) + ": " + e.label;
    switch (e.kind) {
    case EventKind::ScratchRequest:
        return by + " requests a scratch buffer of " + formatBytes(e.requested)
            + ": the planner will place it in the head, alive only during this operator.";
    case EventKind::HeadReserve:
        return "The scratch-request area at the start of the head is " + formatBytes(e.requested)
            + ": room for the current operator's requests while kernels prepare.";
    case EventKind::TempReset:
        return by + " is done: its " + formatBytes(e.requested)
            + " of temp memory above the head are released (ResetTempAllocations).";
    case EventKind::PlanCommit:
        return "The memory plan is committed: the head now holds " + formatBytes(e.requested)
            + " of activations and scratch buffers, reused across steps.";
    case EventKind::Allocation:
        break;
    }
    if (e.region == Region::Tail)
        return by + " allocates " + e.label + " in the tail: " + formatBytes(e.requested) + padded(e)
            + ", persistent for the model's lifetime.";
    if (e.region == Region::Temp)
        return by + " holds " + e.label + " (" + formatBytes(e.requested) + ") above the head while it prepares"
            + padded(e) + ".";
    return by + " allocates " + e.label + " (" + formatBytes(e.requested) + ") in the head.";
}

} // namespace arenascope
