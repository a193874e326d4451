#pragma once
// The models a batch command works on: files as given, folders searched (recursively) for
// .tflite files in sorted order, and the terminal progress line batch work prints.

#include "core/model/model.h"
#include "core/util/result.h"

#include <ostream>
#include <string>
#include <vector>

namespace arenascope {

// Paths as given; a folder becomes its .tflite files ("models/kws.tflite"). An error names a
// folder holding none.
Result<std::vector<std::string>> expandModelPaths(const std::vector<std::string>& args);

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
