#pragma once
// Helpers shared by the code that builds .tflite models (the bundled example, synthetic
// benchmark models): FlatBuffers object-API plumbing, no policy.

#include "arenascope_tflite_generated.h"

#include <cstdint>

namespace arenascope {

// Index of the OperatorCode for `builtin` in `model`, added (version 1) when missing.
inline std::uint32_t findOrAddOpcode(tflite::ModelT& model, std::int32_t builtin)
{
    for (std::size_t i = 0; i < model.operator_codes.size(); ++i)
        if (model.operator_codes[i]->builtin_code == builtin)
            return static_cast<std::uint32_t>(i);
    auto c = std::make_unique<tflite::OperatorCodeT>();
    c->builtin_code = builtin;
    // Old readers look at the byte-sized field; codes from 127 on live only in builtin_code.
    c->deprecated_builtin_code = static_cast<std::int8_t>(builtin < 127 ? builtin : 127);
    c->version = 1;
    model.operator_codes.push_back(std::move(c));
    return static_cast<std::uint32_t>(model.operator_codes.size() - 1);
}

} // namespace arenascope
