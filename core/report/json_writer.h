#pragma once
// A small streaming JSON writer: objects, arrays, strings (UTF-8, escaped), integers, null.
//
// Usage:
//   JsonWriter w;
//   w.beginObject(); w.key("fits"); w.value(true); w.endObject();
//   std::string text = w.str();

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arenascope {

class JsonWriter {
public:
    explicit JsonWriter(bool pretty = true)
        : m_pretty(pretty)
    {
    }

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    void key(std::string_view k);
    void value(std::string_view s);
    void value(const char* s) { value(std::string_view(s)); }
    void value(const std::string& s) { value(std::string_view(s)); }
    void value(bool b);
    void value(std::int64_t v);
    void value(std::uint64_t v);
    void value(std::int32_t v) { value(static_cast<std::int64_t>(v)); }
    void value(std::uint32_t v) { value(static_cast<std::uint64_t>(v)); }
    void value(double v);
    void null();
    template <typename T> void value(const std::optional<T>& v)
    {
        if (v)
            value(*v);
        else
            null();
    }

    // key + value in one call.
    template <typename T> void field(std::string_view k, const T& v)
    {
        key(k);
        value(v);
    }

    const std::string& str() const { return m_out; }

private:
    void open(char c);
    void close(char c);
    void beforeValue();
    void newline();

    std::string m_out;
    std::vector<bool> m_first; // per open container: no element yet
    bool m_afterKey = false;
    bool m_pretty;
};

std::string jsonEscape(std::string_view s);

} // namespace arenascope
