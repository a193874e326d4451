// The zsh completion from the command table (cli_docs.h): a #compdef function over _arguments,
// written out in full (completing runs nothing).
#include "cli_docs.h"
#include "cli_docs_shell.h"

#include "settings_options.h"

namespace arenascope {

namespace {

using namespace shell;

// Text inside an _arguments spec: its brackets, colons and backslashes escaped.
std::string zshEscaped(std::string_view text, std::string_view special = "[]:\\")
{
    std::string out;
    for (char c : text)
        out += special.find(c) == std::string_view::npos ? std::string(1, c) : std::string("\\") + c;
    return out;
}

std::string zshFiles(ValueKind kind)
{
    const std::vector<std::string> ext = extensions(kind);
    if (ext.empty())
        return "_files";
    std::string alternatives;
    for (const std::string& e : ext)
        alternatives += (alternatives.empty() ? "" : "|") + e;
    return "_files -g \"*.(#i)(" + alternatives + ")(-.)\"";
}

// What follows the message in a spec: the values, a function, or a space (nothing to offer).
std::string zshAction(const OptionSpec& o)
{
    if (o.name == "--config")
        return "_arenascope_config";
    if (o.kind == ValueKind::Choice) {
        std::string values;
        for (const std::string& v : choicesOf(o))
            values += (values.empty() ? "" : " ") + zshEscaped(v, " ()[]:\\'\"|&;<>$`");
        return "(" + values + ")";
    }
    if (o.kind == ValueKind::Folder)
        return "_files -/";
    if (isFileKind(o.kind))
        return zshFiles(o.kind);
    return " ";
}

std::string zshOptionSpec(const AcceptedOption& a)
{
    const OptionSpec& o = *a.spec;
    std::string spec = (o.repeatable ? "*" : "") + a.name + "[" + zshEscaped(o.help) + "]";
    if (o.kind != ValueKind::None)
        spec += ":" + zshEscaped(o.value.empty() ? std::string_view("value") : o.value) + ":" + zshAction(o);
    return quoted(spec);
}

std::string zshCommandCase(const CommandSpec& c)
{
    std::string out = "        (" + std::string(c.name)
        + ")\n            shift words\n            (( CURRENT-- ))\n"
          "            _arguments -S :";
    for (const AcceptedOption& a : acceptedOptions(c))
        out += " \\\n                " + zshOptionSpec(a);
    for (std::size_t k = 0; k < c.operands.size(); ++k) {
        const OperandSpec& o = c.operands[k];
        const OptionSpec asOption { o.name, o.name, o.kind, "" };
        // "*:" (the rest) is optional by itself; "*::" would mean something else (words narrowed
        // to the operands), which hides the options after the first operand.
        const bool rest = k + 1 == c.operands.size() && o.repeatable;
        const std::string where = rest ? "*:" : std::to_string(k + 1) + (o.optional ? "::" : ":");
        out += " \\\n                " + quoted(where + zshEscaped(o.name) + ":" + zshAction(asOption));
    }
    return out + "\n            ;;\n";
}

std::string zshConfigFunction()
{
    std::string out = "_arenascope_config() {\n    _values -s , 'configuration'";
    for (const SettingsOptionRow& r : settingsOptionRows()) {
        if (!r.inConfiguration)
            continue;
        const std::string key(r.spec.name.substr(2));
        const std::string action = r.spec.kind == ValueKind::None ? "(true false)" : zshAction(r.spec);
        out += " \\\n        "
            + quoted(key + "[" + zshEscaped(r.spec.help)
                + "]:" + zshEscaped(r.spec.value.empty() ? "value" : r.spec.value) + ":" + action);
    }
    return out + "\n}\n\n";
}

const char* kZshTop = R"zsh(_arenascope() {
    if (( CURRENT == 2 )); then
        if [[ $PREFIX == -* ]]; then
            local -a options
            options=(
                '--help:the usage (COMMAND --help: one command)'
                '--version:the version and the TFLM it emulates'
                '--man:this manual page as troff'
                '--completion:a completion script for bash or zsh'
                '--board:list the boards (--board list)'
                '--arena-size:the arena the desktop app starts at'
            )
            _describe -t options 'option' options
        else
            _alternative 'commands:command:_arenascope_commands' \
                'models:model:_files -g "*.(#i)(tflite)(-.)"'
        fi
        return
    fi
    case $words[2] in
)zsh";

const char* kZshBottom = R"zsh(        (--completion) (( CURRENT == 3 )) && compadd -- bash zsh ;;
        (--board) (( CURRENT == 3 )) && compadd -- list ;;
        (*)
            _arguments -S : \
                '--arena-size[the arena the desktop app starts at]:N\[K|M\]: ' \
                '*:model:_files -g "*.(#i)(tflite)(-.)"'
            ;;
    esac
}

_arenascope "$@"
)zsh";

} // namespace

std::string zshCompletion()
{
    std::string out = "#compdef arenascope\n"
                      "# zsh completion for arenascope(1), generated from its command table by\n"
                      "# `arenascope --completion zsh`. Completing runs no arenascope process.\n\n";
    out += "_arenascope_commands() {\n    local -a commands\n    commands=(\n";
    for (const CommandSpec& c : commandTable())
        out += "        " + quoted(zshEscaped(c.name, ":\\") + ":" + std::string(c.summary)) + "\n";
    out += "    )\n    _describe -t commands 'arenascope command' commands\n}\n\n";
    out += zshConfigFunction();
    out += kZshTop;
    for (const CommandSpec& c : commandTable())
        out += zshCommandCase(c);
    return out + kZshBottom;
}

} // namespace arenascope
