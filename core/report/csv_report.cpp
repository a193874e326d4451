#include "csv_report.h"

#include "report_rows.h"

#include <optional>

namespace arenascope {

namespace {

template <typename T> std::string number(T v)
{
    return std::to_string(v);
}

template <typename T> std::string number(const std::optional<T>& v)
{
    return v ? std::to_string(*v) : std::string();
}

} // namespace

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 2);
    out.push_back('"');
    for (const char c : text) {
        if (c == '"')
            out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

std::string csvRecord(const std::vector<std::string>& fields)
{
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i)
            out.push_back(',');
        out += csvField(fields[i]);
    }
    out.push_back('\n');
    return out;
}

std::string tensorTableCsv(const Analysis& a)
{
    std::string out = csvRecord({ "subgraph", "index", "name", "kind", "dtype", "shape", "bytes", "aligned_bytes",
        "padding", "offset", "first_use", "last_use", "where" });
    for (const TensorRow& r : tensorRows(a)) {
        out += csvRecord({ number(r.subgraph), number(r.index), r.name, r.kind, r.dtype, r.shape, number(r.bytes),
            number(r.alignedBytes), number(r.padding), number(r.offset), number(r.firstUse), number(r.lastUse),
            r.where });
    }
    return out;
}

std::string allocationLogCsv(const Analysis& a)
{
    std::string out = csvRecord({ "kind", "phase", "subgraph", "operator", "operator_name", "category", "region",
        "requested", "used", "padding", "offset", "label", "tensor", "failed" });
    for (const AllocationEvent& e : eventSource(a).events) {
        out += csvRecord({ eventKindName(e.kind), phaseName(e.phase), number(e.subgraph), number(e.op),
            operatorName(*a.model, e.subgraph, e.op), categoryName(e.category), regionName(e.region),
            number(e.requested), number(e.used), number(e.padding()), number(e.offset), e.label,
            e.tensor >= 0 ? number(e.tensor) : std::string(), e.failed ? "true" : "false" });
    }
    return out;
}

std::string liveBytesCsv(const Analysis& a)
{
    std::string out = csvRecord({ "step", "live_bytes", "plan_head_bytes", "lower_bound_bytes" });
    for (const StepRow& r : stepRows(a))
        out += csvRecord({ number(r.step), number(r.liveBytes), number(r.planHeadBytes), number(a.lowerBoundBytes) });
    return out;
}

} // namespace arenascope
