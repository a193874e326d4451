#pragma once
// What the bash and zsh generators (cli_docs_bash.cpp, cli_docs_zsh.cpp) share: quoting, and what
// a row's ValueKind completes to.

#include "option_spec.h"

#include <string>
#include <string_view>
#include <vector>

namespace arenascope::shell {

// 'text' for sh, bash and zsh.
inline std::string quoted(std::string_view text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

inline std::string quotedWords(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : " ") + quoted(w);
    return out;
}

inline std::vector<std::string> choicesOf(const OptionSpec& o)
{
    return o.choices ? o.choices() : std::vector<std::string> {};
}

// The file name endings a kind completes to; empty for any file.
inline std::vector<std::string> extensions(ValueKind kind)
{
    switch (kind) {
    case ValueKind::Model:
    case ValueKind::ModelOrFolder:
        return { "tflite" };
    case ValueKind::Csv:
        return { "csv" };
    case ValueKind::Json:
        return { "json" };
    case ValueKind::Log:
        return { "txt", "log" };
    default:
        return {};
    }
}

inline bool isFileKind(ValueKind k)
{
    return k == ValueKind::Model || k == ValueKind::ModelOrFolder || k == ValueKind::Csv || k == ValueKind::Json
        || k == ValueKind::Log || k == ValueKind::File;
}

} // namespace arenascope::shell
