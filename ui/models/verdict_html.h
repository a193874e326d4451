#pragma once
// The verdict as rich text: the headline, the settings, what the last change did, TFLM's own
// message and what it means, warnings, and the breakdown (tail by category, largest buffers at
// the peak). Formats core's Verdict (core/analysis/verdict.h), computes nothing; the verdict
// panel shows it and the report sheet draws it.

#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"

#include <QString>

namespace arenascope {

// `changeNote`: what the last settings change did, shown above the verdict; empty hides it.
QString verdictHtml(const Analysis& analysis, const QString& changeNote = {});
// The verdict dock's title for a verdict of this kind: a question only when it does not fit.
QString verdictTitle(const Analysis& analysis);
// The headline's colour for a verdict of this kind: green when it fits, red when it does not;
// `otherwise` when no size was given.
QString verdictHeadlineColor(VerdictKind kind, const QString& otherwise = {});

} // namespace arenascope
