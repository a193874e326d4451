#include "json_writer.h"

#include <cmath>
#include <cstdio>

namespace arenascope {

std::string jsonEscape(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    out.push_back('"');
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out.push_back(ch);
            }
        }
    }
    out.push_back('"');
    return out;
}

void JsonWriter::newline()
{
    if (!m_pretty)
        return;
    m_out.push_back('\n');
    m_out.append(2 * m_first.size(), ' ');
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            m_out.push_back(',');
        m_first.back() = false;
        newline();
    }
}

void JsonWriter::open(char c)
{
    beforeValue();
    m_out.push_back(c);
    m_first.push_back(true);
}

void JsonWriter::close(char c)
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    m_out.push_back(c);
}

void JsonWriter::key(std::string_view k)
{
    beforeValue();
    m_out += jsonEscape(k);
    m_out += m_pretty ? ": " : ":";
    m_afterKey = true;
}

void JsonWriter::value(std::string_view s)
{
    beforeValue();
    m_out += jsonEscape(s);
}

void JsonWriter::value(bool b)
{
    beforeValue();
    m_out += b ? "true" : "false";
}

void JsonWriter::value(std::int64_t v)
{
    beforeValue();
    m_out += std::to_string(v);
}

void JsonWriter::value(std::uint64_t v)
{
    beforeValue();
    m_out += std::to_string(v);
}

void JsonWriter::value(double v)
{
    beforeValue();
    if (!std::isfinite(v)) {
        m_out += "null";
        return;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    m_out += buf;
}

void JsonWriter::null()
{
    beforeValue();
    m_out += "null";
}

} // namespace arenascope
