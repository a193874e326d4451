#pragma once
// Whether an arena-size change is answered by one emulation (reanalyzeAtSize, analysis.h) or by a
// full analysis: what decides where the desktop app runs it (ui/analysis_runner.h).

#include "analysis.h"

namespace arenascope {

// Whether reanalyzeAtSize(base, sizes) emulates once (false: a size above the measuring arena,
// where the measured figures change too and it runs analyze() again, the search included).
bool reanalysisEmulatesOnce(const Analysis& base, const EmulationSettings& sizes);

} // namespace arenascope
