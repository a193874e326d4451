#pragma once
// The device and interpreter options every analysing subcommand takes (plan, report, compare),
// parsed in one place so they cannot drift apart.
//
// Usage (in a subcommand's argument loop):
//   SettingsOptions s;
//   if (auto r = parseSettingsOption(args, i, s); r == OptionParse::Error) return usage(s.error);
//   else if (r == OptionParse::NotMine) { ...the subcommand's own options... }
//   ...after the loop: if (auto conflict = finishSettings(s); !conflict.empty()) return usage(conflict);

#include "core/emulation/emulation_settings.h"
#include "core/util/byte_size.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
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

enum class OptionParse { Taken, NotMine, Error };

// The value of option args[i]: advances i to it and stores it in `value`; false when args ends.
bool takeValue(const std::vector<std::string>& args, std::size_t& i, std::string& value);

// Looks at args[i] (and its value, advancing i); Taken when it was a settings option.
OptionParse parseSettingsOption(const std::vector<std::string>& args, std::size_t& i, SettingsOptions& s);

// For a command that runs one analysis per --config (report, plan): a --config value goes to
// `configs`, any other settings option (checked in `check`) to `deviceArgs` as given, to be
// applied to every configuration; NotMine for the command's own options.
OptionParse takeDeviceOption(const std::vector<std::string>& args, std::size_t& i, SettingsOptions& check,
    std::vector<std::string>& configs, std::vector<std::string>& deviceArgs);

// Checks the combination once every option is read (and gives ESP-NN and CMSIS-NN the one target
// they are built for when no --target was named); the reason it cannot be built, or empty.
std::string finishSettings(SettingsOptions& s);

// The settings of one configuration (configuration.h; empty: the defaults) with the options
// given beside it (args as parseSettingsOption takes them) applied after its pairs, finished.
Result<EmulationSettings> settingsWithConfiguration(
    const std::string& configuration, const std::vector<std::string>& optionArgs);

// The usage lines for these options, for each subcommand's help.
const char* settingsUsage();

} // namespace arenascope
