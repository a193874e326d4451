#pragma once
// What makes two analyses "the same model under the same build": the model (the loaded object,
// not its path: a reloaded file is a new model) and every setting but the arena sizes, which
// only move the arena line (core's sameExceptSize). The one place the views decide whether a
// new analysis is a size change of one they have: the runner's reanalysis at a new size, the
// other builds list, the note on what a settings change did, Compare's reorder search.
//
// Usage:
//   if (AnalysisKey::of(*shown) == AnalysisKey(model, settings)) ... // only the size differs

#include "core/analysis/analysis.h"

#include <utility>

namespace arenascope {

class AnalysisKey {
public:
    AnalysisKey(ModelPtr model, const EmulationSettings& settings)
        : m_model(std::move(model))
        , m_settings(settings)
    {
    }
    static AnalysisKey of(const Analysis& a) { return { a.model, a.settings }; }

    const ModelPtr& model() const { return m_model; }
    bool sameModel(const AnalysisKey& other) const { return m_model == other.m_model; }
    bool operator==(const AnalysisKey& other) const
    {
        return sameModel(other) && sameExceptSize(m_settings, other.m_settings);
    }

private:
    ModelPtr m_model;
    EmulationSettings m_settings; // its sizes are not compared (whether the arenas are split is)
};

} // namespace arenascope
