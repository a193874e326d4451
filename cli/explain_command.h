#pragma once
// `arenascope explain LOG.txt|- [--model M.tflite] [--config KEY=VALUE,...] [--arena-size N]
//  [--time-limit S] [--json]`: what a device's serial log says about the arena, line by line; with
// the model, the builds and arena sizes that print it, what each needs, or the nearest build and
// the fact that differs. Settings options and --config keys fix what is known of the build;
// --arena-size is the arena the firmware declares (its start offset is then solved). `-` reads
// standard input. Exit 0 when the log is reproduced (or no model was given), 1 when no build
// reproduces it, 2 on bad input.

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

int runExplain(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace arenascope
