#pragma once
// One row per command-line option and operand: the one place its name, value, help and the
// values it completes to are written. The parser (option_parser.h), the usage text, each
// command's --help, the man page and the shell completions (cli_docs.h) are all made from these
// rows (command_table.h), so none of them can say something another does not.

#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

// What an option's value (or an operand) is: decides how completion offers it.
enum class ValueKind {
    None, // a flag
    Text, // free text (a name, a configuration)
    Number, // bytes, counts, seconds, percentages
    Choice, // one of choices()
    Model, // a .tflite file
    ModelOrFolder, // a .tflite file or a folder of them
    Csv, // a .csv file
    Json, // a .json file
    Log, // a text log (.txt, .log)
    File, // any file
    Folder, // a folder
};

struct OptionSpec {
    std::string_view name; // "--arena-size"
    std::string_view value; // what follows it in the usage ("N[K|M]"); empty for a flag
    ValueKind kind = ValueKind::None;
    std::string_view help; // one line, for --help and the man page
    std::vector<std::string> (*choices)() = nullptr; // the values it takes / completes to
    bool repeatable = false; // may be given more than once (--config)
    bool required = false; // the command needs it (shown without brackets)
};

struct OperandSpec {
    std::string_view name; // "MODEL.tflite", "MODEL|FOLDER..."
    ValueKind kind = ValueKind::Model;
    bool optional = false;
    bool repeatable = false;
};

} // namespace arenascope
