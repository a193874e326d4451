#pragma once
// The TFLM a user has, named the way they know it: "Zephyr 4.4", "esp-tflite-micro 1.3.5",
// "the Arduino library". Each distribution vendors (or pins) one tflite-micro commit; the table
// (tflm_distributions.cpp, one row per name) says which, how that was established (the
// distribution's TFLM files compared with upstream commits) and which snapshot ArenaScope
// emulates it as. A distribution whose commit lies between two snapshots is emulated as the
// nearer one and says what differs (the dated changes of tflm_changes.h between the two, and
// checks that print another file:line); one whose TFLM files are a snapshot's is exact.
//
// Usage:
//   const TflmResolution r = resolveTflm("Zephyr-v4.4");
//   if (r.version) settings.tflm = *r.version;           // TflmVersion::V2026_08
//   else if (!r.candidates.empty()) ask(r.candidates);   // an ambiguous prefix ("zephyr-4")

#include "tflm_version.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

struct TflmDistribution {
    std::string_view name; // what --tflm and the `tflm` key take: "zephyr-4.4" (lower case)
    std::string_view title; // "Zephyr 4.4"
    TflmVersion snapshot; // what it is emulated as
    std::string_view upstream; // the tflite-micro commit its TFLM files equal (9 hex digits)
    std::string_view upstreamDate; // that commit's date, "2026-02-12"
    std::string_view evidence; // which files were compared with what
    std::string_view differs; // empty when exact; otherwise what differs from `snapshot`
    bool exact() const { return differs.empty(); }
};

std::span<const TflmDistribution> tflmDistributions(); // newest snapshot first, then by name
const TflmDistribution* findTflmDistribution(std::string_view name); // exact name only

// What --tflm NAME resolves to: a snapshot (its commit prefix, a date prefix, "newest") or a
// distribution, case-insensitive, a "v" before a version accepted ("zephyr-v4.4", "V1.3.5"),
// a unique prefix too ("pico"). An ambiguous prefix gives the candidates; an unknown name
// gives nothing.
struct TflmResolution {
    std::optional<TflmVersion> version;
    const TflmDistribution* distribution = nullptr; // when a distribution was named
    std::vector<std::string_view> candidates; // an ambiguous prefix: the names it starts
};
TflmResolution resolveTflm(std::string_view text);

// "zephyr-4.4 = 90b983c2 (Zephyr 4.4; tflite-micro f2b2b3f5, 2026-02-12)" lines, one per
// distribution, with the evidence and what differs indented below each.
std::string tflmDistributionList();
std::string tflmDistributionNames(); // "zephyr-4.4|esp-tflite-micro-1.3.8|..."
// "Zephyr 4.4 (= 90b983c2)", or "NXP MCUXpresso SDK 25.09 (~ 10ebaab9)" when not exact.
std::string tflmDistributionLabel(const TflmDistribution& d);

} // namespace arenascope
