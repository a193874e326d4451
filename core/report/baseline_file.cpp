#include "baseline_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace arenascope {

namespace {

using nlohmann::json;

std::optional<CostKind> parseCostKind(const std::string& name)
{
    for (CostKind k : { CostKind::OpData, CostKind::Options, CostKind::Scratch, CostKind::Tail, CostKind::Activation })
        if (costKindName(k) == name)
            return k;
    return std::nullopt;
}

json entryJson(const BaselineEntry& e)
{
    json j;
    j["model"] = e.model;
    if (!e.sharedArena.empty())
        j["shared_arena"] = e.sharedArena; // only for a group: single entries keep their shape
    j["sha256"] = e.sha256;
    j["configuration"] = e.configuration;
    j["tflm"] = e.tflm;
    j["min_arena_bytes"] = e.minArenaBytes ? json(*e.minArenaBytes) : json(nullptr);
    j["message"] = e.message;
    j["arena_used_bytes"] = e.arenaUsedBytes;
    j["head_bytes"] = e.headBytes;
    j["tail_bytes"] = e.tailBytes;
    j["temp_peak_bytes"] = e.tempPeakBytes;
    json items = json::array();
    for (const CostItem& item : e.items)
        items.push_back(
            { { "kind", std::string(costKindName(item.kind)) }, { "label", item.label }, { "bytes", item.bytes } });
    j["items"] = std::move(items);
    return j;
}

// Throws json exceptions on a missing key or a wrong type; the caller names the entry.
BaselineEntry entryFrom(const json& j)
{
    BaselineEntry e;
    e.model = j.at("model").get<std::string>();
    if (j.contains("shared_arena"))
        e.sharedArena = j.at("shared_arena").get<std::vector<std::string>>();
    e.sha256 = j.at("sha256").get<std::string>();
    e.configuration = j.at("configuration").get<std::string>();
    e.tflm = j.value("tflm", std::string());
    if (!j.at("min_arena_bytes").is_null())
        e.minArenaBytes = j.at("min_arena_bytes").get<std::uint64_t>();
    e.message = j.value("message", std::string());
    e.arenaUsedBytes = j.at("arena_used_bytes").get<std::uint64_t>();
    e.headBytes = j.at("head_bytes").get<std::uint64_t>();
    e.tailBytes = j.at("tail_bytes").get<std::uint64_t>();
    e.tempPeakBytes = j.at("temp_peak_bytes").get<std::uint64_t>();
    for (const json& item : j.at("items")) {
        const auto kind = parseCostKind(item.at("kind").get<std::string>());
        if (!kind)
            throw std::invalid_argument("unknown item kind '" + item.at("kind").get<std::string>() + "'");
        e.items.push_back(
            CostItem { *kind, item.at("label").get<std::string>(), item.at("bytes").get<std::uint64_t>() });
    }
    return e;
}

} // namespace

std::string baselineJson(const BaselineFile& file)
{
    std::vector<BaselineEntry> entries = file.entries;
    std::stable_sort(entries.begin(), entries.end(), [](const BaselineEntry& a, const BaselineEntry& b) {
        return std::tie(a.model, a.configuration) < std::tie(b.model, b.configuration);
    });
    json j;
    j["schema"] = "arenascope-baseline";
    j["schema_version"] = kBaselineSchemaVersion;
    j["arenascope_version"] = file.arenascopeVersion;
    json list = json::array();
    for (const BaselineEntry& e : entries)
        list.push_back(entryJson(e));
    j["entries"] = std::move(list);
    return j.dump(2) + "\n";
}

Result<BaselineFile> parseBaselineJson(std::string_view text, const std::string& fileName)
{
    auto bad = [&](const std::string& why) { return makeError(ErrorCode::InvalidArgument, why, fileName); };
    const json j = json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded())
        return bad("not a JSON file (write one with arenascope baseline)");
    if (!j.is_object() || j.value("schema", std::string()) != "arenascope-baseline")
        return bad("not an ArenaScope baseline (no \"schema\": \"arenascope-baseline\")");
    if (!j.contains("schema_version") || !j.at("schema_version").is_number_integer())
        return bad("no schema_version");
    const auto version = j.at("schema_version").get<std::int64_t>();
    if (version > kBaselineSchemaVersion)
        return bad("schema version " + std::to_string(version) + " was written by a newer ArenaScope ("
            + j.value("arenascope_version", std::string("unknown")) + "); this one reads version "
            + std::to_string(kBaselineSchemaVersion) + ": update ArenaScope");
    if (version < 1)
        return bad("schema version " + std::to_string(version) + " is not one ArenaScope wrote");
    if (!j.contains("entries") || !j.at("entries").is_array())
        return bad("no \"entries\" list");
    BaselineFile file;
    file.arenascopeVersion = j.value("arenascope_version", std::string());
    std::size_t index = 0;
    for (const json& e : j.at("entries")) {
        try {
            file.entries.push_back(entryFrom(e));
        } catch (const std::exception& ex) {
            std::string which = "entry " + std::to_string(index);
            if (e.is_object() && e.contains("model") && e.at("model").is_string())
                which += " (" + e.at("model").get<std::string>() + ")";
            return bad(which + " is malformed: " + ex.what());
        }
        ++index;
    }
    std::set<std::pair<std::string, std::string>> seen;
    for (std::size_t k = 0; k < file.entries.size(); ++k)
        if (!seen.emplace(file.entries[k].model, file.entries[k].configuration).second)
            return bad("entry " + std::to_string(k) + " (" + file.entries[k].model + ", "
                + file.entries[k].configuration + ") is recorded twice");
    return file;
}

} // namespace arenascope
