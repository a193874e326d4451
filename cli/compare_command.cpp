// `arenascope compare A.tflite [B.tflite] [options] [--b-OPTION VALUE ...] [--json]`: two models under
// the same options, or one model under two settings (options prefixed --b- apply to B only).
#include "commands.h"
#include "core/util/byte_size.h"
#include "core/util/exit_codes.h"
#include "settings_options.h"

#include "core/analysis/compare.h"
#include "core/analysis/reorder.h"
#include "core/model/loader.h"
#include "core/report/compare_report.h"

#include <algorithm>

namespace arenascope {

int runCompare(const ParsedArgs& args, std::ostream& out, std::ostream& err)
{
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
