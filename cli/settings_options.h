#pragma once
// The build settings options every analysing command takes (plan, report, optimize, reorder,
// compare, baseline, header), declared once as rows (settingsOptionRows): the option, what it
// takes, its help, and how its value changes the settings. A configuration's keys are the same
// rows without their dashes (configuration.h).
//
// Usage (after parseArgs has sorted the arguments, option_parser.h):
//   auto settings = settingsWithConfiguration(parsed.configs.empty() ? "" : parsed.configs[0],
//                                             parsed.settingsArgs);
//   if (!settings) return usageError(settings.error().message);

#include "option_spec.h"

#include "core/emulation/emulation_settings.h"
#include "core/util/byte_size.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace arenascope {

struct SettingsOptions {
    EmulationSettings settings; // --arena-size goes to settings.arenaSize
    std::string error; // why the last option was rejected
    bool targetGiven = false; // --target was given (else ESP-NN and CMSIS-NN take their only target)
    bool espOptionGiven = false; // --chip or --esp-nn was given
    bool tflmGiven = false; // --tflm was given: a --board keeps it instead of its usual distribution
};

struct SettingsOptionRow {
    OptionSpec spec;
    bool inConfiguration; // a configuration key (all but --arena-size and --config itself)
    // Applies the value (empty for a flag, or when the value is missing); the error, or empty.
    std::string (*apply)(SettingsOptions& s, const std::string& value);
};

// Every settings option, configuration keys in their canonical order, then --arena-size and --config.
std::span<const SettingsOptionRow> settingsOptionRows();
// The same as OptionSpecs (usage, help, man page, completion).
std::vector<OptionSpec> settingsOptionSpecs();
// Whether `name` ("--chip") is a settings option.
const SettingsOptionRow* findSettingsOption(std::string_view name);

enum class OptionParse { Taken, NotMine, Error };

// The value of option args[i]: advances i to it and stores it in `value`; false when args ends.
bool takeValue(const std::vector<std::string>& args, std::size_t& i, std::string& value);

// Looks at args[i] (and its value, advancing i); Taken when it was a settings option.
OptionParse parseSettingsOption(const std::vector<std::string>& args, std::size_t& i, SettingsOptions& s);

// Checks the combination once every option is read (and gives ESP-NN and CMSIS-NN the one target
// they are built for when no --target was named); the reason it cannot be built, or empty.
std::string finishSettings(SettingsOptions& s);

// The settings of one configuration (configuration.h; empty: the defaults) with the options
// given beside it (args as parseSettingsOption takes them) applied after its pairs, finished.
Result<EmulationSettings> settingsWithConfiguration(
    const std::string& configuration, const std::vector<std::string>& optionArgs);

// The same starting from `base` (its finishing flags apply: compare's B starts from A).
Result<SettingsOptions> applySettingsArgs(SettingsOptions base, const std::vector<std::string>& optionArgs);

} // namespace arenascope
