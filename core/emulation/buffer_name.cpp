#include "buffer_name.h"

namespace arenascope {

std::string bufferName(const Model& model, const PlannedBuffer& b)
{
    const auto& subgraphs = model.subgraphs();
    const Subgraph* sg = b.subgraph >= 0 && static_cast<std::size_t>(b.subgraph) < subgraphs.size()
        ? &subgraphs[static_cast<std::size_t>(b.subgraph)]
        : nullptr;
    if (b.tensor < 0) {
        std::string s = "scratch " + std::to_string(b.scratchIndex);
        if (sg && b.op >= 0 && static_cast<std::size_t>(b.op) < sg->operators.size())
            s += " (" + sg->operators[static_cast<std::size_t>(b.op)].displayName() + ")";
        return s;
    }
    if (!sg || static_cast<std::size_t>(b.tensor) >= sg->tensors.size())
        return "tensor " + std::to_string(b.tensor);
    const Tensor& t = sg->tensors[static_cast<std::size_t>(b.tensor)];
    std::string dims;
    for (std::size_t i = 0; i < t.shape.size(); ++i)
        dims += (i ? "x" : "") + std::to_string(t.shape[i]);
    return t.name + " [" + dims + "]";
}

} // namespace arenascope
