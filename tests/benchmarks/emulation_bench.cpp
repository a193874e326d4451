// Emulation speed on person_detect (../shared/models/tflm) and a synthetic 2,000-operator chain,
// for both targets:
// - emulate/...:          one full emulate() in the 64 MiB measuring arena
// - recompute_fits/...:   one emulate() at a new arena size, each iteration a different size at or
//                         just above the minimum: what the UI does while the arena line is dragged
//                         (the figure that matters; the budget is one 60 Hz frame, 16 ms)
// - recompute_fails/...:  the same just below the minimum (stops at the first failing allocation)
// - analyze/...:          full analyze(): measuring run + minimum-arena search + lower bound
#include "core/analysis/analysis.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/model/synthetic_model.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>

namespace arenascope {
namespace {

constexpr int kChainOperators = 2000;
constexpr std::uint32_t kChainSeed = 1;
constexpr std::uint64_t kSizeStep = 16; // bytes between successive recompute sizes
constexpr std::uint64_t kSizeCount = 256; // distinct sizes cycled through (a 4 KiB drag)

struct BenchModel {
    std::string name;
    ModelPtr model; // null when unavailable
    std::string missing; // why, for SkipWithError
};

BenchModel personDetect()
{
    const std::string path = std::string(ARENASCOPE_SHARED_DIR) + "/models/tflm/person_detect.tflite";
    auto loaded = loadModelFile(path);
    if (!loaded)
        return { "person_detect", nullptr, describe(loaded.error()) + ": person_detect benchmarks are skipped" };
    return { "person_detect", loaded.value(), {} };
}

BenchModel chainModel()
{
    const std::string name = "chain" + std::to_string(kChainOperators);
    auto loaded = loadModelBytes(buildChainModel(kChainOperators, kChainSeed), name);
    if (!loaded) {
        std::fprintf(
            stderr, "buildChainModel(%d) does not load: %s\n", kChainOperators, describe(loaded.error()).c_str());
        std::abort();
    }
    return { name, loaded.value(), {} };
}

EmulationSettings settingsFor(TargetKind target)
{
    EmulationSettings s;
    s.target = target;
    return s;
}

// The smallest working arena, searched once per model and target.
std::uint64_t minimumArena(const BenchModel& m, TargetKind target)
{
    static std::map<std::pair<const Model*, TargetKind>, std::uint64_t> cache;
    const auto key = std::pair { m.model.get(), target };
    if (const auto it = cache.find(key); it != cache.end())
        return it->second;
    const auto found = findMinimumArena(*m.model, settingsFor(target), kMeasureArenaBytes);
    if (!found) {
        std::fprintf(stderr, "%s does not fit in %llu bytes\n", m.name.c_str(),
            static_cast<unsigned long long>(kMeasureArenaBytes));
        std::abort();
    }
    return cache.emplace(key, *found).first->second;
}

void setModelCounters(benchmark::State& state, const BenchModel& m, const EmulationResult& r)
{
    state.counters["operators"] = static_cast<double>(m.model->operatorCount());
    state.counters["planned_buffers"] = static_cast<double>(r.planned.size());
}

void benchEmulate(benchmark::State& state, const BenchModel* m, TargetKind target)
{
    if (!m->model) {
        state.SkipWithError(m->missing.c_str());
        return;
    }
    const EmulationSettings settings = settingsFor(target);
    EmulationResultPtr last;
    for (auto _ : state) {
        last = emulate(*m->model, settings);
        benchmark::DoNotOptimize(last.get());
    }
    if (!last || !last->ok) {
        state.SkipWithError("emulation failed in the 64 MiB arena");
        return;
    }
    setModelCounters(state, *m, *last);
    state.counters["arena_used_bytes"] = static_cast<double>(last->arenaUsedBytes);
}

// One emulate() per iteration, each at the next of kSizeCount sizes above (or below) the minimum.
void benchRecompute(benchmark::State& state, const BenchModel* m, TargetKind target, bool fits)
{
    if (!m->model) {
        state.SkipWithError(m->missing.c_str());
        return;
    }
    const std::uint64_t minimum = minimumArena(*m, target);
    EmulationSettings settings = settingsFor(target);
    std::uint64_t k = 0;
    std::uint64_t succeeded = 0;
    std::uint64_t runs = 0;
    EmulationResultPtr last;
    for (auto _ : state) {
        const std::uint64_t delta = kSizeStep * (k % kSizeCount);
        const std::uint64_t below = minimum > kSizeStep + delta ? minimum - kSizeStep - delta : 0;
        settings.arenaSize = fits ? minimum + delta : below;
        ++k;
        last = emulate(*m->model, settings);
        benchmark::DoNotOptimize(last.get());
        if (last->ok)
            ++succeeded;
        ++runs;
    }
    if (last)
        setModelCounters(state, *m, *last);
    state.counters["min_arena_bytes"] = static_cast<double>(minimum);
    state.counters["fit_fraction"] = runs == 0 ? 0.0 : static_cast<double>(succeeded) / static_cast<double>(runs);
}

void benchAnalyze(benchmark::State& state, const BenchModel* m, TargetKind target)
{
    if (!m->model) {
        state.SkipWithError(m->missing.c_str());
        return;
    }
    AnalysisPtr last;
    for (auto _ : state) {
        last = analyze(m->model, settingsFor(target));
        benchmark::DoNotOptimize(last.get());
    }
    if (!last || !last->minArenaBytes) {
        state.SkipWithError("analyze() found no minimum arena");
        return;
    }
    setModelCounters(state, *m, *last->measured);
    state.counters["min_arena_bytes"] = static_cast<double>(*last->minArenaBytes);
}

void registerAll(const std::vector<BenchModel>& models)
{
    for (const BenchModel& m : models) {
        for (TargetKind target : { TargetKind::CortexM, TargetKind::X86_64 }) {
            const std::string suffix = "/" + m.name + "/" + std::string(targetName(target));
            benchmark::RegisterBenchmark(("emulate" + suffix).c_str(), benchEmulate, &m, target)
                ->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(("recompute_fits" + suffix).c_str(), benchRecompute, &m, target, true)
                ->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(("recompute_fails" + suffix).c_str(), benchRecompute, &m, target, false)
                ->Unit(benchmark::kMicrosecond);
            benchmark::RegisterBenchmark(("analyze" + suffix).c_str(), benchAnalyze, &m, target)
                ->Unit(benchmark::kMillisecond);
        }
    }
}

} // namespace
} // namespace arenascope

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::AddCustomContext("arenascope_build_type", ARENASCOPE_BUILD_TYPE);
    static const std::vector<arenascope::BenchModel> models = { arenascope::personDetect(), arenascope::chainModel() };
    arenascope::registerAll(models);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
