// EMBEDDING_LOOKUP; op data in kernel_op_data.h.
// Sources: tensorflow/lite/micro/kernels/embedding_lookup.cc, kernel_util.cc
// (CreateWritableTensorDimsWithCopy) @90b983c2.
#include "checks.h"
#include "kernel_helpers.h"
#include "kernel_op_data.h"
#include "prepare_steps.h"
#include "profile_groups.h"

#include <array>
#include <vector>

namespace arenascope::kernels {

namespace {

// __FILE__ as the reference build prints it.
constexpr const char* kEmbeddingLookupCc = "tensorflow/lite/micro/kernels/embedding_lookup.cc";

// ---------------------------------------------------------------------------------------
// EMBEDDING_LOOKUP (embedding_lookup.cc). No Init. Prepare: temp lookup, temp value, temp
// output; writable output dims (4 + 4 * rank); then CalculateOpData allocates the OpData.

Status checkEmbeddingValue(KernelContext& ctx, const Tensor& value)
{
    const Checks check(ctx, kEmbeddingLookupCc);
    ARENASCOPE_TRY(check.ensure(83, value.shape.size() >= 2, "NumDimensions(value) >= 2"));
    ARENASCOPE_TRY(check.ensure(84, isOneOf(value.type, { D::Float32, D::Int8 }),
        "value->type == kTfLiteFloat32 || value->type == kTfLiteInt8"));
    return okStatus();
}

Status checkEmbeddingOutput(KernelContext& ctx, const Tensor& value, const Tensor& output)
{
    const Checks check(ctx, kEmbeddingLookupCc);
    if (value.type == D::Float32)
        ARENASCOPE_TRY(check.ensure(91, output.type == D::Float32, "output->type == kTfLiteFloat32"));
    else
        ARENASCOPE_TRY(check.ensure(93, isOneOf(output.type, { D::Float32, D::Int8 }),
            "output->type == kTfLiteFloat32 || output->type == kTfLiteInt8"));
    ARENASCOPE_TRY(
        check.ensure(98, output.shape.size() >= value.shape.size(), "output->dims->size >= NumDimensions(value)"));
    return okStatus();
}

Status embeddingLookupPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kEmbeddingLookupCc);
    ARENASCOPE_TRY(check.counts(69, 2, 70, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(check.hold(temps, { { in(0), 76, "lookup" } }));
    const Tensor& lookup = *ctx.input(0);
    ARENASCOPE_TRY(check.eq(77, "NumDimensions(lookup)", "1", static_cast<long long>(lookup.shape.size()), 1));
    ARENASCOPE_TRY(check.eq(78, "lookup->type", "kTfLiteInt32", typeCode(lookup.type), 2));
    ARENASCOPE_TRY(check.hold(temps, { { in(1), 82, "value" } }));
    const Tensor& value = *ctx.input(1);
    ARENASCOPE_TRY(checkEmbeddingValue(ctx, value));
    ARENASCOPE_TRY(check.hold(temps, { { out(0), 89, "output" } }));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(checkEmbeddingOutput(ctx, value, output));
    ARENASCOPE_TRY(writableDims(ctx, output));
    std::vector<std::int32_t> dims = output.shape;
    dims[0] = lookup.shape[0];
    for (std::size_t i = 1; i < value.shape.size(); ++i)
        dims[i] = value.shape[i];
    ARENASCOPE_TRY(
        check.ensure(112, elementsOf(dims) * typeBytes(output.type) <= output.bytes, "new_dims_size <= output->bytes"));
    // CalculateOpData.
    ARENASCOPE_TRY(allocateStruct(ctx, od::kEmbeddingLookupOpData));
    if (value.type == D::Int8 && output.type == D::Float32)
        if (const long long zp = zeroPoint(ctx, value); zp != 0)
            return check.eq(59, "tensor_1->params.zero_point", "0", zp, 0);
    return okStatus();
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    builtin(
        "EMBEDDING_LOOKUP", "kernels/embedding_lookup.cc, kernel_util.cc", kNoOptions, nullptr, embeddingLookupPrepare),
};

} // namespace

const std::span<const KernelProfile> embeddingLookupProfiles = kProfiles;

} // namespace arenascope::kernels
