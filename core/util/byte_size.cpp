#include "byte_size.h"

namespace arenascope {

bool parseByteSize(const std::string& text, std::uint64_t& bytes)
{
    if (text.empty())
        return false;
    std::uint64_t value = 0;
    std::size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        const std::uint64_t digit = static_cast<std::uint64_t>(text[i] - '0');
        if (value > (UINT64_MAX - digit) / 10)
            return false;
        value = value * 10 + digit;
    }
    if (i == 0)
        return false;
    std::uint64_t scale = 1;
    const std::string suffix = text.substr(i);
    if (suffix == "K" || suffix == "k" || suffix == "KiB")
        scale = 1024;
    else if (suffix == "M" || suffix == "m" || suffix == "MiB")
        scale = 1024 * 1024;
    else if (!suffix.empty() && suffix != "B")
        return false;
    if (value > UINT64_MAX / scale)
        return false;
    bytes = value * scale;
    // A 32-bit device cannot address more; also keeps emulation sizes sane.
    return bytes <= (1ULL << 32);
}

} // namespace arenascope
