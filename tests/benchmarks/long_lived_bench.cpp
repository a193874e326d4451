// What `arenascope plan` costs on models whose buffers live long: the greedy planner's hard case
// (TFLM's own walk is quadratic there) and the minimum search that emulates many sizes.
// - plan/...:         planGreedy on the buffers the model's emulation hands the planner
// - analyze/...:      analyze(): measuring run, minimum search (one plan, kept across sizes)
// - other_builds/...: alternatives(): the other builds `plan` lists, on every core, 10 s budget
// - other_builds/person_detect: the same on ../shared's person_detect (reference kernels, the
//   Cortex-M layout), the list the desktop app shows beside the verdict (target: under 100 ms)
// Models: synthetic chains of 1,000 and 4,000 operators (CMSIS-NN, Cortex-M4), a chain of
// 100,000 RELUs whose every output is a model output (all alive to the end), CALL_ONCE nested
// 20,000 deep. Each benchmark runs once per repetition: the figures are seconds, not micros.
#include "core/analysis/alternatives.h"
#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"
#include "core/planner/greedy_planner.h"
#include "core/solver/model_buffers.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>

namespace arenascope {
namespace {

struct LongLivedModel {
    const char* name;
    std::function<std::vector<std::uint8_t>()> build;
    KernelSet kernels;
};

const LongLivedModel kModels[] = {
    { "chain1000_cmsis_nn", [] { return buildChainModel(1000, 1); }, KernelSet::CmsisNn },
    { "chain4000_cmsis_nn", [] { return buildChainModel(4000, 1); }, KernelSet::CmsisNn },
    { "outputs100000", [] { return buildOutputsModel(100'000); }, KernelSet::Reference },
    { "calls20000", [] { return buildNestedCallModel(20'000); }, KernelSet::Reference },
};

ModelPtr load(const LongLivedModel& m)
{
    static std::map<std::string, ModelPtr> loaded;
    auto& model = loaded[m.name];
    if (!model) {
        auto r = loadModelBytes(m.build(), m.name);
        if (!r) {
            std::fprintf(stderr, "%s does not load: %s\n", m.name, describe(r.error()).c_str());
            std::abort();
        }
        model = r.value();
    }
    return model;
}

EmulationSettings settingsFor(const LongLivedModel& m)
{
    EmulationSettings s;
    s.kernels = m.kernels;
    s.cpu = Cpu::CortexM4;
    return s;
}

void BM_Plan(benchmark::State& state, const LongLivedModel* m)
{
    const ModelPtr model = load(*m);
    EmulationSettings s = settingsFor(*m);
    s.arenaSize = kMeasureArenaBytes;
    const std::vector<BufferRequest> requests = plannerRequests(*emulate(*model, s));
    for (auto _ : state)
        benchmark::DoNotOptimize(planGreedy(requests).maxBytes);
    state.counters["buffers"] = static_cast<double>(requests.size());
}

void BM_Analyze(benchmark::State& state, const LongLivedModel* m)
{
    const ModelPtr model = load(*m);
    std::uint64_t minimum = 0;
    for (auto _ : state)
        minimum = analyze(model, settingsFor(*m))->minArenaBytes.value_or(0);
    state.counters["min_arena_bytes"] = static_cast<double>(minimum);
}

void BM_OtherBuilds(benchmark::State& state, const LongLivedModel* m)
{
    const ModelPtr model = load(*m);
    const AnalysisPtr shown = analyze(model, settingsFor(*m));
    std::size_t incomplete = 0;
    for (auto _ : state) {
        incomplete = 0;
        for (const Alternative& a : alternatives(*shown))
            incomplete += a.complete ? 0 : 1;
    }
    state.counters["not_decided"] = static_cast<double>(incomplete);
}

// person_detect from ../shared, or a message and no benchmark when it is absent.
void BM_OtherBuildsPersonDetect(benchmark::State& state)
{
    const std::string path = std::string(ARENASCOPE_SHARED_DIR) + "/models/tflm/person_detect.tflite";
    auto model = loadModelFile(path);
    if (!model) {
        state.SkipWithError(("../shared is absent: " + describe(model.error())).c_str());
        return;
    }
    const AnalysisPtr shown = analyze(model.value(), EmulationSettings {});
    std::size_t listed = 0;
    std::size_t incomplete = 0;
    for (auto _ : state) {
        const std::vector<Alternative> all = alternatives(*shown);
        listed = all.size();
        incomplete = 0;
        for (const Alternative& a : all)
            incomplete += a.complete ? 0 : 1;
    }
    state.counters["builds"] = static_cast<double>(listed);
    state.counters["not_decided"] = static_cast<double>(incomplete);
}

int registerAll()
{
    benchmark::RegisterBenchmark("other_builds/person_detect", BM_OtherBuildsPersonDetect)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    for (const LongLivedModel& m : kModels) {
        benchmark::RegisterBenchmark((std::string("plan/") + m.name).c_str(), BM_Plan, &m)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
        benchmark::RegisterBenchmark((std::string("analyze/") + m.name).c_str(), BM_Analyze, &m)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->UseRealTime();
        benchmark::RegisterBenchmark((std::string("other_builds/") + m.name).c_str(), BM_OtherBuilds, &m)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->UseRealTime();
    }
    return 0;
}

const int kRegistered = registerAll();

} // namespace
} // namespace arenascope

BENCHMARK_MAIN();
