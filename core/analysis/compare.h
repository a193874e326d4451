#pragma once
// Two configurations side by side: two models, or one model under two settings (planner,
// target, kernels, CPU, interpreter, order...). Every quantity for both and the difference,
// labelled by what differs. `arenascope compare` prints it; the GUI's compare view shows it.
//
// Usage:
//   const Comparison c = compareAnalyses(*a, *b);
//   std::cout << comparisonText(c); // core/report/compare_report.h

#include "analysis.h"
#include "operator_costs.h"

#include "core/emulation/tflm_changes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct CompareRow {
    std::string quantity; // "smallest arena"
    std::optional<std::uint64_t> a;
    std::optional<std::uint64_t> b;
    std::optional<std::int64_t> delta() const
    {
        if (!a || !b)
            return std::nullopt;
        return static_cast<std::int64_t>(*b) - static_cast<std::int64_t>(*a);
    }
    // As every view writes them: "82,296 B", the delta signed ("+20 B", "-7,680 B", "0 B"),
    // "n/a" when a side has no such figure.
    std::string aText() const;
    std::string bText() const;
    std::string deltaText() const;
};

struct Comparison {
    std::string labelA; // what sets A apart: "cortex-m" or "person_detect.tflite"
    std::string labelB;
    std::vector<CompareRow> rows;
    // What makes the difference, item by item (operator_costs.h), largest change first.
    std::vector<CostChange> changes;
    // The upstream TFLM commits between A's and B's snapshots that change AllocateTensors
    // (tflm_changes.h), oldest first; empty when both use the same snapshot.
    std::vector<TflmChangeInfo> tflmChanges;
};

Comparison compareAnalyses(const Analysis& a, const Analysis& b);
// Written out by core/report/compare_report.h.

} // namespace arenascope
