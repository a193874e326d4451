#pragma once
// What a device log says about the arena, as typed facts: each line TFLM prints about
// allocation (and the few lines firmware prints around AllocateTensors) becomes one LogFact
// with its numbers by name. Everything else in the log is counted, never interpreted.
//
//   "Failed to resize buffer. Requested: 19440, available 11876, missing: 7564"
//     -> LogFact{kind = ResizeFailed, requested = 19440, available = 11876, missing = 7564}
//
// A log holds one or more attempts (a boot that runs AllocateTensors once; a reboot loop
// prints the same attempt again): `attempts` groups the facts by attempt.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

enum class FactKind {
    ResizeFailed, // the head (memory plan, scratch requests) did not fit: requested, available, missing
    TailFailed, // a persistent allocation did not fit: requested, available, missing
    TempFailed, // a temporary allocation did not fit: requested, available, missing
    PlanTooLarge, // before 2022-03: the plan did not fit (bytes = needed, available)
    AllocationStepFailed, // "Failed to allocate memory for X[, N bytes required]" and the like (subject, bytes)
    TensorStepFailed, // "Failed to initialize output tensor 3" and the like (subject, index)
    TempNotFreed, // temp buffers still held when the head was reset (count, status)
    AllocatorInternal, // "Internal error: either buffer is not resizable or ..."
    ScratchLimit, // more scratch requests than TFLM allows per operator (count)
    PrepareFailed, // "Node CONV_2D (number 3) failed to prepare with status 1" (op, node, status)
    KernelCheck, // a kernel's check in Prepare: "<file>:<line> <condition> was not true." (subject)
    KernelMessage, // a kernel's own message right before "failed to prepare" (subject)
    UnresolvedOp, // an operator the op resolver has no kernel for (op)
    ResourceVariables, // resource variables missing or exhausted (subject, count)
    AllocateTensorsFailed, // the firmware's own "AllocateTensors() failed" (no numbers)
    RecordingTotal, // RecordingMicroAllocator::PrintAllocations: "Arena allocation total N bytes"
    RecordingHead, // "... head N bytes"
    RecordingTail, // "... tail N bytes"
    RecordingCategory, // "'Persistent buffer data' used U bytes ... (requested R bytes for C allocations)"
    PlanBuffer, // GreedyMemoryPlanner::PrintMemoryPlan: "3 (id=3): size=16, offset=4000, first_used=3 last_used=4"
    PlanRow, // the plan's chart, one row per step: "   2: 0000...2222 (6k)" (index = step, bytes = k)
    Count_,
};

// The fact kinds' names, for JSON ("resize_failed") and tests.
std::string_view factKindName(FactKind kind);

struct LogFact {
    FactKind kind = FactKind::AllocateTensorsFailed;
    std::size_t line = 0; // 1-based line of the log
    std::string text; // the line without device prefixes: TFLM's own words
    std::string_view wording; // the wording row it matched (log_wordings.h): "resize", "prepare_stray_f", ...
    std::optional<std::uint64_t> requested, available, missing; // allocator failures (bytes)
    std::optional<std::uint64_t> bytes; // a size the line states (recording totals, plan buffers, N bytes required)
    std::optional<std::uint64_t> used, count; // recording categories; counts
    std::optional<std::int64_t> index; // node number, tensor index, plan buffer id, chart step
    std::optional<std::int64_t> status, offset, firstUsed, lastUsed, subgraph, tensor;
    std::string op; // operator name ("CONV_2D")
    std::string subject; // what the line is about: "memory planning", "'Persistent buffer data'", a check
    // A number no TFLM build prints (above 4,294,967,295: TFLM prints sizes with %u), or an
    // allocator line whose missing is not requested - available.
    std::string impossible;

    // Equal as TFLM would print them: kind, wording and every number and name.
    bool sameAs(const LogFact& other) const;
    // Equal up to wording (a snapshot's spelling): kind, numbers and names.
    bool sameNumbersAs(const LogFact& other) const;
};

// One AllocateTensors as the log shows it: the facts from its first TFLM line to the line that
// ends it (the firmware's "AllocateTensors() failed", a Prepare failure, the recording block).
struct LogAttempt {
    std::vector<std::size_t> facts; // indices into ParsedLog::facts
    std::size_t repeats = 1; // identical attempts later in the log (a reboot loop) folded into this one
    bool failed() const { return failedFlag; }
    bool failedFlag = false;
};

struct IgnoredLine {
    std::size_t line = 0;
    std::string text; // cut to 200 bytes
};

struct ParsedLog {
    std::vector<LogFact> facts;
    std::vector<LogAttempt> attempts; // distinct attempts, in the order they first appear
    std::size_t lines = 0; // lines read
    std::size_t ignoredLines = 0; // lines that are not about the arena (blank lines not counted)
    std::vector<IgnoredLine> ignoredSample; // the first ignored lines, for the reader
    std::uint64_t bytesRead = 0;
    // Why reading stopped early or what was left out ("read the first 256 MiB of 1.0 GiB"), one
    // sentence each.
    std::vector<std::string> notes;
    // The facts of attempt `a`, in log order.
    std::vector<const LogFact*> attemptFacts(std::size_t a) const;
};

} // namespace arenascope
