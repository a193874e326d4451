#pragma once
// `arenascope compare A.tflite [B.tflite] [options] [--b-OPTION VALUE ...] [--json]`: two
// models under the same options, or one model under two settings (options prefixed --b-
// apply to B only, e.g. --b-kernels cmsis-nn). Exit 0, or 2 on bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

int runCompare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace arenascope
