#pragma once
// Emulates MicroInterpreter construction + AllocateTensors on one arena size, event by event.
//
// The order of allocations is TFLM's (micro_interpreter.cc, micro_allocator.cc,
// micro_interpreter_graph.cc @90b983c2):
//   1. MicroAllocator::Create: arena allocator, planner and MicroAllocator in the tail
//   2. StartModelAllocation: builtin-data allocator, scratch-request head, SubgraphAllocations,
//      TfLiteEvalTensor arrays, NodeAndRegistration arrays
//   3. operator registration lookup and builtin option structs (tail)
//   4. every kernel's Init, then every kernel's Prepare (temp reset and head resize per node)
//   5. FinishModelAllocation: scratch handles, variable tensors, then the memory plan
//      (allocation info + planner scratch in temp; head reserved for the plan)
//   6. input/output pointer arrays and persistent TfLiteTensors for model inputs/outputs
// It stops at the first failure, as TFLM does, with TFLM's message.

#include "emulation_result.h"
#include "emulation_settings.h"

#include "core/arena/arena_trace.h"
#include "core/model/model.h"
#include "core/planner/plan_cache.h"

namespace arenascope {

// Runs one emulation. Never throws; a failure is in result->failure. `plans`, if given, keeps
// the memory plan for the next emulation of the same model and settings at another arena size;
// `trace`, if given, receives every allocator call (core/arena/arena_trace.h): replaying it
// answers whether the same emulation succeeds at another size.
EmulationResultPtr emulate(
    const Model& model, const EmulationSettings& settings, PlanCache* plans = nullptr, ArenaTrace* trace = nullptr);

} // namespace arenascope
