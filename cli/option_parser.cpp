#include "option_parser.h"

#include "command_table.h"
#include "settings_options.h"

#include <algorithm>

namespace arenascope {

namespace {

const OptionSpec* ownOption(const CommandSpec& command, std::string_view name)
{
    for (const OptionSpec& o : command.options)
        if (o.name == name)
            return &o;
    return nullptr;
}

// "md or csv", "tflm-greedy, heuristic, exact or all", or the value's placeholder.
std::string whatItTakes(const OptionSpec& o)
{
    if (!o.choices)
        return std::string(o.value);
    const std::vector<std::string> c = o.choices();
    std::string out;
    for (std::size_t k = 0; k < c.size(); ++k)
        out += (k == 0 ? "" : k + 1 == c.size() ? " or " : ", ") + c[k];
    return out;
}

Error bad(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}

// A settings option (and its value, if it takes one) of one side: appended to `into` as given.
Result<bool> takeSettingsOption(std::string_view name, const std::vector<std::string>& args, std::size_t& i,
    std::vector<std::string>& into, std::vector<std::string>& configs)
{
    if (name == "--config") {
        if (i + 1 >= args.size())
            return bad("--config takes KEY=VALUE[,KEY=VALUE...]");
        configs.push_back(args[++i]);
        return true;
    }
    const SettingsOptionRow* row = findSettingsOption(name);
    if (!row)
        return false;
    into.emplace_back(name);
    if (row->spec.kind != ValueKind::None && i + 1 < args.size())
        into.push_back(args[++i]);
    return true;
}

} // namespace

const std::string* ParsedArgs::value(std::string_view option) const
{
    const auto it = options.find(option);
    return it == options.end() || it->second.empty() ? nullptr : &it->second.back();
}

Result<ParsedArgs> parseArgs(const CommandSpec& command, const std::vector<std::string>& args)
{
    ParsedArgs p;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (const OptionSpec* o = ownOption(command, a)) {
            auto& values = p.options[std::string(o->name)];
            if (o->kind == ValueKind::None) {
                values.emplace_back();
                continue;
            }
            if (i + 1 >= args.size())
                return bad(std::string(o->name) + " takes " + whatItTakes(*o));
            const std::string& v = args[++i];
            if (o->kind == ValueKind::Choice && o->choices) {
                const std::vector<std::string> c = o->choices();
                if (std::find(c.begin(), c.end(), v) == c.end())
                    return bad(std::string(o->name) + " takes " + whatItTakes(*o));
            }
            values.push_back(v);
            continue;
        }
        if (command.settings) {
            auto taken = takeSettingsOption(a, args, i, p.settingsArgs, p.configs);
            if (!taken)
                return taken.error();
            if (taken.value())
                continue;
        }
        if (command.settingsForB && a.rfind("--b-", 0) == 0) {
            auto taken = takeSettingsOption("--" + a.substr(4), args, i, p.settingsArgsB, p.configsB);
            if (!taken)
                return taken.error();
            if (taken.value())
                continue;
        }
        if (a.size() > 1 && a[0] == '-')
            return bad("unknown option " + a);
        p.operands.push_back(a);
    }
    return p;
}

} // namespace arenascope
