// Comparisons, logic, select, control flow, resource variables and a few misc operators:
// EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL, LOGICAL_AND, LOGICAL_OR,
// SELECT_V2, CUMSUM, TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL, EMBEDDING_LOOKUP, VAR_HANDLE,
// READ_VARIABLE, ASSIGN_VARIABLE, IF, WHILE, CALL_ONCE, and the custom operators
// CIRCULAR_BUFFER, TFLite_Detection_PostProcess and TFLM_DECODE. The steps of CUMSUM,
// TRANSPOSE_CONV, L2_POOL_2D, BATCH_MATMUL and EMBEDDING_LOOKUP are in logic_tensor_ops.cpp,
// TFLM_DECODE's in decode.cpp (logic_steps.h); op-data structs in logic_op_data.h.
// Sources (tensorflow/lite/micro/kernels/ @90b983c2): comparisons.cc, logical.cc,
// logical_common.cc, select.cc, var_handle.cc, read_variable.cc, assign_variable.cc, if.cc,
// while.cc, call_once.cc, circular_buffer.cc, circular_buffer_common.cc, detection_postprocess.cc.
#include "builtin_options.h"
#include "kernel_helpers.h"
#include "logic_op_data.h"
#include "logic_steps.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include "core/emulation/tflm_changes.h"

#include <flatbuffers/flexbuffers.h>

#include <algorithm>
#include <array>
#include <optional>

namespace arenascope::kernels {

namespace {

using D = DataType;
namespace od = logicdata;
using logicsteps::ensureCounts;
using logicsteps::heldInput;

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kComparisonsCc = "tensorflow/lite/micro/kernels/comparisons.cc";
constexpr const char* kSelectCc = "tensorflow/lite/micro/kernels/select.cc";
constexpr const char* kAssignVariableCc = "tensorflow/lite/micro/kernels/assign_variable.cc";
constexpr const char* kIfCc = "tensorflow/lite/micro/kernels/if.cc";
constexpr const char* kWhileCc = "tensorflow/lite/micro/kernels/while.cc";
constexpr const char* kCallOnceCc = "tensorflow/lite/micro/kernels/call_once.cc";
constexpr const char* kCircularBufferCommonCc = "tensorflow/lite/micro/kernels/circular_buffer_common.cc";
constexpr const char* kDetectionPostprocessCc = "tensorflow/lite/micro/kernels/detection_postprocess.cc";

long long typeCode(DataType t)
{
    return tfliteType(t).code;
}

// The subgraph at `index`, or nullptr when out of range.
const Subgraph* subgraphAt(const KernelContext& ctx, std::int32_t index)
{
    const auto& sgs = ctx.model().subgraphs();
    if (index < 0 || static_cast<std::size_t>(index) >= sgs.size())
        return nullptr;
    return &sgs[static_cast<std::size_t>(index)];
}

// ---------------------------------------------------------------------------------------
// EQUAL .. LESS_EQUAL (comparisons.cc). Prepare: temp input 0 and 1 (each must exist), the
// quantized parameters for int8/int16, release both. Type support is only checked in Eval.

Status comparisonInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kComparisonOpData);
}

Status comparisonPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(heldInput(temps, ctx, 0, kComparisonsCc, 557, "input1 != nullptr"));
    ARENASCOPE_TRY(heldInput(temps, ctx, 1, kComparisonsCc, 560, "input2 != nullptr"));
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// SELECT_V2 (select.cc): OpData is {bool requires_broadcast}; the all-scalar case releases its
// temps too. The kernel does not null-check its tensors (an omitted one would crash).

Status selectInit(KernelContext& ctx)
{
    return allocateStruct(
        ctx, tflmHas(ctx.settings().tflm, TflmChange::SelectOpDataOneBool) ? od::kSelectOpData : od::kSelectOpData2023);
}

// CheckBroadcastShape against the output's (static) dims.
Status selectBroadcast(KernelContext& ctx, const Tensor& cond, const Tensor& x, const Tensor& y, const Tensor& out)
{
    const std::size_t rank = std::max({ cond.shape.size(), x.shape.size(), y.shape.size() });
    if (rank != out.shape.size())
        return ensureEqFailed(ctx, kSelectCc, 55, "out_dims", "output_shape->size", static_cast<long long>(rank),
            static_cast<long long>(out.shape.size()));
    auto dimAt
        = [](const Tensor& t, std::size_t i) { return i >= t.shape.size() ? 1 : t.shape[t.shape.size() - i - 1]; };
    for (std::size_t i = 0; i < rank; ++i) {
        const std::int32_t d1 = dimAt(cond, i), d2 = dimAt(x, i), d3 = dimAt(y, i);
        std::int32_t maxValue = std::max({ d1, d2, d3 });
        if (std::min({ d1, d2, d3 }) == 0)
            maxValue = 0;
        if (!(d1 == 1 || d1 == maxValue) || !(d2 == 1 || d2 == maxValue) || !(d3 == 1 || d3 == maxValue))
            return ctx.kernelError("Given shapes are not broadcastable.");
        if (out.shape[rank - i - 1] != maxValue)
            return ensureEqFailed(ctx, kSelectCc, 70, "output_shape->data[out_dims - i - 1]", "max_value",
                out.shape[rank - i - 1], maxValue);
    }
    return okStatus();
}

Status selectPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kSelectCc, 78, 3, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    ARENASCOPE_TRY(temps.output(0));
    const Tensor& cond = *ctx.input(0);
    const Tensor& x = *ctx.input(1);
    const Tensor& y = *ctx.input(2);
    const Tensor& out = *ctx.output(0);
    if (cond.type != D::Bool)
        return ensureTypesEqFailed(ctx, kSelectCc, 95, "input_condition->type", "kTfLiteBool", cond.type, D::Bool);
    if (x.type != y.type)
        return ensureTypesEqFailed(ctx, kSelectCc, 96, "input_x->type", "input_y->type", x.type, y.type);
    const bool allScalar
        = cond.elementCount == 1 && x.elementCount == 1 && y.elementCount == 1 && out.elementCount == 1;
    const bool sameShape = cond.shape == x.shape && x.shape == y.shape;
    if (allScalar && !tflmHas(ctx.settings().tflm, TflmChange::SelectScalarReleasesTemps))
        temps.leak();
    if (allScalar || sameShape)
        return okStatus();
    return selectBroadcast(ctx, cond, x, y, out);
}

// ---------------------------------------------------------------------------------------
// Resource variables (var_handle.cc, read_variable.cc, assign_variable.cc,
// micro_resource_variable.cc). Without MicroResourceVariables (the interpreter's default),
// VAR_HANDLE's Prepare fails as TFLM's does.

Status varHandleInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kVarHandleOpData);
}

Status varHandlePrepare(KernelContext& ctx)
{
    ResourceVariables* vars = ctx.resourceVariables();
    if (!vars)
        return ctx.kernelError("VAR_HANDLE requires resource variables. Please create ResourceVariables and pass it "
                               "to the interpreter.");
    // ParseVarHandle: absent strings become null names.
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_VarHandleOptions() : nullptr;
    std::optional<std::string> container;
    std::string sharedName;
    if (options && options->container())
        container = options->container()->str();
    if (options && options->shared_name())
        sharedName = options->shared_name()->str();
    const std::int32_t id = vars->createIdIfNoneFound(container, sharedName);
    if (id < 0)
        return ctx.kernelError(formatString(
            "Failed to allocate resource variable. Maximum resource variable count (%u) reached.", vars->capacity()));
    // The output's eval tensor now points at the id: ASSIGN_VARIABLE's Prepare can read it.
    if (!ctx.op().outputs.empty())
        vars->bindTensor(static_cast<std::int32_t>(ctx.subgraph().id.value), ctx.op().outputs[0], id);
    return okStatus();
}

Status readVariablePrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    return okStatus();
}

// The resource id input 0 holds during Prepare: a constant's value, or the id VAR_HANDLE's
// Prepare pointed its output at; nullopt while the tensor has no data yet.
std::optional<std::int32_t> resourceIdDuringPrepare(KernelContext& ctx)
{
    const Tensor* t = ctx.input(0);
    if (!t)
        return std::nullopt;
    if (const auto values = constantInt32Values(ctx, *t); values && !values->empty())
        return values->front();
    const ResourceVariables* vars = ctx.resourceVariables();
    if (!vars)
        return std::nullopt;
    return vars->boundId(static_cast<std::int32_t>(ctx.subgraph().id.value), ctx.op().inputs[0]);
}

Status assignVariablePrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kAssignVariableCc, 54, 2, 0));
    const Tensor* idTensor = ctx.input(0);
    if (!idTensor)
        return ctx.kernelError("ASSIGN_VARIABLE: omitted resource id tensor");
    if (!isOneOf(idTensor->type, { D::Resource, D::Int32 }))
        return ensureFailed(ctx, kAssignVariableCc, 66,
            "(input_resource_id_tensor->type == kTfLiteResource || input_resource_id_tensor->type == kTfLiteInt32)");
    if (idTensor->elementCount != 1)
        return ensureEqFailed(ctx, kAssignVariableCc, 68, "NumElements(input_resource_id_tensor->dims)", "1",
            static_cast<long long>(idTensor->elementCount), 1);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(1));
    const auto id = resourceIdDuringPrepare(ctx);
    if (!id)
        return okStatus();
    // MicroResourceVariables::Allocate: the variable's buffer, once, through the interpreter's
    // context->AllocatePersistentBuffer: this arena's tail, wherever the variables were created.
    ResourceVariables* vars = ctx.resourceVariables();
    if (!vars || *id < 0 || *id >= vars->count())
        return ctx.kernelError(formatString("Attempting to read non-existent resource variable %d", *id));
    if (!vars->hasBuffer(*id)) {
        ARENASCOPE_TRY(ctx.allocatePersistent(ctx.input(1)->bytes, "resource variable " + std::to_string(*id)));
        vars->setBuffer(*id);
    }
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// Control flow (if.cc, while.cc, call_once.cc). Init allocates the OpData; Prepare only checks
// the called subgraphs (IF also holds its condition tensor while checking it).

Status ifInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kIfOpData);
}

Status whileInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kWhileOpData);
}

Status ifCondition(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(heldInput(temps, ctx, 0, kIfCc, 60, "cond != nullptr"));
    const Tensor& cond = *ctx.input(0);
    if (cond.type != D::Bool)
        return ensureEqFailed(ctx, kIfCc, 61, "cond->type", "kTfLiteBool", typeCode(cond.type), typeCode(D::Bool));
    if (cond.elementCount != 1)
        return ensureEqFailed(ctx, kIfCc, 62, "NumElements(cond)", "1", static_cast<long long>(cond.elementCount), 1);
    return okStatus();
}

Status ifPrepare(KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_IfOptions() : nullptr;
    const std::int32_t thenIndex = options ? options->then_subgraph_index() : 0;
    const std::int32_t elseIndex = options ? options->else_subgraph_index() : 0;
    if (ctx.inputCount() == 0)
        return ensureFailed(ctx, kIfCc, 53, "node->inputs->size > 0");
    ARENASCOPE_TRY(ifCondition(ctx));
    const Subgraph* thenSg = subgraphAt(ctx, thenIndex);
    if (!thenSg)
        return ensureFailed(ctx, kIfCc, 74, "op_data->then_subgraph_index < graph_info.NumSubgraphs()");
    if (!subgraphAt(ctx, elseIndex))
        return ensureFailed(ctx, kIfCc, 76, "op_data->else_subgraph_index < graph_info.NumSubgraphs()");
    if (ctx.inputCount() - 1 != thenSg->inputs.size())
        return ensureEqFailed(ctx, kIfCc, 79, "num_inputs",
            "graph_info.NumSubgraphInputs(op_data->then_subgraph_index)", static_cast<long long>(ctx.inputCount() - 1),
            static_cast<long long>(thenSg->inputs.size()));
    if (ctx.outputCount() != thenSg->outputs.size())
        return ensureEqFailed(ctx, kIfCc, 81, "num_outputs",
            "graph_info.NumSubgraphOutputs(op_data->then_subgraph_index)", static_cast<long long>(ctx.outputCount()),
            static_cast<long long>(thenSg->outputs.size()));
    return okStatus();
}

Status whilePrepare(KernelContext& ctx)
{
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_WhileOptions() : nullptr;
    const Subgraph* cond = subgraphAt(ctx, options ? options->cond_subgraph_index() : 0);
    const Subgraph* body = subgraphAt(ctx, options ? options->body_subgraph_index() : 0);
    if (!cond)
        return ensureFailed(ctx, kWhileCc, 60, "op_data->cond_subgraph_index < graph_info.NumSubgraphs()");
    if (!body)
        return ensureFailed(ctx, kWhileCc, 62, "op_data->body_subgraph_index < graph_info.NumSubgraphs()");
    const auto n = static_cast<long long>(ctx.inputCount());
    const auto outputs = static_cast<long long>(ctx.outputCount());
    const auto condInputs = static_cast<long long>(cond->inputs.size());
    const auto bodyInputs = static_cast<long long>(body->inputs.size());
    const auto bodyOutputs = static_cast<long long>(body->outputs.size());
    if (n != condInputs)
        return ensureEqFailed(ctx, kWhileCc, 65, "num_inputs",
            "graph_info.NumSubgraphInputs(op_data->cond_subgraph_index)", n, condInputs);
    if (n != bodyInputs)
        return ensureEqFailed(ctx, kWhileCc, 67, "num_inputs",
            "graph_info.NumSubgraphInputs(op_data->body_subgraph_index)", n, bodyInputs);
    if (n != outputs)
        return ensureEqFailed(ctx, kWhileCc, 69, "num_inputs", "num_outputs", n, outputs);
    if (outputs != bodyOutputs)
        return ensureEqFailed(ctx, kWhileCc, 70, "num_outputs",
            "graph_info.NumSubgraphOutputs(op_data->body_subgraph_index)", outputs, bodyOutputs);
    return okStatus();
}

Status callOnceInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kCallOnceOpData);
}

Status callOncePrepare(KernelContext& ctx)
{
    if (ctx.inputCount() != 0)
        return ensureFailed(ctx, kCallOnceCc, 51, "NumInputs(node) == 0");
    if (ctx.outputCount() != 0)
        return ensureFailed(ctx, kCallOnceCc, 52, "NumOutputs(node) == 0");
    const auto* options = ctx.op().flatbuffer ? ctx.op().flatbuffer->builtin_options_as_CallOnceOptions() : nullptr;
    const std::int32_t index = options ? options->init_subgraph_index() : 0;
    if (index >= static_cast<std::int32_t>(ctx.model().subgraphs().size()))
        return ensureFailed(ctx, kCallOnceCc, 57, "op_data->init_subgraph_index < graph_info.NumSubgraphs()");
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// CIRCULAR_BUFFER (circular_buffer.cc, circular_buffer_common.cc). Prepare holds input 0 and
// output 0 (both allocated before their null checks).

Status circularBufferInit(KernelContext& ctx)
{
    return allocateStruct(ctx, od::kCircularBufferOpData);
}

Status circularBufferShapes(KernelContext& ctx, const Tensor& input, const Tensor& output)
{
    // The kernel reads dims 0..3 of both without checking their rank.
    if (input.shape.size() < 4 || output.shape.size() < 4)
        return ctx.kernelError("CIRCULAR_BUFFER expects 4-D input and output");
    const auto& in = input.shape;
    const auto& out = output.shape;
    if (in[0] != out[0])
        return ensureEqFailed(
            ctx, kCircularBufferCommonCc, 52, "input->dims->data[0]", "output->dims->data[0]", in[0], out[0]);
    if (in[1] != 1)
        return ensureEqFailed(ctx, kCircularBufferCommonCc, 53, "1", "input->dims->data[1]", 1, in[1]);
    if (in[2] != out[2])
        return ensureEqFailed(
            ctx, kCircularBufferCommonCc, 54, "input->dims->data[2]", "output->dims->data[2]", in[2], out[2]);
    if (out[3] != in[3])
        return ensureEqFailed(
            ctx, kCircularBufferCommonCc, 55, "output->dims->data[3]", "input->dims->data[3]", out[3], in[3]);
    return okStatus();
}

Status circularBufferPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0, false));
    ARENASCOPE_TRY(temps.output(0, false));
    if (!ctx.input(0))
        return ensureFailed(ctx, kCircularBufferCommonCc, 50, "input != nullptr");
    if (!ctx.output(0))
        return ensureFailed(ctx, kCircularBufferCommonCc, 51, "output != nullptr");
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(circularBufferShapes(ctx, input, output));
    if (input.type != output.type)
        return ensureTypesEqFailed(
            ctx, kCircularBufferCommonCc, 57, "input->type", "output->type", input.type, output.type);
    if (input.type != D::Int8)
        return ensureTypesEqFailed(ctx, kCircularBufferCommonCc, 60, "input->type", "kTfLiteInt8", input.type, D::Int8);
    return okStatus();
}

// ---------------------------------------------------------------------------------------
// TFLite_Detection_PostProcess (detection_postprocess.cc). Init reads the custom options
// flexbuffer map and allocates the OpData. Prepare: temp inputs 0..2, eleven scratch
// requests, release.

Status detectionPostprocessInit(KernelContext& ctx)
{
    if (!customOptionsMap(ctx))
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    return allocateStruct(ctx, od::kDetectionPostprocessOpData);
}

Status detectionPostprocessInputs(KernelContext& ctx, TempTensors& temps)
{
    if (ctx.inputCount() != 3)
        return ensureEqFailed(
            ctx, kDetectionPostprocessCc, 160, "NumInputs(node)", "3", static_cast<long long>(ctx.inputCount()), 3);
    ARENASCOPE_TRY(temps.input(0));
    ARENASCOPE_TRY(temps.input(1));
    ARENASCOPE_TRY(temps.input(2));
    const struct {
        std::size_t input;
        int line;
        const char* expr;
        long long rank;
    } checks[] = {
        { 0, 168, "NumDimensions(input_box_encodings)", 3 },
        { 1, 169, "NumDimensions(input_class_predictions)", 3 },
        { 2, 170, "NumDimensions(input_anchors)", 2 },
    };
    for (const auto& c : checks) {
        const auto rank = static_cast<long long>(ctx.input(c.input)->shape.size());
        if (rank != c.rank)
            return ensureEqFailed(
                ctx, kDetectionPostprocessCc, c.line, c.expr, std::to_string(c.rank).c_str(), rank, c.rank);
    }
    if (ctx.outputCount() != 4)
        return ensureEqFailed(
            ctx, kDetectionPostprocessCc, 172, "NumOutputs(node)", "4", static_cast<long long>(ctx.outputCount()), 4);
    return okStatus();
}

Status detectionPostprocessPrepare(KernelContext& ctx)
{
    const auto map = customOptionsMap(ctx);
    if (!map)
        return ctx.kernelError("TFLite_Detection_PostProcess needs its custom options (a flexbuffer map)");
    const auto maxDetectionsOption = flexInteger((*map)["max_detections"]);
    const auto numClassesOption = flexInteger((*map)["num_classes"]);
    if (!maxDetectionsOption || !numClassesOption)
        return ctx.kernelError("max_detections or num_classes is not a number in range (TFLite_Detection_PostProcess)");
    const std::int64_t maxDetections = *maxDetectionsOption;
    const std::int64_t numClasses = *numClassesOption;
    if (maxDetections < 0 || numClasses < 0)
        return ctx.kernelError("negative max_detections or num_classes (TFLite_Detection_PostProcess)");
    TempTensors temps(ctx);
    ARENASCOPE_TRY(detectionPostprocessInputs(ctx, temps));
    const Tensor& boxes = *ctx.input(0);
    const Tensor& scores = *ctx.input(1);
    const auto boxesN = static_cast<std::uint64_t>(std::max<std::int32_t>(boxes.shape[1], 0));
    const auto maxDet = static_cast<std::uint64_t>(maxDetections);
    const auto classes = static_cast<std::uint64_t>(numClasses);
    const auto scoreCells = static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[1], 0))
        * static_cast<std::uint64_t>(std::max<std::int32_t>(scores.shape[2], 0));
    const std::array<std::pair<std::uint64_t, const char*>, 11> requests = { {
        { boxesN, "active_candidate" },
        { boxesN * 4 * 4, "decoded_boxes" },
        { scoreCells * 4, "scores" },
        { boxesN * 4, "score_buffer" },
        { boxesN * 4, "keep_scores" },
        { maxDet * boxesN * 4, "scores_after_regular_non_max_suppression" },
        { maxDet * boxesN * 4, "sorted_values" },
        { boxesN * 4, "keep_indices" },
        { maxDet * boxesN * 4, "sorted_indices" },
        { std::max(classes, maxDet) * boxesN * 4, "buffer" },
        { std::min(boxesN, maxDet) * boxesN * 4, "selected" },
    } };
    for (const auto& [bytes, label] : requests)
        ARENASCOPE_TRY(ctx.requestScratch(bytes, label));
    return okStatus();
}

// ---------------------------------------------------------------------------------------

constexpr const StructDef* kNoOptions = nullptr;

const std::array kLogicProfiles = {
    builtin("EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("NOT_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("GREATER", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("GREATER_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LESS", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LESS_EQUAL", "kernels/comparisons.cc", kNoOptions, comparisonInit, comparisonPrepare),
    builtin("LOGICAL_AND", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
    builtin("LOGICAL_OR", "kernels/logical.cc, logical_common.cc", kNoOptions, nullptr, nullptr),
    builtin("SELECT_V2", "kernels/select.cc", kNoOptions, selectInit, selectPrepare),
    builtin("CUMSUM", "kernels/cumsum.cc", &options::kCumsum, nullptr, cumsumPrepare),
    builtin("TRANSPOSE_CONV", "kernels/transpose_conv.cc", &options::kTransposeConv, transposeConvInit,
        transposeConvPrepare),
    builtin("L2_POOL_2D", "kernels/l2_pool_2d.cc, kernel_util.cc", &options::kPool, nullptr, l2PoolPrepare),
    builtin("BATCH_MATMUL", "kernels/batch_matmul.cc, batch_matmul_common.cc, batch_matmul.h", &options::kBatchMatMul,
        batchMatmulInit, batchMatmulPrepare),
    builtin(
        "EMBEDDING_LOOKUP", "kernels/embedding_lookup.cc, kernel_util.cc", kNoOptions, nullptr, embeddingLookupPrepare),
    // TfLiteVarHandleParams holds two const char*: 8/4 on cortex-m, 16/8 on x86_64.
    builtin("VAR_HANDLE", "kernels/var_handle.cc", &options::kVarHandle, varHandleInit, varHandlePrepare),
    builtin("READ_VARIABLE", "kernels/read_variable.cc", kNoOptions, nullptr, readVariablePrepare),
    builtin("ASSIGN_VARIABLE", "kernels/assign_variable.cc", kNoOptions, nullptr, assignVariablePrepare),
    builtin("IF", "kernels/if.cc", &options::kIf, ifInit, ifPrepare),
    builtin("WHILE", "kernels/while.cc", &options::kWhile, whileInit, whilePrepare),
    builtin("CALL_ONCE", "kernels/call_once.cc", &options::kCallOnce, callOnceInit, callOncePrepare),
    custom("CIRCULAR_BUFFER", "kernels/circular_buffer.cc, circular_buffer_common.cc", kNoOptions, circularBufferInit,
        circularBufferPrepare),
    custom("TFLite_Detection_PostProcess", "kernels/detection_postprocess.cc", kNoOptions, detectionPostprocessInit,
        detectionPostprocessPrepare),
    custom("TFLM_DECODE",
        "kernels/decode.cc, decode_state.cc, decode_state_lut.cc, decode_state_prune.cc, "
        "decode_state_huffman.cc",
        kNoOptions, nullptr, decodePrepare),
};

} // namespace

std::span<const KernelProfile> logicProfiles()
{
    return kLogicProfiles;
}

} // namespace arenascope::kernels
