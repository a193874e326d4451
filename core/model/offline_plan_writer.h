#pragma once
// Writing TFLM's offline memory plan into a model: the "OfflineMemoryAllocation" metadata
// (TFLM docs/memory_management.md): [version 0, subgraph count, tensor count, one int32
// offset per tensor (-1 = plan online)], in a model buffer. An existing plan is replaced.
//
// Only single-subgraph models: TFLM looks the offsets up by a tensor's index within its
// subgraph (micro_allocation_info.cc), which cannot describe several subgraphs.

#include "model.h"

#include "core/util/result.h"

#include <cstdint>
#include <vector>

namespace arenascope {

// `offsets`: one per tensor of subgraph 0. Returns the bytes of the new .tflite file.
Result<std::vector<std::uint8_t>> withOfflinePlan(const Model& model, const std::vector<std::int32_t>& offsets);

} // namespace arenascope
