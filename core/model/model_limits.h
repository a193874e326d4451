#pragma once
// The largest models ArenaScope opens. Far beyond any model a microcontroller runs (the
// largest of TFLM's tree has a few thousand tensors), low enough that loading and one analysis
// stay within seconds and a few hundred MiB. A model past a limit is refused with a message
// naming the count and the limit.

#include <cstdint>

namespace arenascope {

inline constexpr std::uint64_t kMaxSubgraphs = 100'000;
inline constexpr std::uint64_t kMaxTensors = 1'000'000; // over all subgraphs
inline constexpr std::uint64_t kMaxOperators = 1'000'000; // over all subgraphs

} // namespace arenascope
