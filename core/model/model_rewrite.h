#pragma once
// Rewriting a loaded model: unpack it, let a caller change it, pack it again. Refuses models
// whose buffers live outside the FlatBuffer (rewriting would move them).
//
// Usage:
//   auto bytes = rewriteModel(model, [](tflite::ModelT& m) { ...; return okStatus(); });

#include "model.h"

#include "core/util/result.h"

#include "arenascope_tflite_generated.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace arenascope {

Result<std::vector<std::uint8_t>> rewriteModel(const Model& model, const std::function<Status(tflite::ModelT&)>& edit);

} // namespace arenascope
