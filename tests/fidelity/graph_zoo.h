#pragma once
// Random operator graphs: what the shared models, one real network or one operator each, do not
// reach. Each model is a small graph drawn from a seed: convolutions, depthwise convolutions,
// poolings, element-wise ADD and MUL, CONCATENATION, SPLIT, PAD, MEAN, RELU, LOGISTIC, RESHAPE,
// FULLY_CONNECTED and a SOFTMAX head, whose inputs are picked among every tensor made so far, so
// buffers live long, fan out, die unread or end as extra model outputs; int8 or float32; one or
// two model inputs; some with an OfflineMemoryAllocation plan for part of their tensors. The
// planners, the allocator's lifetimes and the kernels' Prepare meet there in combinations no
// single model has. Measured with ../shared/harness like the probe models
// (tests/fidelity/measured/zoo, README there); `write_probe_models DIR` writes them too.
//
// Deterministic on every platform: the generator is a fixed integer sequence (no standard
// library distribution, whose results differ between implementations).
//
// Usage:
//   for (const ProbeModel& m : graphZooModels()) ... // "zoo_017.tflite", its bytes

#include "probe_models.h"

#include <cstdint>
#include <vector>

namespace arenascope::test {

// The model drawn from `seed`.
ProbeModel graphZooModel(std::uint32_t seed);

// Seeds 1..kGraphZooCount.
inline constexpr std::uint32_t kGraphZooCount = 120;
const std::vector<ProbeModel>& graphZooModels();

} // namespace arenascope::test
