#include "cli.h"

#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"
#include "core/model/example_model.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/report/csv_report.h"
#include "core/report/plan_report.h"

#include <fstream>

namespace arenascope {

namespace {

const char* kUsage
    = "usage:\n"
      "  arenascope [MODEL.tflite]                 open the desktop app\n"
      "  arenascope info MODEL.tflite [--json]     summarize a model\n"
      "  arenascope plan MODEL.tflite [--target cortex-m|x86_64] [--planner greedy|linear]\n"
      "                  [--interpreter plain|recording] [--preserve-all-tensors]\n"
      "                  [--arena-size N[K|M]] [--non-persistent-arena-size N[K|M]] [--json] [--csv TENSORS.csv]\n"
      "  arenascope make-example OUT.tflite      write the bundled example model\n"
      "  arenascope optimize MODEL.tflite --out OUT.tflite [--target ...]\n"
      "                                          find a smaller plan, write it as the offline plan\n";

struct PlanOptions {
    std::string model;
    EmulationSettings settings;
    std::optional<std::uint64_t> arenaSize;
    bool json = false;
    std::string csvPath; // the tensor table goes here too when set
};

int usageError(std::ostream& err, const std::string& message)
{
    err << "arenascope: " << message << "\n" << kUsage;
    return kExitBadInput;
}

int runInfo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string path;
    bool json = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            json = true;
        else if (!args[i].empty() && args[i][0] == '-')
            return usageError(err, "unknown option " + args[i]);
        else if (path.empty())
            path = args[i];
        else
            return usageError(err, "more than one model given");
    }
    if (path.empty())
        return usageError(err, "info needs a model file");
    auto model = loadModelFile(path);
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    out << (json ? infoJson(*model.value()) : infoText(*model.value()));
    return kExitOk;
}

int parsePlanOptions(const std::vector<std::string>& args, PlanOptions& o, std::ostream& err)
{
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto next = [&](std::string& v) {
            if (i + 1 >= args.size())
                return false;
            v = args[++i];
            return true;
        };
        std::string v;
        if (a == "--json") {
            o.json = true;
        } else if (a == "--preserve-all-tensors") {
            o.settings.preserveAllTensors = true;
        } else if (a == "--target") {
            if (!next(v) || !parseTarget(v))
                return usageError(err, "--target takes cortex-m or x86_64");
            o.settings.target = *parseTarget(v);
        } else if (a == "--planner") {
            if (!next(v) || !parsePlanner(v))
                return usageError(err, "--planner takes greedy or linear");
            o.settings.planner = *parsePlanner(v);
        } else if (a == "--interpreter") {
            if (!next(v) || !parseInterpreter(v))
                return usageError(err, "--interpreter takes plain or recording");
            o.settings.interpreter = *parseInterpreter(v);
        } else if (a == "--arena-size") {
            std::uint64_t bytes = 0;
            if (!next(v) || !parseByteSize(v, bytes))
                return usageError(err, "--arena-size takes a byte count like 65536, 64K or 1M");
            o.arenaSize = bytes;
        } else if (a == "--non-persistent-arena-size") {
            std::uint64_t bytes = 0;
            if (!next(v) || !parseByteSize(v, bytes))
                return usageError(err, "--non-persistent-arena-size takes a byte count like 32K");
            o.settings.nonPersistentBytes = bytes;
        } else if (a == "--csv") {
            if (!next(o.csvPath) || o.csvPath.empty())
                return usageError(err, "--csv takes an output file path");
        } else if (!a.empty() && a[0] == '-') {
            return usageError(err, "unknown option " + a);
        } else if (o.model.empty()) {
            o.model = a;
        } else {
            return usageError(err, "more than one model given");
        }
    }
    if (o.model.empty())
        return usageError(err, "plan needs a model file");
    return kExitOk;
}

int runPlan(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    PlanOptions o;
    if (int rc = parsePlanOptions(args, o, err); rc != kExitOk)
        return rc;
    auto model = loadModelFile(o.model);
    if (!model) {
        err << "arenascope: " << describe(model.error()) << "\n";
        return kExitBadInput;
    }
    const AnalysisPtr analysis = analyze(model.value(), o.settings, o.arenaSize);
    // Written before stdout so a failed write leaves no report that looks complete.
    if (!o.csvPath.empty()) {
        if (auto st = writeFileAtomically(o.csvPath, tensorTableCsv(*analysis)); !st) {
            err << "arenascope: cannot write the tensor table CSV: " << describe(st.error()) << "\n";
            return kExitBadInput;
        }
    }
    out << (o.json ? planJson(*analysis) : planText(*analysis));
    const Failure* f = analysis->failure();
    if (f && !f->capacity)
        return kExitDoesNotFit;
    return analysis->fits().value_or(true) ? kExitOk : kExitDoesNotFit;
}

} // namespace

bool parseByteSize(const std::string& text, std::uint64_t& bytes)
{
    if (text.empty())
        return false;
    std::uint64_t value = 0;
    std::size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        const std::uint64_t digit = static_cast<std::uint64_t>(text[i] - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    if (i == 0)
        return false;
    std::uint64_t scale = 1;
    const std::string suffix = text.substr(i);
    if (suffix == "K" || suffix == "k" || suffix == "KiB")
        scale = 1024;
    else if (suffix == "M" || suffix == "m" || suffix == "MiB")
        scale = 1024 * 1024;
    else if (!suffix.empty() && suffix != "B")
        return false;
    if (value > UINT64_MAX / scale)
        return false;
    bytes = value * scale;
    // A 32-bit device cannot address more; also keeps emulation sizes sane.
    return bytes <= (1ULL << 32);
}

static int runOptimize(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string model;
    std::string output;
    EmulationSettings settings;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--out" && i + 1 < args.size()) {
            output = args[++i];
        } else if (args[i] == "--target" && i + 1 < args.size() && parseTarget(args[i + 1])) {
            settings.target = *parseTarget(args[++i]);
        } else if (!args[i].empty() && args[i][0] == '-') {
            return usageError(err, "optimize takes MODEL.tflite --out OUT.tflite [--target cortex-m|x86_64]");
        } else if (model.empty()) {
            model = args[i];
        } else {
            return usageError(err, "more than one model given");
        }
    }
    if (model.empty() || output.empty())
        return usageError(err, "optimize needs a model and --out OUT.tflite");
    auto loaded = loadModelFile(model);
    if (!loaded) {
        err << "arenascope: " << describe(loaded.error()) << "\n";
        return kExitBadInput;
    }
    auto r = optimizeModel(*loaded.value(), settings);
    if (!r) {
        err << "arenascope: " << describe(r.error()) << "\n";
        return kExitBadInput;
    }
    const OptimizationResult& o = r.value();
    out << "head with TFLM's greedy plan:  " << o.headBefore << " bytes\n";
    if (!o.improved()) {
        out << "no smaller plan found: TFLM's greedy plan stays (nothing written)\n";
        return kExitOk;
    }
    out << "head with the offline plan:    " << o.headAfter << " bytes (" << o.strategy << ")\n";
    out << "saved:                         " << (o.headBefore - o.headAfter) << " bytes\n";
    if (o.minArenaBefore && o.minArenaAfter)
        out << "smallest arena:                " << *o.minArenaBefore << " -> " << *o.minArenaAfter << " bytes\n";
    if (auto st = writeFileAtomically(output, std::string(o.modelBytes.begin(), o.modelBytes.end())); !st) {
        err << "arenascope: " << describe(st.error()) << "\n";
        return kExitBadInput;
    }
    out << "wrote " << output << "\n";
    return kExitOk;
}

bool isCliCommand(const std::vector<std::string>& args)
{
    if (args.empty())
        return false;
    const std::string& c = args[0];
    return c == "info" || c == "plan" || c == "make-example" || c == "optimize" || c == "help" || c == "--help"
        || c == "-h" || c == "--version";
}

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.empty())
        return usageError(err, "no command");
    const std::string& c = args[0];
    if (c == "info")
        return runInfo(args, out, err);
    if (c == "plan")
        return runPlan(args, out, err);
    if (c == "optimize")
        return runOptimize(args, out, err);
    if (c == "make-example") {
        if (args.size() != 2)
            return usageError(err, "make-example needs one output path");
        const auto bytes = buildExampleModel();
        if (auto st = writeFileAtomically(args[1], std::string(bytes.begin(), bytes.end())); !st) {
            err << "arenascope: " << describe(st.error()) << "\n";
            return kExitBadInput;
        }
        out << "wrote " << args[1] << " (" << bytes.size() << " bytes)\n";
        return kExitOk;
    }
    if (c == "--version") {
        out << "arenascope 0.1.0 (emulates tflite-micro 90b983c2)\n";
        return kExitOk;
    }
    out << kUsage;
    return kExitOk;
}

} // namespace arenascope
