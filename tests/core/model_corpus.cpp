#include "model_corpus.h"

#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace arenascope::test {

void forEachShippedModelAndBuild(SyntheticSizes sizes, std::uint32_t recordingVariables, bool splitArenas,
    const std::function<void(const ModelPtr&, const NamedSettings&)>& check)
{
    std::vector<std::pair<std::string, std::vector<std::uint8_t>>> models = {
        { "example", buildExampleModel() },
        { "chain" + std::to_string(sizes.chainOperators), buildChainModel(sizes.chainOperators, 3) },
        { "outputs" + std::to_string(sizes.outputs), buildOutputsModel(sizes.outputs) },
        { "calls" + std::to_string(sizes.calls), buildNestedCallModel(sizes.calls) },
    };
    for (const Lesson& l : lessons())
        models.emplace_back(std::string(l.id), l.build());
    for (const auto& [name, bytes] : models) {
        auto loaded = loadModelBytes(bytes, name);
        ASSERT_TRUE(loaded) << name;
        for (const NamedSettings& b : buildVariety(recordingVariables, splitArenas)) {
            SCOPED_TRACE(name + ", " + b.name);
            check(loaded.value(), b);
        }
    }
}

void forEveryNthModelOnOneBuild(const std::vector<std::filesystem::path>& models, std::size_t stride,
    const std::vector<NamedSettings>& builds, const std::function<void(const ModelPtr&, const NamedSettings&)>& check)
{
    for (std::size_t i = 0; i < models.size(); i += stride) {
        auto loaded = loadModelFile(models[i].string());
        if (!loaded)
            continue;
        const NamedSettings& b = builds[(i / stride) % builds.size()];
        SCOPED_TRACE(models[i].filename().string() + ", " + b.name);
        check(loaded.value(), b);
    }
}

} // namespace arenascope::test
