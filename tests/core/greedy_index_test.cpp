// planGreedy's index (core/planner/greedy_index.h) against TFLM's own walk (planGreedyByWalk):
// the same offsets for every shape of input, seeded, including the shapes the index is for
// (long-lived stacked buffers, thousands of buffers alive at one step) and the ones that defeat
// it (gaps, offline buffers below and across, negative offsets, equal sizes).

#include "core/planner/greedy_index.h"
#include "core/planner/greedy_planner.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace arenascope {
namespace {

enum class Shape { Random, Chain, OutputsToTheEnd, InputsFromTheStart, OneStep, Nested, Offline };

std::vector<BufferRequest> makeShape(Shape shape, std::mt19937& rng, int n)
{
    auto uniform = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const bool equalSizes = uniform(0, 2) == 0;
    auto size = [&] { return equalSizes ? 64 : 16 * uniform(1, 64); };
    std::vector<BufferRequest> req;
    for (int i = 0; i < n; ++i) {
        BufferRequest b;
        b.size = size();
        switch (shape) {
        case Shape::Random:
            b.first = uniform(0, n / 2);
            b.last = b.first + uniform(0, n / 2);
            break;
        case Shape::Chain:
            b.first = i;
            b.last = i + uniform(1, 3);
            break;
        case Shape::OutputsToTheEnd:
            b.first = i;
            b.last = n;
            break;
        case Shape::InputsFromTheStart:
            b.first = 0;
            b.last = uniform(0, n);
            break;
        case Shape::OneStep:
            b.first = 5;
            b.last = 6;
            break;
        case Shape::Nested:
            b.first = i;
            b.last = 2 * n - i;
            break;
        case Shape::Offline:
            b.first = uniform(0, 20);
            b.last = b.first + uniform(0, 20);
            if (uniform(0, 3) == 0)
                b.offlineOffset = 16 * uniform(-2, 200); // may overlap each other, even start below 0
            break;
        }
        // Steps far apart: the index ranks them, the walk does not care.
        if (uniform(0, 9) == 0) {
            b.first *= 1000;
            b.last *= 1000;
        }
        req.push_back(b);
    }
    return req;
}

TEST(GreedyIndex, SameOffsetsAsTflmsWalkOnEveryShape)
{
    std::mt19937 rng(20261207);
    const Shape shapes[] = { Shape::Random, Shape::Chain, Shape::OutputsToTheEnd, Shape::InputsFromTheStart,
        Shape::OneStep, Shape::Nested, Shape::Offline };
    for (Shape shape : shapes) {
        for (int round = 0; round < 60; ++round) {
            const int n = std::uniform_int_distribution<int>(65, 700)(rng);
            const std::vector<BufferRequest> req = makeShape(shape, rng, n);
            SCOPED_TRACE("shape " + std::to_string(static_cast<int>(shape)) + ", round " + std::to_string(round) + ", "
                + std::to_string(n) + " buffers");
            const Plan indexed = planGreedy(req);
            const Plan walked = planGreedyByWalk(req);
            ASSERT_EQ(indexed.offsets, walked.offsets);
            EXPECT_EQ(indexed.maxBytes, walked.maxBytes);
        }
    }
}

TEST(GreedyIndex, ZeroSizedAndInvertedLifetimesAreWalkedAsTflmDoes)
{
    // A zero-sized buffer inside a gap splits it; a lifetime with first > last overlaps the
    // lifetimes that contain [last, first] (TFLM's DoesEntryOverlapInTime as written).
    std::vector<BufferRequest> req;
    for (int i = 0; i < 80; ++i)
        req.push_back(BufferRequest { 32, i, i + 2, kOnlinePlanned });
    req.push_back(BufferRequest { 0, 3, 4, 48 });
    req.push_back(BufferRequest { 64, 9, 4, kOnlinePlanned });
    EXPECT_EQ(planGreedy(req).offsets, planGreedyByWalk(req).offsets);
}

TEST(CoverageTree, RaisesOnlyTheStepsWhoseCoverReachesTheBuffer)
{
    greedy::CoverageTree covered(8);
    covered.cover(0, 7, 0, 64); // all steps: [0, 64)
    covered.cover(2, 3, 64, 96); // steps 2-3 now up to 96
    covered.cover(5, 6, 128, 160); // above a gap: covers nothing new
    EXPECT_EQ(covered.highest(0, 1), 64);
    EXPECT_EQ(covered.highest(1, 2), 96);
    EXPECT_EQ(covered.highest(4, 7), 64);
    covered.cover(4, 7, 64, 128); // reaches the cover of 4-7, not the buffer above the gap
    EXPECT_EQ(covered.highest(5, 5), 128);
    EXPECT_EQ(covered.highest(0, 0), 64);
}

TEST(IntervalTree, CollectsOnlyOverlappingBuffersEndingAbove)
{
    greedy::IntervalTree tree(10);
    tree.insert({ 0, 64, 0, 9, 0 }); // alive throughout
    tree.insert({ 64, 96, 2, 3, 1 });
    tree.insert({ 64, 128, 6, 8, 2 });
    tree.insert({ 200, 216, 9, 9, 3 });
    std::vector<greedy::Placed> out;
    tree.collect(3, 6, 64, out);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].sequence + out[1].sequence, 3u); // buffers 1 and 2
    out.clear();
    tree.collect(0, 9, 0, out);
    EXPECT_EQ(out.size(), 4u);
    out.clear();
    tree.collect(4, 5, 0, out);
    EXPECT_EQ(out.size(), 1u);
}

} // namespace
} // namespace arenascope
