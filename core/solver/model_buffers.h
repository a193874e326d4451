#pragma once
// A model's planned buffers as a buffer set (buffer_set.h), for `solve MODEL.tflite`, for
// File > Export > Buffers as CSV, and to compare TFLM's plan with other solvers'. Ids name
// what each buffer is: "s0_t12" (subgraph 0, tensor 12) or "scratch3" (scratch request 3).
// Lifetimes are TFLM's allocation scopes made half-open ([first, last + 1)); sizes are the
// 16-aligned sizes the planner receives. Offline-planned buffers keep their offsets as TFLM
// does; `offsetsOf` gives the offsets TFLM planned.

#include "buffer_set.h"

#include "core/planner/buffer_request.h"

#include "core/emulation/emulation_result.h"

namespace arenascope {

BufferSet modelBufferSet(const EmulationResult& result);
std::vector<std::int64_t> tflmOffsetsOf(const EmulationResult& result);
// What TFLM's planner was asked, one request per planned buffer in the same order: the
// aligned size, the scopes, and the offline offset if the model's plan gives one.
std::vector<BufferRequest> plannerRequests(const EmulationResult& result);

} // namespace arenascope
