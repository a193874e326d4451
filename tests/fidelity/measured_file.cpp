#include "measured_file.h"

#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace arenascope::test {

namespace {

// Index just past the JSON string that opens at text[i] ('"').
std::size_t pastString(const std::string& text, std::size_t i)
{
    for (++i; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            return i + 1;
    }
    throw std::runtime_error("unterminated string");
}

std::size_t skipSpace(const std::string& text, std::size_t i)
{
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
        ++i;
    return i;
}

// Index just past the JSON value that starts at text[i].
std::size_t pastValue(const std::string& text, std::size_t i)
{
    if (text[i] == '"')
        return pastString(text, i);
    if (text[i] != '{' && text[i] != '[') {
        while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']')
            ++i;
        return i;
    }
    int depth = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            i = pastString(text, i) - 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return i + 1;
        }
    }
    throw std::runtime_error("unbalanced value");
}

// The members of the object that starts at text[i] ('{'): key -> [begin, end) of its value.
std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> members(const std::string& text, std::size_t i)
{
    std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> out;
    i = skipSpace(text, i);
    if (i >= text.size() || text[i] != '{')
        throw std::runtime_error("not an object");
    i = skipSpace(text, i + 1);
    while (i < text.size() && text[i] != '}') {
        const std::size_t keyEnd = pastString(text, i);
        std::string key = nlohmann::json::parse(text.substr(i, keyEnd - i)).get<std::string>();
        i = skipSpace(text, keyEnd);
        if (text[i] != ':')
            throw std::runtime_error("expected ':'");
        const std::size_t begin = skipSpace(text, i + 1);
        const std::size_t end = pastValue(text, begin);
        out.emplace_back(std::move(key), std::pair { begin, end });
        i = skipSpace(text, end);
        if (i < text.size() && text[i] == ',')
            i = skipSpace(text, i + 1);
    }
    return out;
}

} // namespace

MeasuredFile::MeasuredFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    m_text = text.str();
    for (const auto& [key, range] : members(m_text, 0)) {
        if (key == "build")
            m_build = nlohmann::json::parse(m_text.substr(range.first, range.second - range.first)).get<std::string>();
        if (key != "models")
            continue;
        for (const auto& [model, entry] : members(m_text, range.first)) {
            m_order.push_back(model);
            m_entries[model] = entry;
        }
    }
}

const MeasuredFile& MeasuredFile::at(const std::filesystem::path& path)
{
    // One process runs its cases one after another (googletest); the files stay for its life.
    static std::map<std::filesystem::path, std::unique_ptr<MeasuredFile>> files;
    auto& slot = files[path];
    if (!slot)
        slot.reset(new MeasuredFile(path));
    return *slot;
}

std::vector<std::string> MeasuredFile::keys() const
{
    return m_order;
}

nlohmann::json MeasuredFile::entry(const std::string& key) const
{
    const auto& [begin, end] = m_entries.at(key);
    return nlohmann::json::parse(m_text.substr(begin, end - begin));
}

} // namespace arenascope::test
