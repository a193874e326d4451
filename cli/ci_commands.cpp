#include "ci_commands.h"

#include "cli.h"
#include "configuration.h"
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

const char* kBaselineUsage
    = "usage: arenascope baseline MODEL|FOLDER... [--config KEY=VALUE,... ...] --out arena-baseline.json\n"
      "  records each model's smallest arena and what it is made of, per configuration\n";
const char* kCheckUsage
    = "usage: arenascope check --baseline arena-baseline.json [MODEL|FOLDER...] [--max-growth BYTES|PERCENT%]\n"
      "                        [--budget N[K|M]] [--junit FILE.xml] [--markdown FILE.md] [--update]\n"
      "  measures again; exit 0: nothing grew beyond --max-growth (default 0) and every arena fits --budget;\n"
      "  exit 1: a regression; exit 2: bad input. --update rewrites the baseline with today's figures.\n";
const char* kHeaderUsage
    = "usage: arenascope header MODEL --out MODEL_arena.h [--config KEY=VALUE,...] [--name NAME] [--margin BYTES]\n"
      "  a C/C++ header with the model's smallest arena as a #define\n";

int usage(std::ostream& err, const char* text, const std::string& message)
{
    err << "arenascope: " << message << "\n" << text;
    return kExitBadInput;
}

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

int runBaseline(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> inputs;
    std::vector<std::string> configTexts;
    std::string output;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--config" || a == "--out") {
            if (i + 1 >= args.size())
                return usage(err, kBaselineUsage, a + " needs a value");
            (a == "--config" ? configTexts.emplace_back() : output) = args[++i];
        } else if (!a.empty() && a[0] == '-') {
            return usage(err, kBaselineUsage, "unknown option " + a);
        } else {
            inputs.push_back(a);
        }
    }
    if (inputs.empty() || output.empty())
        return usage(err, kBaselineUsage, "baseline needs models and --out FILE");
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
    file.entries = measureAll(models, configs.value(), err);
    if (!writeOrSay(output, baselineJson(file), "baseline", err))
        return kExitBadInput;
    std::size_t failing = 0;
    for (const BaselineEntry& e : file.entries)
        failing += e.minArenaBytes ? 0U : 1U;
    out << "wrote " << output << ": " << file.entries.size() << " entries (" << models.size()
        << (models.size() == 1 ? " model x " : " models x ") << configs.value().size()
        << (configs.value().size() == 1 ? " configuration)" : " configurations)");
    if (failing)
        out << ", " << failing << " of them fail at every arena size (their TFLM message is recorded)";
    out << "\n";
    return kExitOk;
}

int runCheck(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> inputs;
    std::string baselinePath, junitPath, markdownPath;
    GrowthLimit limit;
    std::optional<std::uint64_t> budget;
    bool update = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string* { return i + 1 < args.size() ? &args[++i] : nullptr; };
        if (a == "--update") {
            update = true;
        } else if (a == "--baseline" || a == "--junit" || a == "--markdown") {
            const std::string* v = value();
            if (!v)
                return usage(err, kCheckUsage, a + " needs a file");
            (a == "--baseline" ? baselinePath : a == "--junit" ? junitPath : markdownPath) = *v;
        } else if (a == "--max-growth") {
            const std::string* v = value();
            const auto parsed = v ? parseGrowthLimit(*v) : std::nullopt;
            if (!parsed)
                return usage(err, kCheckUsage, "--max-growth takes bytes (2048, 2K) or a percentage (5%)");
            limit = *parsed;
        } else if (a == "--budget") {
            const std::string* v = value();
            std::uint64_t bytes = 0;
            if (!v || !parseByteSize(*v, bytes))
                return usage(err, kCheckUsage, "--budget takes a byte count like 65536, 64K or 1M");
            budget = bytes;
        } else if (!a.empty() && a[0] == '-') {
            return usage(err, kCheckUsage, "unknown option " + a);
        } else {
            inputs.push_back(a);
        }
    }
    if (baselinePath.empty())
        return usage(err, kCheckUsage, "check needs --baseline FILE");
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
            if (seen.insert(e.model).second)
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
    const std::vector<BaselineEntry> now = measureAll(models, configs, err);

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

int runHeader(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::string model, output, name, configText;
    std::uint64_t margin = 0;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--config" || a == "--out" || a == "--name" || a == "--margin") {
            if (i + 1 >= args.size())
                return usage(err, kHeaderUsage, a + " needs a value");
            const std::string& v = args[++i];
            if (a == "--margin") {
                if (!parseByteSize(v, margin))
                    return usage(err, kHeaderUsage, "--margin takes a byte count like 512 or 2K");
            } else {
                (a == "--config" ? configText : a == "--out" ? output : name) = v;
            }
        } else if (!a.empty() && a[0] == '-') {
            return usage(err, kHeaderUsage, "unknown option " + a);
        } else if (model.empty()) {
            model = a;
        } else {
            return usage(err, kHeaderUsage, "header takes one model");
        }
    }
    if (model.empty() || output.empty())
        return usage(err, kHeaderUsage, "header needs a model and --out FILE.h");
    const auto id = headerIdentifier(name.empty() ? model : name);
    if (!id)
        return usage(err, kHeaderUsage, "--name must hold letters or digits (it names the C macros)");
    auto configs = configurations(configText.empty() ? std::vector<std::string> {} : std::vector { configText });
    if (!configs)
        return fail(err, configs.error());
    const Configured& config = configs.value().front();
    auto loaded = loadModelFile(model);
    if (!loaded)
        return fail(err, loaded.error());
    const BaselineEntry e
        = measureEntry(model, sha256Hex(loaded.value()->bytes()), loaded.value(), config.settings, config.text);
    if (!e.minArenaBytes) {
        err << "arenascope: " << model << " does not allocate at any arena size under " << config.text << ": "
            << e.message << " (no header written)\n";
        return kExitDoesNotFit;
    }
    ArenaHeader h;
    h.name = *id;
    h.modelPath = model;
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
