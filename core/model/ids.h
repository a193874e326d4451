#pragma once
// Strong ids for the core API (STYLE.md rule 8): a tensor index is not an operator index.

#include <compare>
#include <cstdint>

namespace arenascope {

struct SubgraphId {
    std::uint32_t value = 0;
    auto operator<=>(const SubgraphId&) const = default;
};

struct TensorId {
    std::uint32_t value = 0;
    auto operator<=>(const TensorId&) const = default;
};

struct OperatorId {
    std::uint32_t value = 0;
    auto operator<=>(const OperatorId&) const = default;
};

} // namespace arenascope
