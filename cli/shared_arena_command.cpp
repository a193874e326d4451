// `arenascope plan A.tflite B.tflite ... --shared-arena`: several models in one arena, built and
// allocated in the order given (core/analysis/shared_arena_analysis.h).
#include "commands.h"
#include "configuration.h"
#include "model_inputs.h"
#include "settings_options.h"

#include "core/analysis/shared_arena_analysis.h"
#include "core/emulation/configuration_text.h"
#include "core/model/loader.h"
#include "core/report/shared_arena_report.h"
#include "core/util/exit_codes.h"

#include <filesystem>

namespace arenascope {

namespace {

// The settings every interpreter on one allocator shares: all but the resource variables.
bool sameFirmware(EmulationSettings a, EmulationSettings b)
{
    a.resourceVariables = b.resourceVariables;
    return a == b;
}

} // namespace

int runPlanSharedArena(const ParsedArgs& a, std::ostream& out, std::ostream& err)
{
    if (a.has("--table") || a.has("--csv"))
        return usageError(err, "plan", "--shared-arena analyses the models together: --table and --csv do not apply");
    auto paths = expandModelPaths(a.operands);
    if (!paths) {
        err << "arenascope: " << describe(paths.error()) << "\n";
        return kExitBadInput;
    }
    const std::vector<std::string>& files = paths.value();
    if (files.size() > kMaxTenants)
        return usageError(err, "plan",
            "--shared-arena takes at most " + std::to_string(kMaxTenants) + " models (" + std::to_string(files.size())
                + " given): each one is emulated again at every arena size the search tries");
    if (a.configs.size() > 1 && a.configs.size() != files.size())
        return usageError(err, "plan",
            "--shared-arena takes one --config for every model, or one per model in their order ("
                + std::to_string(files.size()) + " models, " + std::to_string(a.configs.size()) + " configurations)");
    std::vector<EmulationSettings> perModel;
    for (std::size_t k = 0; k < files.size(); ++k) {
        const std::string config = a.configs.empty() ? std::string() : a.configs[a.configs.size() == 1 ? 0 : k];
        auto s = settingsWithConfiguration(config, a.settingsArgs);
        if (!s)
            return usageError(err, "plan", describe(s.error()));
        perModel.push_back(s.value());
    }
    for (std::size_t k = 1; k < perModel.size(); ++k)
        if (!sameFirmware(perModel[0], perModel[k]))
            return usageError(err, "plan",
                "the models of one arena run in one firmware, built with one TFLM, target, kernel set, planner and "
                "interpreter; only resource variables may differ per model. "
                    + files[0] + ": " + configurationText(perModel[0]) + "; " + files[k] + ": "
                    + configurationText(perModel[k]));
    if (perModel.front().nonPersistentBytes)
        return usageError(err, "plan",
            "--shared-arena puts the models in one arena: --non-persistent-arena-size "
            "(separate arenas) does not apply");
    std::vector<Tenant> tenants;
    for (std::size_t k = 0; k < files.size(); ++k) {
        auto model = loadModelFile(files[k]);
        if (!model) {
            err << "arenascope: " << describe(model.error()) << "\n";
            return kExitBadInput;
        }
        Tenant t;
        t.model = model.value();
        t.name = std::filesystem::path(files[k]).filename().string();
        if (perModel[k].resourceVariables == kResourceVariablesAuto)
            t.resourceVariables.reset();
        else
            t.resourceVariables = perModel[k].resourceVariables;
        tenants.push_back(std::move(t));
    }
    const Construction construction = a.value("--construct") && *a.value("--construct") == "interleaved"
        ? Construction::Interleaved
        : Construction::AllFirst;
    const auto analysis = analyzeSharedArena(std::move(tenants), perModel.front(), construction);
    out << (a.has("--json") ? sharedArenaJson(*analysis) : sharedArenaText(*analysis));
    return analysis->succeeds() ? kExitOk : kExitDoesNotFit;
}

} // namespace arenascope
