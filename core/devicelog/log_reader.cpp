#include "log_reader.h"

#include "core/util/format.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace arenascope {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Skips `n` digits (exactly) at `at`; false when they are not there.
bool digits(std::string_view s, std::size_t& at, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i, ++at)
        if (at >= s.size() || !isDigit(s[at]))
            return false;
    return true;
}

bool digitsAtLeastOne(std::string_view s, std::size_t& at)
{
    const std::size_t start = at;
    while (at < s.size() && isDigit(s[at]))
        ++at;
    return at > start;
}

bool literal(std::string_view s, std::size_t& at, std::string_view text)
{
    if (s.substr(at, text.size()) != text)
        return false;
    at += text.size();
    return true;
}

// "12:34:56" then optionally ".789" (any number of fraction digits).
bool clock(std::string_view s, std::size_t& at)
{
    if (!digits(s, at, 2) || !literal(s, at, ":") || !digits(s, at, 2) || !literal(s, at, ":") || !digits(s, at, 2))
        return false;
    if (at < s.size() && s[at] == '.') {
        ++at;
        return digitsAtLeastOne(s, at);
    }
    return true;
}

// ESP-IDF: "E (1234) tag: ".
std::size_t espIdfPrefix(std::string_view s)
{
    std::size_t at = 0;
    if (s.size() < 6 || std::string_view("EWIDV").find(s[0]) == std::string_view::npos || s[1] != ' ' || s[2] != '(')
        return 0;
    at = 3;
    if (!digitsAtLeastOne(s, at) || !literal(s, at, ") "))
        return 0;
    const std::size_t colon = s.find(": ", at);
    // "E (1234) tag:" alone: a blank line of TFLM's (its messages end in "\n"), trailing space trimmed.
    if (colon == std::string_view::npos && s.back() == ':' && s.size() - 1 - at <= 40
        && s.substr(at).find(' ') == std::string_view::npos)
        return s.size();
    if (colon == std::string_view::npos || colon - at > 40)
        return 0;
    return colon + 2;
}

// ESPHome: "[12:34:56][E][tag:057]: " (the time is the dashboard's, optional).
std::size_t espHomePrefix(std::string_view s)
{
    std::size_t at = 0;
    if (literal(s, at, "[")) {
        const std::size_t save = at;
        if (clock(s, at) && literal(s, at, "]")) {
            // the level follows
        } else {
            at = save - 1;
        }
    }
    if (!literal(s, at, "[") || at >= s.size() || std::string_view("EWIDVC").find(s[at]) == std::string_view::npos)
        return 0;
    ++at;
    if (!literal(s, at, "]["))
        return 0;
    const std::size_t close = s.find("]", at);
    if (close == std::string_view::npos || close - at > 60)
        return 0;
    at = close + 1;
    literal(s, at, ":");
    literal(s, at, " ");
    return at;
}

// Zephyr: "[00:00:01.234,000] <err> module: ".
std::size_t zephyrPrefix(std::string_view s)
{
    std::size_t at = 0;
    if (!literal(s, at, "[") || !clock(s, at))
        return 0;
    if (literal(s, at, ",") && !digitsAtLeastOne(s, at))
        return 0;
    if (!literal(s, at, "] <"))
        return 0;
    const std::size_t close = s.find("> ", at);
    if (close == std::string_view::npos || close - at > 8)
        return 0;
    at = close + 2;
    const std::size_t colon = s.find(": ", at);
    if (colon != std::string_view::npos && colon - at <= 40
        && s.substr(at, colon - at).find(' ') == std::string_view::npos)
        at = colon + 2;
    return at;
}

// Arduino IDE "12:34:56.789 -> ", PlatformIO "12:34:56.789 > ", or a bare clock "12:34:56.789 ".
std::size_t monitorClockPrefix(std::string_view s)
{
    std::size_t at = 0;
    if (!clock(s, at))
        return 0;
    if (literal(s, at, " -> ") || literal(s, at, " > ") || literal(s, at, " "))
        return at;
    return 0;
}

// "[    1.234567] " (an uptime in seconds) or "[1234] " (milliseconds).
std::size_t uptimePrefix(std::string_view s)
{
    std::size_t at = 0;
    if (!literal(s, at, "["))
        return 0;
    while (at < s.size() && s[at] == ' ')
        ++at;
    if (!digitsAtLeastOne(s, at))
        return 0;
    if (literal(s, at, ".") && !digitsAtLeastOne(s, at))
        return 0;
    if (!literal(s, at, "]"))
        return 0;
    literal(s, at, " ");
    return at;
}

// An ISO date and time: "2026-12-04 12:34:56.789 " or "2026-12-04T12:34:56Z ".
std::size_t isoPrefix(std::string_view s)
{
    std::size_t at = 0;
    if (!digits(s, at, 4) || !literal(s, at, "-") || !digits(s, at, 2) || !literal(s, at, "-") || !digits(s, at, 2))
        return 0;
    if (at >= s.size() || (s[at] != ' ' && s[at] != 'T'))
        return 0;
    ++at;
    if (!clock(s, at))
        return 0;
    literal(s, at, "Z");
    if (!literal(s, at, " "))
        return 0;
    literal(s, at, "> ");
    literal(s, at, "-> ");
    return at;
}

std::string_view stripPrefixes(std::string_view s)
{
    for (int round = 0; round < 4; ++round) {
        std::size_t n = 0;
        for (auto prefix : { isoPrefix, monitorClockPrefix, zephyrPrefix, espHomePrefix, espIdfPrefix, uptimePrefix }) {
            n = prefix(s);
            if (n > 0)
                break;
        }
        if (n == 0)
            break;
        s.remove_prefix(n);
    }
    return s;
}

// ESC '[' parameters final-byte, or ESC and one more byte.
std::string_view withoutEscapes(std::string_view raw, std::string& scratch)
{
    if (raw.find('\x1b') == std::string_view::npos)
        return raw;
    scratch.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\x1b') {
            scratch.push_back(raw[i]);
            continue;
        }
        if (i + 1 < raw.size() && raw[i + 1] == '[') {
            i += 2;
            while (i < raw.size() && !(raw[i] >= '@' && raw[i] <= '~'))
                ++i;
        } else {
            ++i;
        }
    }
    return scratch;
}

} // namespace

std::string_view cleanLogLine(std::string_view raw, std::string& scratch)
{
    std::string_view s = withoutEscapes(raw, scratch);
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return stripPrefixes(s);
}

std::string binaryReason(std::string_view head)
{
    if (head.size() >= 8 && head.substr(4, 4) == "TFL3")
        return "this is a .tflite model, not a log: give the model with --model and the device's log as the file";
    std::size_t control = 0;
    for (std::size_t i = 0; i < head.size(); ++i) {
        const auto c = static_cast<unsigned char>(head[i]);
        if (c == 0)
            return formatString("this is not a text log: a NUL byte at offset %zu", i);
        if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b)
            ++control;
    }
    // A serial monitor shows some noise (a bootloader at another baud rate); a file of mostly
    // control bytes is something else.
    if (!head.empty() && control * 10 > head.size())
        return formatString(
            "this is not a text log: %zu of its first %zu bytes are control characters", control, head.size());
    return {};
}

Result<LogReadStats> readLogLines(
    std::istream& in, const LogReadLimits& limits, const std::function<void(std::size_t, std::string_view)>& onLine)
{
    LogReadStats stats;
    std::vector<char> buffer(64 * 1024);
    std::string line;
    std::string scratch;
    bool checked = false;
    bool lastWasCr = false;
    bool cut = false; // the line passed maxLineBytes
    auto emit = [&] {
        ++stats.lines;
        onLine(stats.lines, cleanLogLine(line, scratch));
        line.clear();
        cut = false;
    };
    while (in && stats.bytesRead < limits.maxBytes) {
        const auto want
            = static_cast<std::streamsize>(std::min<std::uint64_t>(buffer.size(), limits.maxBytes - stats.bytesRead));
        in.read(buffer.data(), want);
        const auto got = static_cast<std::size_t>(in.gcount());
        if (got == 0)
            break;
        if (!checked) {
            checked = true;
            if (std::string why = binaryReason(std::string_view(buffer.data(), got)); !why.empty())
                return makeError(ErrorCode::InvalidArgument, why);
        }
        stats.bytesRead += got;
        for (std::size_t i = 0; i < got; ++i) {
            const char c = buffer[i];
            if (c == '\n' || c == '\r') {
                if (c == '\n' && lastWasCr) {
                    lastWasCr = false;
                    continue;
                }
                lastWasCr = c == '\r';
                emit();
                continue;
            }
            lastWasCr = false;
            if (line.size() < limits.maxLineBytes) {
                line.push_back(c);
            } else if (!cut) {
                cut = true;
                ++stats.longLines;
            }
        }
    }
    if (!line.empty())
        emit();
    if (stats.bytesRead >= limits.maxBytes && in.peek() != std::char_traits<char>::eof())
        stats.truncated = true;
    return stats;
}

} // namespace arenascope
