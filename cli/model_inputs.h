#pragma once
// The models a batch command works on: files as given, folders searched (recursively) for
// .tflite files in sorted order; their analyses on every core, and the terminal progress line
// batch work prints.

#include "core/model/model.h"
#include "core/report/batch_table.h"
#include "core/util/result.h"

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

// Paths as given; a folder becomes its .tflite files ("models/kws.tflite"). An error names a
// folder holding none.
Result<std::vector<std::string>> expandModelPaths(const std::vector<std::string>& args);

// Every model x configuration analysed on every core, in model-major order (row k: model
// k / configs.size(), configuration k % configs.size()); a model that cannot be loaded gives
// rows without an analysis, with its error. A progress line on a terminal (`err`).
std::vector<BatchRow> analyzeBatch(
    const std::vector<std::string>& paths, const std::vector<EmulationSettings>& configs, std::ostream& err);

// "[12/40] models/kws.tflite" rewritten in place on a terminal; silent when `err` is not the
// process's stderr or stderr is not a terminal (CI logs, pipes).
class ProgressLine {
public:
    ProgressLine(std::ostream& err, std::size_t total);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    void update(std::size_t done);

private:
    std::ostream& m_err;
    std::size_t m_total;
    bool m_enabled;
    bool m_drawn = false;
};

} // namespace arenascope
