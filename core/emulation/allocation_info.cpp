#include "allocation_info.h"

#include "core/model/tensor_numbering.h"
#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

namespace {

// Marking visits a subgraph again each time a control-flow operator calls it; a model
// built to multiply those visits must not hang the tool.
constexpr std::uint64_t kMaxSubgraphVisits = 1'000'000;

class Marker {
public:
    Marker(const Model& model, AllocationInfoSet& set, std::vector<std::size_t> offsets,
        const std::vector<ScratchRequest>& scratch, std::size_t scratchBase)
        : m_model(model)
        , m_set(set)
        , m_offsets(std::move(offsets))
        , m_scratch(scratch)
        , m_scratchBase(scratchBase)
    {
        // The scratch buffers by operator, so marking costs O(log n) per operator, not O(n).
        for (std::size_t k = 0; k < scratch.size(); ++k)
            m_scratchByOp.push_back(OpScratch { scratch[k].subgraph, scratch[k].node, k });
        std::sort(m_scratchByOp.begin(), m_scratchByOp.end());
    }

    // TFLM recurses into each called subgraph (IF/WHILE/CALL_ONCE) from within the calling
    // operator; the same walk here keeps its own stack, so a chain of 20,000 calls cannot
    // overflow ArenaScope's.
    Status mark(std::uint32_t root)
    {
        struct Frame {
            std::uint32_t subgraph;
            std::size_t op = 0; // the operator being visited
            std::size_t called = 0; // how many of its called subgraphs were entered
            std::int32_t start = 0; // scope at which its scratch buffers are created
            bool inOperator = false;
        };
        std::vector<Frame> stack;
        ARENASCOPE_TRY(enter(root));
        stack.push_back(Frame { root });
        while (!stack.empty()) {
            Frame& f = stack.back();
            const Subgraph& sg = m_model.subgraphs()[f.subgraph];
            if (!f.inOperator) {
                if (f.op == sg.operators.size()) {
                    for (std::int32_t t : sg.outputs)
                        used(info(f.subgraph, t), m_scope);
                    stack.pop_back();
                    continue;
                }
                ++m_scope;
                for (std::int32_t t : sg.operators[f.op].outputs)
                    created(info(f.subgraph, t), m_scope);
                f.start = m_scope;
                f.called = 0;
                f.inOperator = true;
            }
            const Operator& op = sg.operators[f.op];
            if (f.called < op.calledSubgraphs.size()) {
                const std::uint32_t called = op.calledSubgraphs[f.called++];
                ++m_scope;
                ARENASCOPE_TRY(enter(called));
                stack.push_back(Frame { called }); // f is not used past this point
                continue;
            }
            for (std::int32_t t : op.inputs)
                if (t >= 0)
                    used(info(f.subgraph, t), m_scope);
            for (std::int32_t t : op.outputs)
                used(info(f.subgraph, t), m_scope);
            const auto [from, to] = std::equal_range(m_scratchByOp.begin(), m_scratchByOp.end(),
                OpScratch { static_cast<std::int32_t>(f.subgraph), static_cast<std::int32_t>(f.op), 0 });
            for (auto it = from; it != to; ++it) {
                AllocationInfo& sc = m_set.infos[m_scratchBase + it->index];
                sc.bytes = m_scratch[it->index].bytes;
                created(sc, f.start);
                used(sc, m_scope);
            }
            f.inOperator = false;
            ++f.op;
        }
        return okStatus();
    }

    std::int32_t scope() const { return m_scope; }

private:
    AllocationInfo& info(std::uint32_t subgraph, std::int32_t t)
    {
        return m_set.infos[m_offsets[subgraph] + static_cast<std::size_t>(t)];
    }

    // A subgraph is entered: its inputs and outputs are created at the current scope.
    Status enter(std::uint32_t subgraph)
    {
        if (++m_visits > kMaxSubgraphVisits)
            return makeError(
                ErrorCode::Unsupported, "control flow calls subgraphs more than a million times while planning");
        const Subgraph& sg = m_model.subgraphs()[subgraph];
        for (std::int32_t t : sg.inputs)
            created(info(subgraph, t), m_scope);
        for (std::int32_t t : sg.outputs)
            created(info(subgraph, t), m_scope);
        return okStatus();
    }

    static void created(AllocationInfo& a, std::int32_t scope)
    {
        a.first = scope;
        a.last = scope;
    }
    static void used(AllocationInfo& a, std::int32_t scope) { a.last = scope; }

    const Model& m_model;
    AllocationInfoSet& m_set;
    std::vector<std::size_t> m_offsets;
    const std::vector<ScratchRequest>& m_scratch;
    std::size_t m_scratchBase;
    struct OpScratch {
        std::int32_t subgraph;
        std::int32_t node;
        std::size_t index; // into m_scratch
        bool operator<(const OpScratch& o) const
        {
            return subgraph != o.subgraph ? subgraph < o.subgraph : node < o.node;
        }
    };
    std::vector<OpScratch> m_scratchByOp; // sorted by operator
    std::int32_t m_scope = 0;
    std::uint64_t m_visits = 0;
};

} // namespace

Result<AllocationInfoSet> buildAllocationInfo(
    const Model& model, const std::vector<std::vector<bool>>& tensorHasData, const std::vector<ScratchRequest>& scratch)
{
    AllocationInfoSet set;
    std::vector<std::size_t> offsets = firstTensorNumbers(model);
    const std::size_t total = offsets.back();
    const auto& plan = model.offlinePlan();
    if (plan && plan->tensorCount != total)
        return makeError(ErrorCode::Unsupported,
            formatString("Nbr of offline buffer offsets (%u) in metadata not equal nbr tensors (%zu)",
                plan->tensorCount, total));
    set.infos.resize(total + scratch.size());
    for (std::size_t s = 0; s < model.subgraphs().size(); ++s) {
        const Subgraph& sg = model.subgraphs()[s];
        for (const Operator& op : sg.operators) {
            for (std::int32_t t : op.intermediates) {
                const std::uint64_t bytes = sg.tensors[static_cast<std::size_t>(t)].bytes;
                if (bytes != 0)
                    return makeError(ErrorCode::Unsupported,
                        formatString("Does not support intermediate tensor with non-zero size: %llu",
                            static_cast<unsigned long long>(bytes)));
            }
        }
        for (std::size_t t = 0; t < sg.tensors.size(); ++t) {
            const Tensor& tensor = sg.tensors[t];
            AllocationInfo& a = set.infos[offsets[s] + t];
            a.subgraph = static_cast<std::int32_t>(s);
            a.tensor = static_cast<std::int32_t>(t);
            a.bytes = tensor.bytes;
            a.needsAllocating = !tensorHasData[s][t] && !tensor.isVariable && a.bytes != 0;
            // AllocationInfoBuilder::InitializeAllocationInfo reads one offset per tensor of
            // every subgraph, in order (AllocateVariables, unlike it, indexes within the subgraph).
            if (plan)
                a.offlineOffset = plan->offsets[offsets[s] + t];
        }
    }
    for (std::size_t k = 0; k < scratch.size(); ++k) {
        AllocationInfo& a = set.infos[total + k];
        a.needsAllocating = true;
        a.scratchIndex = static_cast<std::int32_t>(k);
        a.subgraph = scratch[k].subgraph;
    }
    Marker marker(model, set, offsets, scratch, total);
    ARENASCOPE_TRY(marker.mark(0));
    set.scopeCount = marker.scope() + 1;
    return set;
}

} // namespace arenascope
