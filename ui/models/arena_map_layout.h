#pragma once
// The arena as one bar from offset 0 to the arena size: which byte ranges hold planned
// buffers (at a step, or all), temp, free space, and tail allocations by category, with
// alignment padding as separate segments. Pure data: painted by views/arena_map_view.

#include "core/analysis/analysis.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arenascope {

struct ArenaSegment {
    enum class Kind { Buffer, Padding, TempPeak, Free, Tail, Overflow };
    Kind kind = Kind::Free;
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
    Category category = Category::PlannedHead; // for Tail segments
    int plannedBuffer = -1; // for Buffer / Padding segments of the head
    const char* note = nullptr; // a fixed description ("alignment padding"), or none
    int event = -1; // the allocation event it comes from (atSize->events)
};

struct ArenaMapLayout {
    std::uint64_t arenaBytes = 0;
    std::uint64_t headEnd = 0;
    std::uint64_t tailBegin = 0;
    std::vector<ArenaSegment> segments; // sorted by begin

    // `step` < 0: every planned buffer.
    static ArenaMapLayout build(const Analysis& analysis, int step);
    // The arena as it is right after event `event` of the run at the user's size: the tail
    // so far, the head (scratch-request area or, once committed, the plan) and the temp
    // allocations still held by the operator being prepared (or the planner).
    static ArenaMapLayout buildAtEvent(const Analysis& analysis, int event);
    // The segment containing `offset`, or nullptr.
    const ArenaSegment* segmentAt(std::uint64_t offset) const;

    // What each pixel column of a bar shows, as runs of columns to paint in order: segments are
    // laid over each other in order (by offset, the overflow last, so that where the plan runs
    // into the tail stays on top), each at least `minimumWidth` pixels wide; a column shows the
    // last solid segment drawn there (a buffer, a tail allocation), with the last hatched one of
    // each kind (padding, temp, overflow) drawn after it on top. A model of thousands of buffers
    // has many in one column: painting the runs looks the same as painting every segment and
    // costs the width of the bar, not the number of segments. `left`, `width`: the bar along x.
    struct ColumnRun {
        int first = 0; // first column (pixels from the left of the view)
        int end = 0; // one past the last column
        std::size_t segment = 0; // index into `segments`
    };
    std::vector<ColumnRun> columnRuns(double left, double width, double minimumWidth) const;
};

} // namespace arenascope
