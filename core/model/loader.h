#pragma once
// Loading and verifying .tflite files.
//
// Checks, in order (STYLE.md rule 14): the file (exists, regular, readable, size), the
// FlatBuffers verifier, the "TFL3" identifier, schema version 3, then semantic checks:
// every index in range (tensor, buffer, opcode, subgraph), dimensions not negative,
// byte sizes without overflow, no cycle through control-flow subgraphs. Every failure
// is an Error with a located, quantified message; nothing throws, nothing hangs.

#include "model.h"

#include "core/util/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arenascope {

// Largest file accepted: FlatBuffers address at most 2 GiB.
inline constexpr std::uint64_t kMaxModelFileBytes = 2ULL * 1024 * 1024 * 1024 - 1;

Result<ModelPtr> loadModelFile(const std::string& path);

// `name` is used in messages and as Model::path().
Result<ModelPtr> loadModelBytes(std::vector<std::uint8_t> bytes, const std::string& name);

} // namespace arenascope
