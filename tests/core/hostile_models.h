#pragma once
// Well-formed but hostile models, built in code: huge counts, huge shapes, deep call chains,
// odd offline plans. Used by hostile_models_test.cpp (bounded time and a clear answer).

#include <cstdint>
#include <vector>

namespace arenascope::test {

// One RELU on a float [1,16] plus `unused` tensors no operator touches.
std::vector<std::uint8_t> unusedTensors(std::int32_t unused);
// A chain of `ops` RELUs on float [1,16].
std::vector<std::uint8_t> reluChain(std::int32_t ops);
// Subgraph i calls subgraph i+1 with CALL_ONCE, `depth` deep; the last one holds a RELU.
std::vector<std::uint8_t> callOnceChain(std::int32_t depth);
// Subgraph 1 calls subgraph 1 again (a cycle through CALL_ONCE).
std::vector<std::uint8_t> callOnceCycle();
// A RELU on a float tensor of the given shape (one activation in, one out).
std::vector<std::uint8_t> reluOfShape(const std::vector<std::int32_t>& shape);
// reluChain(2) (three float [1,16] tensors) with OfflineMemoryAllocation offsets as given;
// `copies` metadata entries of that name.
std::vector<std::uint8_t> offlinePlanned(const std::vector<std::int32_t>& offsets, int copies = 1);
// reluChain(1) with a metadata entry of `bytes` bytes.
std::vector<std::uint8_t> bigMetadata(std::size_t bytes);

} // namespace arenascope::test
