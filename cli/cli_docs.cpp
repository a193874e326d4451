// The man page from the command table (cli_docs.h); the completions are in cli_docs_bash.cpp and cli_docs_zsh.cpp.
#include "cli_docs.h"

#include "configuration.h"
#include "settings_options.h"

#include "core/util/exit_codes.h"
#include "core/util/version.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

namespace arenascope {

namespace {

const OptionSpec kHelp { "--help", "", ValueKind::None, "print this command's usage and options" };

// Text for troff: backslashes, dashes (so options stay minus signs, not hyphens) and a dot or quote
// at a line's start escaped, `word` in bold, non-ASCII as a named Unicode character.
std::string roff(std::string_view text)
{
    std::string out;
    bool lineStart = true;
    bool inCode = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (lineStart && (c == '.' || c == '\''))
            out += "\\&";
        lineStart = c == '\n';
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else if (c == '`') {
            out += inCode ? "\\fR" : "\\fB";
            inCode = !inCode;
        } else if (c >= 0x80) {
            // A UTF-8 sequence: its code point as \[uXXXX] (groff's glyph names).
            const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
            std::uint32_t cp = c & (0x3Fu >> extra);
            for (int k = 0; k < extra && i + 1 < text.size(); ++k)
                cp = (cp << 6) | (static_cast<unsigned char>(text[++i]) & 0x3Fu);
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\[u%04X]", static_cast<unsigned>(cp));
            out += buf;
        } else
            out += static_cast<char>(c);
    }
    if (inCode)
        out += "\\fR";
    return out;
}

std::string joinedChoices(const OptionSpec& o, const char* separator)
{
    std::string s;
    if (o.choices)
        for (const std::string& c : o.choices())
            s += (s.empty() ? "" : separator) + c;
    return s;
}

// "\fB\-\-table\fR \fImd|csv\fR"
std::string optionTerm(std::string_view name, const OptionSpec& o)
{
    std::string term = "\\fB" + roff(name) + "\\fR";
    if (!o.value.empty())
        term += " \\fI" + roff(o.value) + "\\fR";
    return term;
}

std::string optionItem(std::string_view name, const OptionSpec& o)
{
    std::string help(o.help);
    const std::string values = joinedChoices(o, ", ");
    if (!values.empty() && joinedChoices(o, "|") != o.value)
        help += ". One of: " + values;
    if (o.repeatable)
        help += ". May be given more than once";
    if (o.required)
        help += ". Required";
    return ".TP\n" + optionTerm(name, o) + "\n" + roff(help) + ".\n";
}

// "\fBarenascope plan\fR \fIMODEL|FOLDER...\fR [\fIoptions\fR] [\fB\-\-json\fR] ..."
std::string synopsisLine(const CommandSpec& c)
{
    std::string line = "\\fBarenascope " + roff(c.name) + "\\fR";
    for (const OperandSpec& o : c.operands)
        line += o.optional ? " [\\fI" + roff(o.name) + "\\fR]" : " \\fI" + roff(o.name) + "\\fR";
    if (c.settings)
        line += " [\\fIoptions\\fR]";
    for (const OptionSpec& o : c.options)
        line += o.required ? " " + optionTerm(o.name, o) : " [" + optionTerm(o.name, o) + "]";
    if (c.settingsForB)
        line += " [\\fB\\-\\-b\\-\\fIOPTION VALUE\\fR ...]";
    return line;
}

std::string synopsisSection()
{
    std::string s = ".SH SYNOPSIS\n.ad l\n";
    s += ".PP\n\\fBarenascope\\fR [\\fIMODEL.tflite\\fR ...] [\\fB\\-\\-arena\\-size\\fR \\fIN\\fR]\n";
    for (const CommandSpec& c : commandTable())
        s += ".PP\n" + synopsisLine(c) + "\n";
    s += ".PP\n\\fBarenascope\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR | \\fIcommand\\fR \\fB\\-\\-help\\fR\n";
    s += ".PP\n\\fBarenascope\\fR \\fB\\-\\-man\\fR | \\fB\\-\\-completion\\fR \\fIbash\\fR|\\fIzsh\\fR\n";
    return s + ".ad\n";
}

std::string commandsSection()
{
    std::string s = ".SH COMMANDS\n";
    for (const CommandSpec& c : commandTable()) {
        s += ".SS " + roff(c.name) + "\n.ad l\n" + synopsisLine(c) + "\n.ad\n.PP\n";
        std::string summary(c.summary);
        summary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(summary[0])));
        s += roff(summary) + ".\n";
        if (!c.details.empty()) {
            std::string details(c.details);
            details[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(details[0])));
            s += ".PP\n" + roff(details) + ".\n";
        }
        for (const OptionSpec& o : c.options)
            s += optionItem(o.name, o);
        if (c.settings)
            s += ".PP\nAnd the build settings options (below).\n";
    }
    return s;
}

std::string settingsSection()
{
    std::string s = ".SH BUILD SETTINGS OPTIONS\n"
                    "Every command that analyses a model (those whose synopsis shows \\fIoptions\\fR) takes "
                    "these: they describe the firmware's build of TensorFlow Lite Micro, which decides the "
                    "arena.\n";
    for (const OptionSpec& o : settingsSpecs())
        s += optionItem(o.name, o);
    s += ".SS Configurations\n"
         "A configuration is every setting that changes the arena as one line: \\fIKEY\\fR=\\fIVALUE\\fR "
         "pairs joined by commas, the keys being the options above without their dashes ("
        + roff(configurationKeys())
        + "), for example\n.PP\n.RS\n\\f(CRtarget=cortex\\-m,kernels=cmsis\\-nn,cpu=cortex\\-m4\\fR\n.RE\n.PP\n"
          "A key left out takes the default of \\fBplan\\fR. The arena size is not part of a configuration.\n";
    return s;
}

const char* kDescription = R"roff(.SH DESCRIPTION
A model file's size is not a RAM estimate.
.B arenascope
re-implements the arena allocator, memory planners and kernels' Init and Prepare of TensorFlow Lite
Micro (TFLM) for the build the firmware uses (snapshot, target layout, reference, CMSIS-NN or ESP-NN
kernels), loads a .tflite model and says how many bytes of tensor arena it needs, whether it fits a
given arena, and when it does not, which allocation fails first, in TFLM's own words.
.PP
Without a command it opens the desktop app on the models given (the bundled example when none is).
A model opened while the app runs, from a file manager or a shell, opens in a new window of the
running app. With a command it runs headless and prints text, JSON, CSV or Markdown.
)roff";

std::string closingSections()
{
    std::string s = ".SH EXIT STATUS\n.TP\n0\nSuccess; for \\fBplan\\fR and \\fBsolve\\fR: it fits (or "
                    "allocates when no size is given); for \\fBcheck\\fR: nothing grew beyond the limit.\n"
                    ".TP\n1\nIt does not fit, or (\\fBcheck\\fR) an arena grew beyond the limit.\n"
                    ".TP\n2\nBad input: an unreadable model, an unknown command or option, a file that cannot "
                    "be written (the old file stays).\n";
    s += ".SH SHELL COMPLETION\nThe package installs completions for bash (\\fIshare/bash\\-completion/"
         "completions/arenascope\\fR) and zsh (\\fIshare/zsh/vendor\\-completions/_arenascope\\fR). For a copy "
         "built from source:\n.PP\n.RS\n\\f(CRsource <(arenascope \\-\\-completion bash)\\fR\n.RE\n";
    s += ".SH FILES\n"
         ".TP\n\\fI~/.config/ArenaScope/ArenaScope.conf\\fR\n"
         "The desktop app's settings (build settings, board, recent files, window layout); an upgrade keeps "
         "them.\n"
         ".TP\n\\fIshare/arenascope/models/example_kws_int8.tflite\\fR\n"
         "The example model the app opens when started without one (under the installation prefix: "
         "\\fI/usr\\fR for the Debian package).\n"
         ".TP\n\\fIshare/arenascope/models/lessons/\\fR\n"
         "The lesson models (Help > Lessons in the app; \\fBarenascope make\\-lessons\\fR writes them).\n";
    s += ".SH EXAMPLES\n"
         ".PP\n.nf\n\\f(CRarenascope plan kws.tflite \\-\\-board esp32\\-s3\\-devkitc\\-1 \\-\\-arena\\-size 64K\n"
         "arenascope plan models/ \\-\\-config kernels=cmsis\\-nn,cpu=cortex\\-m4 \\-\\-table md\n"
         "arenascope baseline models/ \\-\\-out arena\\-baseline.json\n"
         "arenascope check \\-\\-baseline arena\\-baseline.json \\-\\-max\\-growth 0\\fR\n.fi\n";
    return s;
}

} // namespace

const std::vector<OptionSpec>& settingsSpecs()
{
    static const std::vector<OptionSpec> specs = settingsOptionSpecs();
    return specs;
}

std::vector<AcceptedOption> acceptedOptions(const CommandSpec& command)
{
    std::vector<AcceptedOption> out;
    for (const OptionSpec& o : command.options)
        out.push_back({ std::string(o.name), &o });
    const auto own = [&](std::string_view name) {
        return std::any_of(
            command.options.begin(), command.options.end(), [&](const OptionSpec& o) { return o.name == name; });
    };
    if (command.settings)
        for (const OptionSpec& s : settingsSpecs())
            if (!own(s.name))
                out.push_back({ std::string(s.name), &s });
    if (command.settingsForB)
        for (const OptionSpec& s : settingsSpecs())
            out.push_back({ "--b-" + std::string(s.name.substr(2)), &s });
    out.push_back({ std::string(kHelp.name), &kHelp });
    return out;
}

std::string manPage()
{
    std::string s = ".\\\" arenascope(1), generated from the command table by `arenascope --man`:\n"
                    ".\\\" edit cli/command_table.cpp, cli/settings_options.cpp or cli/cli_docs.cpp.\n";
    s += ".TH ARENASCOPE 1 \"\" \"ArenaScope " + roff(kArenaScopeVersion) + "\" \"User Commands\"\n";
    s += ".nh\n"; // no hyphenation: option names and values are typed as printed
    s += ".SH NAME\narenascope \\- the tensor arena a TensorFlow Lite Micro model needs, as TFLM allocates it\n";
    s += synopsisSection();
    s += kDescription;
    s += ".PP\nIt emulates " + roff(kEmulatedTflm) + " and the older snapshots named by \\fB\\-\\-tflm\\fR.\n";
    s += commandsSection();
    s += settingsSection();
    s += closingSections();
    return s;
}

int runDocsOption(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args[0] == "--man" && args.size() == 1) {
        out << manPage();
        return kExitOk;
    }
    if (args[0] == "--completion" && args.size() == 2 && (args[1] == "bash" || args[1] == "zsh")) {
        out << (args[1] == "bash" ? bashCompletion() : zshCompletion());
        return kExitOk;
    }
    err << "arenascope: usage: arenascope --man | --completion bash|zsh\n";
    return kExitBadInput;
}

} // namespace arenascope
