#pragma once
// A condensed file of figures the project measured (measured/<group>/<build>.json: {"build",
// "how", ..., "models": {"<model>.tflite": {...}}}), read once per process. Thousands of cases
// share a few files of megabytes: each case parses only its own model's entry, whose text the
// file keeps (a JSON scan finds where every entry starts and ends).
//
// Usage:
//   const MeasuredFile& f = MeasuredFile::at(path);
//   for (const std::string& key : f.keys()) ...;
//   const nlohmann::json entry = f.entry("person_detect.tflite");

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace arenascope::test {

class MeasuredFile {
public:
    // The file at `path`, read and scanned on first use; an unreadable or malformed file throws
    // (a test data error, reported by googletest as such).
    static const MeasuredFile& at(const std::filesystem::path& path);

    const std::string& build() const { return m_build; }
    std::vector<std::string> keys() const; // the models, in the file's order
    nlohmann::json entry(const std::string& key) const; // that model's entry, parsed

private:
    explicit MeasuredFile(const std::filesystem::path& path);

    std::string m_text;
    std::string m_build;
    std::vector<std::string> m_order;
    std::map<std::string, std::pair<std::size_t, std::size_t>> m_entries; // key -> [begin, end) in m_text
};

} // namespace arenascope::test
