#include "log_wordings.h"

#include "core/emulation/tflm_changes.h"

#include <array>
#include <cctype>
#include <limits>
#include <vector>

namespace arenascope {

namespace {

bool never(TflmVersion)
{
    return false;
}
bool withStrayF(TflmVersion v)
{
    return !tflmHas(v, TflmChange::PrepareFailureNumber);
}
bool withoutStrayF(TflmVersion v)
{
    return tflmHas(v, TflmChange::PrepareFailureNumber);
}
bool scratchTypo(TflmVersion v)
{
    return !tflmHas(v, TflmChange::ScratchLimitTypoFixed);
}
bool scratchFixed(TflmVersion v)
{
    return tflmHas(v, TflmChange::ScratchLimitTypoFixed);
}
bool opVersionAdvice(TflmVersion v)
{
    // 2023-02: tensorflow/lite/core/api/op_resolver.cc printed the version and advice.
    return !atLeast(v, TflmVersion::V2024_05);
}
bool noOpVersionAdvice(TflmVersion v)
{
    return atLeast(v, TflmVersion::V2024_05);
}
bool tempTensorReported(TflmVersion v)
{
    return tflmHas(v, TflmChange::TempTensorNullChecked);
}
bool dynamicTensorsFail(TflmVersion v)
{
    return tflmHas(v, TflmChange::DynamicTensorsFail);
}
bool oldPlanPrint(TflmVersion v)
{
    return !planPrintIsNew(v);
}
bool newPlanPrint(TflmVersion v)
{
    return planPrintIsNew(v);
}

constexpr std::string_view kArena = "arena_allocator/single_arena_buffer_allocator.cc";
constexpr std::string_view kSplit = "arena_allocator/non_persistent_arena_buffer_allocator.cc";
constexpr std::string_view kAllocator = "micro_allocator.cc";
constexpr std::string_view kInterpreter = "micro_interpreter.cc";
constexpr std::string_view kGraph = "micro_interpreter_graph.cc";
constexpr std::string_view kInfo = "micro_allocation_info.cc";
constexpr std::string_view kRecording = "recording_micro_allocator.cc";
constexpr std::string_view kPlanner = "memory_planner/greedy_memory_planner.cc";
constexpr std::string_view kResolver = "micro_op_resolver.cc";
constexpr std::string_view kVariables = "micro_resource_variable.cc";

using K = FactKind;

// The formats are TFLM's (the files named, tflite-micro 4e62ea7b .. 90b983c2; the two oldest rows:
// simple_memory_allocator.cc and micro_allocator.cc before 2022-03).
constexpr std::array kWordings = {
    Wording { "resize", K::ResizeFailed, "Failed to resize buffer. Requested: %u, available %u, missing: %u", "RAM", "",
        nullptr, "", kArena },
    Wording { "tail", K::TailFailed, "Failed to allocate tail memory. Requested: %u, available %u, missing: %u", "RAM",
        "", nullptr, "", kArena },
    Wording { "temp", K::TempFailed, "Failed to allocate temp memory. Requested: %u, available %u, missing: %u", "RAM",
        "", nullptr, "", kArena },
    Wording { "set_head", K::ResizeFailed, "Failed to set head size. Requested: %u, available %u, missing: %u", "RAM",
        "", never, "2022-03-08 (tflite-micro a6f1b9ebc renamed it 'Failed to resize buffer')",
        "simple_memory_allocator.cc" },
    Wording { "too_small", K::PlanTooLarge,
        "Arena size is too small for all buffers. Needed %u but only %u was available.", "BA", "", never,
        "2022-03-01 (tflite-micro 8c41f9606: the plan is reserved in the head since)", kAllocator },
    Wording { "not_resizable", K::AllocatorInternal,
        "Internal error: either buffer is not resizable or ResetTempAllocations() is not called before "
        "ResizeBuffer().",
        "", "head resize with temp memory held", nullptr, "", kArena },
    Wording { "split_not_resizable", K::AllocatorInternal, "Internal error: buffer is not resizable", "",
        "head resize of another buffer", nullptr, "", kSplit },
    Wording { "split_temp_held", K::AllocatorInternal, "ResetTempAllocations() is not called before ResizeBuffer().",
        "", "head resize with temp memory held", nullptr, "", kSplit },
    Wording { "second_resizable", K::AllocatorInternal,
        "Cannot allocate a new resizable buffer when one is already allocated", "", "a second resizable buffer",
        nullptr, "", kSplit },
    Wording { "temp_count", K::TempNotFreed, "Number of allocated temp buffers: %d. Checksum passing status: %d", "CS",
        "", nullptr, "", kArena },
    Wording { "temp_reset", K::TempNotFreed, "All temp buffers must be freed before calling ResetTempAllocations()", "",
        "", nullptr, "", kArena },
    Wording { "quantization", K::AllocationStepFailed, "Unable to allocate TfLiteAffineQuantization.", "",
        "TfLiteAffineQuantization", nullptr, "", kAllocator },
    Wording { "zero_point", K::AllocationStepFailed, "Unable to allocate quantization->zero_point.", "",
        "quantization->zero_point", nullptr, "", kAllocator },
    Wording { "metadata", K::AllocationStepFailed, "Failed to allocate memory for model metadata.", "",
        "model metadata", nullptr, "", kAllocator },
    Wording { "node_and_registrations", K::AllocationStepFailed,
        "Failed to allocate memory for node_and_registrations.", "", "node_and_registrations", nullptr, "",
        kAllocator },
    Wording { "persistent_tensor", K::AllocationStepFailed, "Failed to allocate memory for persistent TfLiteTensor", "",
        "persistent TfLiteTensor", nullptr, "", kAllocator },
    Wording { "eval_tensors", K::AllocationStepFailed,
        "Failed to allocate memory for context->eval_tensors, %d bytes required", "B", "context->eval_tensors", nullptr,
        "", kAllocator },
    Wording { "memory_planning", K::AllocationStepFailed,
        "Failed to allocate memory for memory planning, %d bytes required", "B", "memory planning", nullptr, "",
        kInfo },
    Wording { "io_tensors", K::AllocationStepFailed,
        "Failed to allocate memory for context->%s_tensors_, %d bytes required", "sB", "", nullptr, "", kInterpreter },
    Wording { "too_many_buffers", K::AllocationStepFailed, "Too many buffers (max is %d)", "C",
        "memory planner buffers", nullptr, "", kPlanner },
    Wording { "variable", K::AllocationStepFailed, "Failed to allocate variable tensor of size %d", "B",
        "variable tensor", nullptr, "", kAllocator },
    Wording { "start_allocation", K::AllocationStepFailed, "Failed starting model allocation.", "", "model allocation",
        nullptr, "", kInterpreter },
    Wording { "populate_persistent", K::TensorStepFailed,
        "Failed to populate a persistent TfLiteTensor struct from flatbuffer data!", "", "persistent TfLiteTensor",
        nullptr, "", kAllocator },
    Wording { "temp_tensor", K::TensorStepFailed, "Failed to allocate temp. memory for tensor %d, subgraph %d", "TG",
        "temp TfLiteTensor", tempTensorReported, "", kAllocator },
    Wording { "populate_temp", K::TensorStepFailed,
        "Failed to populate a temp TfLiteTensor struct from flatbuffer data!", "", "temp TfLiteTensor", nullptr, "",
        kAllocator },
    Wording {
        "init_tensor", K::TensorStepFailed, "Failed to initialize tensor %d", "T", "tensor", nullptr, "", kAllocator },
    Wording { "init_io_tensor", K::TensorStepFailed, "Failed to initialize %s tensor %d", "sT", "", nullptr, "",
        kInterpreter },
    Wording { "scratch_limit_exeeds", K::ScratchLimit, "Scratch buffer request exeeds limit per operator (%d)", "C", "",
        scratchTypo, "", kAllocator },
    Wording { "scratch_limit", K::ScratchLimit, "Scratch buffer request exceeds limit per operator (%d)", "C", "",
        scratchFixed, "", kAllocator },
    Wording { "prepare_stray_f", K::PrepareFailed, "Node %s (number %df) failed to prepare with status %d", "oIS", "",
        withStrayF, "", kGraph },
    Wording { "prepare", K::PrepareFailed, "Node %s (number %u) failed to prepare with status %d", "oIS", "",
        withoutStrayF, "", kGraph },
    Wording { "dynamic_tensor", K::KernelMessage, "Op#%u (%s) of subgraph %u has dynamic tensor #%d", "IoGT",
        "dynamic tensor", dynamicTensorsFail, "", kGraph },
    Wording { "dynamic_tensors", K::KernelMessage, "Dynamic tensors are not supported", "", "dynamic tensors",
        dynamicTensorsFail, "", kGraph },
    Wording { "op_not_found_version", K::UnresolvedOp,
        "Didn't find op for builtin opcode '%s' version '%d'. An older version of this builtin might be supported. "
        "Are you using an old TFLite binary with a newer model?",
        "oI", "", opVersionAdvice, "", "tensorflow/lite/core/api/op_resolver.cc" },
    Wording { "op_not_found", K::UnresolvedOp, "Didn't find op for builtin opcode '%s'", "o", "", noOpVersionAdvice, "",
        kResolver },
    Wording { "registration", K::UnresolvedOp, "Failed to get registration from op code %s", "o", "", nullptr, "",
        kInterpreter },
    Wording { "missing_registration", K::UnresolvedOp, "Missing registration for opcode_index %d", "I", "", nullptr, "",
        kInterpreter },
    Wording { "skipping_op", K::UnresolvedOp, "Skipping op for opcode_index %d", "I", "", nullptr, "", kInterpreter },
    Wording { "no_parser", K::UnresolvedOp, "Did not find a parser for %s", "o", "", nullptr, "", kInterpreter },
    Wording { "builtin_custom_options", K::UnresolvedOp,
        "Unsupported behavior: found builtin operator %s with custom options.", "o", "", nullptr, "", kInterpreter },
    Wording { "custom_without_code", K::UnresolvedOp, "Operator with CUSTOM builtin_code has no custom_code.", "",
        "CUSTOM", nullptr, "", kResolver },
    Wording { "variables_needed", K::ResourceVariables,
        "VAR_HANDLE requires resource variables. Please create ResourceVariables and pass it to the interpreter.", "",
        "VAR_HANDLE without resource variables", nullptr, "", "kernels/var_handle.cc" },
    Wording { "variables_exhausted", K::ResourceVariables,
        "Failed to allocate resource variable. Maximum resource variable count (%d) reached.", "C",
        "resource variables exhausted", nullptr, "", kVariables },
    Wording { "variable_buffer", K::ResourceVariables, "Failed to allocate resource buffer.", "",
        "resource variable buffer", nullptr, "", kVariables },
    Wording { "recording_total", K::RecordingTotal, "[RecordingMicroAllocator] Arena allocation total %d bytes", "B",
        "total", nullptr, "", kRecording },
    Wording { "recording_head", K::RecordingHead, "[RecordingMicroAllocator] Arena allocation head %d bytes", "B",
        "head", nullptr, "", kRecording },
    Wording { "recording_tail", K::RecordingTail, "[RecordingMicroAllocator] Arena allocation tail %d bytes", "B",
        "tail", nullptr, "", kRecording },
    Wording { "recording_category", K::RecordingCategory,
        "[RecordingMicroAllocator] '%s' used %d bytes with alignment overhead (requested %d bytes for %d %s)", "sURC-",
        "", nullptr, "", kRecording },
    Wording { "plan_buffer", K::PlanBuffer, "%c (id=%d): size=%d, offset=%d, first_used=%d last_used=%d", "-IBOFL", "",
        nullptr, "", kPlanner },
    Wording { "plan_row", K::PlanRow, "%4d: %s (%dk)", "IsB", "", newPlanPrint, "", kPlanner },
    Wording { "plan_row_narrow", K::PlanRow, " %d: %s (%dk)", "IsB", "", oldPlanPrint, "", kPlanner },
    Wording { "plan_row_wide", K::PlanRow, "%d: %s (%dk)", "IsB", "", oldPlanPrint, "", kPlanner },
};

// One conversion's text, in order.
struct Captured {
    char conversion; // 'u', 'd', 's', 'c'
    std::string_view text;
};

bool matchFrom(std::string_view fmt, std::string_view line, std::vector<Captured>& out);

std::size_t digitsAt(std::string_view s, std::size_t at)
{
    std::size_t n = 0;
    while (at + n < s.size() && std::isdigit(static_cast<unsigned char>(s[at + n])))
        ++n;
    return n;
}

// "%4d": right-aligned in four columns (wider numbers take their width).
bool matchWidth4(std::string_view fmt, std::string_view line, std::vector<Captured>& out)
{
    std::size_t spaces = 0;
    while (spaces < line.size() && line[spaces] == ' ')
        ++spaces;
    const std::size_t sign = spaces < line.size() && line[spaces] == '-' ? 1 : 0;
    const std::size_t digits = digitsAt(line, spaces + sign);
    const std::size_t width = spaces + sign + digits;
    if (digits == 0 || (width != 4 && (width < 4 || spaces != 0)))
        return false;
    out.push_back({ 'd', line.substr(spaces, sign + digits) });
    if (matchFrom(fmt.substr(3), line.substr(width), out))
        return true;
    out.pop_back();
    return false;
}

bool matchConversion(std::string_view fmt, std::string_view line, std::vector<Captured>& out)
{
    const char c = fmt.size() > 1 ? fmt[1] : '\0';
    if (c == '4' && fmt.size() > 2 && fmt[2] == 'd')
        return matchWidth4(fmt, line, out);
    std::size_t taken = 0;
    if (c == 'u' || c == 'd') {
        const std::size_t sign = c == 'd' && !line.empty() && line[0] == '-' ? 1 : 0;
        const std::size_t digits = digitsAt(line, sign);
        if (digits == 0)
            return false;
        taken = sign + digits;
    } else if (c == 'c') {
        if (line.empty())
            return false;
        taken = 1;
    } else if (c == 's') {
        // As short as the rest allows; TFLM's formats never put two conversions side by side.
        for (std::size_t n = 0; n <= line.size(); ++n) {
            out.push_back({ 's', line.substr(0, n) });
            if (matchFrom(fmt.substr(2), line.substr(n), out))
                return true;
            out.pop_back();
        }
        return false;
    } else {
        return false;
    }
    out.push_back({ c, line.substr(0, taken) });
    if (matchFrom(fmt.substr(2), line.substr(taken), out))
        return true;
    out.pop_back();
    return false;
}

bool matchFrom(std::string_view fmt, std::string_view line, std::vector<Captured>& out)
{
    while (!fmt.empty() && fmt[0] != '%') {
        if (line.empty() || line[0] != fmt[0])
            return false;
        fmt.remove_prefix(1);
        line.remove_prefix(1);
    }
    if (fmt.empty())
        return line.empty();
    return matchConversion(fmt, line, out);
}

// The longest literal run of a format: a line without it cannot match.
std::string_view longestLiteral(std::string_view fmt)
{
    std::string_view best;
    std::size_t i = 0;
    while (i < fmt.size()) {
        if (fmt[i] == '%') {
            i += (i + 1 < fmt.size() && fmt[i + 1] == '4') ? 3U : 2U;
            continue;
        }
        const std::size_t start = i;
        while (i < fmt.size() && fmt[i] != '%')
            ++i;
        if (i - start > best.size())
            best = fmt.substr(start, i - start);
    }
    return best;
}

constexpr std::uint64_t kMaxPrintable = std::numeric_limits<std::uint32_t>::max();

// A number's value; `impossible` is set when TFLM could not print it.
std::int64_t numberOf(std::string_view text, std::string& impossible)
{
    const bool negative = !text.empty() && text[0] == '-';
    std::uint64_t v = 0;
    for (char ch : text.substr(negative ? 1 : 0)) {
        const auto digit = static_cast<std::uint64_t>(ch - '0');
        if (v > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) {
            impossible = "the number " + std::string(text.substr(0, 24)) + " overflows: TFLM prints at most 10 digits";
            return std::numeric_limits<std::int64_t>::max();
        }
        v = v * 10 + digit;
    }
    if (v > kMaxPrintable && impossible.empty())
        impossible = "the number " + std::string(text) + " is larger than any TFLM prints (4,294,967,295)";
    const auto clipped = static_cast<std::int64_t>(std::min<std::uint64_t>(v, kMaxPrintable * 2));
    return negative ? -clipped : clipped;
}

void assign(LogFact& f, char field, const Captured& c)
{
    if (field == 's' || field == 'o') {
        (field == 's' ? f.subject : f.op) = std::string(c.text);
        return;
    }
    if (field == '-')
        return;
    const std::int64_t v = numberOf(c.text, f.impossible);
    const auto u = static_cast<std::uint64_t>(v < 0 ? 0 : v);
    switch (field) {
    case 'R':
        f.requested = u;
        break;
    case 'A':
        f.available = u;
        break;
    case 'M':
        f.missing = u;
        break;
    case 'B':
        f.bytes = u;
        break;
    case 'U':
        f.used = u;
        break;
    case 'C':
        f.count = u;
        break;
    case 'I':
        f.index = v;
        break;
    case 'S':
        f.status = v;
        break;
    case 'O':
        f.offset = v;
        break;
    case 'F':
        f.firstUsed = v;
        break;
    case 'L':
        f.lastUsed = v;
        break;
    case 'G':
        f.subgraph = v;
        break;
    case 'T':
        f.tensor = v;
        break;
    default:
        break;
    }
}

std::string_view trimRight(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

bool planPrintIsNew(TflmVersion v)
{
    // tflite-micro b2f27186d (2024-12-14, "enhance profiling and benchmarking") changed both.
    return tflmVersionInfo(v).date >= "2024-12-14";
}

std::span<const Wording> wordings()
{
    return kWordings;
}

const Wording* findWording(std::string_view id)
{
    for (const Wording& w : kWordings)
        if (w.id == id)
            return &w;
    return nullptr;
}

std::optional<LogFact> matchWording(std::string_view line)
{
    line = trimRight(line);
    std::vector<Captured> captured;
    for (const Wording& w : kWordings) {
        const std::string_view literal = longestLiteral(w.format);
        if (line.find(literal) == std::string_view::npos)
            continue;
        captured.clear();
        if (!matchFrom(w.format, line, captured))
            continue;
        LogFact f;
        f.kind = w.kind;
        f.wording = w.id;
        f.text = std::string(line);
        f.subject = std::string(w.subject);
        for (std::size_t i = 0; i < captured.size() && i < w.fields.size(); ++i)
            assign(f, w.fields[i], captured[i]);
        if (f.requested && f.available && f.missing && f.impossible.empty()
            && ((*f.requested - *f.available) & kMaxPrintable) != *f.missing)
            f.impossible = "missing is not requested - available, as TFLM computes it";
        return f;
    }
    return std::nullopt;
}

bool isAllocateTensorsFailedLine(std::string_view line)
{
    std::string lower;
    lower.reserve(line.size());
    for (char c : line.substr(0, 200))
        lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    const bool named = lower.find("allocatetensors") != std::string::npos
        || lower.find("allocate_tensors") != std::string::npos || lower.find("allocate tensors") != std::string::npos;
    return named && (lower.find("fail") != std::string::npos || lower.find("error") != std::string::npos);
}

std::optional<LogFact> matchKernelCheck(std::string_view line)
{
    line = trimRight(line);
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space + 1 >= line.size())
        return std::nullopt;
    const std::string_view where = line.substr(0, space);
    const std::size_t colon = where.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= where.size()
        || digitsAt(where, colon + 1) != where.size() - colon - 1)
        return std::nullopt;
    const std::string_view file = where.substr(0, colon);
    bool source = false;
    for (std::string_view ext : { ".cc", ".c", ".h", ".cpp" })
        source = source || (file.size() > ext.size() && file.substr(file.size() - ext.size()) == ext);
    if (!source)
        return std::nullopt;
    LogFact f;
    f.kind = FactKind::KernelCheck;
    f.wording = "kernel_check";
    f.text = std::string(line);
    f.subject = std::string(line.substr(space + 1));
    f.op = std::string(where); // file:line, the check's site
    return f;
}

std::string wordingSnapshots(const Wording& w)
{
    std::string out;
    for (const TflmVersionInfo& v : tflmVersions())
        if (!w.printedBy || w.printedBy(v.version))
            out += (out.empty() ? "" : ", ") + std::string(v.id);
    return out;
}

} // namespace arenascope
