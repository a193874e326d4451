// The commands a team's CI runs (README: Use in CI):
//   baseline MODEL... [--config C ...] --out arena-baseline.json   record the figures
//   check --baseline FILE [MODEL...] [--max-growth X] [--budget N]  exit 1 when an arena grew
//   header MODEL --config C --out model_arena.h                     the smallest arena as a #define
// Exit codes as every command: 0 ok, 1 a regression (or no arena fits), 2 bad input.
#include "commands.h"
#include "configuration.h"
#include "core/util/byte_size.h"
#include "core/util/exit_codes.h"
#include "model_inputs.h"

#include "core/analysis/analysis.h"
#include "core/analysis/baseline.h"
#include "core/emulation/provenance.h"
#include "core/model/loader.h"
#include "core/report/arena_header.h"
#include "core/report/atomic_file.h"
#include "core/report/baseline_file.h"
#include "core/report/check_report.h"
#include "core/util/format.h"
#include "core/util/parallel.h"
#include "core/util/sha256.h"
#include "core/util/version.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace arenascope {

namespace {

int fail(std::ostream& err, const Error& e)
{
    err << "arenascope: " << describe(e) << "\n";
    return kExitBadInput;
}

struct Configured {
    std::string text; // canonical
    EmulationSettings settings;
};

// Each --config, parsed; none given: plan's defaults. Two texts naming the same settings count once.
Result<std::vector<Configured>> configurations(const std::vector<std::string>& texts)
{
    std::vector<Configured> out;
    const std::vector<std::string> all = texts.empty() ? std::vector<std::string> { "" } : texts;
    for (const std::string& t : all) {
        auto s = parseConfiguration(t);
        if (!s)
            return s.error();
        Configured c { configurationText(s.value()), s.value() };
        if (c.settings.nonPersistentBytes)
            return makeError(ErrorCode::InvalidArgument,
                "baselines and headers record one arena; separate arenas (non-persistent-arena-size) are not "
                "supported here",
                "configuration '" + t + "'");
        bool seen = false;
        for (const Configured& o : out)
            seen = seen || o.text == c.text;
        if (!seen)
            out.push_back(std::move(c));
    }
    return out;
}

struct LoadedModel {
    std::string path;
    ModelPtr model;
    std::string sha256;
    std::optional<Error> error;
};

std::vector<LoadedModel> loadModels(const std::vector<std::string>& paths)
{
    std::vector<LoadedModel> out(paths.size());
    parallelFor(paths.size(), [&](std::size_t i) {
        out[i].path = paths[i];
        auto m = loadModelFile(paths[i]);
        if (!m) {
            out[i].error = m.error();
            return;
        }
        out[i].model = m.value();
        out[i].sha256 = sha256Hex(out[i].model->bytes());
    });
    return out;
}

// Every model x configuration, measured on every core.
std::vector<BaselineEntry> measureAll(
    const std::vector<LoadedModel>& models, const std::vector<Configured>& configs, std::ostream& err)
{
    std::vector<std::pair<std::size_t, std::size_t>> jobs;
    for (std::size_t m = 0; m < models.size(); ++m)
        if (models[m].model)
            for (std::size_t c = 0; c < configs.size(); ++c)
                jobs.emplace_back(m, c);
    std::vector<BaselineEntry> entries(jobs.size());
    ProgressLine progress(err, jobs.size());
    parallelFor(
        jobs.size(),
        [&](std::size_t k) {
            const auto [m, c] = jobs[k];
            entries[k]
                = measureEntry(models[m].path, models[m].sha256, models[m].model, configs[c].settings, configs[c].text);
        },
        [&](std::size_t done) { progress.update(done); });
    return entries;
}

// Several models in one arena, in the order given: one entry per configuration.
std::vector<BaselineEntry> measureGroup(const std::vector<LoadedModel>& models, const std::vector<Configured>& configs)
{
    std::vector<std::string> paths, hashes;
    std::vector<ModelPtr> loaded;
    for (const LoadedModel& m : models) {
        paths.push_back(m.path);
        hashes.push_back(m.sha256);
        loaded.push_back(m.model);
    }
    std::vector<BaselineEntry> entries(configs.size());
    parallelFor(configs.size(), [&](std::size_t c) {
        entries[c] = measureSharedEntry(paths, hashes, loaded, configs[c].settings, configs[c].text);
    });
    return entries;
}

bool writeOrSay(const std::string& path, const std::string& text, const char* what, std::ostream& err)
{
    if (auto st = writeFileAtomically(path, text); !st) {
        err << "arenascope: cannot write the " << what << ": " << describe(st.error()) << " (nothing written)\n";
        return false;
    }
    return true;
}

Result<std::string> readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return makeError(ErrorCode::Io, "cannot read the file", path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

int runBaseline(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    const std::vector<std::string>& inputs = args.operands;
    const std::vector<std::string> configTexts
        = args.has("--config") ? args.options.at("--config") : std::vector<std::string> {};
    const std::string output = args.value("--out") ? *args.value("--out") : std::string();
    if (inputs.empty() || output.empty())
        return usageError(err, "baseline", "baseline needs models and --out FILE");
    auto configs = configurations(configTexts);
    if (!configs)
        return fail(err, configs.error());
    auto paths = expandModelPaths(inputs);
    if (!paths)
        return fail(err, paths.error());
    const std::vector<LoadedModel> models = loadModels(paths.value());
    for (const LoadedModel& m : models)
        if (m.error)
            return fail(err, *m.error);
    BaselineFile file;
    file.arenascopeVersion = kArenaScopeVersion;
    file.entries
        = args.has("--shared-arena") ? measureGroup(models, configs.value()) : measureAll(models, configs.value(), err);
    if (!writeOrSay(output, baselineJson(file), "baseline", err))
        return kExitBadInput;
    std::size_t failing = 0;
    for (const BaselineEntry& e : file.entries)
        failing += e.minArenaBytes ? 0U : 1U;
    out << "wrote " << output << ": " << file.entries.size() << " entries (" << models.size()
        << (args.has("--shared-arena")  ? " models in one arena x "
                   : models.size() == 1 ? " model x "
                                        : " models x ")
        << configs.value().size() << (configs.value().size() == 1 ? " configuration)" : " configurations)");
    if (failing)
        out << ", " << failing << " of them fail at every arena size (their TFLM message is recorded)";
    out << "\n";
    return kExitOk;
}

int runCheck(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    const std::vector<std::string>& inputs = args.operands;
    auto option = [&](std::string_view name) { return args.value(name) ? *args.value(name) : std::string(); };
    const std::string baselinePath = option("--baseline");
    const std::string junitPath = option("--junit");
    const std::string markdownPath = option("--markdown");
    const bool update = args.has("--update");
    GrowthLimit limit;
    std::optional<std::uint64_t> budget;
    if (const std::string* v = args.value("--max-growth")) {
        const auto parsed = parseGrowthLimit(*v);
        if (!parsed)
            return usageError(err, "check", "--max-growth takes bytes (2048, 2K) or a percentage (5%)");
        limit = *parsed;
    }
    if (const std::string* v = args.value("--budget")) {
        std::uint64_t bytes = 0;
        if (!parseByteSize(*v, bytes))
            return usageError(err, "check", "--budget takes a byte count like 65536, 64K or 1M");
        budget = bytes;
    }
    if (baselinePath.empty())
        return usageError(err, "check", "check needs --baseline FILE");
    auto text = readText(baselinePath);
    if (!text)
        return fail(err, text.error());
    auto baseline = parseBaselineJson(text.value(), baselinePath);
    if (!baseline)
        return fail(err, baseline.error());
    // The baseline's configurations, each parsed again: a text this ArenaScope does not know is bad input.
    std::vector<Configured> configs;
    std::map<std::string, std::size_t> configIndex;
    for (std::size_t k = 0; k < baseline.value().entries.size(); ++k) {
        const BaselineEntry& e = baseline.value().entries[k];
        if (configIndex.count(e.configuration))
            continue;
        auto s = parseConfiguration(e.configuration);
        if (!s)
            return fail(err,
                makeError(ErrorCode::InvalidArgument,
                    "entry " + std::to_string(k) + " (" + e.model + "): " + describe(s.error()), baselinePath));
        configIndex[e.configuration] = configs.size();
        configs.push_back(Configured { e.configuration, s.value() });
    }
    // The models: those given, or the baseline's own.
    std::vector<std::string> paths;
    if (!inputs.empty()) {
        auto expanded = expandModelPaths(inputs);
        if (!expanded)
            return fail(err, expanded.error());
        paths = expanded.value();
    } else {
        std::set<std::string> seen;
        for (const BaselineEntry& e : baseline.value().entries)
            if (e.sharedArena.empty() && seen.insert(e.model).second)
                paths.push_back(e.model);
    }
    std::vector<LoadedModel> models = loadModels(paths);
    // A model named on the command line must load; one the baseline names may be gone.
    std::map<std::string, std::string> goneReason;
    for (const LoadedModel& m : models)
        if (m.error) {
            if (!inputs.empty())
                return fail(err, *m.error);
            goneReason[m.path] = "cannot be read: " + m.error->message;
        }
    std::vector<BaselineEntry> now = measureAll(models, configs, err);
    // Groups of models in one arena: measured again from the baseline's own paths, as a group.
    std::map<std::vector<std::string>, std::vector<Configured>> groups;
    for (const BaselineEntry& e : baseline.value().entries)
        if (!e.sharedArena.empty())
            groups[e.sharedArena].push_back(configs[configIndex.at(e.configuration)]);
    for (const auto& [groupPaths, groupConfigs] : groups) {
        const std::vector<LoadedModel> members = loadModels(groupPaths);
        const auto missing = std::find_if(members.begin(), members.end(), [](const LoadedModel& m) { return m.error; });
        if (missing != members.end()) {
            goneReason[sharedArenaKey(groupPaths)] = missing->path + " cannot be read: " + missing->error->message;
            continue;
        }
        for (BaselineEntry& e : measureGroup(members, groupConfigs))
            now.push_back(std::move(e));
    }

    std::map<std::pair<std::string, std::string>, const BaselineEntry*> before, after;
    for (const BaselineEntry& e : baseline.value().entries)
        before[{ e.model, e.configuration }] = &e;
    for (const BaselineEntry& e : now)
        after[{ e.model, e.configuration }] = &e;
    std::set<std::pair<std::string, std::string>> keys;
    for (const auto& [k, e] : before)
        keys.insert(k);
    for (const auto& [k, e] : after)
        keys.insert(k);
    std::vector<CheckRow> rows;
    for (const auto& key : keys) {
        const auto b = before.find(key);
        const auto a = after.find(key);
        std::string reason = "not among the models given";
        if (const auto g = goneReason.find(key.first); g != goneReason.end())
            reason = g->second;
        rows.push_back(CheckRow { key.first, key.second,
            judge(b == before.end() ? nullptr : b->second, a == after.end() ? nullptr : a->second, limit, budget,
                reason) });
    }

    const std::string markdown = checkMarkdown(rows, limit, budget);
    if (!junitPath.empty() && !writeOrSay(junitPath, checkJunit(rows, limit, budget), "JUnit report", err))
        return kExitBadInput;
    if (!markdownPath.empty() && !writeOrSay(markdownPath, markdown, "Markdown report", err))
        return kExitBadInput;
    out << markdown;
    if (update) {
        BaselineFile file;
        file.arenascopeVersion = kArenaScopeVersion;
        file.entries = now;
        if (!writeOrSay(baselinePath, baselineJson(file), "baseline", err))
            return kExitBadInput;
        out << "\nupdated " << baselinePath << " (" << now.size() << " entries)\n";
        return kExitOk;
    }
    return regressionCount(rows) == 0 ? kExitOk : kExitDoesNotFit;
}

int runHeader(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    auto option = [&](std::string_view name) { return args.value(name) ? *args.value(name) : std::string(); };
    const std::string output = option("--out");
    const std::string name = option("--name");
    const std::string configText = option("--config");
    std::uint64_t margin = 0;
    if (const std::string* v = args.value("--margin"); v && !parseByteSize(*v, margin))
        return usageError(err, "header", "--margin takes a byte count like 512 or 2K");
    const bool group = args.has("--shared-arena");
    if (args.operands.size() > 1 && !group)
        return usageError(err, "header", "header takes one model (several in one arena: --shared-arena)");
    if (args.operands.empty() || output.empty())
        return usageError(err, "header", "header needs a model and --out FILE.h");
    const std::string& model = args.operands.front();
    const auto id = headerIdentifier(name.empty() ? model : name);
    if (!id)
        return usageError(err, "header", "--name must hold letters or digits (it names the C macros)");
    auto configs = configurations(configText.empty() ? std::vector<std::string> {} : std::vector { configText });
    if (!configs)
        return fail(err, configs.error());
    const Configured& config = configs.value().front();
    // One model, or several in one arena (in the order given): one arena either way.
    const std::vector<LoadedModel> models = loadModels(group ? args.operands : std::vector<std::string> { model });
    for (const LoadedModel& m : models)
        if (m.error)
            return fail(err, *m.error);
    const BaselineEntry e = group
        ? measureGroup(models, { config }).front()
        : measureEntry(model, models.front().sha256, models.front().model, config.settings, config.text);
    if (!e.minArenaBytes) {
        err << "arenascope: " << e.model << " does not allocate at any arena size under " << config.text << ": "
            << e.message << " (no header written)\n";
        return kExitDoesNotFit;
    }
    ArenaHeader h;
    h.name = *id;
    h.modelPath = e.model;
    h.sharedArena = e.sharedArena;
    h.sha256 = e.sha256;
    h.configuration = config.text;
    h.tflm = e.tflm;
    h.fidelity = provenance(config.settings).text;
    h.minArenaBytes = *e.minArenaBytes;
    h.marginBytes = margin;
    h.arenaOffset = config.settings.arenaOffset;
    if (!writeOrSay(output, arenaHeaderText(h), "header", err))
        return kExitBadInput;
    out << "wrote " << output << ": " << std::string(*id) << " needs " << formatBytes(*e.minArenaBytes);
    if (margin)
        out << " (+ " << formatBytes(margin) << " margin, stated apart)";
    out << "\n";
    return kExitOk;
}

} // namespace arenascope
