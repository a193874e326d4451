#pragma once
// Names of TFLite builtin operators, by BuiltinOperator code.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arenascope {

// "CONV_2D" for 3; "BUILTIN_<code>" for a code the format does not name.
std::string builtinOperatorName(std::int32_t code);

// The code of a builtin operator by name ("CONV_2D" -> 3), or nullopt.
std::optional<std::int32_t> builtinOperatorCode(std::string_view name);

} // namespace arenascope
