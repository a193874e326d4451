#include "operator_costs.h"

#include "core/util/enum_names.h"
#include "core/util/format.h"

#include <algorithm>
#include <map>

namespace arenascope {

namespace {

std::string tailCategoryWords(Category c)
{
    std::string s = categoryName(c);
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

std::string operatorName(const Model& model, std::int32_t subgraph, std::int32_t op)
{
    const auto& sg = model.subgraphs()[static_cast<std::size_t>(subgraph)];
    std::string s = sg.operators[static_cast<std::size_t>(op)].displayName() + " #" + std::to_string(op);
    if (subgraph != 0)
        s += " (subgraph " + std::to_string(subgraph) + ")";
    return s;
}

bool validOp(const Model& model, std::int32_t subgraph, std::int32_t op)
{
    return subgraph >= 0 && op >= 0 && static_cast<std::size_t>(subgraph) < model.subgraphs().size()
        && static_cast<std::size_t>(op) < model.subgraphs()[static_cast<std::size_t>(subgraph)].operators.size();
}

} // namespace

std::vector<CostItem> costItems(const Analysis& a)
{
    std::vector<CostItem> items;
    if (!a.measured)
        return items;
    const EmulationResult& r = *a.measured;
    const Model& model = *a.model;
    // Per operator, in operator order: op data, options, scratch (each summed over the op's events).
    std::map<std::tuple<std::int32_t, std::int32_t, int>, std::uint64_t> perOp;
    std::map<Category, std::uint64_t> tail;
    for (const AllocationEvent& e : r.events) {
        if (e.failed)
            continue;
        if (e.kind == EventKind::ScratchRequest && validOp(model, e.subgraph, e.op)) {
            perOp[{ e.subgraph, e.op, static_cast<int>(CostKind::Scratch) }] += e.requested;
            continue;
        }
        if (e.kind != EventKind::Allocation || e.region != Region::Tail)
            continue;
        if (e.category == Category::KernelPersistent && validOp(model, e.subgraph, e.op))
            perOp[{ e.subgraph, e.op, static_cast<int>(CostKind::OpData) }] += e.requested;
        else if (e.category == Category::BuiltinOptions && validOp(model, e.subgraph, e.op))
            perOp[{ e.subgraph, e.op, static_cast<int>(CostKind::Options) }] += e.requested;
        tail[e.category] += e.used;
    }
    for (const auto& [key, bytes] : perOp) {
        const auto [subgraph, op, kind] = key;
        const auto k = static_cast<CostKind>(kind);
        const char* what = k == CostKind::OpData ? "op data" : k == CostKind::Options ? "options" : "scratch";
        items.push_back(CostItem { k, operatorName(model, subgraph, op) + " " + what, bytes });
    }
    for (const auto& [category, bytes] : tail)
        items.push_back(CostItem { CostKind::Tail, "tail: " + tailCategoryWords(category), bytes });
    for (const PlannedBuffer& b : r.planned) {
        if (b.tensor < 0)
            continue;
        const auto& sg = model.subgraphs()[static_cast<std::size_t>(b.subgraph)];
        std::string label = "activation " + sg.tensors[static_cast<std::size_t>(b.tensor)].name;
        if (b.subgraph != 0)
            label += " (subgraph " + std::to_string(b.subgraph) + ")";
        items.push_back(CostItem { CostKind::Activation, std::move(label), b.alignedBytes });
    }
    return items;
}

std::int64_t CostChange::delta() const
{
    return static_cast<std::int64_t>(b.value_or(0)) - static_cast<std::int64_t>(a.value_or(0));
}

std::string CostChange::text() const
{
    if (!a)
        return label + ": new, " + formatBytes(*b);
    if (!b)
        return label + ": gone (was " + formatBytes(*a) + ")";
    return label + ": " + formatBytes(*a) + " -> " + formatBytes(*b) + " (" + formatSignedBytes(delta()) + ")";
}

std::vector<CostChange> costChanges(const std::vector<CostItem>& a, const std::vector<CostItem>& b)
{
    std::map<std::string, CostChange> byLabel;
    std::vector<std::string> order;
    auto add = [&](const CostItem& item, bool sideA) {
        auto [it, inserted] = byLabel.try_emplace(item.label, CostChange { item.label, {}, {} });
        if (inserted)
            order.push_back(item.label);
        std::optional<std::uint64_t>& slot = sideA ? it->second.a : it->second.b;
        slot = slot.value_or(0) + item.bytes;
    };
    for (const CostItem& item : a)
        add(item, true);
    for (const CostItem& item : b)
        add(item, false);
    std::vector<CostChange> out;
    for (const std::string& label : order) {
        const CostChange& c = byLabel.at(label);
        if (c.a != c.b)
            out.push_back(c);
    }
    std::stable_sort(out.begin(), out.end(),
        [](const CostChange& x, const CostChange& y) { return std::abs(x.delta()) > std::abs(y.delta()); });
    return out;
}

std::string_view costKindName(CostKind kind)
{
    static constexpr EnumName<CostKind> kNames[] = { { CostKind::OpData, "op_data" }, { CostKind::Options, "options" },
        { CostKind::Scratch, "scratch" }, { CostKind::Tail, "tail" }, { CostKind::Activation, "activation" } };
    static_assert(namesEachValue(kNames, CostKind::Activation));
    return nameIn(kNames, kind);
}

} // namespace arenascope
