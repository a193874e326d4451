#pragma once
// The tensors Vela gives an `ethos-u` operator, by their place among its inputs
// (tensorflow/lite/micro/kernels/ethos_u/ethosu.cc @90b983c2):
//   0 command stream, 1 weights ("flash"), 2 scratch (in the tensor arena, at an offline
//   offset), 3 scratch_fast (Ethos-U65 with Dedicated_Sram: the NPU's fast memory), 4.. inputs.
// Vela places the operator's inputs and outputs inside the scratch area on purpose.

#include "model.h"

#include <cstdint>

namespace arenascope {

enum class NpuScratch { None, Scratch, ScratchFast };

// Whether tensor `tensor` of subgraph `subgraph` is an ethos-u operator's scratch or
// scratch_fast input.
NpuScratch npuScratchRole(const Model& model, std::int32_t subgraph, std::int32_t tensor);

// Whether the tensor is one Vela planned for an ethos-u operator: its scratch areas, inputs
// (past the command stream and weights) and outputs. Vela's offline plan lets them share bytes
// on purpose.
bool placedByVela(const Model& model, std::int32_t subgraph, std::int32_t tensor);

} // namespace arenascope
