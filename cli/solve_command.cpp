// `arenascope solve`: places a buffer set in MiniMalloc's CSV form (core/solver/buffer_set.h), or a
// model's planned buffers, and prints the peak, the lower bound, whether it fits and the time.
#include "commands.h"
#include "core/emulation/emulator.h"
#include "core/model/loader.h"
#include "core/report/atomic_file.h"
#include "core/report/json_writer.h"
#include "core/solver/model_buffers.h"
#include "core/solver/solver.h"
#include "core/util/byte_size.h"
#include "core/util/exit_codes.h"
#include "core/util/format.h"
#include "settings_options.h"

#include <fstream>
#include <sstream>

namespace arenascope {

namespace {

int bad(std::ostream& err, const std::string& message)
{
    return usageError(err, "solve", message);
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

int runSolve(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    if (args.operands.empty())
        return bad(err, "solve needs a buffer file (CSV)");
    if (args.operands.size() > 1)
        return bad(err, "more than one buffer file given");
    const std::string& path = args.operands.front();
    const std::string outPath = args.value("--out") ? *args.value("--out") : std::string();
    const bool json = args.has("--json");
    bool all = false;
    SolveOptions o;
    if (const std::string* v = args.value("--capacity")) {
        std::uint64_t bytes = 0;
        if (!parseByteSize(*v, bytes) || bytes == 0 || bytes > (1ULL << 40))
            return bad(err, "--capacity takes a size from 1 B to 1 TiB, e.g. 1048576 or 1M");
        o.capacity = static_cast<std::int64_t>(bytes);
    }
    if (const std::string* v = args.value("--planner")) {
        all = *v == "all";
        if (!all)
            o.planner = *parseSolver(*v); // the table's choices are the solver names
    }
    if (const std::string* v = args.value("--time-limit")) {
        char* end = nullptr;
        const double s = std::strtod(v->c_str(), &end);
        if (end == v->c_str() || *end != '\0' || !(s > 0) || s > 86400)
            return bad(err, "--time-limit takes 0.001 to 86400 seconds");
        o.timeLimit = std::chrono::milliseconds(static_cast<std::int64_t>(s * 1000));
    }
    std::vector<std::string> settingsArgs = args.settingsArgs;
    for (auto it = args.configs.rbegin(); it != args.configs.rend(); ++it)
        settingsArgs.insert(settingsArgs.begin(), { "--config", *it });
    auto device = applySettingsArgs(SettingsOptions {}, settingsArgs);
    if (!device)
        return bad(err, device.error().message);
    auto set = readBufferSet(path, device.value().settings);
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
