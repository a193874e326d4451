#include "resource_variables.h"

namespace arenascope {

std::int32_t ResourceVariables::createIdIfNoneFound(
    const std::optional<std::string>& container, const std::string& sharedName)
{
    // FindId: a null container matches any; otherwise both names must be equal.
    for (std::size_t i = 0; i < m_variables.size(); ++i)
        if ((!container || m_variables[i].container == container) && m_variables[i].sharedName == sharedName)
            return static_cast<std::int32_t>(i);
    if (m_variables.size() >= m_capacity)
        return -1;
    m_variables.push_back(Variable { container, sharedName, false });
    return static_cast<std::int32_t>(m_variables.size() - 1);
}

std::optional<std::int32_t> ResourceVariables::boundId(std::int32_t subgraph, std::int32_t tensor) const
{
    const auto it = m_bound.find({ subgraph, tensor });
    if (it == m_bound.end())
        return std::nullopt;
    return it->second;
}

std::uint32_t varHandleCount(const Model& model)
{
    constexpr std::int32_t kVarHandle = 142; // BuiltinOperator_VAR_HANDLE
    std::uint32_t n = 0;
    for (const Subgraph& sg : model.subgraphs())
        for (const Operator& o : sg.operators)
            n += o.builtinCode == kVarHandle ? 1U : 0U;
    return n;
}

std::uint32_t resourceVariablesFor(const EmulationSettings& settings, const Model& model)
{
    return settings.resourceVariables == kResourceVariablesAuto ? varHandleCount(model) : settings.resourceVariables;
}

} // namespace arenascope
