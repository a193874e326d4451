// Control flow: IF, WHILE and CALL_ONCE, which run other subgraphs; op data in
// kernel_op_data.h. Sources (tensorflow/lite/micro/kernels/ @90b983c2): if.cc, while.cc,
// call_once.cc.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <array>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kIfCc = "tensorflow/lite/micro/kernels/if.cc";
constexpr const char* kWhileCc = "tensorflow/lite/micro/kernels/while.cc";
constexpr const char* kCallOnceCc = "tensorflow/lite/micro/kernels/call_once.cc";

// The subgraph at `index`, or nullptr when out of range.
const Subgraph* subgraphAt(const KernelContext& ctx, std::int32_t index)
{
    const auto& sgs = ctx.model().subgraphs();
    if (index < 0 || static_cast<std::size_t>(index) >= sgs.size())
        return nullptr;
    return &sgs[static_cast<std::size_t>(index)];
}

// ---------------------------------------------------------------------------------------
// Control flow (if.cc, while.cc, call_once.cc). Init allocates the OpData; Prepare only checks
// the called subgraphs (IF also holds its condition tensor while checking it).

Status ifCondition(KernelContext& ctx)
{
    const Checks check(ctx, kIfCc);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 60, "cond" } }));
    const Tensor& cond = *ctx.input(0);
    ARENASCOPE_TRY(check.eq(61, "cond->type", "kTfLiteBool", typeCode(cond.type), typeCode(D::Bool)));
    ARENASCOPE_TRY(check.eq(62, "NumElements(cond)", "1", static_cast<long long>(cond.elementCount), 1));
    return okStatus();
}

Status ifPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kIfCc);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_IfOptions() : nullptr;
    const std::int32_t thenIndex = options ? options->then_subgraph_index() : 0;
    const std::int32_t elseIndex = options ? options->else_subgraph_index() : 0;
    ARENASCOPE_TRY(check.ensure(53, ctx.inputCount() != 0, "node->inputs->size > 0"));
    ARENASCOPE_TRY(ifCondition(ctx));
    const Subgraph* thenSg = subgraphAt(ctx, thenIndex);
    ARENASCOPE_TRY(check.ensure(74, thenSg, "op_data->then_subgraph_index < graph_info.NumSubgraphs()"));
    ARENASCOPE_TRY(
        check.ensure(76, subgraphAt(ctx, elseIndex), "op_data->else_subgraph_index < graph_info.NumSubgraphs()"));
    ARENASCOPE_TRY(check.eq(79, "num_inputs", "graph_info.NumSubgraphInputs(op_data->then_subgraph_index)",
        static_cast<long long>(ctx.inputCount() - 1), static_cast<long long>(thenSg->inputs.size())));
    ARENASCOPE_TRY(check.eq(81, "num_outputs", "graph_info.NumSubgraphOutputs(op_data->then_subgraph_index)",
        static_cast<long long>(ctx.outputCount()), static_cast<long long>(thenSg->outputs.size())));
    return okStatus();
}

Status whilePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kWhileCc);
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_WhileOptions() : nullptr;
    const Subgraph* cond = subgraphAt(ctx, options ? options->cond_subgraph_index() : 0);
    const Subgraph* body = subgraphAt(ctx, options ? options->body_subgraph_index() : 0);
    ARENASCOPE_TRY(check.ensure(60, cond, "op_data->cond_subgraph_index < graph_info.NumSubgraphs()"));
    ARENASCOPE_TRY(check.ensure(62, body, "op_data->body_subgraph_index < graph_info.NumSubgraphs()"));
    const auto n = static_cast<long long>(ctx.inputCount());
    const auto outputs = static_cast<long long>(ctx.outputCount());
    const auto condInputs = static_cast<long long>(cond->inputs.size());
    const auto bodyInputs = static_cast<long long>(body->inputs.size());
    const auto bodyOutputs = static_cast<long long>(body->outputs.size());
    ARENASCOPE_TRY(
        check.eq(65, "num_inputs", "graph_info.NumSubgraphInputs(op_data->cond_subgraph_index)", n, condInputs));
    ARENASCOPE_TRY(
        check.eq(67, "num_inputs", "graph_info.NumSubgraphInputs(op_data->body_subgraph_index)", n, bodyInputs));
    ARENASCOPE_TRY(check.eq(69, "num_inputs", "num_outputs", n, outputs));
    ARENASCOPE_TRY(check.eq(
        70, "num_outputs", "graph_info.NumSubgraphOutputs(op_data->body_subgraph_index)", outputs, bodyOutputs));
    return okStatus();
}

Status callOncePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kCallOnceCc);
    ARENASCOPE_TRY(check.ensure(51, ctx.inputCount() == 0, "NumInputs(node) == 0"));
    ARENASCOPE_TRY(check.ensure(52, ctx.outputCount() == 0, "NumOutputs(node) == 0"));
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_CallOnceOptions() : nullptr;
    const std::int32_t index = options ? options->init_subgraph_index() : 0;
    ARENASCOPE_TRY(check.ensure(57, index < static_cast<std::int32_t>(ctx.model().subgraphs().size()),
        "op_data->init_subgraph_index < graph_info.NumSubgraphs()"));
    return okStatus();
}

const std::array kProfiles = {
    builtin("IF", "kernels/if.cc", &options::kIf, initStruct<od::kIfOpData>, ifPrepare),
    builtin("WHILE", "kernels/while.cc", &options::kWhile, initStruct<od::kWhileOpData>, whilePrepare),
    builtin("CALL_ONCE", "kernels/call_once.cc", &options::kCallOnce, initStruct<od::kCallOnceOpData>, callOncePrepare),
};

} // namespace

const std::span<const KernelProfile> controlFlowProfiles = kProfiles;

} // namespace arenascope::kernels
