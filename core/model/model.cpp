#include "model.h"

#include "builtin_names.h"

#include "arenascope_tflite_generated.h"

namespace arenascope {

std::string Operator::displayName() const
{
    if (isCustom())
        return customName.empty() ? std::string("CUSTOM") : customName;
    return builtinOperatorName(builtinCode);
}

Model::Model(std::string path, std::vector<std::uint8_t> bytes)
    : m_path(std::move(path))
    , m_bytes(std::move(bytes))
{
}

std::size_t Model::tensorCount() const
{
    std::size_t n = 0;
    for (const auto& sg : m_subgraphs)
        n += sg.tensors.size();
    return n;
}

std::size_t Model::operatorCount() const
{
    std::size_t n = 0;
    for (const auto& sg : m_subgraphs)
        n += sg.operators.size();
    return n;
}

const tflite::Model* Model::flatbuffer() const
{
    return tflite::GetModel(m_bytes.data());
}

} // namespace arenascope
