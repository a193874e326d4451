#include "compare_command.h"

#include "cli.h"
#include "settings_options.h"

#include "core/analysis/compare.h"
#include "core/analysis/reorder.h"
#include "core/model/loader.h"
#include "core/report/compare_report.h"

#include <algorithm>

namespace arenascope {

namespace {

const char* kUsage
    = "usage: arenascope compare A.tflite [B.tflite] [options] [--b-OPTION VALUE ...] [--b-reorder] [--json]\n"
      "  options apply to both sides; --b-target, --b-kernels, --b-cpu, --b-planner, ... to B only;\n"
      "  --b-config KEY=VALUE,... gives B a whole configuration of its own\n"
      "  --b-reorder: B's operators in the order `reorder` finds (before and after)\n";

int usage(std::ostream& err, const std::string& message)
{
    err << "arenascope: " << message << "\n" << kUsage << settingsUsage();
    return kExitBadInput;
}

} // namespace

int runCompare(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> models;
    SettingsOptions a;
    std::vector<std::string> bOnly = { "compare" };
    std::vector<std::string> shared = { "compare" };
    bool json = false;
    bool reorderB = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& x = args[i];
        if (x == "--json") {
            json = true;
        } else if (x == "--b-reorder") {
            reorderB = true;
        } else if (x.rfind("--b-", 0) == 0) {
            bOnly.push_back("--" + x.substr(4));
            if (x != "--b-preserve-all-tensors" && i + 1 < args.size())
                bOnly.push_back(args[++i]);
        } else if (!x.empty() && x[0] == '-') {
            shared.push_back(x);
            if (x != "--preserve-all-tensors" && i + 1 < args.size())
                shared.push_back(args[++i]);
        } else {
            models.push_back(x);
        }
    }
    if (models.empty() || models.size() > 2)
        return usage(err, "compare takes one or two models");
    for (std::size_t i = 1; i < shared.size(); ++i)
        if (parseSettingsOption(shared, i, a) != OptionParse::Taken)
            return usage(err, a.error.empty() ? "unknown option " + shared[i] : a.error);
    if (const std::string conflict = finishSettings(a); !conflict.empty())
        return usage(err, conflict);
    // B starts from A's finished settings; only B's own options decide B's defaults. A
    // configuration of its own (--b-config) is B's whole configuration: its keys left out take
    // plan's defaults, not A's settings (the arena size stays shared).
    SettingsOptions b = a;
    b.targetGiven = false;
    b.espOptionGiven = false;
    if (std::find(bOnly.begin(), bOnly.end(), "--config") != bOnly.end()) {
        b = SettingsOptions {};
        b.settings.arenaSize = a.settings.arenaSize;
    }
    for (std::size_t i = 1; i < bOnly.size(); ++i)
        if (parseSettingsOption(bOnly, i, b) != OptionParse::Taken)
            return usage(err, b.error.empty() ? "unknown option --b-" + bOnly[i].substr(2) : b.error);
    if (const std::string conflict = finishSettings(b); !conflict.empty())
        return usage(err, conflict);
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
