#pragma once
// The corpora the replay and moved-run property tests share: every model ArenaScope ships (the
// example and the lessons) and three synthetic ones, each on every build of buildVariety; and the
// models of ../shared, each on one build.

#include "test_support.h"

#include <filesystem>
#include <functional>

namespace arenascope::test {

// The synthetic models' sizes: a chain of `chainOperators` operators, a model with `outputs`
// outputs, `calls` nested CALL_ONCE subgraphs.
struct SyntheticSizes {
    int chainOperators = 0;
    int outputs = 0;
    int calls = 0;
};

// Calls `check` for each of those models (a model that does not load fails the test) on each
// build of buildVariety(recordingVariables, splitArenas), under a trace naming both.
void forEachShippedModelAndBuild(SyntheticSizes sizes, std::uint32_t recordingVariables, bool splitArenas,
    const std::function<void(const ModelPtr&, const NamedSettings&)>& check);

// Calls `check` for every `stride`-th of `models` that loads, each on one of `builds`, rotating
// through them, under a trace naming both.
void forEveryNthModelOnOneBuild(const std::vector<std::filesystem::path>& models, std::size_t stride,
    const std::vector<NamedSettings>& builds, const std::function<void(const ModelPtr&, const NamedSettings&)>& check);

} // namespace arenascope::test
