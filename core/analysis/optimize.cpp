#include "optimize.h"

#include "analysis.h"

#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/offline_plan_writer.h"
#include "core/model/tensor_numbering.h"
#include "core/planner/plan_optimizer.h"
#include "core/solver/model_buffers.h"
#include "core/solver/solver.h"

#include <algorithm>
#include <climits>

namespace arenascope {

OptimizedPlan optimizeOffsets(std::span<const BufferRequest> requests, const std::vector<bool>& placeable,
    std::chrono::milliseconds exactTime, const std::atomic<bool>* cancel)
{
    OptimizedPlan best = optimizePlan(requests, placeable);
    const BufferSet set = bufferSetFromRequests(requests);
    if (best.maxBytes <= lowerBound(set) || exactTime.count() <= 0)
        return best; // nothing smaller exists (or no time for the search)
    SolveOptions o;
    o.planner = SolverKind::Exact;
    // Only a smaller plan is of use, and TFLM's offsets are int.
    o.capacity = std::min<std::int64_t>(best.maxBytes - 1, INT32_MAX);
    o.timeLimit = exactTime;
    o.cancel = cancel;
    const Solution s = solve(set, o);
    if (s.peakBytes >= best.maxBytes || s.peakBytes > INT32_MAX)
        return best;
    std::vector<std::int32_t> candidate(requests.size(), kOnlinePlanned);
    for (std::size_t i = 0; i < requests.size(); ++i)
        candidate[i] = static_cast<std::int32_t>(s.offsets[i]); // below the peak, so an int
    // Scratch buffers go online, where TFLM's greedy planner may put them elsewhere: score it.
    const Plan plan = planWithOfflineCandidate(requests, placeable, candidate);
    if (!plan.overflow && plan.maxBytes < best.maxBytes) {
        best.maxBytes = plan.maxBytes;
        best.offsets = plan.offsets;
        // Proven smallest only when TFLM places the online buffers where the search did.
        best.strategy = s.optimal && plan.maxBytes == s.peakBytes ? "exact search (proven smallest)" : "exact search";
    }
    return best;
}

Result<OptimizationResult> optimizeModel(const Model& model, const EmulationSettings& settings,
    std::chrono::milliseconds exactTime, const std::atomic<bool>* cancel)
{
    if (settings.effectivePlanner() != PlannerKind::Greedy)
        return makeError(ErrorCode::Unsupported,
            "offline plans are used by the greedy planner; TFLM's linear planner cannot take one");
    if (model.offlinePlan())
        return makeError(ErrorCode::Unsupported, "the model already has an offline memory plan", model.path());
    EmulationSettings measure = settings;
    measure.arenaSize = kMeasureArenaBytes;
    const auto before = emulate(model, measure);
    if (!before->ok)
        return makeError(before->failure->capacity ? ErrorCode::OutOfMemory : ErrorCode::Unsupported,
            "the model does not allocate even in 64 MiB: " + before->failure->message, model.path());

    OptimizationResult r;
    // The model has no offline plan (above), so every request is online.
    const std::vector<BufferRequest> requests = plannerRequests(*before);
    std::vector<bool> placeable;
    for (const PlannedBuffer& b : before->planned) {
        // Scratch buffers cannot be planned offline: TFLM always places them online.
        placeable.push_back(b.tensor >= 0);
        if (b.tensor < 0)
            r.stayOnline.push_back("scratch buffer " + std::to_string(b.scratchIndex) + " of operator "
                + std::to_string(b.op) + " (subgraph " + std::to_string(b.subgraph) + ")");
    }
    const OptimizedPlan plan = optimizeOffsets(requests, placeable, exactTime, cancel);

    r.headBefore = before->planBytes;
    r.headAfter = before->planBytes;
    r.strategy = plan.strategy;
    r.minArenaBefore = findMinimumArena(model, settings, kMeasureArenaBytes);
    r.minArenaAfter = r.minArenaBefore;
    if (plan.maxBytes >= before->planBytes)
        return r;

    // One offset per tensor of every subgraph, subgraph by subgraph.
    const std::vector<std::size_t> firstTensor = firstTensorNumbers(model);
    const std::size_t total = firstTensor.back();
    r.offsets.assign(total, kOnlinePlanned);
    for (std::size_t i = 0; i < before->planned.size(); ++i)
        if (placeable[i]) {
            const PlannedBuffer& b = before->planned[i];
            r.offsets[firstTensor[static_cast<std::size_t>(b.subgraph)] + static_cast<std::size_t>(b.tensor)]
                = plan.offsets[i];
        }
    auto bytes = withOfflinePlan(model, r.offsets);
    if (!bytes)
        return bytes.error();
    // Proof: the written model, loaded and emulated like any other.
    auto reloaded = loadModelBytes(bytes.value(), model.path() + " (with offline plan)");
    if (!reloaded)
        return makeError(ErrorCode::Internal, "the rewritten model does not load: " + describe(reloaded.error()));
    const auto after = emulate(*reloaded.value(), measure);
    if (!after->ok)
        return makeError(ErrorCode::Internal, "the rewritten model does not allocate: " + after->failure->message);
    r.headAfter = after->planBytes;
    r.minArenaAfter = findMinimumArena(*reloaded.value(), settings, kMeasureArenaBytes);
    if (r.improved())
        r.modelBytes = std::move(bytes.value());
    return r;
}

} // namespace arenascope
