#pragma once
// Names of TFLite builtin operators, by BuiltinOperator code.

#include <cstdint>
#include <string>

namespace arenascope {

// "CONV_2D" for 3; "BUILTIN_<code>" for a code the format does not name.
std::string builtinOperatorName(std::int32_t code);

} // namespace arenascope
