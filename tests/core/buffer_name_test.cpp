// One name per planned buffer, for the verdict and the page (core/emulation/buffer_name.h).
#include "core/analysis/analysis.h"
#include "core/emulation/buffer_name.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

TEST(BufferName, ATensorByItsNameAndShapeAScratchBufferByItsOperator)
{
    auto m = loadModelBytes(buildExampleModel(), "example.tflite");
    ASSERT_TRUE(m);
    const Model& model = *m.value();
    const Subgraph& sg = model.subgraphs()[0];
    PlannedBuffer tensor;
    tensor.tensor = 0;
    std::string dims;
    for (std::size_t i = 0; i < sg.tensors[0].shape.size(); ++i)
        dims += (i ? "x" : "") + std::to_string(sg.tensors[0].shape[i]);
    EXPECT_EQ(bufferName(model, tensor), sg.tensors[0].name + " [" + dims + "]");
    PlannedBuffer scratch;
    scratch.scratchIndex = 2;
    scratch.op = 0;
    EXPECT_EQ(bufferName(model, scratch), "scratch 2 (" + sg.operators[0].displayName() + ")");
}

// Indices a damaged result might hold are named, not read out of bounds.
TEST(BufferName, IndicesOutsideTheModelAreNamedByNumber)
{
    auto m = loadModelBytes(buildExampleModel(), "example.tflite");
    ASSERT_TRUE(m);
    PlannedBuffer tensor;
    tensor.tensor = 100000;
    EXPECT_EQ(bufferName(*m.value(), tensor), "tensor 100000");
    tensor.subgraph = 7;
    tensor.tensor = 1;
    EXPECT_EQ(bufferName(*m.value(), tensor), "tensor 1");
    PlannedBuffer scratch;
    scratch.scratchIndex = 0;
    scratch.op = 100000;
    EXPECT_EQ(bufferName(*m.value(), scratch), "scratch 0");
}

} // namespace
} // namespace arenascope
