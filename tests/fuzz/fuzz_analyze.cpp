// libFuzzer target (b): load, emulate and analyze a model the way the app does, then write
// every report to memory. The first byte picks the settings (target, kernels, planner,
// interpreter, preserve_all_tensors), so one corpus covers them all.
#include "core/analysis/analysis.h"
#include "core/analysis/verdict.h"
#include "core/model/loader.h"
#include "core/report/csv_report.h"
#include "core/report/html_report.h"
#include "core/report/plan_report.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

using namespace arenascope;

EmulationSettings settingsFrom(std::uint8_t b)
{
    EmulationSettings s;
    s.target = static_cast<TargetKind>(b % 3);
    s.planner = (b & 0x04) ? PlannerKind::Linear : PlannerKind::Greedy;
    s.interpreter = (b & 0x08) ? InterpreterKind::Recording : InterpreterKind::Plain;
    s.preserveAllTensors = (b & 0x10) != 0;
    if ((b & 0x20) && s.target == TargetKind::CortexM) {
        s.kernels = KernelSet::CmsisNn;
        s.cpu = static_cast<Cpu>((b >> 6) * 2 % 8);
    }
    return s;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 2)
        return 0;
    auto loaded = loadModelBytes(std::vector<std::uint8_t>(data + 1, data + size), "fuzz");
    if (!loaded)
        return 0;
    AnalysisLimits limits;
    limits.budget = std::chrono::milliseconds(2000);
    const AnalysisPtr a = analyze(loaded.value(), settingsFrom(data[0]), limits);
    (void)makeVerdict(*a);
    (void)planJson(*a);
    (void)planText(*a);
    (void)tensorTableCsv(*a);
    (void)allocationLogCsv(*a);
    (void)liveBytesCsv(*a);
    (void)htmlReport(*a);
    // The verdict at sizes around the minimum, as an arena-size drag asks for them.
    if (a->minArenaBytes)
        for (std::uint64_t arena : { *a->minArenaBytes - 1, *a->minArenaBytes, *a->minArenaBytes / 2 })
            (void)makeVerdict(*reanalyzeAtSize(*a, arena));
    return 0;
}
