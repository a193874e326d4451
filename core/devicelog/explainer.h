#pragma once
// Which build printed a device log, at which arena size, and what that build needs.
//
// Given the log's facts (log_parser.h) and the model, every configuration ArenaScope emulates
// (config_space.h) is run once in a large arena; configurations whose runs are identical in every
// allocation and message are searched as one. For each, the arena size is solved from the facts
// (size_solver.h) and every size kept was emulated and reproduces every fact of every attempt:
// there is no partial match. Matching builds come with the smallest arena they need, what the
// other esp-nn versions and TFLM snapshots of the same build need, and a test that tells the
// matches apart; no match comes with the nearest configuration and the fact that differs.
//
// The search is bounded (ExplainOptions::budget, cancel) and reports what it did not finish.
//
// Usage:
//   auto log = parseDeviceLog(in);
//   ExplainOptions options; options.declaredArenaBytes = 26080;
//   auto result = explainLog(std::move(log.value()), model, options);
//   for (const ExplainMatch& m : result->matches) std::cout << m.title << " " << m.arenaBytes() << "\n";

#include "config_space.h"
#include "log_facts.h"
#include "size_solver.h"

#include "core/model/model.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct ExplainOptions {
    ConfigConstraints fixed; // what the user knows of the build
    // The arena the firmware declares, when the user knows it: the arena offset is solved instead.
    std::optional<std::uint64_t> declaredArenaBytes;
    std::chrono::milliseconds budget { 30'000 };
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(double)> progress; // fraction done, from any thread
    unsigned workers = 0; // 0: every core
    std::size_t detailedMatches = 6; // matches given their smallest arena (and other versions)
    bool otherVersions = true; // what the other esp-nn versions and TFLM snapshots of a match need
};

// The same build at another esp-nn version or TFLM snapshot: what it needs, and whether the
// device's arena would have been enough.
struct OtherVersion {
    EmulationSettings settings;
    std::string label; // "esp-nn 1.2.0", "TFLM 71fba59b (2024-05)"
    std::optional<std::uint64_t> minArenaBytes;
    bool fitsDeviceArena = false;
};

struct ExplainMatch {
    EmulationSettings settings; // arenaSize: the device's arena (the smallest that reproduces)
    std::string configuration; // explicitConfigurationText(settings)
    std::string title; // "ESP32-S3 with esp-nn 1.2.3, TFLM 10ebaab9 (esp-tflite-micro 1.3.3 ...)"
    // Other configurations that emulate identically (another esp-nn version, the other planner
    // on a model where both plan alike...), each a match too.
    std::vector<EmulationSettings> alike;
    std::vector<SizeRange> sizes; // attempt 0's arena sizes (device bytes at settings.arenaOffset)
    std::vector<std::vector<SizeRange>> attemptSizes; // every attempt's
    // With a declared arena: the arena offsets at which it reproduces (settings has the first).
    std::vector<std::uint32_t> offsets;
    bool exact = false; // the log shows every line this build prints
    bool detailed = false; // among the first (ExplainOptions::detailedMatches): the figures below are filled
    std::optional<std::uint64_t> minArenaBytes; // this build's smallest arena
    std::vector<OtherVersion> otherVersions;
    std::vector<std::string> emulatedLines; // attempt 0 at the device's arena, as the build prints it
    // Lines of attempt 0 taken as the kernel's null check of the temp tensor that did not fit: TFLM's
    // kernels print it, the emulation does not place its file and line (fact_compare.h).
    std::vector<std::size_t> impliedLines;
    std::uint64_t arenaBytes() const { return settings.arenaSize.value_or(0); }
};

struct ExplainResult {
    ParsedLog log;
    bool modelGiven = false;
    std::vector<std::size_t> explainedAttempts; // attempts with TFLM lines, the ones searched
    std::vector<ExplainMatch> matches;
    // When nothing matches: the configuration that came closest, the size tried and what differs.
    std::optional<ExplainMatch> nearest;
    std::optional<std::size_t> nearestAttempt;
    std::optional<std::size_t> nearestFact; // index into the attempt's facts (AttemptFacts)
    std::string nearestWhy;
    // How to tell the matches apart: an arena size at which they print different things.
    std::string tellApart;
    std::vector<std::string> notes; // the search's limits, wordings older than every snapshot, ...
    std::size_t configurations = 0; // configurations considered
    std::size_t distinctRuns = 0; // after folding identical ones
    std::size_t emulations = 0;
    double seconds = 0;
    bool timedOut = false;
    bool cancelled = false;
};

using ExplainResultPtr = std::shared_ptr<const ExplainResult>;

// `model` may be null: the log's lines are then only explained in words (fact_text.h).
ExplainResultPtr explainLog(ParsedLog log, const ModelPtr& model, const ExplainOptions& options = {});

} // namespace arenascope
