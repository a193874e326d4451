#include "solve_command.h"

#include "cli.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/report/json_writer.h"
#include "core/solver/model_buffers.h"
#include "core/solver/solver.h"
#include "core/util/format.h"
#include "settings_options.h"

#include <fstream>
#include <sstream>

namespace arenascope {

namespace {

const char* kSolveUsage = "usage: arenascope solve FILE.csv [--capacity N] [--planner tflm-greedy|heuristic|exact]\n"
                          "                        [--time-limit SECONDS] [--json] [--out PLAN.csv]\n"
                          "  FILE.csv: MiniMalloc's buffer list, a header then id,lower,upper,size per buffer\n"
                          "  (lifetimes half-open: [lower, upper)). --planner defaults to exact, --time-limit to 10.\n";

int bad(std::ostream& err, const std::string& message)
{
    err << "arenascope solve: " << message << "\n" << kSolveUsage;
    return kExitBadInput;
}

// A buffer list from MiniMalloc's CSV, or the planned buffers of a model (emulated with
// `settings` in the measuring arena).
Result<BufferSet> readBufferSet(const std::string& path, const EmulationSettings& settings)
{
    if (path.size() > 7 && path.compare(path.size() - 7, 7, ".tflite") == 0) {
        auto model = loadModelFile(path);
        if (!model)
            return model.error();
        const auto r = emulate(*model.value(), settings);
        if (!r->ok)
            return makeError(ErrorCode::Unsupported,
                "the model does not allocate, so it has no buffers to plan: " + r->failure->message, path);
        if (r->planned.empty())
            return makeError(ErrorCode::Unsupported, "the model has no buffers for the planner", path);
        return modelBufferSet(*r);
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, "cannot read the file", path);
    std::ostringstream text;
    text << in.rdbuf();
    return readBufferCsv(text.str(), path);
}

// The three planners side by side, beside the lower bound.
int printTable(const BufferSet& set, SolveOptions o, std::ostream& out)
{
    out << formatString("%-12s %14s %10s %8s %6s %9s\n", "planner", "peak", "x bound", "optimal", "fits", "seconds");
    bool anyFits = false;
    std::int64_t bound = 0;
    for (SolverKind k : { SolverKind::TflmGreedy, SolverKind::Heuristic, SolverKind::Exact }) {
        o.planner = k;
        const Solution s = solve(set, o);
        bound = s.lowerBoundBytes;
        anyFits |= s.fits.value_or(true);
        out << formatString("%-12s %14s %9.3fx %8s %6s %9.3f\n", std::string(solverName(k)).c_str(),
            formatBytes(static_cast<std::uint64_t>(s.peakBytes)).c_str(),
            static_cast<double>(s.peakBytes) / static_cast<double>(std::max<std::int64_t>(1, s.lowerBoundBytes)),
            s.optimal ? "yes" : (s.stoppedEarly ? "timeout" : "no"), s.fits ? (*s.fits ? "yes" : "no") : "-",
            s.seconds);
    }
    out << "lower bound: " << formatBytes(static_cast<std::uint64_t>(bound)) << " (most bytes alive at one time)\n";
    return anyFits ? kExitOk : kExitDoesNotFit;
}

} // namespace

int runSolve(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string path;
    std::string outPath;
    bool json = false;
    bool all = false;
    SolveOptions o;
    SettingsOptions device;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--help" || a == "-h") {
            out << kSolveUsage;
            return kExitOk;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--capacity") {
            if (!hasValue)
                return bad(err, "--capacity takes a size");
            std::uint64_t bytes = 0;
            if (!parseByteSize(args[++i], bytes) || bytes == 0 || bytes > (1ULL << 40))
                return bad(err, "--capacity takes a size from 1 B to 1 TiB, e.g. 1048576 or 1M");
            o.capacity = static_cast<std::int64_t>(bytes);
        } else if (a == "--planner" && hasValue && args[i + 1] == "all") {
            all = true;
            ++i;
        } else if (a == "--planner") {
            const auto k = hasValue ? parseSolver(args[++i]) : std::nullopt;
            if (!k)
                return bad(err, "--planner takes tflm-greedy, heuristic or exact");
            o.planner = *k;
        } else if (a == "--time-limit") {
            if (!hasValue)
                return bad(err, "--time-limit takes seconds");
            char* end = nullptr;
            const double s = std::strtod(args[++i].c_str(), &end);
            if (end == args[i].c_str() || *end != '\0' || !(s > 0) || s > 86400)
                return bad(err, "--time-limit takes 0.001 to 86400 seconds");
            o.timeLimit = std::chrono::milliseconds(static_cast<std::int64_t>(s * 1000));
        } else if (a == "--out") {
            if (!hasValue)
                return bad(err, "--out takes a file");
            outPath = args[++i];
        } else if (const OptionParse parsed = parseSettingsOption(args, i, device); parsed == OptionParse::Error) {
            return bad(err, device.error);
        } else if (parsed == OptionParse::Taken) {
            continue;
        } else if (!a.empty() && a[0] == '-') {
            return bad(err, "unknown option " + a);
        } else if (path.empty()) {
            path = a;
        } else {
            return bad(err, "more than one buffer file given");
        }
    }
    if (path.empty())
        return bad(err, "solve needs a buffer file (CSV)");
    if (const std::string conflict = finishSettings(device); !conflict.empty())
        return bad(err, conflict);
    auto set = readBufferSet(path, device.settings);
    if (!set) {
        err << "arenascope solve: " << describe(set.error()) << "\n";
        return kExitBadInput;
    }
    if (all) {
        if (json || !outPath.empty())
            return bad(err, "--planner all prints a table: --json and --out take one planner");
        return printTable(set.value(), o, out);
    }
    const Solution s = solve(set.value(), o);
    if (const std::string conflict = firstConflict(set.value(), s.offsets); !conflict.empty()) {
        err << "arenascope solve: internal error: the plan overlaps " << conflict << "\n";
        return kExitBadInput;
    }
    if (!outPath.empty()) {
        if (auto st = writeFileAtomically(outPath, writeBufferCsv(set.value(), s.offsets)); !st) {
            err << "arenascope solve: " << describe(st.error()) << "\n";
            return kExitBadInput;
        }
    }
    const double ratio
        = s.lowerBoundBytes > 0 ? static_cast<double>(s.peakBytes) / static_cast<double>(s.lowerBoundBytes) : 1.0;
    if (json) {
        JsonWriter w(true);
        w.beginObject();
        w.field("file", path);
        w.field("buffers", static_cast<std::uint64_t>(set.value().buffers.size()));
        w.field("planner", std::string(solverName(s.planner)));
        w.field("method", s.method);
        w.field("peak_bytes", static_cast<std::uint64_t>(s.peakBytes));
        w.field("lower_bound_bytes", static_cast<std::uint64_t>(s.lowerBoundBytes));
        w.field("peak_over_lower_bound", ratio);
        w.field("optimal", s.optimal);
        w.field("proven_bound_bytes", static_cast<std::uint64_t>(s.provenBoundBytes));
        w.field("gap_bytes", static_cast<std::uint64_t>(s.peakBytes - s.provenBoundBytes));
        w.field("capacity",
            o.capacity ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*o.capacity))
                       : std::optional<std::uint64_t>());
        w.field("fits", s.fits);
        w.field("stopped_early", s.stoppedEarly);
        w.field("seconds", s.seconds);
        w.field("seconds_to_fit", s.fitSeconds);
        w.field("nodes", s.nodes);
        w.endObject();
        out << w.str() << "\n";
    } else {
        out << "buffers:      " << formatCount(set.value().buffers.size()) << "\n";
        out << "planner:      " << solverName(s.planner) << " (" << s.method << ")\n";
        out << "peak:         " << formatBytes(static_cast<std::uint64_t>(s.peakBytes))
            << formatString(" (%.3fx the lower bound)", ratio) << (s.optimal ? ", proven optimal" : "") << "\n";
        out << "lower bound:  " << formatBytes(static_cast<std::uint64_t>(s.lowerBoundBytes))
            << " (most bytes alive at one time)\n";
        if (o.capacity)
            out << "capacity:     " << formatBytes(static_cast<std::uint64_t>(*o.capacity))
                << (*s.fits ? formatString(": fits (a plan within it after %.3f s)", s.fitSeconds.value_or(0.0))
                            : std::string(": does not fit"))
                << "\n";
        if (s.stoppedEarly)
            out << "search:       stopped at the time limit; the plan above is the best found\n";
        if (!s.optimal)
            out << "gap:          at most " << formatBytes(static_cast<std::uint64_t>(s.peakBytes - s.provenBoundBytes))
                << " (no plan peaks below " << formatBytes(static_cast<std::uint64_t>(s.provenBoundBytes))
                << "; whether one lies between is not decided)\n";
        out << formatString("time:         %.3f s", s.seconds)
            << (s.nodes ? ", " + formatCount(s.nodes) + " search nodes" : std::string()) << "\n";
        if (!outPath.empty())
            out << "wrote " << outPath << "\n";
    }
    return s.fits.value_or(true) ? kExitOk : kExitDoesNotFit;
}

} // namespace arenascope
