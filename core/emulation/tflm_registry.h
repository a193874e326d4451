#pragma once
// Which operators TFLM's reference build registers (python/tflite_micro/python_ops_resolver.cc
// @90b983c2, the resolver the oracle used). An operator TFLM registers but ArenaScope has no
// profile for is reported as "not emulated", never as TFLM's "Failed to get registration".

#include <cstdint>
#include <string_view>

namespace arenascope {

bool tflmRegistersBuiltin(std::int32_t builtinCode);
bool tflmRegistersCustom(std::string_view name);

} // namespace arenascope
