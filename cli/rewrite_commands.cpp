// The commands that write models: optimize and reorder (the model rewritten), make-example and
// make-lessons (models built in code).
#include "commands.h"
#include "settings_options.h"

#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"
#include "core/analysis/reorder.h"
#include "core/model/example_model.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/util/exit_codes.h"
#include "core/util/format.h"

#include <filesystem>

namespace arenascope {

namespace {

int writeModel(const std::string& path, const std::vector<std::uint8_t>& bytes, std::ostream& out, std::ostream& err)
{
    if (auto st = writeFileAtomically(path, std::string(bytes.begin(), bytes.end())); !st) {
        err << "arenascope: " << describe(st.error()) << "\n";
        return kExitBadInput;
    }
    out << "wrote " << path << " (" << bytes.size() << " bytes)\n";
    return kExitOk;
}

int writeRewritten(
    const std::string& output, const std::vector<std::uint8_t>& bytes, std::ostream& out, std::ostream& err)
{
    if (auto st = writeFileAtomically(output, std::string(bytes.begin(), bytes.end())); !st) {
        err << "arenascope: " << describe(st.error()) << "\n";
        return kExitBadInput;
    }
    out << "wrote " << output << "\n";
    return kExitOk;
}

// optimize and reorder: MODEL.tflite --out OUT.tflite [options]; the settings, then the model.
struct RewriteInput {
    ModelPtr model;
    std::string output;
    EmulationSettings settings;
};

int loadRewriteInput(const ParsedArgs& a, std::string_view command, RewriteInput& in, std::ostream& err)
{
    if (a.operands.size() > 1)
        return usageError(err, command, "more than one model given");
    if (a.operands.empty() || !a.value("--out"))
        return usageError(err, command, std::string(command) + " needs a model and --out OUT.tflite");
    if (a.configs.size() > 1)
        return usageError(err, command, std::string(command) + " takes one --config");
    in.output = *a.value("--out");
    auto settings = settingsWithConfiguration(a.configs.empty() ? std::string() : a.configs.front(), a.settingsArgs);
    if (!settings)
        return usageError(err, command, describe(settings.error()));
    in.settings = settings.value();
    auto loaded = loadModelFile(a.operands.front());
    if (!loaded) {
        err << "arenascope: " << describe(loaded.error()) << "\n";
        return kExitBadInput;
    }
    in.model = loaded.value();
    return kExitOk;
}

} // namespace

int runOptimize(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    RewriteInput in;
    if (int rc = loadRewriteInput(a, "optimize", in, err); rc != kExitOk)
        return rc;
    auto r = optimizeModel(*in.model, in.settings);
    if (!r) {
        err << "arenascope: " << describe(r.error()) << "\n";
        return kExitBadInput;
    }
    const OptimizationResult& opt = r.value();
    out << "head with TFLM's greedy plan:  " << opt.headBefore << " bytes\n";
    if (!opt.improved()) {
        out << "no smaller plan found: TFLM's greedy plan stays (nothing written)\n";
        return kExitOk;
    }
    out << "head with the offline plan:    " << opt.headAfter << " bytes (" << opt.strategy << ")\n";
    for (const std::string& b : opt.stayOnline)
        out << "planned online:                " << b << " (TFLM plans scratch buffers online)\n";
    out << "saved:                         " << (opt.headBefore - opt.headAfter) << " bytes\n";
    if (opt.minArenaBefore && opt.minArenaAfter)
        out << "smallest arena:                " << *opt.minArenaBefore << " -> " << *opt.minArenaAfter << " bytes\n";
    return writeRewritten(in.output, opt.modelBytes, out, err);
}

int runReorder(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    RewriteInput in;
    if (int rc = loadRewriteInput(a, "reorder", in, err); rc != kExitOk)
        return rc;
    auto r = reorderOperators(*in.model, in.settings);
    if (!r) {
        err << "arenascope: " << describe(r.error()) << "\n";
        return kExitBadInput;
    }
    const ReorderResult& re = r.value();
    out << "peak live bytes, stored order:  " << formatBytes(re.peakBefore) << "\n";
    if (!re.improved()) {
        out << "no better operator order found" << (re.exact ? " (every order considered)" : "")
            << ": nothing written\n";
        return kExitOk;
    }
    out << "peak live bytes, new order:     " << formatBytes(re.peakAfter) << (re.exact ? " (the best order)" : "")
        << "\n";
    out << "operator order:                ";
    for (std::int32_t k : re.order)
        out << " " << k;
    out << "\n";
    out << "head (TFLM's greedy plan):      " << formatBytes(static_cast<std::uint64_t>(re.headBefore)) << " -> "
        << formatBytes(static_cast<std::uint64_t>(re.headAfter)) << "\n";
    if (re.minArenaBefore && re.minArenaAfter)
        out << "smallest arena:                 " << formatBytes(*re.minArenaBefore) << " -> "
            << formatBytes(*re.minArenaAfter) << "\n";
    return writeRewritten(in.output, re.modelBytes, out, err);
}

int runMakeExample(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.operands.size() != 1)
        return usageError(err, "make-example", "make-example needs one output path");
    return writeModel(a.operands.front(), buildExampleModel(), out, err);
}

int runMakeLessons(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.operands.size() != 1)
        return usageError(err, "make-lessons", "make-lessons needs an output folder");
    for (const Lesson& lesson : lessons())
        if (int rc
            = writeModel((std::filesystem::path(a.operands.front()) / (std::string(lesson.id) + ".tflite")).string(),
                lesson.build(), out, err);
            rc != kExitOk)
            return rc;
    return kExitOk;
}

} // namespace arenascope
