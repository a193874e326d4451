#include "compare_report.h"

#include "json_writer.h"

#include "core/util/format.h"

#include <algorithm>
#include <sstream>

namespace arenascope {

namespace {

// `rows` as the array `key` of objects { nameKey: row.*name, a_bytes, b_bytes, delta_bytes }.
template <typename Row, typename Name>
void writeAToB(
    JsonWriter& w, std::string_view key, const std::vector<Row>& rows, std::string_view nameKey, Name Row::*name)
{
    w.key(key);
    w.beginArray();
    for (const Row& r : rows) {
        w.beginObject();
        w.field(nameKey, r.*name);
        w.field("a_bytes", r.a);
        w.field("b_bytes", r.b);
        w.field("delta_bytes", r.delta());
        w.endObject();
    }
    w.endArray();
}

} // namespace

std::string comparisonText(const Comparison& c)
{
    std::ostringstream out;
    out << formatString("%-20s %18s %18s %14s\n", "", c.labelA.c_str(), c.labelB.c_str(), "B - A");
    for (const CompareRow& r : c.rows) {
        out << formatString(
            "%-20s %18s %18s %14s\n", r.quantity.c_str(), r.aText().c_str(), r.bText().c_str(), r.deltaText().c_str());
    }
    if (!c.changes.empty()) {
        out << "\nwhat differs (B vs A, largest first):\n";
        const std::size_t shown = std::min<std::size_t>(c.changes.size(), 20);
        for (std::size_t i = 0; i < shown; ++i)
            out << "  " << c.changes[i].text() << "\n";
        if (c.changes.size() > shown)
            out << "  ... " << c.changes.size() - shown << " more (--json lists all)\n";
    }
    if (!c.tflmChanges.empty()) {
        out << "\nTFLM commits between the two snapshots that change AllocateTensors:\n";
        for (const TflmChangeInfo& t : c.tflmChanges)
            out << "  " << t.date << " " << t.commit << ": " << t.what << "\n";
    }
    return out.str();
}

std::string comparisonJson(const Comparison& c)
{
    JsonWriter w(true);
    w.beginObject();
    w.field("a", c.labelA);
    w.field("b", c.labelB);
    writeAToB(w, "rows", c.rows, "quantity", &CompareRow::quantity);
    writeAToB(w, "changes", c.changes, "item", &CostChange::label);
    w.key("tflm_changes");
    w.beginArray();
    for (const TflmChangeInfo& t : c.tflmChanges) {
        w.beginObject();
        w.field("commit", std::string(t.commit));
        w.field("date", std::string(t.date));
        w.field("what", std::string(t.what));
        w.endObject();
    }
    w.endArray();
    w.endObject();
    return w.str() + "\n";
}

} // namespace arenascope
