#include "log_wordings.h"

// The wordings table is log_wordings_table.cpp; here, matching a line against it.

#include "core/util/format.h"

#include <cctype>
#include <limits>
#include <vector>

namespace arenascope {

namespace {

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

std::optional<LogFact> matchWording(std::string_view line)
{
    line = trimRight(line);
    std::vector<Captured> captured;
    // Each format's longest literal, once: a line without it cannot match.
    static const std::vector<std::string_view> literals = [] {
        std::vector<std::string_view> out;
        for (const Wording& w : wordings())
            out.push_back(longestLiteral(w.format));
        return out;
    }();
    for (std::size_t row = 0; row < wordings().size(); ++row) {
        const Wording& w = wordings()[row];
        if (line.find(literals[row]) == std::string_view::npos)
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

std::optional<LogFact> modernEquivalent(const LogFact& f)
{
    std::optional<std::uint64_t> requested = f.requested, available = f.available;
    if (f.wording == "too_small")
        requested = f.bytes;
    else if (f.wording != "set_head")
        return std::nullopt;
    if (!requested || !available || *requested < *available)
        return std::nullopt;
    auto modern = matchWording(formatString("Failed to resize buffer. Requested: %llu, available %llu, missing: %llu",
        static_cast<unsigned long long>(*requested), static_cast<unsigned long long>(*available),
        static_cast<unsigned long long>(*requested - *available)));
    if (modern)
        modern->line = f.line;
    return modern;
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
