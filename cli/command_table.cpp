#include "command_table.h"

#include "commands.h"
#include "settings_options.h"

#include "core/util/exit_codes.h"

#include <algorithm>

namespace arenascope {

namespace {

std::vector<std::string> tableFormats()
{
    return { "md", "csv" };
}
std::vector<std::string> constructionChoices()
{
    return { "all-first", "interleaved" };
}
std::vector<std::string> solvePlanners()
{
    return { "tflm-greedy", "heuristic", "exact", "all" };
}

const OptionSpec kJson { "--json", "", ValueKind::None, "print one JSON object instead of text" };
const OptionSpec kSharedArenaGroup { "--shared-arena", "", ValueKind::None,
    "the models share one arena, built in the order given: one entry (one arena) for the group" };

const std::vector<CommandSpec>& table()
{
    static const std::vector<CommandSpec> commands = {
        { "info", "summarize a model: operators, tensors, flash", { { "MODEL.tflite", ValueKind::Model } }, { kJson },
            false, false, runInfo },
        { "plan", "emulate AllocateTensors, give the verdict (several models or --config: one row each)",
            { { "MODEL|FOLDER...", ValueKind::ModelOrFolder, false, true } },
            { kJson,
                { "--table", "md|csv", ValueKind::Choice, "one row per model x configuration, as Markdown or CSV",
                    tableFormats },
                { "--csv", "TENSORS.csv", ValueKind::Csv, "also write the tensor table (one model)" },
                { "--shared-arena", "", ValueKind::None,
                    "the models share one arena (one MicroAllocator), built and allocated in the order given" },
                { "--construct", "all-first|interleaved", ValueKind::Choice,
                    "shared arena: every interpreter constructed first (default), or each right before it allocates",
                    constructionChoices } },
            true, false, runPlan,
            "exit 0: fits (or allocates when no size is given); 1: does not fit; 2: bad input\n"
            "--shared-arena: one --config for all, or one per model (the keys that build the firmware must agree)" },
        { "report", "write every export without a window",
            { { "MODEL|FOLDER...", ValueKind::ModelOrFolder, false, true } },
            { { "--out", "DIR", ValueKind::Folder, "the folder to write (DIR/<model>/ for several)", nullptr, false,
                  true },
                { "--png", "", ValueKind::None, "timeline.png, arena_map.png, report_sheet.png" },
                { "--csv", "", ValueKind::None, "tensors.csv, allocation_log.csv, live_bytes.csv" },
                { "--html", "", ValueKind::None, "report.html" }, { "--json", "", ValueKind::None, "analysis.json" },
                { "--table", "md|csv", ValueKind::Choice, "also a table of every model x configuration", tableFormats },
                { "--width", "PX", ValueKind::Number, "image width (default 1600)" },
                { "--height", "PX", ValueKind::Number, "image height (default 900)" },
                { "--scale", "S", ValueKind::Number, "device pixel ratio of the images, 0.25 to 4" } },
            true, false, nullptr, "all formats when none is named; exit codes as plan" },
        { "optimize", "find a smaller plan, write it into the model as offline offsets",
            { { "MODEL.tflite", ValueKind::Model } },
            { { "--out", "OUT.tflite", ValueKind::File, "the model to write", nullptr, false, true } }, true, false,
            runOptimize },
        { "reorder", "find an operator order with a lower peak, write the model in it",
            { { "MODEL.tflite", ValueKind::Model } },
            { { "--out", "OUT.tflite", ValueKind::File, "the model to write", nullptr, false, true } }, true, false,
            runReorder },
        { "compare", "two models, or one under two settings, or two orders of models in one arena, side by side",
            { { "A.tflite", ValueKind::Model }, { "B.tflite", ValueKind::Model, true, true } },
            { kJson,
                { "--b-reorder", "", ValueKind::None, "B's operators in the order `reorder` finds (before and after)" },
                { "--shared-arena", "", ValueKind::None,
                    "the models share one arena: A builds them in the order given, B in --b-order" },
                { "--b-order", "N,N,...", ValueKind::Text,
                    "--shared-arena: B's order, the models' positions from 1 (default: reversed)" } },
            true, true, runCompare,
            "the options apply to both sides; --b-OPTION VALUE (--b-kernels cmsis-nn, --b-config ...) to B only" },
        { "solve", "place a buffer list (MiniMalloc CSV) or a model's buffers",
            { { "BUFFERS.csv|MODEL.tflite", ValueKind::File } },
            { { "--capacity", "N[K|M]", ValueKind::Number, "the bytes the plan must fit" },
                { "--planner", "tflm-greedy|heuristic|exact|all", ValueKind::Choice,
                    "TFLM's greedy planner, a heuristic, the exact search, or all three side by side (default exact)",
                    solvePlanners },
                { "--time-limit", "S", ValueKind::Number, "seconds the exact search may take (default 10)" }, kJson,
                { "--out", "PLAN.csv", ValueKind::Csv, "write id,lower,upper,size,offset" } },
            true, false, runSolve,
            "BUFFERS.csv: a header, then id,lower,upper,size per buffer (lifetimes half-open: [lower, upper))" },
        { "baseline", "record the smallest arenas of models for CI",
            { { "MODEL|FOLDER...", ValueKind::ModelOrFolder, false, true } },
            { { "--config", "KEY=VALUE,...", ValueKind::Text, "a configuration to record (several: one entry each)",
                  nullptr, true },
                { "--out", "BASELINE.json", ValueKind::Json, "the baseline file to write", nullptr, false, true },
                kSharedArenaGroup },
            false, false, runBaseline },
        { "check", "measure again against a baseline; exit 1 when an arena grew (CI)",
            { { "MODEL|FOLDER...", ValueKind::ModelOrFolder, true, true } },
            { { "--baseline", "BASELINE.json", ValueKind::Json, "the baseline to compare with", nullptr, false, true },
                { "--max-growth", "N|P%", ValueKind::Number, "growth allowed: bytes (2K) or a percentage (default 0)" },
                { "--budget", "N[K|M]", ValueKind::Number, "every smallest arena must fit this" },
                { "--junit", "FILE.xml", ValueKind::File, "one test case per model x configuration" },
                { "--markdown", "FILE.md", ValueKind::File, "the table, for a pull-request comment" },
                { "--update", "", ValueKind::None, "rewrite the baseline with today's figures" } },
            false, false, runCheck,
            "exit 0: nothing grew beyond --max-growth and every arena fits --budget; 1: a regression; 2: bad input" },
        { "header", "the smallest arena as C #defines for the firmware",
            { { "MODEL.tflite", ValueKind::Model, false, true } },
            { kSharedArenaGroup,
                { "--out", "MODEL_arena.h", ValueKind::File, "the header to write", nullptr, false, true },
                { "--config", "KEY=VALUE,...", ValueKind::Text, "the configuration (default plan's)" },
                { "--name", "NAME", ValueKind::Text, "the macros' prefix (default from the model's file name)" },
                { "--margin", "BYTES", ValueKind::Number, "bytes added apart as NAME_ARENA_MARGIN_BYTES" } },
            false, false, runHeader },
        { "make-example", "write the bundled example model", { { "OUT.tflite", ValueKind::File } }, {}, false, false,
            runMakeExample },
        { "make-lessons", "write the lesson models (models/lessons)", { { "DIR", ValueKind::Folder } }, {}, false,
            false, runMakeLessons },
    };
    return commands;
}

std::string optionWord(const OptionSpec& o)
{
    return o.value.empty() ? std::string(o.name) : std::string(o.name) + " " + std::string(o.value);
}

// Rows of "  WORD  help", the help starting at one column for the whole list.
std::string optionLines(const std::vector<OptionSpec>& options)
{
    std::size_t width = 0;
    for (const OptionSpec& o : options)
        width = std::max(width, optionWord(o).size());
    width = std::min<std::size_t>(width, 34);
    std::string out;
    for (const OptionSpec& o : options) {
        std::string word = "  " + optionWord(o);
        if (word.size() > width + 2)
            word += "\n" + std::string(width + 4, ' ');
        else
            word += std::string(width + 4 - word.size(), ' ');
        std::string help(o.help);
        // The values of a short choice list, so the help names them (--target cortex-m|ilp32|x86_64).
        if (o.choices && o.kind == ValueKind::Choice) {
            std::string values;
            for (const std::string& c : o.choices())
                values += (values.empty() ? "" : "|") + c;
            if (values.size() <= 100 && values != o.value)
                help += ": " + values;
        }
        out += word + help + "\n";
    }
    return out;
}

} // namespace

std::span<const CommandSpec> commandTable()
{
    return table();
}

const CommandSpec* findCommand(std::string_view name)
{
    for (const CommandSpec& c : table())
        if (c.name == name)
            return &c;
    return nullptr;
}

std::string commandSynopsis(const CommandSpec& command)
{
    std::vector<std::string> words = { "arenascope", std::string(command.name) };
    for (const OperandSpec& o : command.operands)
        words.push_back(o.optional ? "[" + std::string(o.name) + "]" : std::string(o.name));
    if (command.settings)
        words.emplace_back("[options]");
    for (const OptionSpec& o : command.options)
        words.push_back(o.required ? optionWord(o) : "[" + optionWord(o) + "]");
    if (command.settingsForB)
        words.emplace_back("[--b-OPTION VALUE ...]");
    // Wrapped at 100 columns, continuation lines under the first operand.
    const std::size_t indent = words[0].size() + words[1].size() + 2;
    std::string out;
    std::size_t column = 0;
    for (const std::string& w : words) {
        if (column > indent && column + 1 + w.size() > 100) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
        } else if (!out.empty()) {
            out += ' ';
            ++column;
        }
        out += w;
        column += w.size();
    }
    return out;
}

std::string settingsOptionsText()
{
    return optionLines(settingsOptionSpecs());
}

std::string usageText()
{
    std::string text = "usage:\n  arenascope [MODEL.tflite] [--arena-size N]\n      open the desktop app\n";
    for (const CommandSpec& c : table()) {
        std::string synopsis = commandSynopsis(c);
        std::string indented;
        for (char ch : synopsis)
            indented += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
        text += "  " + indented + "\n      " + std::string(c.summary) + "\n";
    }
    text += "  arenascope --version | --help | COMMAND --help\n";
    text += "build settings options (plan, report, optimize, reorder, compare, solve):\n" + settingsOptionsText();
    return text;
}

std::string commandHelp(const CommandSpec& command)
{
    std::string text = "usage: " + commandSynopsis(command) + "\n" + std::string(command.summary) + "\n";
    if (!command.details.empty())
        text += std::string(command.details) + "\n";
    if (!command.options.empty())
        text += "options:\n" + optionLines(command.options);
    if (command.settings) {
        // A setting the command names differently is its own (solve's --planner): not listed twice.
        std::vector<OptionSpec> settings;
        for (const OptionSpec& s : settingsOptionSpecs())
            if (std::none_of(command.options.begin(), command.options.end(),
                    [&](const OptionSpec& own) { return own.name == s.name; }))
                settings.push_back(s);
        text += "build settings options:\n" + optionLines(settings);
    }
    return text;
}

int usageError(std::ostream& err, std::string_view command, const std::string& message)
{
    err << "arenascope: " << message << "\n";
    if (const CommandSpec* c = findCommand(command))
        err << "usage: " << commandSynopsis(*c) << "\n(arenascope " << command << " --help lists the options)\n";
    else
        err << usageText();
    return kExitBadInput;
}

} // namespace arenascope
