#include "report_rows.h"

#include "core/analysis/verdict.h"

#include "plan_report.h"

#include <algorithm>

namespace arenascope {

std::string shapeText(const std::vector<std::int32_t>& shape)
{
    // "x" rather than "," keeps the field unquoted in CSV and readable in a spreadsheet.
    std::string out;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i)
            out += 'x';
        out += std::to_string(shape[i]);
    }
    return out;
}

std::string operatorName(const Model& model, std::int32_t subgraph, std::int32_t op)
{
    if (subgraph < 0 || op < 0 || static_cast<std::size_t>(subgraph) >= model.subgraphs().size())
        return {};
    const Subgraph& sg = model.subgraphs()[static_cast<std::size_t>(subgraph)];
    if (static_cast<std::size_t>(op) >= sg.operators.size())
        return {};
    return sg.operators[static_cast<std::size_t>(op)].displayName();
}

std::vector<TensorRow> tensorRows(const Analysis& a)
{
    const Model& model = *a.model;
    const EmulationResult& m = figuresRun(a); // the run the verdict's figures come from
    std::vector<TensorRow> rows;
    rows.reserve(m.tensors.size());
    for (const TensorPlacement& t : m.tensors) {
        const Tensor& tensor
            = model.subgraphs()[static_cast<std::size_t>(t.subgraph)].tensors[static_cast<std::size_t>(t.index)];
        TensorRow r;
        r.subgraph = t.subgraph;
        r.index = t.index;
        r.name = tensor.name;
        r.kind = tensorKind(model, m, t);
        r.dtype = std::string(dataTypeName(tensor.type));
        r.shape = shapeText(tensor.shape);
        r.bytes = t.bytes;
        if (t.planIndex >= 0) {
            const PlannedBuffer& b = m.planned[static_cast<std::size_t>(t.planIndex)];
            r.alignedBytes = b.alignedBytes;
            // Measured against the planned request, as alignment_waste_bytes is.
            r.padding = b.alignedBytes > b.bytes ? b.alignedBytes - b.bytes : 0;
        }
        r.offset = t.offset;
        r.firstUse = t.firstUse;
        r.lastUse = t.lastUse;
        r.where = tensorPlaceName(t.place);
        rows.push_back(std::move(r));
    }
    return rows;
}

const EmulationResult& eventSource(const Analysis& a)
{
    return *a.atSize; // the measuring run when no size was given
}

std::vector<StepRow> stepRows(const Analysis& a)
{
    const EmulationResult& m = figuresRun(a);
    const std::vector<std::uint64_t> live = liveBytesPerScope(m);
    std::vector<StepRow> rows(live.size());
    for (std::size_t s = 0; s < live.size(); ++s) {
        rows[s].step = static_cast<std::int32_t>(s);
        rows[s].liveBytes = live[s];
    }
    // Same scope walk as liveBytesPerScope, keeping the highest end instead of the sum.
    for (const PlannedBuffer& b : m.planned) {
        if (b.offset < 0)
            continue; // planning did not finish
        const std::uint64_t end = static_cast<std::uint64_t>(b.offset) + b.alignedBytes;
        for (std::int32_t s = std::max(b.first, 0); s <= b.last && s < static_cast<std::int32_t>(rows.size()); ++s) {
            std::uint64_t& head = rows[static_cast<std::size_t>(s)].planHeadBytes;
            head = std::max(head, end);
        }
    }
    return rows;
}

} // namespace arenascope
