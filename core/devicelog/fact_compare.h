#pragma once
// Whether an emulation reproduces an attempt of a log: every fact the log states, in order,
// among the lines the emulated build prints (a pasted excerpt may leave lines out, never add
// one), and the same outcome (a failure when the log shows one, success when it shows none).
//
// Usage:
//   const AttemptFacts attempt = attemptOf(log, 0);
//   const FactComparison c = compareAttempt(attempt, *emulate(model, settings));
//   if (c.reproduced) ...

#include "emulated_log.h"
#include "log_facts.h"

#include "core/emulation/emulation_result.h"

#include <optional>
#include <string>
#include <vector>

namespace arenascope {

// One attempt's facts as the search needs them.
struct AttemptFacts {
    std::vector<LogFact> facts; // TFLM's lines (the firmware's own line left out)
    bool failed = false; // the log shows a failure (a TFLM failure line or the firmware's line)
    EmulatedLogOptions options; // the plan print or recording block appear in it
    // The first allocator failure with its numbers (resize, tail, temp), if any: where the
    // arena size is solved from.
    std::optional<LogFact> primary;
};

AttemptFacts attemptOf(const ParsedLog& log, std::size_t attempt);

struct FactComparison {
    bool reproduced = false; // every fact, in order, and the outcome
    bool exact = false; // and no line the emulation prints is missing from the log
    // How far it got: the log's facts reproduced in order before the first that is not.
    std::size_t reproducedFacts = 0;
    std::optional<std::size_t> firstDifferent; // index into AttemptFacts::facts
    std::string emulatedInstead; // what the emulation prints where the log differs ("" nothing)
    std::string why; // one sentence when it is not reproduced
    std::vector<std::string> emulatedLines; // everything the emulation prints
    // Log facts taken as the kernel's own null check of a temp tensor that did not fit
    // ("<file>:<line> output != nullptr was not true."): TFLM's kernel prints it after the
    // allocator's lines; the emulation places the failure but not the kernel's check (indices
    // into AttemptFacts::facts).
    std::vector<std::size_t> implied;
};

FactComparison compareAttempt(const AttemptFacts& attempt, const EmulationResult& result);

// The emulation's own first allocator failure line as a fact (numbers only), if it has one.
std::optional<LogFact> emulatedPrimary(const EmulationResult& result);

} // namespace arenascope
