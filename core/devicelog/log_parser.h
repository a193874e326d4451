#pragma once
// A device log to facts: each line that states something about the arena in TFLM's words (any
// snapshot's wording, log_wordings.h), the kernel check or message right before a Prepare
// failure, and the firmware's own "AllocateTensors() failed"; the rest is counted. The facts
// are grouped into attempts (one AllocateTensors each); a reboot loop's repeats are folded.
//
// Usage:
//   std::ifstream in(path, std::ios::binary);
//   auto log = parseDeviceLog(in);
//   if (!log) report(log.error().message);            // binary input, nothing readable
//   for (const LogFact& f : log.value().facts) ...

#include "log_facts.h"
#include "log_reader.h"

#include "core/util/result.h"

#include <istream>
#include <string_view>

namespace arenascope {

struct LogParseLimits {
    LogReadLimits read;
    std::size_t maxFacts = 20'000; // facts kept; more are counted as ignored, with a note
    std::size_t maxAttempts = 16; // distinct attempts kept
};

Result<ParsedLog> parseDeviceLog(std::istream& in, const LogParseLimits& limits = {});
Result<ParsedLog> parseDeviceLogText(std::string_view text, const LogParseLimits& limits = {});

// The facts of some lines TFLM printed, in order (no attempts, no limits): what an emulation's
// lines become so they compare with a log's facts.
std::vector<LogFact> factsOfLines(const std::vector<std::string>& lines);

} // namespace arenascope
