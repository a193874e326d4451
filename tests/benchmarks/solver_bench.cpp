// Planners beyond TFLM's (core/solver): peak / lower bound and time on the MiniMalloc
// benchmark's 11 challenging buffer sets (../shared/planner/minimalloc/{A..K}.1048576.csv,
// capacity 1 MiB) and on the planned buffers of the shared TFLM models, for TFLM's greedy
// planner, the heuristic and the exact search. Reported as counters: peak_bytes,
// lower_bound_bytes, peak_over_lower_bound, fits (1/0), optimal (1/0), seconds, seconds_to_fit
// (when a plan within the capacity was at hand; -1 if never).
//
// The exact search's time limit per instance: ARENASCOPE_SOLVER_SECONDS (default 60).
// Every plan is checked for overlaps before it is reported; the program aborts on one.
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/solver/solver.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace arenascope {
namespace {

constexpr std::int64_t kCapacity = 1 << 20;

std::chrono::milliseconds timeLimit()
{
    const char* s = std::getenv("ARENASCOPE_SOLVER_SECONDS");
    return std::chrono::milliseconds(static_cast<std::int64_t>((s ? std::atof(s) : 60.0) * 1000));
}

void report(benchmark::State& state, const BufferSet& set, const Solution& s)
{
    if (const std::string conflict = firstConflict(set, s.offsets); !conflict.empty()) {
        std::fprintf(stderr, "overlapping plan: %s\n", conflict.c_str());
        std::abort();
    }
    state.counters["peak_bytes"] = static_cast<double>(s.peakBytes);
    state.counters["lower_bound_bytes"] = static_cast<double>(s.lowerBoundBytes);
    state.counters["peak_over_lower_bound"]
        = static_cast<double>(s.peakBytes) / static_cast<double>(std::max<std::int64_t>(1, s.lowerBoundBytes));
    state.counters["fits"] = s.fits.value_or(true) ? 1 : 0;
    state.counters["optimal"] = s.optimal ? 1 : 0;
    state.counters["seconds"] = s.seconds;
    state.counters["seconds_to_fit"] = s.fitSeconds.value_or(-1.0);
}

void BM_MiniMalloc(benchmark::State& state, const std::string& instance, SolverKind planner)
{
    const std::string path = std::string(ARENASCOPE_SHARED_DIR) + "/planner/minimalloc/" + instance + ".1048576.csv";
    std::ifstream in(path);
    if (!in) {
        state.SkipWithError(("../shared is absent: " + path).c_str());
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    const auto set = readBufferCsv(text.str(), path);
    if (!set) {
        state.SkipWithError(describe(set.error()).c_str());
        return;
    }
    SolveOptions o;
    o.planner = planner;
    o.capacity = kCapacity;
    o.timeLimit = timeLimit();
    Solution s;
    for (auto _ : state)
        s = solve(set.value(), o);
    report(state, set.value(), s);
}

// Every shared TFLM model's planned buffers (cortex-m, greedy), solved by each planner; the
// counters are the sums over models (peak_over_lower_bound: the largest ratio).
void BM_SharedModels(benchmark::State& state, SolverKind planner)
{
    const std::filesystem::path dir = std::filesystem::path(ARENASCOPE_SHARED_DIR) / "models" / "tflm";
    if (!std::filesystem::exists(dir)) {
        state.SkipWithError("../shared is absent");
        return;
    }
    std::vector<BufferSet> sets;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.path().extension() != ".tflite")
            continue;
        auto m = loadModelFile(e.path().string());
        if (!m)
            continue;
        const auto r = emulate(*m.value(), EmulationSettings {});
        if (!r->ok || r->planned.empty())
            continue;
        std::vector<BufferRequest> requests;
        for (const PlannedBuffer& b : r->planned)
            requests.push_back(
                BufferRequest { static_cast<std::int32_t>(b.alignedBytes), b.first, b.last, kOnlinePlanned });
        sets.push_back(bufferSetFromRequests(requests));
    }
    SolveOptions o;
    o.planner = planner;
    o.timeLimit = std::chrono::milliseconds(std::min<std::int64_t>(2000, timeLimit().count()));
    double peak = 0, bound = 0, worst = 1, optimal = 0, seconds = 0;
    for (auto _ : state) {
        peak = bound = seconds = optimal = 0;
        worst = 1;
        for (const BufferSet& set : sets) {
            const Solution s = solve(set, o);
            if (!firstConflict(set, s.offsets).empty())
                std::abort();
            peak += static_cast<double>(s.peakBytes);
            bound += static_cast<double>(s.lowerBoundBytes);
            worst = std::max(worst, static_cast<double>(s.peakBytes) / static_cast<double>(s.lowerBoundBytes));
            optimal += s.optimal ? 1 : 0;
            seconds += s.seconds;
        }
    }
    state.counters["models"] = static_cast<double>(sets.size());
    state.counters["peak_bytes"] = peak;
    state.counters["lower_bound_bytes"] = bound;
    state.counters["worst_peak_over_lower_bound"] = worst;
    state.counters["optimal_models"] = optimal;
    state.counters["seconds"] = seconds;
}

const bool kRegistered = [] {
    for (SolverKind k : { SolverKind::TflmGreedy, SolverKind::Heuristic, SolverKind::Exact }) {
        for (const char* instance : { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K" })
            benchmark::RegisterBenchmark(("MiniMalloc/" + std::string(solverName(k)) + "/" + instance).c_str(),
                [=](benchmark::State& s) { BM_MiniMalloc(s, instance, k); })
                ->Iterations(1)
                ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(
            ("SharedModels/" + std::string(solverName(k))).c_str(), [=](benchmark::State& s) { BM_SharedModels(s, k); })
            ->Iterations(1)
            ->Unit(benchmark::kMillisecond);
    }
    return true;
}();

} // namespace
} // namespace arenascope

BENCHMARK_MAIN();
