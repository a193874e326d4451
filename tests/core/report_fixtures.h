#pragma once
// Shared by the report tests: the example model (plain, or with hostile tensor names, or with
// an operator no kernel resolves) and an RFC 4180 reader written independently of the writer.

#include "test_support.h"

#include "core/model/loader.h"

#include "arenascope_tflite_generated.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arenascope::reporttest {

using test::readFile;

using CsvTable = std::vector<std::vector<std::string>>;

inline const std::filesystem::path kSourceDir = ARENASCOPE_SOURCE_DIR;
inline constexpr const char* kExampleName = "models/example_kws_int8.tflite";

// RFC 4180 reader, written independently of the writer: LF or CRLF record ends, quoted
// fields with doubled quotes. nullopt on anything malformed (stray quote, text after a
// closing quote, bare CR, unterminated quote).
inline std::optional<CsvTable> parseCsv(std::string_view text)
{
    CsvTable rows;
    std::vector<std::string> record;
    std::string field;
    bool inQuotes = false;
    bool wasQuoted = false;
    auto endField = [&] {
        record.push_back(std::move(field));
        field.clear();
        wasQuoted = false;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c != '"')
                field.push_back(c);
            else if (i + 1 < text.size() && text[i + 1] == '"')
                field.push_back(text[++i]);
            else
                inQuotes = false;
        } else if (c == '"') {
            if (!field.empty() || wasQuoted)
                return std::nullopt;
            inQuotes = wasQuoted = true;
        } else if (c == ',') {
            endField();
        } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
            i += c == '\r' ? 1 : 0;
            endField();
            rows.push_back(std::move(record));
            record.clear();
        } else if (c == '\r' || wasQuoted) {
            return std::nullopt;
        } else {
            field.push_back(c);
        }
    }
    if (inQuotes)
        return std::nullopt;
    if (!field.empty() || wasQuoted || !record.empty()) {
        endField();
        rows.push_back(std::move(record));
    }
    return rows;
}

inline std::string readText(const std::filesystem::path& path)
{
    const auto bytes = readFile(path);
    return std::string(bytes.begin(), bytes.end());
}

// Loaded from bytes under a fixed relative name so the JSON `model` field does not depend on
// where the checkout lives (it is what `arenascope plan models/...` prints from the root).
inline ModelPtr loadNamed(const std::filesystem::path& file, const std::string& name)
{
    auto loaded = loadModelBytes(readFile(file), name);
    if (!loaded) {
        ADD_FAILURE() << describe(loaded.error());
        return nullptr;
    }
    return loaded.value();
}

inline ModelPtr loadExample()
{
    return loadNamed(kSourceDir / kExampleName, kExampleName);
}

// The example model with tensor i renamed to names[i], and optionally operator 0 made a
// custom operator that no kernel resolves.
inline ModelPtr renamedExample(const std::vector<std::string>& names, const std::string& customOp = {})
{
    const auto bytes = readFile(kSourceDir / kExampleName);
    auto model = tflite::UnPackModel(bytes.data());
    for (std::size_t i = 0; i < names.size(); ++i)
        model->subgraphs[0]->tensors[i]->name = names[i];
    if (!customOp.empty()) {
        auto& code = *model->operator_codes[model->subgraphs[0]->operators[0]->opcode_index];
        code.builtin_code = 32; // CUSTOM
        code.deprecated_builtin_code = 32;
        code.custom_code = customOp;
    }
    flatbuffers::FlatBufferBuilder fbb;
    tflite::FinishModelBuffer(fbb, tflite::Model::Pack(fbb, model.get()));
    auto loaded = loadModelBytes(
        std::vector<std::uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()), "odd.tflite");
    if (!loaded) {
        ADD_FAILURE() << describe(loaded.error());
        return nullptr;
    }
    return loaded.value();
}

// Tensor names a CSV or HTML writer can get wrong.
inline const std::vector<std::string> kOddNames = {
    "in,put",
    "say \"hi\"",
    "two\nlines",
    "crlf\r\nend",
    "<script>alert('x')</script> & more",
    "\"\"",
    ",",
    "ünïcødé ✓",
    " spaces around ",
    "",
    "cr only\r",
};

} // namespace arenascope::reporttest
