// The resource variables VAR_HANDLE, READ_VARIABLE and ASSIGN_VARIABLE; op data in
// kernel_op_data.h. Sources (tensorflow/lite/micro/ @90b983c2): kernels/var_handle.cc,
// read_variable.cc, assign_variable.cc, micro_resource_variable.cc.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <array>
#include <optional>
#include <string>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it, for the TF_LITE_ENSURE messages.
constexpr const char* kAssignVariableCc = "tensorflow/lite/micro/kernels/assign_variable.cc";

// ---------------------------------------------------------------------------------------
// Resource variables (var_handle.cc, read_variable.cc, assign_variable.cc,
// micro_resource_variable.cc). Without MicroResourceVariables (the interpreter's default),
// VAR_HANDLE's Prepare fails as TFLM's does.

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
    const Checks check(ctx, kAssignVariableCc);
    ARENASCOPE_TRY(check.counts(54, 2, 55, 0));
    const Tensor* idTensor = ctx.input(0);
    if (!idTensor)
        return ctx.kernelError("ASSIGN_VARIABLE: omitted resource id tensor");
    ARENASCOPE_TRY(check.ensure(66, isOneOf(idTensor->type, { D::Resource, D::Int32 }),
        "(input_resource_id_tensor->type == kTfLiteResource || input_resource_id_tensor->type == kTfLiteInt32)"));
    ARENASCOPE_TRY(check.eq(
        68, "NumElements(input_resource_id_tensor->dims)", "1", static_cast<long long>(idTensor->elementCount), 1));
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

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    // TfLiteVarHandleParams holds two const char*: 8/4 on cortex-m, 16/8 on x86_64.
    builtin("VAR_HANDLE", "kernels/var_handle.cc", &options::kVarHandle, initStruct<od::kVarHandleOpData>,
        varHandlePrepare),
    builtin("READ_VARIABLE", "kernels/read_variable.cc", kNoOptions, nullptr, readVariablePrepare),
    builtin("ASSIGN_VARIABLE", "kernels/assign_variable.cc", kNoOptions, nullptr, assignVariablePrepare),
};

} // namespace

const std::span<const KernelProfile> resourceVariableProfiles = kProfiles;

} // namespace arenascope::kernels
