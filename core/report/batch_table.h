#pragma once
// One row per model x configuration, for `plan --table md|csv` and `report --table` over many
// models: whether it fits, the smallest arena and the figures plan --json reports.
//
// Usage:
//   std::vector<BatchRow> rows = ...;   // analyses, or a load error
//   std::cout << batchTable(rows, TableFormat::Markdown);

#include "core/analysis/analysis.h"

#include <optional>
#include <string>
#include <vector>

namespace arenascope {

enum class TableFormat { Markdown, Csv };
std::optional<TableFormat> parseTableFormat(const std::string& name); // "md", "csv"

struct BatchRow {
    std::string model; // as given
    std::string configuration; // canonical text
    AnalysisPtr analysis; // nullptr when the model could not be loaded
    std::string error; // why not
};

std::string batchTable(const std::vector<BatchRow>& rows, TableFormat format);

} // namespace arenascope
