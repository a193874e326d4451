#include "configuration.h"

#include "settings_options.h"

#include <algorithm>
#include <vector>

namespace arenascope {

namespace {

// Every key a configuration takes, in the canonical order: the settings options' rows marked
// inConfiguration, without their dashes (settings_options.h).
std::vector<std::string_view> configurationKeyList()
{
    std::vector<std::string_view> keys;
    for (const SettingsOptionRow& r : settingsOptionRows())
        if (r.inConfiguration)
            keys.push_back(r.spec.name.substr(2));
    return keys;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

const char* configurationKeys()
{
    static const std::string keys = [] {
        std::string out;
        for (std::string_view k : configurationKeyList())
            out += (out.empty() ? "" : ", ") + std::string(k);
        return out;
    }();
    return keys.c_str();
}

Result<std::vector<std::string>> configurationOptions(std::string_view text)
{
    auto bad = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidArgument, why, "configuration '" + std::string(text) + "'");
    };
    static const std::vector<std::string_view> kKeys = configurationKeyList();
    std::vector<std::string> args;
    std::vector<std::string_view> seen;
    std::string_view rest = trim(text);
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view pair = trim(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view {} : rest.substr(comma + 1);
        if (pair.empty())
            return bad("an empty KEY=VALUE pair (two commas in a row, or a comma at an end)");
        const auto eq = pair.find('=');
        if (eq == std::string_view::npos)
            return bad("'" + std::string(pair) + "' is not KEY=VALUE");
        const std::string_view key = trim(pair.substr(0, eq));
        const std::string_view value = trim(pair.substr(eq + 1));
        const auto known = std::find(kKeys.begin(), kKeys.end(), key);
        if (known == kKeys.end())
            return bad("unknown key '" + std::string(key) + "' (keys: " + configurationKeys() + ")");
        if (std::find(seen.begin(), seen.end(), *known) != seen.end())
            return bad("'" + std::string(key) + "' is given twice");
        seen.push_back(*known);
        if (value.empty())
            return bad("'" + std::string(key) + "' has no value");
        if (key == "preserve-all-tensors") {
            if (value == "true")
                args.push_back("--preserve-all-tensors");
            else if (value != "false")
                return bad("preserve-all-tensors takes true or false");
            continue;
        }
        args.push_back("--" + std::string(key));
        args.emplace_back(value);
    }
    return args;
}

Result<EmulationSettings> parseConfiguration(std::string_view text)
{
    return settingsWithConfiguration(std::string(text), {});
}

} // namespace arenascope
