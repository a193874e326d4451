#pragma once
// printf-style formatting into std::string, for messages in TFLM's own wording.

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string>

namespace arenascope {

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline std::string
formatString(const char* fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    va_list copy;
    va_copy(copy, args);
    const int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string out(n > 0 ? static_cast<std::size_t>(n) : 0U, '\0');
    if (n > 0)
        std::vsnprintf(out.data(), out.size() + 1, fmt, args);
    va_end(args);
    return out;
}

} // namespace arenascope

namespace arenascope {

// A count with thousands separated by commas: "100,000".
inline std::string formatCount(std::uint64_t count)
{
    const std::string digits = std::to_string(count);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

// A byte count as every view prints it: thousands separated by commas, "82,296 B".
inline std::string formatBytes(std::uint64_t bytes)
{
    return formatCount(bytes) + " B";
}

// A change in bytes, signed: "+2,048 B", "-96 B", "0 B".
inline std::string formatSignedBytes(std::int64_t delta)
{
    if (delta == 0)
        return "0 B";
    const std::uint64_t magnitude
        = delta < 0 ? static_cast<std::uint64_t>(-(delta + 1)) + 1U : static_cast<std::uint64_t>(delta);
    return (delta > 0 ? "+" : "-") + formatBytes(magnitude);
}

} // namespace arenascope
