#include "model_inputs.h"

#include "configuration.h"

#include "core/model/loader.h"
#include "core/util/parallel.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include <unistd.h>

namespace arenascope {

Result<std::vector<std::string>> expandModelPaths(const std::vector<std::string>& args)
{
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    for (const std::string& arg : args) {
        std::error_code ec;
        if (!fs::is_directory(arg, ec)) {
            out.push_back(arg);
            continue;
        }
        std::vector<std::string> found;
        for (auto it = fs::recursive_directory_iterator(arg, fs::directory_options::skip_permission_denied, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            std::error_code fileEc;
            if (it->is_regular_file(fileEc) && it->path().extension() == ".tflite")
                found.push_back(it->path().generic_string());
        }
        if (ec)
            return makeError(ErrorCode::Io, "cannot list the folder: " + ec.message(), arg);
        if (found.empty())
            return makeError(ErrorCode::Io, "the folder holds no .tflite model", arg);
        std::sort(found.begin(), found.end());
        out.insert(out.end(), found.begin(), found.end());
    }
    return out;
}

std::vector<BatchRow> analyzeBatch(
    const std::vector<std::string>& paths, const std::vector<EmulationSettings>& configs, std::ostream& err)
{
    std::vector<ModelPtr> models(paths.size());
    std::vector<std::string> loadErrors(paths.size());
    parallelFor(paths.size(), [&](std::size_t i) {
        auto m = loadModelFile(paths[i]);
        if (m)
            models[i] = m.value();
        else
            loadErrors[i] = m.error().message;
    });
    std::vector<BatchRow> rows;
    for (std::size_t m = 0; m < paths.size(); ++m)
        for (const EmulationSettings& c : configs)
            rows.push_back(BatchRow { paths[m], configurationText(c), nullptr, loadErrors[m] });
    ProgressLine progress(err, rows.size());
    parallelFor(
        rows.size(),
        [&](std::size_t k) {
            if (const ModelPtr& model = models[k / configs.size()])
                rows[k].analysis = analyze(model, configs[k % configs.size()]);
        },
        [&](std::size_t done) { progress.update(done); });
    return rows;
}

ProgressLine::ProgressLine(std::ostream& err, std::size_t total)
    : m_err(err)
    , m_total(total)
    , m_enabled(&err == &std::cerr && isatty(STDERR_FILENO) == 1 && total > 1)
{
}

ProgressLine::~ProgressLine()
{
    if (m_drawn)
        m_err << "\r\033[K" << std::flush;
}

void ProgressLine::update(std::size_t done)
{
    if (!m_enabled)
        return;
    m_err << "\r\033[Kanalysing: " << done << "/" << m_total << std::flush;
    m_drawn = true;
}

} // namespace arenascope
