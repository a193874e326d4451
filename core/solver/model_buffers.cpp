#include "model_buffers.h"

namespace arenascope {

BufferSet modelBufferSet(const EmulationResult& result)
{
    BufferSet set;
    for (const PlannedBuffer& b : result.planned) {
        SolverBuffer s;
        s.id = b.tensor >= 0 ? "s" + std::to_string(b.subgraph) + "_t" + std::to_string(b.tensor)
                             : "scratch" + std::to_string(b.scratchIndex);
        s.lower = b.first;
        s.upper = std::int64_t { b.last } + 1;
        s.size = static_cast<std::int64_t>(b.alignedBytes);
        set.buffers.push_back(std::move(s));
    }
    return set;
}

std::vector<std::int64_t> tflmOffsetsOf(const EmulationResult& result)
{
    std::vector<std::int64_t> offsets;
    for (const PlannedBuffer& b : result.planned)
        offsets.push_back(b.offset);
    return offsets;
}

std::vector<BufferRequest> plannerRequests(const EmulationResult& result)
{
    std::vector<BufferRequest> requests;
    requests.reserve(result.planned.size());
    for (const PlannedBuffer& b : result.planned)
        requests.push_back(
            BufferRequest { static_cast<std::int32_t>(b.alignedBytes), b.first, b.last, b.offlineOffset });
    return requests;
}

} // namespace arenascope
