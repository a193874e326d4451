#pragma once
// TFLM's LinearMemoryPlanner: every buffer after the previous one, no reuse, offline
// offsets ignored. It keeps its offsets in a fixed array inside the planner object, so
// it accepts at most kLinearMaxBuffers buffers ("Too many buffers (max is 1024)").
// Source: memory_planner/linear_memory_planner.{h,cc} @90b983c2.

#include "buffer_request.h"

#include <span>

namespace arenascope {

inline constexpr std::int64_t kLinearMaxBuffers = 1024;

Plan planLinear(std::span<const BufferRequest> requests);

} // namespace arenascope
