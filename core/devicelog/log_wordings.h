#pragma once
// Every line TFLM prints about allocation, in the wording of each snapshot, as data: the printf
// format TFLM passes to MicroPrintf, which fact it becomes, which of the fact's fields each
// conversion fills, and which builds print it (a wording changed by an upstream commit is two
// rows). Older wordings than any snapshot ArenaScope emulates are rows too, so their lines are
// recognised and dated.
//
//   fields: one letter per conversion, in order:
//     R requested  A available  M missing  B bytes  U used  C count  I index  S status
//     O offset  F first_used  L last_used  G subgraph  T tensor  o operator  s subject  - ignored
//
// Usage:
//   if (auto fact = matchWording(line)) facts.push_back(*fact);
//   for (const Wording& w : wordings()) if (w.printedBy && !w.printedBy(v)) ...

#include "log_facts.h"

#include "core/emulation/tflm_version.h"

#include <optional>
#include <span>
#include <string_view>

namespace arenascope {

struct Wording {
    std::string_view id; // "resize", "prepare_stray_f": LogFact::wording
    FactKind kind;
    std::string_view format; // TFLM's format: %u %d %s %c, %4d (right-aligned), literal text
    std::string_view fields; // see above
    std::string_view subject; // the fact's subject when no conversion gives one
    // Which emulated snapshots print it; nullptr: every one. A wording no emulated snapshot
    // prints has `printedBy` returning false for all and `until` naming when it went away.
    bool (*printedBy)(TflmVersion) = nullptr;
    std::string_view until; // "2022-03-01 (tflite-micro 8c41f9606)": for wordings older than every snapshot
    std::string_view source; // the TFLM file that prints it, for the explanation
};

std::span<const Wording> wordings();
const Wording* findWording(std::string_view id);

// The fact `line` states (its text already free of device prefixes), or nullopt. `line` is a
// whole line; trailing spaces do not matter.
std::optional<LogFact> matchWording(std::string_view line);

// Whether `line` looks like the firmware's own report that AllocateTensors failed
// ("AllocateTensors() failed", ESPHome's "Failed to allocate tensors for the streaming model").
bool isAllocateTensorsFailedLine(std::string_view line);

// A TF_LITE_ENSURE line ("tensorflow/lite/micro/kernels/conv.cc:94 input->type == ... was not true."):
// the fact with subject = the text after "file:line ".
std::optional<LogFact> matchKernelCheck(std::string_view line);

// GreedyMemoryPlanner::PrintMemoryPlan's format at snapshot `v`: chart rows "%4d: " and buffer
// names wrapping past 61 since tflite-micro b2f27186d (2024-12-14); before, " %d: " / "%d: " and '*'.
bool planPrintIsNew(TflmVersion v);

// A line in a wording older than every snapshot, as the emulated snapshots word the same event
// ("Failed to set head size" -> "Failed to resize buffer", the old planner's "Needed N but only
// M" -> a resize of N with M available); nullopt for every other fact.
std::optional<LogFact> modernEquivalent(const LogFact& fact);

// The snapshots (ids, oldest first) that print the fact's wording, e.g. "4e62ea7b, 71fba59b, 10ebaab9".
std::string wordingSnapshots(const Wording& w);

} // namespace arenascope
