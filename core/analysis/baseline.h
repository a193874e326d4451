#pragma once
// What a CI baseline records about one model under one configuration, and how a later
// measurement is judged against it.
//
// A baseline entry holds the figures `plan --json` reports (smallest arena, and in the
// measuring arena: used, head, tail, temp peak) and the items they are made of
// (operator_costs.h), so a check can say what grew, not only by how much.
//
// Usage:
//   BaselineEntry now = measureEntry(path, sha256, model, settings, configurationText(settings));
//   BaselineJudgement j = judge(&before, &now, growthLimit, budget);
//   if (j.regression) ...; for (const CostChange& c : j.grew) std::cout << c.text();

#include "operator_costs.h"

#include "core/model/model.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct BaselineEntry {
    std::string model; // the path as given on the command line (the key, with configuration)
    // Several models in one arena (shared_arena_analysis.h): their paths in the order they are
    // built; `model` is then "a.tflite + b.tflite" and `sha256` their hashes joined by "+".
    std::vector<std::string> sharedArena;
    std::string sha256; // of the model file's bytes
    std::string configuration; // canonical text (configuration.h)
    std::string tflm; // the TFLM source the figures follow (provenance.h emulatedTflm)
    // The smallest arena in which AllocateTensors succeeds; none when no size helps (an
    // unregistered operator, an unsupported type): then `message` is TFLM's.
    std::optional<std::uint64_t> minArenaBytes;
    std::string message;
    std::uint64_t arenaUsedBytes = 0; // in the measuring arena, as plan --json
    std::uint64_t headBytes = 0;
    std::uint64_t tailBytes = 0;
    std::uint64_t tempPeakBytes = 0;
    std::vector<CostItem> items;
};

// Measures `model` (read from `path`, whose bytes hash to `sha256`) under `settings`
// (arenaSize ignored), as `plan --json` does; `configuration` is the settings' canonical text.
BaselineEntry measureEntry(const std::string& path, const std::string& sha256, const ModelPtr& model,
    const EmulationSettings& settings, const std::string& configuration);

// The same for several models in one arena, in the order given (paths, hashes and models in step).
// Its items: each model's plan and the tail it adds ("kws.tflite: tail added").
BaselineEntry measureSharedEntry(const std::vector<std::string>& paths, const std::vector<std::string>& sha256s,
    const std::vector<ModelPtr>& models, const EmulationSettings& settings, const std::string& configuration);
// "a.tflite + b.tflite": a group's key.
std::string sharedArenaKey(const std::vector<std::string>& paths);

// How much a model may grow before a check fails: bytes, or a percentage of the baseline's
// smallest arena. Default: no growth at all.
struct GrowthLimit {
    std::uint64_t bytes = 0;
    std::optional<double> percent;
    bool allows(std::uint64_t before, std::uint64_t after) const;
    std::string text() const; // "0 B", "2,048 B", "5%"
};
// "2048", "2K", "5%" -> a limit; nullopt on bad text.
std::optional<GrowthLimit> parseGrowthLimit(const std::string& text);

enum class CheckOutcome {
    Same, // no change
    Shrank,
    GrewWithinLimit,
    Grew, // beyond the growth limit: a regression
    OverBudget, // the smallest arena exceeds the budget: a regression
    NoLongerAllocates, // allocated in the baseline, fails at every size now: a regression
    StillFails, // failed in the baseline and still fails (the same message or not)
    NowAllocates, // failed in the baseline, allocates now
    NotInBaseline, // measured now, absent from the baseline: a regression until recorded
    ModelGone, // in the baseline, but the model was not given or cannot be read: a regression
};
std::string_view checkOutcomeText(CheckOutcome o); // "grew", "over budget", ...

struct BaselineJudgement {
    CheckOutcome outcome = CheckOutcome::Same;
    bool regression = false;
    std::optional<std::uint64_t> before; // smallest arenas
    std::optional<std::uint64_t> after;
    std::optional<std::int64_t> delta() const;
    std::vector<CostChange> grew; // items that grew or appeared, largest first
    std::vector<CostChange> shrank; // items that shrank or disappeared
    std::string note; // the failure message, the reason a model is gone, a changed sha256
};

// `before` or `now` absent: NotInBaseline / ModelGone (with `goneReason` as the note).
BaselineJudgement judge(const BaselineEntry* before, const BaselineEntry* now, const GrowthLimit& limit,
    std::optional<std::uint64_t> budget, const std::string& goneReason = {});

} // namespace arenascope
