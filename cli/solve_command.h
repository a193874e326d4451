#pragma once
// `arenascope solve FILE.csv [--capacity N] [--planner tflm-greedy|heuristic|exact]
//  [--time-limit S] [--json] [--out PLAN.csv]`: places a buffer set in MiniMalloc's CSV form
// (core/solver/buffer_set.h) and prints the peak, the lower bound, whether it fits the
// capacity and the time taken; --out writes id,lower,upper,size,offset. Exit 0 when the plan
// fits (or no capacity was given), 1 when it does not, 2 on bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace arenascope
