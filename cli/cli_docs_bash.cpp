// The bash completion from the command table (cli_docs.h), written out in full: completing runs
// nothing, so it cannot hang on a missing model or start an analysis.
#include "cli_docs.h"
#include "cli_docs_shell.h"

#include "settings_options.h"

#include <map>

namespace arenascope {

namespace {

using namespace shell;

// The bash statement that completes a value of this kind ("" when nothing is offered).
std::string bashAction(const OptionSpec& o)
{
    if (o.name == "--config")
        return "_arenascope_config";
    if (o.kind == ValueKind::Choice)
        return "_arenascope_words " + quotedWords(choicesOf(o));
    if (o.kind == ValueKind::Folder)
        return "_arenascope_dirs";
    if (isFileKind(o.kind))
        return "_arenascope_files " + quotedWords(extensions(o.kind));
    return ":";
}

std::string bashCase(const std::map<std::string, std::vector<std::string>>& actionPatterns)
{
    std::string out;
    for (const auto& [action, patterns] : actionPatterns) {
        std::string joined;
        for (const std::string& p : patterns)
            joined += (joined.empty() ? "" : "|") + p;
        out += "        " + joined + ") " + action + " ;;\n";
    }
    return out;
}

// _arenascope_value CMD OPTION: completes OPTION's value; false when it takes none.
// _arenascope_takes CMD OPTION: whether OPTION takes a value (to count operands).
std::string bashValueFunctions()
{
    std::map<std::string, std::vector<std::string>> byAction;
    std::vector<std::string> taking;
    for (const CommandSpec& c : commandTable())
        for (const AcceptedOption& a : acceptedOptions(c))
            if (a.spec->kind != ValueKind::None) {
                const std::string pattern = std::string(c.name) + ":" + a.name;
                byAction[bashAction(*a.spec)].push_back(pattern);
                taking.push_back(pattern);
            }
    byAction["_arenascope_words bash zsh"].push_back(":--completion");
    byAction["_arenascope_words list"].push_back(":--board");
    byAction[":"].push_back("app:--arena-size");
    taking.push_back("app:--arena-size");
    std::string out = "_arenascope_value() {\n    case \"$1:$2\" in\n" + bashCase(byAction);
    out += "        *) return 1 ;;\n    esac\n}\n\n_arenascope_takes() {\n    case \"$1:$2\" in\n";
    std::string joined;
    for (const std::string& p : taking)
        joined += (joined.empty() ? "" : "|") + p;
    return out + "        " + joined + ") return 0 ;;\n        *) return 1 ;;\n    esac\n}\n\n";
}

std::string bashOptionsFunction()
{
    std::string out = "_arenascope_options() {\n    case $1 in\n";
    for (const CommandSpec& c : commandTable()) {
        std::vector<std::string> names;
        for (const AcceptedOption& a : acceptedOptions(c))
            names.push_back(a.name);
        out += "        " + std::string(c.name) + ") _arenascope_words " + quotedWords(names) + " ;;\n";
    }
    return out + "        app) _arenascope_words --arena-size ;;\n    esac\n}\n\n";
}

// _arenascope_operand CMD N: completes the command's N-th operand (from 0).
std::string bashOperandFunction()
{
    std::string out = "_arenascope_operand() {\n    case \"$1:$2\" in\n";
    for (const CommandSpec& c : commandTable()) {
        for (std::size_t k = 0; k < c.operands.size(); ++k) {
            const OperandSpec& o = c.operands[k];
            const bool last = k + 1 == c.operands.size();
            const OptionSpec asOption { o.name, o.name, o.kind, "" };
            out += "        " + std::string(c.name) + ":" + (last && o.repeatable ? "*" : std::to_string(k)) + ") "
                + bashAction(asOption) + " ;;\n";
        }
    }
    return out + "        app:*) _arenascope_files tflite ;;\n    esac\n}\n\n";
}

// A --config value: KEY=VALUE pairs joined by commas, each key a settings row.
std::string bashConfigFunction()
{
    std::string keys;
    std::string values;
    for (const SettingsOptionRow& r : settingsOptionRows()) {
        if (!r.inConfiguration)
            continue;
        const std::string key(r.spec.name.substr(2));
        keys += (keys.empty() ? "" : " ") + quoted(key);
        if (r.spec.kind == ValueKind::None)
            values += "        " + key + ") set -- true false ;;\n";
        else if (r.spec.kind == ValueKind::Choice)
            values += "        " + key + ") set -- " + quotedWords(choicesOf(r.spec)) + " ;;\n";
    }
    return "_arenascope_config() {\n"
           "    local word=$_arenascope_cur\n"
           "    local pair=${word##*,}\n"
           "    local before=${word%\"$pair\"} key v\n"
           "    if [[ $pair != *=* ]]; then\n"
           "        for key in "
        + keys
        + "; do\n"
          "            [[ $key= == \"$pair\"* ]] && COMPREPLY+=(\"$before$key=\")\n"
          "        done\n"
          "        compopt -o nospace 2>/dev/null || true\n"
          "        return 0\n"
          "    fi\n"
          "    key=${pair%%=*}\n"
          "    case $key in\n"
        + values
        + "        *) return 0 ;;\n"
          "    esac\n"
          "    for v; do\n"
          "        [[ $key=$v == \"$pair\"* ]] && COMPREPLY+=(\"$before$key=$v\")\n"
          "    done\n"
          "    return 0\n"
          "}\n\n";
}

const char* kBashHelpers
    = R"bash(# The words up to the cursor, backslash escapes undone (a model path with spaces stays one word):
# COMP_WORDS would also split at '=' and ':'. The current word is the last, empty after a space.
_arenascope_split() {
    local line=${COMP_LINE:0:COMP_POINT} escaped='\\[[:space:]]$' ended='[[:space:]]$' IFS=$' \t\n'
    _arenascope_w=()
    read -a _arenascope_w <<< "$line"
    if [[ $line =~ $ended && ! $line =~ $escaped ]] || (( ${#_arenascope_w[@]} == 0 )); then
        _arenascope_w+=("")
    fi
}

# Offers those of the arguments that start with the current word.
_arenascope_words() {
    local w
    for w; do
        [[ $w == "$_arenascope_cur"* ]] && COMPREPLY+=("$w")
    done
    return 0
}

# The names that start with the current word, by the shell's own globbing (no process started:
# completing stays instant however busy the machine), in _arenascope_found; a leading ~/ is
# $HOME's (_arenascope_home), given back as ~/ by _arenascope_add.
_arenascope_glob() {
    local word=$_arenascope_cur failglob= f
    _arenascope_home=
    if [[ $word == "~/"* ]]; then
        _arenascope_home=$HOME
        word=$HOME/${word#"~/"}
    fi
    [[ :$BASHOPTS: == *:failglob:* ]] && failglob=1 && shopt -u failglob
    _arenascope_found=()
    for f in "$word"*; do
        [[ -e $f || -L $f ]] && _arenascope_found+=("$f")
    done
    [[ -n $failglob ]] && shopt -s failglob
    return 0
}

_arenascope_add() {
    if [[ -n $_arenascope_home ]]; then
        COMPREPLY+=("~${1#"$_arenascope_home"}")
    else
        COMPREPLY+=("$1")
    fi
}

# Folders, and the files whose name ends in .EXT for one of the arguments (any file when none).
_arenascope_files() {
    local f ext _arenascope_found _arenascope_home
    compopt -o filenames 2>/dev/null || true
    _arenascope_glob
    for f in "${_arenascope_found[@]}"; do
        if [[ -d $f || $# -eq 0 ]]; then
            _arenascope_add "$f"
            continue
        fi
        for ext; do
            if [[ ${f,,} == *."$ext" ]]; then
                _arenascope_add "$f"
                break
            fi
        done
    done
    return 0
}

_arenascope_dirs() {
    local f _arenascope_found _arenascope_home
    compopt -o filenames 2>/dev/null || true
    _arenascope_glob
    for f in "${_arenascope_found[@]}"; do
        [[ -d $f ]] && _arenascope_add "$f"
    done
    return 0
}

# Readline replaces only what follows the word's last break character (COMP_WORDBREAKS: '=' and
# ':' by default): the replies lose what comes before it.
_arenascope_trim() {
    local breaks=${COMP_WORDBREAKS//[[:space:]\"\'\\]/} keep i
    [[ -n $breaks ]] || return 0
    keep=${_arenascope_cur%"${_arenascope_cur##*[$breaks]}"}
    [[ -n $keep ]] || return 0
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]=${COMPREPLY[i]#"$keep"}
    done
}

)bash";

const char* kBashMain = R"bash(_arenascope() {
    local _arenascope_w _arenascope_cur cmd prev w i n count=0
    COMPREPLY=()
    _arenascope_split
    n=${#_arenascope_w[@]}
    _arenascope_cur=${_arenascope_w[n-1]}
    if (( n <= 2 )); then
        if [[ $_arenascope_cur == -* ]]; then
            _arenascope_words --help --version --man --completion --board --arena-size
        else
            _arenascope_words $_arenascope_commands
            _arenascope_files tflite
        fi
        _arenascope_trim
        return 0
    fi
    cmd=${_arenascope_w[1]}
    prev=${_arenascope_w[n-2]}
    case " $_arenascope_commands " in
        *" $cmd "*) ;;
        *)
            case $cmd in
                --completion | --board) cmd= ;;
                *) cmd=app ;;
            esac
            ;;
    esac
    if _arenascope_value "$cmd" "$prev"; then
        _arenascope_trim
        return 0
    fi
    if [[ $_arenascope_cur == -* ]]; then
        _arenascope_options "$cmd"
        _arenascope_trim
        return 0
    fi
    for (( i = 2; i < n - 1; i++ )); do
        w=${_arenascope_w[i]}
        if _arenascope_takes "$cmd" "$w"; then
            i=$((i + 1))
        elif [[ $w != -* ]]; then
            count=$((count + 1))
        fi
    done
    _arenascope_operand "$cmd" "$count"
    _arenascope_trim
    return 0
}

complete -F _arenascope arenascope
)bash";

} // namespace

std::string bashCompletion()
{
    std::string commands;
    for (const CommandSpec& c : commandTable())
        commands += (commands.empty() ? "" : " ") + std::string(c.name);
    std::string out = "# bash completion for arenascope(1), generated from its command table by\n"
                      "# `arenascope --completion bash`. Completing runs no arenascope process.\n\n";
    out += "_arenascope_commands=" + quoted(commands) + "\n\n";
    out += kBashHelpers;
    out += bashValueFunctions() + bashOptionsFunction() + bashOperandFunction() + bashConfigFunction();
    return out + kBashMain;
}

} // namespace arenascope
