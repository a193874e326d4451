#pragma once
// What `arenascope check` prints and writes: a Markdown table fit to paste into a pull-request
// comment (model, configuration, before, after, delta, verdict; then what grew, item by item)
// and JUnit XML (one test case per model x configuration) for CI test reporters.
//
// Usage:
//   std::vector<CheckRow> rows = ...; // one per model x configuration, baseline order
//   std::cout << checkMarkdown(rows, limit, budget);
//   writeFileAtomically("arena.xml", checkJunit(rows, limit, budget));

#include "core/analysis/baseline.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arenascope {

struct CheckRow {
    std::string model;
    std::string configuration;
    BaselineJudgement judgement;
};

std::size_t regressionCount(const std::vector<CheckRow>& rows);

std::string checkMarkdown(
    const std::vector<CheckRow>& rows, const GrowthLimit& limit, std::optional<std::uint64_t> budget);
std::string checkJunit(
    const std::vector<CheckRow>& rows, const GrowthLimit& limit, std::optional<std::uint64_t> budget);

} // namespace arenascope
