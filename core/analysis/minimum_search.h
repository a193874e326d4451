#pragma once
// The search for the smallest arena, for one model (analysis.h) or several in one arena
// (shared_arena_analysis.h). It bisects over sizes and then checks the 16 bytes below the size
// found: success is monotonic in the size only within one residue class mod 16 (the tail
// aligns from the arena's end), so a smaller working size, if any, lies within 16 bytes.
//
// Each size is answered by a SizeProbe: by replaying a trace of allocator calls when it has
// one (arena_trace.h; nanoseconds per call), else by emulating. A replayed answer is confirmed
// by emulation where it decides the result: the size found works and the byte below does not;
// on a disagreement (a bug in the replay) the search runs again by emulation alone.

#include "core/arena/arena_trace.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

namespace arenascope {

struct SizeProbe {
    // The truth at one size (an emulation).
    std::function<bool(std::uint64_t size)> emulate;
    // The same from a replay, when the probe has a trace; nullopt: ask `emulate`.
    std::function<std::optional<bool>(std::uint64_t size)> replay;
};

struct MinimumSearch {
    std::optional<std::uint64_t> bytes;
    bool exact = true; // false: a deadline or a cancel stopped it; `bytes` works, a smaller one may too
};

// The smallest size in [1, ceiling] that works, or none when `ceiling` does not.
// `progress` (if given) hears the fraction done after each size tried.
MinimumSearch searchSmallestSize(const SizeProbe& probe, std::uint64_t ceiling,
    std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt,
    const std::atomic<bool>* cancel = nullptr, const std::function<void(double)>& progress = {});

// A replay of `trace` (when complete) for a single arena whose start loses `loss` bytes to
// alignment, or for split arenas (`nonPersistentBytes` set: the size is the persistent arena's,
// or with `sizeIsNonPersistent` the non-persistent one's); only the first `stepLimit` steps.
struct ReplayShape {
    std::uint64_t loss = 0;
    std::optional<std::uint64_t> persistentBytes; // split arenas, the non-persistent one sized
    std::optional<std::uint64_t> nonPersistentBytes; // split arenas, the persistent one sized
    std::size_t stepLimit = SIZE_MAX;
    bool allowOverwrite = true; // false: a tail over live temp memory counts as not working
};
std::function<std::optional<bool>(std::uint64_t)> replayProbe(const ArenaTrace* trace, ReplayShape shape);

} // namespace arenascope
