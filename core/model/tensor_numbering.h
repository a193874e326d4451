#pragma once
// The model-wide tensor numbering TFLM's allocation info uses (and an offline plan's offsets
// follow): the tensors of subgraph 0, then those of subgraph 1, and so on.

#include "model.h"

#include <cstddef>
#include <vector>

namespace arenascope {

// The number of subgraph s's first tensor at [s], and the count of all tensors at [subgraphs].
inline std::vector<std::size_t> firstTensorNumbers(const Model& model)
{
    std::vector<std::size_t> first { 0 };
    for (const Subgraph& sg : model.subgraphs())
        first.push_back(first.back() + sg.tensors.size());
    return first;
}

} // namespace arenascope
