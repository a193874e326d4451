#pragma once
// Writing TFLM's offline memory plan into a model: the "OfflineMemoryAllocation" metadata
// (TFLM docs/memory_management.md): [version 0, subgraph count, tensor count, one int32
// offset per tensor (-1 = plan online)], in a model buffer. An existing plan is replaced.
//
// The offsets cover every tensor of every subgraph, subgraph by subgraph, as TFLM's
// AllocationInfoBuilder reads them (micro_allocation_info.cc @90b983c2).

#include "model.h"

#include "core/util/result.h"

#include <cstdint>
#include <vector>

namespace arenascope {

// `offsets`: one per tensor of all subgraphs, in order. Returns the bytes of the new .tflite file.
Result<std::vector<std::uint8_t>> withOfflinePlan(const Model& model, const std::vector<std::int32_t>& offsets);

} // namespace arenascope
