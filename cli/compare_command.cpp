// `arenascope compare A.tflite [B.tflite] [options] [--b-OPTION VALUE ...] [--json]`: two models under
// the same options, or one model under two settings (options prefixed --b- apply to B only).
#include "commands.h"
#include "core/util/byte_size.h"
#include "core/util/exit_codes.h"
#include "settings_options.h"

#include "core/analysis/compare.h"
#include "core/analysis/reorder.h"
#include "core/analysis/shared_arena_analysis.h"
#include "core/model/loader.h"
#include "core/report/compare_report.h"
#include "core/report/shared_arena_report.h"
#include "core/util/format.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>

namespace arenascope {

namespace {

// "2,1,3" -> {1, 0, 2}: a permutation of n positions counted from 1, or nullopt.
std::optional<std::vector<std::size_t>> parseOrder(const std::string& text, std::size_t n)
{
    std::vector<std::size_t> order;
    std::vector<bool> seen(n, false);
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        std::size_t k = 0;
        const char* first = text.data() + from;
        const char* last = text.data() + comma;
        if (std::from_chars(first, last, k).ptr != last || k < 1 || k > n || seen[k - 1])
            return std::nullopt;
        seen[k - 1] = true;
        order.push_back(k - 1);
        from = comma + 1;
    }
    if (order.size() != n)
        return std::nullopt;
    return order;
}

std::string orderNames(const std::vector<Tenant>& tenants)
{
    std::string s;
    for (const Tenant& t : tenants)
        s += (s.empty() ? "" : ", ") + t.name;
    return s;
}

// compare A B ... --shared-arena [--b-order 2,1,...]: the same models in one arena, two orders.
int runCompareOrders(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    const std::vector<std::string>& files = args.operands;
    if (files.size() < 2)
        return usageError(err, "compare", "--shared-arena compares two orders of at least two models");
    if (files.size() > kMaxTenants)
        return usageError(err, "compare", "--shared-arena takes at most " + std::to_string(kMaxTenants) + " models");
    std::vector<std::size_t> orderB(files.size());
    for (std::size_t k = 0; k < files.size(); ++k)
        orderB[k] = files.size() - 1 - k;
    if (const std::string* text = args.value("--b-order")) {
        const auto parsed = parseOrder(*text, files.size());
        if (!parsed)
            return usageError(err, "compare",
                "--b-order takes the " + std::to_string(files.size()) + " models' positions, each once: 2,1,...");
        orderB = *parsed;
    }
    auto settings
        = settingsWithConfiguration(args.configs.empty() ? std::string() : args.configs.front(), args.settingsArgs);
    if (!settings)
        return usageError(err, "compare", describe(settings.error()));
    std::vector<Tenant> a;
    for (const std::string& f : files) {
        auto m = loadModelFile(f);
        if (!m) {
            err << "arenascope: " << describe(m.error()) << "\n";
            return kExitBadInput;
        }
        a.push_back(Tenant { m.value(), std::filesystem::path(f).filename().string(),
            settings.value().resourceVariables == kResourceVariablesAuto
                ? std::nullopt
                : std::optional<std::uint32_t>(settings.value().resourceVariables) });
    }
    std::vector<Tenant> b;
    for (std::size_t k : orderB)
        b.push_back(a[k]);
    const auto analysisA = analyzeSharedArena(a, settings.value());
    const auto analysisB = analyzeSharedArena(b, settings.value());
    if (args.has("--json")) {
        out << "{\"a\":" << sharedArenaJson(*analysisA, false) << ",\"b\":" << sharedArenaJson(*analysisB, false)
            << "}\n";
        return kExitOk;
    }
    auto bytes = [](const std::optional<std::uint64_t>& v) { return v ? formatBytes(*v) : std::string("none"); };
    out << "A: " << orderNames(a) << "\n";
    out << "B: " << orderNames(b) << "\n";
    out << formatString("%-26s %16s %16s %14s\n", "", "A", "B", "B - A");
    const auto row = [&](const char* label, std::optional<std::uint64_t> x, std::optional<std::uint64_t> y) {
        out << formatString("%-26s %16s %16s %14s\n", label, bytes(x).c_str(), bytes(y).c_str(),
            x && y ? formatSignedBytes(static_cast<std::int64_t>(*y) - static_cast<std::int64_t>(*x)).c_str() : "");
    };
    row("smallest shared arena", analysisA->minArenaBytes, analysisB->minArenaBytes);
    row("arena used", analysisA->measured->arenaUsedBytes, analysisB->measured->arenaUsedBytes);
    row("head", analysisA->measured->headBytes, analysisB->measured->headBytes);
    row("tail", analysisA->measured->tailBytes, analysisB->measured->tailBytes);
    for (std::size_t k = 0; k < a.size(); ++k) {
        const auto posB = static_cast<std::size_t>(std::find(orderB.begin(), orderB.end(), k) - orderB.begin());
        const std::string label = a[k].name.substr(0, 14) + " tail added";
        row(label.c_str(), analysisA->measured->tenants[k].tailAdded, analysisB->measured->tenants[posB].tailAdded);
    }
    return kExitOk;
}

} // namespace

int runCompare(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
    if (args.has("--shared-arena"))
        return runCompareOrders(args, out, err);
    if (args.has("--b-order"))
        return usageError(err, "compare", "--b-order compares two orders of models in one arena: add --shared-arena");
    const std::vector<std::string>& models = args.operands;
    if (models.empty() || models.size() > 2)
        return usageError(err, "compare", "compare takes one or two models");
    if (args.configs.size() > 1 || args.configsB.size() > 1)
        return usageError(err, "compare", "compare takes one --config (and one --b-config)");
    std::vector<std::string> shared = args.settingsArgs;
    if (!args.configs.empty())
        shared.insert(shared.begin(), { "--config", args.configs.front() });
    auto parsedA = applySettingsArgs(SettingsOptions {}, shared);
    if (!parsedA)
        return usageError(err, "compare", parsedA.error().message);
    const SettingsOptions& a = parsedA.value();
    // B starts from A's finished settings; only B's own options decide B's defaults. A
    // configuration of its own (--b-config) is B's whole configuration: its keys left out take
    // plan's defaults, not A's settings (the arena size stays shared).
    SettingsOptions b = a;
    b.targetGiven = false;
    b.espOptionGiven = false;
    std::vector<std::string> bOnly = args.settingsArgsB;
    if (!args.configsB.empty()) {
        b = SettingsOptions {};
        b.settings.arenaSize = a.settings.arenaSize;
        bOnly.insert(bOnly.begin(), { "--config", args.configsB.front() });
    }
    auto parsedB = applySettingsArgs(b, bOnly);
    if (!parsedB)
        return usageError(err, "compare", "B: " + parsedB.error().message);
    b = parsedB.value();
    const bool json = args.has("--json");
    const bool reorderB = args.has("--b-reorder");
    auto modelA = loadModelFile(models[0]);
    auto modelB = models.size() == 2 ? loadModelFile(models[1]) : modelA;
    for (const auto* m : { &modelA, &modelB })
        if (!*m) {
            err << "arenascope: " << describe(m->error()) << "\n";
            return kExitBadInput;
        }
    ModelPtr shownB = modelB.value();
    if (reorderB) {
        auto r = reorderedModel(*shownB, b.settings);
        if (!r) {
            err << "arenascope: " << describe(r.error()) << "\n";
            return kExitBadInput;
        }
        if (r.value().model)
            shownB = r.value().model;
        else
            err << "arenascope: no operator order keeps fewer bytes alive than the stored one; B runs the stored "
                   "order\n";
    }
    const Comparison c = compareAnalyses(*analyze(modelA.value(), a.settings), *analyze(shownB, b.settings));
    out << (json ? comparisonJson(c) : comparisonText(c));
    return kExitOk;
}

} // namespace arenascope
