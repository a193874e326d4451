// Planner conformance: TFLM's own planner test cases (their expected offsets are facts),
// the ../shared/oracle/planner figures measured on TFLM, and seeded property tests.
// Upstream cases: tensorflow/lite/micro/memory_planner/{greedy,linear}_memory_planner_test.cc
// (tflite-micro 5530c041 and 9e1346ee), re-written for planGreedy / planLinear.

#include "test_support.h"

#include "core/planner/greedy_planner.h"
#include "core/planner/linear_planner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace arenascope {
namespace {

// {size, first, last} or {size, first, last, offline offset}.
std::vector<BufferRequest> buffers(std::initializer_list<std::vector<std::int32_t>> rows)
{
    std::vector<BufferRequest> out;
    for (const auto& r : rows) {
        BufferRequest b;
        b.size = r.at(0);
        b.first = r.at(1);
        b.last = r.at(2);
        if (r.size() > 3)
            b.offlineOffset = r[3];
        out.push_back(b);
    }
    return out;
}

bool liveTogether(const BufferRequest& a, const BufferRequest& b)
{
    return a.first <= b.last && b.first <= a.last;
}

// What TFLM's DoAnyBuffersOverlap checks: no two buffers alive at the same time share a byte.
// Returns a description of the first clash, or an empty string.
std::string firstOverlap(const std::vector<BufferRequest>& requests, const Plan& plan)
{
    for (std::size_t i = 0; i < requests.size(); ++i) {
        for (std::size_t j = i + 1; j < requests.size(); ++j) {
            if (!liveTogether(requests[i], requests[j]) || requests[i].size == 0 || requests[j].size == 0)
                continue;
            const std::int64_t ai = plan.offsets[i], aj = plan.offsets[j];
            if (ai < aj + requests[j].size && aj < ai + requests[i].size)
                return "buffers " + std::to_string(i) + " and " + std::to_string(j) + " overlap";
        }
    }
    return {};
}

std::int64_t endOfPlan(const std::vector<BufferRequest>& requests, const Plan& plan)
{
    std::int64_t end = 0;
    for (std::size_t i = 0; i < requests.size(); ++i)
        end = std::max<std::int64_t>(end, std::int64_t { plan.offsets[i] } + requests[i].size);
    return end;
}

// The 30 activation buffers of the person-detection MobileNet used by both upstream tests.
std::vector<BufferRequest> personDetectionBuffers()
{
    return buffers(
        { { 9216, 0, 29 }, { 3, 28, 29 }, { 256, 27, 28 }, { 2304, 26, 27 }, { 2304, 25, 26 }, { 2304, 24, 25 },
            { 1152, 23, 24 }, { 4608, 22, 23 }, { 4608, 21, 22 }, { 4608, 20, 21 }, { 4608, 19, 20 }, { 4608, 18, 19 },
            { 4608, 17, 18 }, { 4608, 16, 17 }, { 4608, 15, 16 }, { 4608, 14, 15 }, { 4608, 13, 14 }, { 4608, 12, 13 },
            { 2304, 11, 12 }, { 9216, 10, 11 }, { 9216, 9, 10 }, { 9216, 8, 9 }, { 4608, 7, 8 }, { 18432, 6, 7 },
            { 18432, 5, 6 }, { 18432, 4, 5 }, { 9216, 3, 4 }, { 36864, 2, 3 }, { 18432, 1, 2 }, { 18432, 0, 1 } });
}

// ---- greedy_memory_planner_test.cc ----

TEST(GreedyPlannerConformance, TwoBuffersThatNeverMeetShareOffsetZero)
{
    const auto req = buffers({ { 10, 0, 1 }, { 20, 2, 3 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 0, 0 }));
    EXPECT_EQ(plan.maxBytes, 20);
    EXPECT_EQ(firstOverlap(req, plan), "");
}

TEST(GreedyPlannerConformance, FiveBuffersMedium)
{
    const auto req = buffers({ { 10, 0, 1 }, { 20, 1, 2 }, { 30, 2, 3 }, { 40, 3, 4 }, { 50, 0, 1 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 50, 70, 40, 0, 0 }));
    EXPECT_EQ(plan.maxBytes, 90);
    EXPECT_EQ(firstOverlap(req, plan), "");
}

TEST(GreedyPlannerConformance, PersonDetectionPlanIsSmallerThanTheSum)
{
    const auto req = personDetectionBuffers();
    const Plan plan = planGreedy(req);
    EXPECT_EQ(firstOverlap(req, plan), "");
    // The buffers add up to 241,027 bytes; sharing must beat that.
    EXPECT_LT(plan.maxBytes, 241027);
    EXPECT_EQ(plan.maxBytes, endOfPlan(req, plan));
}

TEST(GreedyPlannerConformance, OverlapCase)
{
    const auto req = buffers({ { 100, 0, 1 }, { 50, 2, 3 }, { 20, 1, 2 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(firstOverlap(req, plan), "");
    EXPECT_EQ(plan.maxBytes, 120);
}

TEST(GreedyPlannerConformance, ScratchOfFortyBytesHoldsOneBuffer)
{
    // Upstream: a 40-byte scratch area accepts one AddBuffer and refuses the second.
    EXPECT_EQ(kGreedyBytesPerBuffer, 40);
    EXPECT_EQ(40 / kGreedyBytesPerBuffer, 1);
}

// ReverseSortInPlace is private to the planner here; its effect is the placement order.
// With every buffer alive at once, offsets accumulate in that order.
std::vector<std::int32_t> offsetsWhenAllLiveTogether(const std::vector<std::int32_t>& sizes)
{
    std::vector<BufferRequest> req;
    for (std::int32_t s : sizes)
        req.push_back(BufferRequest { s, 0, 0, kOnlinePlanned });
    return planGreedy(req).offsets;
}

TEST(GreedyPlannerConformance, AlreadyDescendingSizesArePlacedInRequestOrder)
{
    EXPECT_EQ(offsetsWhenAllLiveTogether({ 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }),
        (std::vector<std::int32_t> { 0, 10, 19, 27, 34, 40, 45, 49, 52, 54 }));
}

TEST(GreedyPlannerConformance, AscendingSizesArePlacedLargestFirst)
{
    EXPECT_EQ(offsetsWhenAllLiveTogether({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }),
        (std::vector<std::int32_t> { 54, 52, 49, 45, 40, 34, 27, 19, 10, 0 }));
}

TEST(GreedyPlannerConformance, EqualSizesArePlacedLastRequestFirst)
{
    // TFLM fills its sort array from the back and bubble-sorts it stably: among equal
    // sizes the most recently added buffer comes first. 100 buffers, sizes 1..10 repeated.
    std::vector<std::int32_t> sizes;
    for (int i = 0; i < 100; ++i)
        sizes.push_back(i % 10 + 1);
    const auto offsets = offsetsWhenAllLiveTogether(sizes);
    std::vector<std::int32_t> expected(100, -1);
    std::int32_t next = 0;
    for (int size = 10; size >= 1; --size)
        for (int id = 99; id >= 0; --id)
            if (sizes[static_cast<std::size_t>(id)] == size) {
                expected[static_cast<std::size_t>(id)] = next;
                next += size;
            }
    EXPECT_EQ(offsets, expected);
}

// ---- offline-planned buffers (greedy_memory_planner.cc: placed first, never moved) ----

TEST(GreedyPlannerOffline, OnlineBufferTakesTheGapBelowAnOfflineOne)
{
    const auto req = buffers({ { 100, 0, 2, 0 }, { 50, 1, 3 }, { 30, 0, 1, 200 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 0, 100, 200 }));
    EXPECT_EQ(plan.maxBytes, 230);
}

TEST(GreedyPlannerOffline, OnlineBuffersFillAroundAnOfflineBuffer)
{
    const auto req = buffers({ { 32, 0, 5, 64 }, { 64, 0, 5 }, { 48, 0, 5 }, { 16, 2, 3 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 64, 0, 96, 144 }));
    EXPECT_EQ(plan.maxBytes, 160);
    // planLinear has no offline offsets; a model with an offline plan fails under it in the emulator, as
    // TFLM's LinearMemoryPlanner has no AddBuffer for one (plan_commit.cpp).
    EXPECT_EQ(planLinear(req).offsets, (std::vector<std::int32_t> { 0, 32, 96, 144 }));
}

TEST(GreedyPlannerOffline, OnlineBufferReusesAnOfflineBufferAfterItDies)
{
    const auto req = buffers({ { 100, 0, 1, 0 }, { 100, 2, 3 } });
    EXPECT_EQ(planGreedy(req).offsets, (std::vector<std::int32_t> { 0, 0 }));
}

TEST(GreedyPlannerEdges, EmptyAndZeroSized)
{
    const Plan empty = planGreedy({});
    EXPECT_TRUE(empty.offsets.empty());
    EXPECT_EQ(empty.maxBytes, 0);
    // A zero-byte buffer fits any gap, so the first gap (at 0) takes it.
    const auto req = buffers({ { 64, 0, 3 }, { 0, 1, 2 }, { 32, 1, 2 } });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 0, 0, 64 }));
    EXPECT_EQ(plan.maxBytes, 96);
}

// ---- linear_memory_planner_test.cc ----

TEST(LinearPlannerConformance, Basics)
{
    const Plan plan = planLinear(buffers({ { 10, 0, 1 }, { 20, 1, 2 } }));
    EXPECT_EQ(plan.offsets, (std::vector<std::int32_t> { 0, 10 }));
    EXPECT_EQ(plan.maxBytes, 30);
}

TEST(LinearPlannerConformance, OnlyRequestedBuffersHaveOffsets)
{
    // Upstream asks for the offset of buffer 1 after adding one buffer and gets an error.
    const Plan plan = planLinear(buffers({ { 10, 0, 1 } }));
    EXPECT_EQ(plan.offsets.size(), 1U);
}

TEST(LinearPlannerConformance, PersonDetectionUsesTheSum)
{
    const Plan plan = planLinear(personDetectionBuffers());
    EXPECT_EQ(plan.maxBytes, 241027);
}

// ---- ../shared/oracle/planner: buffer lists run through TFLM's planners ----

struct OracleOut {
    std::int64_t buffers = -1;
    std::string status;
    std::int64_t maxMemory = -1;
    std::map<std::int64_t, std::int32_t> offsets;
};

std::vector<BufferRequest> readOracleIn(const std::filesystem::path& path)
{
    std::vector<BufferRequest> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        BufferRequest b;
        fields >> b.size >> b.first >> b.last;
        EXPECT_FALSE(fields.fail()) << path << ": bad line \"" << line << "\"";
        std::int32_t offline = 0;
        if (fields >> offline)
            b.offlineOffset = offline;
        out.push_back(b);
    }
    return out;
}

OracleOut readOracleOut(const std::filesystem::path& path)
{
    OracleOut out;
    std::ifstream in(path);
    std::string key;
    while (in >> key) {
        if (key == "buffers") {
            in >> out.buffers;
        } else if (key == "status") {
            in >> out.status;
        } else if (key == "max_memory") {
            in >> out.maxMemory;
        } else if (key == "offset") {
            std::int64_t index = 0;
            std::int32_t offset = 0;
            in >> index >> offset;
            out.offsets[index] = offset;
        } else {
            std::string rest;
            std::getline(in, rest); // planner name, timings
        }
    }
    return out;
}

void expectMatchesOracle(const std::vector<BufferRequest>& req, const Plan& plan, const std::filesystem::path& outPath)
{
    SCOPED_TRACE(outPath.filename().string());
    ASSERT_TRUE(std::filesystem::exists(outPath)) << outPath << " is missing";
    const OracleOut want = readOracleOut(outPath);
    ASSERT_EQ(want.status, "ok");
    ASSERT_EQ(want.buffers, static_cast<std::int64_t>(req.size()));
    EXPECT_EQ(plan.maxBytes, want.maxMemory);
    ASSERT_EQ(want.offsets.size(), req.size());
    for (const auto& [index, offset] : want.offsets)
        EXPECT_EQ(plan.offsets.at(static_cast<std::size_t>(index)), offset) << "buffer " << index;
}

TEST(PlannerOracle, EveryBufferListMatchesTflm)
{
    ARENASCOPE_REQUIRE_SHARED();
    const auto dir = test::oracleDir() / "planner";
    if (!std::filesystem::is_directory(dir))
        GTEST_SKIP() << dir << " is absent: planner oracle tests are skipped";
    std::vector<std::filesystem::path> inputs;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".in")
            inputs.push_back(e.path());
    std::sort(inputs.begin(), inputs.end());
    ASSERT_FALSE(inputs.empty());
    for (const auto& in : inputs) {
        const auto req = readOracleIn(in);
        ASSERT_FALSE(req.empty()) << in;
        auto stem = in;
        stem.replace_extension();
        expectMatchesOracle(req, planGreedy(req), stem.string() + ".out");
        expectMatchesOracle(req, planLinear(req), stem.string() + ".linear.out");
    }
}

// ---- seeded property tests ----

struct RandomCase {
    std::vector<BufferRequest> requests;
    std::vector<bool> offline;
};

RandomCase randomCase(std::mt19937& rng, bool withOffline)
{
    auto uniform = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    RandomCase c;
    const int n = uniform(1, 150);
    const int steps = uniform(1, 60);
    const bool aligned = uniform(0, 1) == 1;
    std::int32_t offlineEnd = 0;
    for (int i = 0; i < n; ++i) {
        BufferRequest b;
        b.size = aligned ? 16 * uniform(0, 1024) : uniform(0, 20000);
        b.first = uniform(0, steps - 1);
        b.last = uniform(b.first, std::min(steps - 1, b.first + uniform(0, steps)));
        const bool isOffline = withOffline && uniform(0, 4) == 0;
        if (isOffline) {
            // Offline offsets that never clash with each other, with gaps for online buffers.
            offlineEnd += 16 * uniform(0, 64);
            b.offlineOffset = offlineEnd;
            offlineEnd += b.size;
        }
        c.requests.push_back(b);
        c.offline.push_back(isOffline);
    }
    return c;
}

std::int64_t peakLiveBytes(const std::vector<BufferRequest>& req)
{
    std::int32_t lastStep = 0;
    for (const auto& b : req)
        lastStep = std::max(lastStep, b.last);
    std::int64_t peak = 0;
    for (std::int32_t t = 0; t <= lastStep; ++t) {
        std::int64_t live = 0;
        for (const auto& b : req)
            if (b.first <= t && t <= b.last)
                live += b.size;
        peak = std::max(peak, live);
    }
    return peak;
}

TEST(PlannerProperties, OnlinePlansNeverOverlapAndBeatLinear)
{
    std::mt19937 rng(20240611);
    for (int round = 0; round < 400; ++round) {
        const RandomCase c = randomCase(rng, false);
        const Plan greedy = planGreedy(c.requests);
        const Plan linear = planLinear(c.requests);
        SCOPED_TRACE("round " + std::to_string(round) + ", " + std::to_string(c.requests.size()) + " buffers");
        ASSERT_EQ(greedy.offsets.size(), c.requests.size());
        ASSERT_EQ(firstOverlap(c.requests, greedy), "");
        EXPECT_LE(greedy.maxBytes, linear.maxBytes);
        EXPECT_GE(greedy.maxBytes, peakLiveBytes(c.requests));
        EXPECT_EQ(greedy.maxBytes, endOfPlan(c.requests, greedy));
        for (std::int32_t offset : greedy.offsets)
            EXPECT_GE(offset, 0);
        // Deterministic: the same requests give the same plan.
        EXPECT_EQ(planGreedy(c.requests).offsets, greedy.offsets);
    }
}

TEST(PlannerProperties, OfflineBuffersKeepTheirOffsets)
{
    std::mt19937 rng(7081);
    for (int round = 0; round < 400; ++round) {
        const RandomCase c = randomCase(rng, true);
        const Plan greedy = planGreedy(c.requests);
        SCOPED_TRACE("round " + std::to_string(round));
        ASSERT_EQ(firstOverlap(c.requests, greedy), "");
        for (std::size_t i = 0; i < c.requests.size(); ++i)
            if (c.offline[i]) {
                EXPECT_EQ(greedy.offsets[i], c.requests[i].offlineOffset) << "buffer " << i;
            }
        EXPECT_EQ(greedy.maxBytes, endOfPlan(c.requests, greedy));
    }
}

TEST(PlannerProperties, LinearOffsetsArePrefixSums)
{
    std::mt19937 rng(99);
    for (int round = 0; round < 100; ++round) {
        const RandomCase c = randomCase(rng, true);
        const Plan linear = planLinear(c.requests);
        std::int64_t next = 0;
        for (std::size_t i = 0; i < c.requests.size(); ++i) {
            EXPECT_EQ(linear.offsets[i], next);
            next += c.requests[i].size;
        }
        EXPECT_EQ(linear.maxBytes, next);
    }
}

TEST(PlannerProperties, ThousandsOfBuffersStayFastAndSound)
{
    // A chain of 3000 buffers, each alive for two steps, plus long-lived ones.
    std::vector<BufferRequest> req;
    std::mt19937 rng(3000);
    for (int i = 0; i < 3000; ++i)
        req.push_back(BufferRequest { 16 * std::uniform_int_distribution<int>(1, 512)(rng), i, i + 1, kOnlinePlanned });
    for (int i = 0; i < 20; ++i)
        req.push_back(BufferRequest { 4096, 0, 3000, kOnlinePlanned });
    const Plan plan = planGreedy(req);
    EXPECT_EQ(firstOverlap(req, plan), "");
    EXPECT_LE(plan.maxBytes, planLinear(req).maxBytes);
}

} // namespace
} // namespace arenascope
