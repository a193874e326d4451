#pragma once
// Which operators TFLM's reference build registers (python/tflite_micro/python_ops_resolver.cc
// @90b983c2, the resolver the oracle used), and since which snapshot: an older TFLM has no
// kernel (no MicroMutableOpResolver::Add* function) for operators added later, so a firmware
// built from it cannot register them. An operator TFLM registers but ArenaScope has no profile
// for is reported as "not emulated", never as TFLM's "Failed to get registration".

#include "tflm_version.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace arenascope {

bool tflmRegistersBuiltin(std::int32_t builtinCode, TflmVersion v = kNewestTflm);
bool tflmRegistersCustom(std::string_view name, TflmVersion v = kNewestTflm);
// Whether the newest TFLM registers the operator (builtin code, or 32 and a custom name) but
// snapshot `v` has no kernel for it yet.
bool tflmAddsLater(std::int32_t builtinCode, std::string_view customName, TflmVersion v);

// What GetRegistrationFromOpCode prints for a builtin the resolver does not have, at `v`:
// "Didn't find op for builtin opcode 'REDUCE_PROD'" (2023-02: with the version and advice).
std::string unresolvedBuiltinMessage(std::string_view name, std::int32_t opVersion, TflmVersion v);

} // namespace arenascope
