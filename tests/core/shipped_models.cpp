#include "shipped_models.h"

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

} // namespace arenascope::test
