#include "buffer_set.h"

#include "core/util/format.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <sstream>

namespace arenascope {

namespace {

std::vector<std::string> splitFields(const std::string& line)
{
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ','))
        out.push_back(field);
    if (!line.empty() && line.back() == ',')
        out.emplace_back();
    for (std::string& f : out) {
        while (!f.empty() && (f.back() == ' ' || f.back() == '\r' || f.back() == '\t'))
            f.pop_back();
        f.erase(0, f.find_first_not_of(" \t"));
    }
    return out;
}

std::optional<std::int64_t> parseInt(const std::string& s)
{
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty())
        return std::nullopt;
    return v;
}

} // namespace

Result<BufferSet> readBufferCsv(const std::string& text, const std::string& name)
{
    auto bad = [&](std::size_t line, const std::string& what) {
        return makeError(ErrorCode::InvalidModel, what, name + ":" + std::to_string(line));
    };
    std::istringstream in(text);
    std::string line;
    std::size_t lineNo = 0;
    std::vector<std::string> header;
    while (header.empty() && std::getline(in, line)) {
        ++lineNo;
        if (!splitFields(line).empty() && !splitFields(line)[0].empty())
            header = splitFields(line);
    }
    if (header.empty())
        return bad(lineNo, "the file has no header line (id,lower,upper,size)");
    auto column = [&](const char* want) -> std::optional<std::size_t> {
        const auto it = std::find(header.begin(), header.end(), want);
        return it == header.end() ? std::nullopt : std::optional<std::size_t>(it - header.begin());
    };
    const auto cId = column("id");
    const auto cLower = column("lower");
    const auto cUpper = column("upper");
    const auto cSize = column("size");
    if (!cId || !cLower || !cUpper || !cSize)
        return bad(lineNo, "the header must name the columns id, lower, upper and size");
    BufferSet set;
    std::set<std::string> ids;
    while (std::getline(in, line)) {
        ++lineNo;
        const auto f = splitFields(line);
        if (f.empty() || (f.size() == 1 && f[0].empty()))
            continue;
        if (f.size() < header.size())
            return bad(lineNo, formatString("%zu fields, the header has %zu", f.size(), header.size()));
        SolverBuffer b;
        b.id = f[*cId];
        if (b.id.empty())
            return bad(lineNo, "empty id");
        if (!ids.insert(b.id).second)
            return bad(lineNo, "duplicate id " + b.id);
        const auto lower = parseInt(f[*cLower]);
        const auto upper = parseInt(f[*cUpper]);
        const auto size = parseInt(f[*cSize]);
        if (!lower || !upper || !size)
            return bad(lineNo, "lower, upper and size must be integers (buffer " + b.id + ")");
        if (*lower < 0 || *size < 0)
            return bad(lineNo, "negative lower or size (buffer " + b.id + ")");
        if (*upper <= *lower)
            return bad(lineNo,
                formatString("empty or inverted lifetime [%lld, %lld) (buffer %s)", static_cast<long long>(*lower),
                    static_cast<long long>(*upper), b.id.c_str()));
        if (*size > (std::int64_t { 1 } << 40))
            return bad(lineNo, "size over 1 TiB (buffer " + b.id + ")");
        b.lower = *lower;
        b.upper = *upper;
        b.size = *size;
        set.buffers.push_back(std::move(b));
    }
    if (set.buffers.empty())
        return bad(lineNo, "no buffers");
    return set;
}

std::string writeBufferCsv(const BufferSet& set, std::span<const std::int64_t> offsets)
{
    std::string out = offsets.empty() ? "id,lower,upper,size\n" : "id,lower,upper,size,offset\n";
    for (std::size_t i = 0; i < set.buffers.size(); ++i) {
        const SolverBuffer& b = set.buffers[i];
        out += b.id + "," + std::to_string(b.lower) + "," + std::to_string(b.upper) + "," + std::to_string(b.size);
        if (!offsets.empty())
            out += "," + std::to_string(offsets[i]);
        out += "\n";
    }
    return out;
}

BufferSet bufferSetFromRequests(std::span<const BufferRequest> requests)
{
    BufferSet set;
    for (std::size_t i = 0; i < requests.size(); ++i)
        set.buffers.push_back(SolverBuffer {
            std::to_string(i), requests[i].first, std::int64_t { requests[i].last } + 1, requests[i].size });
    return set;
}

std::int64_t lowerBound(const BufferSet& set)
{
    std::map<std::int64_t, std::int64_t> delta;
    for (const SolverBuffer& b : set.buffers) {
        delta[b.lower] += b.size;
        delta[b.upper] -= b.size;
    }
    std::int64_t live = 0;
    std::int64_t most = 0;
    for (const auto& [t, d] : delta) {
        live += d;
        most = std::max(most, live);
    }
    return most;
}

std::int64_t peakOf(const BufferSet& set, std::span<const std::int64_t> offsets)
{
    std::int64_t peak = 0;
    for (std::size_t i = 0; i < set.buffers.size(); ++i)
        peak = std::max(peak, offsets[i] + set.buffers[i].size);
    return peak;
}

std::string firstConflict(const BufferSet& set, std::span<const std::int64_t> offsets)
{
    const auto& v = set.buffers;
    for (std::size_t i = 0; i < v.size(); ++i)
        for (std::size_t j = i + 1; j < v.size(); ++j) {
            const bool together = v[i].lower < v[j].upper && v[j].lower < v[i].upper;
            const bool share = offsets[i] < offsets[j] + v[j].size && offsets[j] < offsets[i] + v[i].size;
            if (together && share && v[i].size > 0 && v[j].size > 0)
                return v[i].id + " and " + v[j].id;
        }
    return {};
}

} // namespace arenascope
