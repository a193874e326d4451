#pragma once
// The verdict of several models in one arena as rich text: the headline (which model breaks and
// by how much), TFLM's message and where, the smallest shared arena and who fails one byte below
// it, each model's figures in build order, the order that needs less arena, warnings and notes.
// Formats core's SharedVerdict and SharedArenaAnalysis (core/analysis/shared_arena_analysis.h),
// computes nothing: the same figures `arenascope plan A B --shared-arena` prints.

#include "core/analysis/shared_arena_analysis.h"

#include <QString>

namespace arenascope {

QString sharedVerdictHtml(const SharedArenaAnalysis& analysis);

} // namespace arenascope
