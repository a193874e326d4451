// Planner speed: ArenaScope's planGreedy / planLinear against reference re-implementations of
// TFLM's own algorithms, on seeded random buffer sets of 100 to 10,000 buffers.
//
// The references follow TFLM's memory_planner/greedy_memory_planner.cc and
// linear_memory_planner.cc @90b983c2 step by step (bubble sort, offset-ordered linked list),
// written here from the description in core/planner/greedy_planner.h. Before a size is timed,
// both implementations plan the same inputs (plus a variant with offline-planned buffers) and
// the program aborts if a single offset or the plan size differs.
#include "core/planner/greedy_planner.h"
#include "core/planner/linear_planner.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <utility>

namespace arenascope {
namespace {

constexpr std::uint32_t kSeed = 20240611;
constexpr std::int32_t kOfflineEvery = 10; // the checked variant: every 10th buffer offline-planned

// ---------------------------------------------------------------------------------------------
// Reference: TFLM's greedy planner as upstream runs it.

struct ListNode {
    std::int32_t offset = 0;
    std::int32_t request = 0;
    std::int32_t next = -1; // index of the node with the next larger (or equal, later) offset
};

bool liveTogether(const BufferRequest& r, std::int32_t first, std::int32_t last)
{
    return r.first <= last && first <= r.last;
}

class TflmGreedyReference {
public:
    explicit TflmGreedyReference(std::span<const BufferRequest> requests)
        : m_req(requests)
    {
    }

    Plan plan()
    {
        const auto n = m_req.size();
        Plan plan;
        plan.offsets.assign(n, -1);
        if (n == 0)
            return plan;
        // Offline buffers go to the front in request order; online ones fill the array from the back.
        std::vector<std::int32_t> sizes(n);
        std::vector<std::int32_t> ids(n);
        std::size_t front = 0;
        std::size_t back = n;
        for (std::size_t i = 0; i < n; ++i) {
            const bool offline = m_req[i].offlineOffset != kOnlinePlanned;
            const std::size_t slot = offline ? front++ : --back;
            sizes[slot] = m_req[i].size;
            ids[slot] = static_cast<std::int32_t>(i);
            if (offline)
                plan.offsets[i] = m_req[i].offlineOffset;
        }
        bubbleSortDescending(sizes, ids, front);

        m_nodes.clear();
        m_nodes.reserve(n);
        m_head = 0;
        const auto firstId = static_cast<std::size_t>(ids[0]);
        if (plan.offsets[firstId] < 0)
            plan.offsets[firstId] = 0;
        m_nodes.push_back(ListNode { plan.offsets[firstId], ids[0], -1 });
        for (std::size_t k = 1; k < n; ++k) {
            const auto id = static_cast<std::size_t>(ids[k]);
            const BufferRequest& want = m_req[id];
            const std::int32_t offset = want.offlineOffset != kOnlinePlanned ? want.offlineOffset : firstFit(want);
            plan.offsets[id] = offset;
            insert(ListNode { offset, ids[k], -1 });
        }
        for (const ListNode& node : m_nodes)
            plan.maxBytes = std::max<std::int64_t>(plan.maxBytes, std::int64_t { node.offset } + size(node));
        return plan;
    }

private:
    // Sorts [from, end) by size, largest first; equal sizes never swap.
    static void bubbleSortDescending(std::vector<std::int32_t>& sizes, std::vector<std::int32_t>& ids, std::size_t from)
    {
        bool swapped = true;
        while (swapped) {
            swapped = false;
            for (std::size_t i = from + 1; i < sizes.size(); ++i) {
                if (sizes[i - 1] < sizes[i]) {
                    std::swap(sizes[i - 1], sizes[i]);
                    std::swap(ids[i - 1], ids[i]);
                    swapped = true;
                }
            }
        }
    }

    std::int32_t size(const ListNode& node) const { return m_req[static_cast<std::size_t>(node.request)].size; }

    // The next node after `from` (-1: from the list head) whose buffer is live with [first, last].
    std::int32_t nextLive(std::int32_t from, std::int32_t first, std::int32_t last) const
    {
        std::int32_t k = from < 0 ? m_head : m_nodes[static_cast<std::size_t>(from)].next;
        while (k >= 0) {
            const ListNode& node = m_nodes[static_cast<std::size_t>(k)];
            if (liveTogether(m_req[static_cast<std::size_t>(node.request)], first, last))
                return k;
            k = node.next;
        }
        return -1;
    }

    // Walk the live buffers in offset order; stop at the first gap that is large enough.
    std::int32_t firstFit(const BufferRequest& want) const
    {
        std::int32_t candidate = 0;
        std::int32_t prior = -1;
        while (true) {
            const std::int32_t next = nextLive(prior, want.first, want.last);
            if (prior >= 0) {
                const ListNode& p = m_nodes[static_cast<std::size_t>(prior)];
                candidate = std::max(candidate, p.offset + size(p));
            }
            if (next < 0 || m_nodes[static_cast<std::size_t>(next)].offset - candidate >= want.size)
                return candidate;
            prior = next;
        }
    }

    // Keeps the list in offset order; a new node goes after every node with an equal offset.
    void insert(ListNode node)
    {
        const auto index = static_cast<std::int32_t>(m_nodes.size());
        if (m_nodes[static_cast<std::size_t>(m_head)].offset > node.offset) {
            node.next = m_head;
            m_head = index;
            m_nodes.push_back(node);
            return;
        }
        std::int32_t current = m_head;
        while (true) {
            ListNode& c = m_nodes[static_cast<std::size_t>(current)];
            if (c.next < 0 || m_nodes[static_cast<std::size_t>(c.next)].offset > node.offset) {
                node.next = c.next;
                c.next = index;
                break;
            }
            current = c.next;
        }
        m_nodes.push_back(node);
    }

    std::span<const BufferRequest> m_req;
    std::vector<ListNode> m_nodes;
    std::int32_t m_head = 0;
};

// Reference: TFLM's linear planner: AddBuffer hands out the next free offset. (TFLM refuses
// more than 1,024 buffers; the emulator enforces that limit, so both sides here take any count.)
Plan tflmLinearReference(std::span<const BufferRequest> requests)
{
    Plan plan;
    plan.offsets.resize(requests.size());
    std::int32_t nextFree = 0;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        plan.offsets[i] = nextFree;
        nextFree += requests[i].size;
    }
    plan.maxBytes = nextFree;
    return plan;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

std::int32_t below(std::mt19937& rng, std::uint32_t n)
{
    return static_cast<std::int32_t>(rng() % n);
}

// A model-like buffer set: about two buffers created per operator step, most living 1-3 steps,
// a few (skip connections) up to 40; sizes 16 B to 128 KiB, 16-aligned, log-uniform.
std::vector<BufferRequest> randomBuffers(std::int32_t count, std::uint32_t seed, std::int32_t offlineEvery)
{
    std::mt19937 rng(seed);
    const std::int32_t steps = std::max(count / 2, 1);
    std::vector<BufferRequest> out(static_cast<std::size_t>(count));
    for (std::int32_t i = 0; i < count; ++i) {
        BufferRequest& r = out[static_cast<std::size_t>(i)];
        const std::int32_t roll = below(rng, 100);
        const std::int32_t life = roll < 60 ? 1
            : roll < 85                     ? 2 + below(rng, 2)
            : roll < 97                     ? 4 + below(rng, 5)
                                            : 9 + below(rng, 32);
        r.first = static_cast<std::int32_t>(std::int64_t { i } * steps / count);
        r.last = std::min(r.first + life, steps);
        const std::int32_t magnitude = 1 << (4 + below(rng, 13));
        r.size = (magnitude + below(rng, static_cast<std::uint32_t>(magnitude)) + 15) / 16 * 16;
        if (offlineEvery > 0 && i % offlineEvery == 0)
            r.offlineOffset = 16 * below(rng, 64 * 1024);
    }
    return out;
}

void requireSame(const Plan& ours, const Plan& reference, const char* what, std::int32_t count)
{
    if (ours.offsets == reference.offsets && ours.maxBytes == reference.maxBytes)
        return;
    std::size_t at = 0;
    while (at < ours.offsets.size() && at < reference.offsets.size() && ours.offsets[at] == reference.offsets[at])
        ++at;
    std::fprintf(stderr,
        "%s differs from TFLM's algorithm on %d buffers: first at buffer %zu, plan %lld vs %lld bytes\n", what, count,
        at, static_cast<long long>(ours.maxBytes), static_cast<long long>(reference.maxBytes));
    std::abort();
}

// The timed inputs for `count` buffers, checked once against the references.
const std::vector<BufferRequest>& checkedInputs(std::int32_t count)
{
    static std::map<std::int32_t, std::vector<BufferRequest>> cache;
    if (const auto it = cache.find(count); it != cache.end())
        return it->second;
    auto online = randomBuffers(count, kSeed + static_cast<std::uint32_t>(count), 0);
    const auto mixed = randomBuffers(count, kSeed + 1 + static_cast<std::uint32_t>(count), kOfflineEvery);
    auto check = [count](const std::vector<BufferRequest>& set) {
        requireSame(planGreedy(set), TflmGreedyReference(set).plan(), "planGreedy", count);
        requireSame(planLinear(set), tflmLinearReference(set), "planLinear", count);
    };
    check(online);
    check(mixed);
    return cache.emplace(count, std::move(online)).first->second;
}

// ---------------------------------------------------------------------------------------------
// Benchmarks: one iteration = one full plan of the set.

template <typename PlanFn> void runPlanner(benchmark::State& state, PlanFn plan)
{
    const auto count = static_cast<std::int32_t>(state.range(0));
    const std::vector<BufferRequest>& inputs = checkedInputs(count);
    std::int64_t bytes = 0;
    for (auto _ : state) {
        Plan p = plan(inputs);
        benchmark::DoNotOptimize(p.offsets.data());
        bytes = p.maxBytes;
    }
    state.SetComplexityN(count);
    state.counters["plan_bytes"] = static_cast<double>(bytes);
}

void BM_GreedyArenaScope(benchmark::State& state)
{
    runPlanner(state, [](const auto& in) { return planGreedy(in); });
}
void BM_GreedyTflmReference(benchmark::State& state)
{
    runPlanner(state, [](const auto& in) { return TflmGreedyReference(in).plan(); });
}
void BM_LinearArenaScope(benchmark::State& state)
{
    runPlanner(state, [](const auto& in) { return planLinear(in); });
}
void BM_LinearTflmReference(benchmark::State& state)
{
    runPlanner(state, [](const auto& in) { return tflmLinearReference(in); });
}

void bufferCounts(benchmark::internal::Benchmark* b)
{
    for (std::int64_t n : { 100, 1000, 2000, 4000, 10000 })
        b->Arg(n);
    b->ArgName("buffers")->Complexity();
}

BENCHMARK(BM_GreedyArenaScope)->Apply(bufferCounts)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GreedyTflmReference)->Apply(bufferCounts)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LinearArenaScope)->Apply(bufferCounts)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LinearTflmReference)->Apply(bufferCounts)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace arenascope

BENCHMARK_MAIN();
