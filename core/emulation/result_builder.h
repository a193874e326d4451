#pragma once
// Turning the state at the end of an emulation into the result's figures: the failure
// (with TFLM's log lines and a failed event the views can point at) and where every tensor
// ended up.

#include "allocation_info.h"
#include "arena_recorder.h"

#include <map>
#include <string>
#include <vector>

namespace arenascope {

// Records `error` as the emulation's failure at `recorder.context`, after `extraLog`.
void recordFailure(
    EmulationResult& result, ArenaRecorder& recorder, const Error& error, const std::vector<std::string>& extraLog);

// A capacity failure's numbers from its message ("Requested: X, available Y, missing: Z", every
// allocator message of TFLM's); left as they are when the message has none.
void parseCapacityQuantities(Failure& f);

using VariableOffsets = std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t>; // (subgraph, tensor)

// Used bytes, and every tensor's place, lifetime and offset.
void finishResult(EmulationResult& result, ArenaRecorder& recorder, const Model& model,
    const AllocationInfoSet& allocationInfo, const VariableOffsets& variables);

} // namespace arenascope
