#include "emulated_log.h"

#include "log_wordings.h"

#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

namespace {

// GetOrdinalCharacter (memory_planner/greedy_memory_planner.cc): 0-9, a-z, A-Z; past 61 the
// newer snapshots wrap around, the older print '*'.
char ordinal(std::size_t i, bool wraps)
{
    if (i >= 62 && !wraps)
        return '*';
    i %= 62;
    if (i < 10)
        return static_cast<char>('0' + i);
    if (i < 36)
        return static_cast<char>('a' + (i - 10));
    return static_cast<char>('A' + (i - 36));
}

bool planCommitted(const EmulationResult& r)
{
    return !r.planned.empty()
        && std::all_of(r.planned.begin(), r.planned.end(), [](const PlannedBuffer& b) { return b.offset >= 0; });
}

} // namespace

std::vector<std::string> memoryPlanLines(const EmulationResult& r)
{
    // GreedyMemoryPlanner::PrintMemoryPlan (memory_planner/greedy_memory_planner.cc @90b983c2):
    // one line per buffer in the order they were added, then a chart of 80 columns per step.
    std::vector<std::string> lines;
    const bool newFormat = planPrintIsNew(r.settings.tflm);
    for (std::size_t i = 0; i < r.planned.size(); ++i) {
        const PlannedBuffer& b = r.planned[i];
        const char c = b.first != b.last ? ordinal(i, newFormat) : '*';
        lines.push_back(formatString("%c (id=%zu): size=%llu, offset=%lld, first_used=%d last_used=%d", c, i,
            static_cast<unsigned long long>(b.alignedBytes), static_cast<long long>(b.offset), b.first, b.last));
    }
    constexpr std::int64_t kWidth = 80;
    std::int64_t maxSize = kWidth;
    std::int32_t maxTime = 0;
    for (const PlannedBuffer& b : r.planned) {
        maxSize = std::max(maxSize, b.offset + static_cast<std::int64_t>(b.alignedBytes));
        maxTime = std::max(maxTime, b.last);
    }
    for (std::int32_t t = 0; t <= maxTime; ++t) {
        std::string row(kWidth, '.');
        std::int64_t use = 0;
        for (std::size_t i = 0; i < r.planned.size(); ++i) {
            const PlannedBuffer& b = r.planned[i];
            if (t < b.first || t > b.last || b.offset == -1)
                continue;
            const auto size = static_cast<std::int64_t>(b.alignedBytes);
            use += size;
            const std::int64_t start = b.offset * kWidth / maxSize;
            const std::int64_t end = (b.offset + size) * kWidth / maxSize;
            for (std::int64_t n = start; n < end && n < kWidth; ++n) {
                char& cell = row[static_cast<std::size_t>(n)];
                if (cell != '.')
                    cell = '!';
                else
                    cell = b.first == b.last ? '*' : ordinal(i, newFormat);
            }
        }
        const long long k = (use + 1023) / 1024;
        if (newFormat)
            lines.push_back(formatString("%4d: %s (%lldk)", t, row.c_str(), k));
        else
            lines.push_back(formatString("%s%d: %s (%lldk)", t < 10 ? " " : "", t, row.c_str(), k));
    }
    return lines;
}

std::vector<std::string> recordingLines(const EmulationResult& r)
{
    // RecordingMicroAllocator::PrintAllocations (recording_micro_allocator.cc @90b983c2): the
    // totals, then each category with bytes recorded, in RecordedAllocationType's order.
    std::vector<std::string> lines;
    const auto total = static_cast<long long>(r.arenaUsedBytes);
    lines.push_back(formatString("[RecordingMicroAllocator] Arena allocation total %lld bytes", total));
    lines.push_back(formatString(
        "[RecordingMicroAllocator] Arena allocation head %lld bytes", static_cast<long long>(r.headBytes)));
    lines.push_back(formatString(
        "[RecordingMicroAllocator] Arena allocation tail %lld bytes", static_cast<long long>(r.tailBytes)));
    struct Row {
        RecordedType type;
        const char* name;
        const char* what;
    };
    constexpr Row kRows[] = {
        { RecordedType::TfLiteEvalTensorData, "TfLiteEvalTensor data", "allocations" },
        { RecordedType::PersistentTfLiteTensorData, "Persistent TfLiteTensor data", "tensors" },
        { RecordedType::PersistentTfLiteTensorQuantizationData, "Persistent TfLiteTensor quantization data",
            "allocations" },
        { RecordedType::PersistentBufferData, "Persistent buffer data", "allocations" },
        { RecordedType::TfLiteTensorVariableBufferData, "TfLiteTensor variable buffer data", "allocations" },
        { RecordedType::NodeAndRegistrationArray, "NodeAndRegistration struct", "NodeAndRegistration structs" },
        { RecordedType::OpData, "Operator runtime data", "OpData structs" },
    };
    for (const Row& row : kRows) {
        const RecordedAllocation& a = r.recording[static_cast<std::size_t>(row.type)];
        if (a.used == 0 && a.requested == 0)
            continue;
        lines.push_back(formatString("[RecordingMicroAllocator] '%s' used %lld bytes with alignment overhead "
                                     "(requested %lld bytes for %lld %s)",
            row.name, static_cast<long long>(a.used), static_cast<long long>(a.requested),
            static_cast<long long>(a.count), row.what));
    }
    return lines;
}

std::vector<std::string> emulatedLogLines(const EmulationResult& r, const EmulatedLogOptions& options)
{
    std::vector<std::string> lines;
    if (options.planPrint && r.settings.effectivePlanner() == PlannerKind::Greedy && planCommitted(r))
        lines = memoryPlanLines(r);
    if (r.failure) {
        for (const std::string& l : r.failure->log)
            lines.push_back(l);
        return lines;
    }
    if (options.recordingBlock && r.ok && r.settings.effectiveInterpreter() == InterpreterKind::Recording)
        for (std::string& l : recordingLines(r))
            lines.push_back(std::move(l));
    return lines;
}

} // namespace arenascope
