#pragma once
// Lifetimes of every tensor and scratch buffer, as TFLM's AllocationInfoBuilder marks them.
//
// Time is counted in "allocation scopes": scope 0 is the start of subgraph 0; each operator
// opens a new scope; a control-flow operator (IF, WHILE, CALL_ONCE) enters each subgraph it
// calls in a new scope before its own inputs are marked used. A buffer lives from the scope
// that creates it to the last scope that uses it, both inclusive. Model inputs and outputs
// are created at the subgraph's start and outputs live to its end.
// Source: tensorflow/lite/micro/micro_allocation_info.cc @90b983c2.

#include "core/model/model.h"
#include "core/util/result.h"

#include <cstdint>
#include <vector>

namespace arenascope {

struct ScratchRequest {
    std::uint64_t bytes = 0;
    std::int32_t node = -1;
    std::int32_t subgraph = 0;
};

struct AllocationInfo {
    std::uint64_t bytes = 0;
    std::int32_t first = -1;
    std::int32_t last = -1;
    std::int32_t offlineOffset = -1;
    bool needsAllocating = false;
    std::int32_t subgraph = 0;
    std::int32_t tensor = -1; // -1 for a scratch buffer
    std::int32_t scratchIndex = -1;
};

struct AllocationInfoSet {
    std::vector<AllocationInfo> infos; // tensors of all subgraphs in order, then scratch buffers
    std::int32_t scopeCount = 0; // scopes used (last scope + 1)
};

// `tensorHasData[s][t]`: the eval tensor already points at data (flash or a variable buffer).
Result<AllocationInfoSet> buildAllocationInfo(const Model& model, const std::vector<std::vector<bool>>& tensorHasData,
    const std::vector<ScratchRequest>& scratch);

} // namespace arenascope
