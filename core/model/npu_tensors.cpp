#include "npu_tensors.h"

namespace arenascope {

NpuScratch npuScratchRole(const Model& model, std::int32_t subgraph, std::int32_t tensor)
{
    if (subgraph < 0 || static_cast<std::size_t>(subgraph) >= model.subgraphs().size())
        return NpuScratch::None;
    for (const Operator& op : model.subgraphs()[static_cast<std::size_t>(subgraph)].operators) {
        if (!op.isCustom() || op.customName != "ethos-u")
            continue;
        if (op.inputs.size() > 2 && op.inputs[2] == tensor)
            return NpuScratch::Scratch;
        if (op.inputs.size() > 3 && op.inputs[3] == tensor)
            return NpuScratch::ScratchFast;
    }
    return NpuScratch::None;
}

bool placedByVela(const Model& model, std::int32_t subgraph, std::int32_t tensor)
{
    if (subgraph < 0 || static_cast<std::size_t>(subgraph) >= model.subgraphs().size())
        return false;
    for (const Operator& op : model.subgraphs()[static_cast<std::size_t>(subgraph)].operators) {
        if (!op.isCustom() || op.customName != "ethos-u")
            continue;
        for (std::size_t i = 2; i < op.inputs.size(); ++i)
            if (op.inputs[i] == tensor)
                return true;
        for (std::int32_t out : op.outputs)
            if (out == tensor)
                return true;
    }
    return false;
}

} // namespace arenascope
