#include "result_builder.h"

#include "tflm_changes.h"

#include <cstdio>

namespace arenascope {

void parseCapacityQuantities(Failure& f)
{
    unsigned long long r = 0, a = 0, m = 0;
    const auto pos = f.message.find("Requested: ");
    if (pos != std::string::npos
        && std::sscanf(f.message.c_str() + pos, "Requested: %llu, available %llu, missing: %llu", &r, &a, &m) == 3) {
        f.requested = r;
        f.available = a;
        f.missing = m;
    }
}

void recordFailure(
    EmulationResult& result, ArenaRecorder& recorder, const Error& error, const std::vector<std::string>& extraLog)
{
    Failure f;
    f.phase = recorder.context.phase;
    f.subgraph = recorder.context.subgraph;
    f.op = recorder.context.op;
    f.code = error.code;
    f.capacity = error.code == ErrorCode::OutOfMemory;
    f.message = error.message;
    f.tflmSilent = error.tflmSilent;
    f.writesThroughNull = f.capacity && recorder.tempTensorStructFailed()
        && !tflmHas(result.settings.tflm, TflmChange::TempTensorNullChecked);
    if (!f.tflmSilent) {
        f.log.push_back(f.message);
        f.log.insert(f.log.end(), extraLog.begin(), extraLog.end());
    }
    if (f.capacity)
        parseCapacityQuantities(f);
    // Every failure is an event of the log, so views can point at it.
    if (result.events.empty() || !result.events.back().failed) {
        const bool resize = f.message.rfind("Failed to resize buffer", 0) == 0;
        const bool temp = f.message.rfind("Failed to allocate temp", 0) == 0;
        const Category category = resize
            ? (f.phase == Phase::CommitPlan ? Category::PlannedHead : Category::ScratchRequests)
            : temp ? Category::PlannerInfo
                   : Category::PlannerScratch;
        AllocationEvent e
            = recorder.event(category, resize ? Region::Head : Region::Temp, f.requested, 0, 0, f.message);
        if (!f.capacity)
            e.region = Region::Tail;
        e.failed = true;
        recorder.record(std::move(e));
    }
    result.failure = std::move(f);
}

void finishResult(EmulationResult& result, ArenaRecorder& recorder, const Model& model,
    const AllocationInfoSet& allocationInfo, const VariableOffsets& variables)
{
    if (recorder.ready()) {
        result.tailBytes = recorder.tail().persistentUsedBytes();
        result.tailOffset = recorder.tail().tailOffset();
        result.headBytes = recorder.head().nonPersistentUsedBytes();
    }
    result.arenaUsedBytes = result.headBytes + result.tailBytes;

    std::vector<std::size_t> subgraphBase;
    for (const Subgraph& sg : model.subgraphs()) {
        subgraphBase.push_back(result.tensors.size());
        for (const Tensor& t : sg.tensors) {
            TensorPlacement p;
            p.subgraph = static_cast<std::int32_t>(sg.id.value);
            p.index = static_cast<std::int32_t>(t.id.value);
            p.bytes = t.bytes;
            if (t.hasData) {
                p.place = TensorPlace::Flash;
            } else if (auto it = variables.find({ sg.id.value, t.id.value }); it != variables.end()) {
                p.place = TensorPlace::Tail;
                p.offset = it->second;
            }
            result.tensors.push_back(p);
        }
    }
    auto placement = [&](std::int32_t subgraph, std::int32_t tensor) -> TensorPlacement& {
        return result.tensors[subgraphBase[static_cast<std::size_t>(subgraph)] + static_cast<std::size_t>(tensor)];
    };
    for (const AllocationInfo& a : allocationInfo.infos) {
        if (a.tensor < 0)
            continue;
        TensorPlacement& p = placement(a.subgraph, a.tensor);
        p.firstUse = a.first;
        p.lastUse = a.last;
    }
    for (std::size_t k = 0; k < result.planned.size(); ++k) {
        const PlannedBuffer& b = result.planned[k];
        if (b.tensor < 0)
            continue;
        TensorPlacement& p = placement(b.subgraph, b.tensor);
        p.planIndex = static_cast<std::int32_t>(k);
        if (b.offset >= 0 && result.ok) {
            p.place = TensorPlace::Head;
            p.offset = recorder.head().overlayOffset() + static_cast<std::uint64_t>(b.offset);
        }
    }
}

} // namespace arenascope
