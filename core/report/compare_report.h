#pragma once
// `arenascope compare`'s output: the comparison (core/analysis/compare.h) as aligned text, with
// what differs item by item, or as JSON ({"a", "b", "rows": [...], "changes": [...]}).

#include "core/analysis/compare.h"

#include <string>

namespace arenascope {

std::string comparisonText(const Comparison& c);
std::string comparisonJson(const Comparison& c);

} // namespace arenascope
