#pragma once
// What the arena's bytes are made of, item by item, so two runs can say what grew: each
// operator's op data (Init and Prepare's persistent buffers), its options struct and its scratch
// requests, the tail by category, and each planned activation. `compare` names the items that
// differ ("DEPTHWISE_CONV_2D #3 scratch: 5,216 -> 5,232 B"); CI baselines store them.
//
// Items come from the run in the measuring arena (Analysis::measured), where every allocation
// the model makes succeeds.
//
// Usage:
//   for (const CostChange& c : costChanges(costItems(a), costItems(b)))
//       std::cout << c.text() << "\n";

#include "analysis.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

enum class CostKind { OpData, Options, Scratch, Tail, Activation };

struct CostItem {
    CostKind kind = CostKind::OpData;
    // "DEPTHWISE_CONV_2D #3 scratch", "tail: eval tensors", "activation conv1/relu"; operators
    // of subgraphs other than 0 say so ("IF #0 (subgraph 1) op data").
    std::string label;
    std::uint64_t bytes = 0; // requested bytes (op data and scratch: what the kernel asked for)
};

// Every item of one analysis, in a stable order (operators in order, then the tail, then the
// activations); empty when the measuring run failed before its kernels ran.
std::vector<CostItem> costItems(const Analysis& a);

struct CostChange {
    std::string label;
    std::optional<std::uint64_t> a; // absent: the item exists only on the other side
    std::optional<std::uint64_t> b;
    std::int64_t delta() const;
    // "DEPTHWISE_CONV_2D #3 scratch: 5,216 -> 5,232 B (+16 B)"
    std::string text() const;
};

// The items whose bytes differ (or exist on one side only), largest change first.
std::vector<CostChange> costChanges(const std::vector<CostItem>& a, const std::vector<CostItem>& b);

std::string_view costKindName(CostKind kind); // "op_data", "options", "scratch", "tail", "activation"

} // namespace arenascope
