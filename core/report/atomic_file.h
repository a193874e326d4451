#pragma once
// Writing a file so that readers see either the old file or the whole new one: write to a
// temporary file in the same folder, flush, then rename over the target.

#include "core/util/result.h"

#include <string>

namespace arenascope {

Status writeFileAtomically(const std::string& path, const std::string& contents);

} // namespace arenascope
