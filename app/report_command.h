#pragma once
// argv as main() got it (argv[1] == "report").
// `arenascope report MODEL.tflite --out DIR [plan options] [--png] [--csv] [--html] [--json]`:
// the GUI's exports without a window (Qt's offscreen platform draws the images). Without a
// format flag every format is written. Exit codes as `plan`: 0 fits, 1 does not, 2 bad input.

namespace arenascope {

int runReportCommand(int argc, char** argv);

} // namespace arenascope
