// EMBEDDING_LOOKUP; op data in kernel_op_data.h.
// Sources: tensorflow/lite/micro/kernels/embedding_lookup.cc, kernel_util.cc
// (CreateWritableTensorDimsWithCopy) @90b983c2.
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
    if (value.shape.size() < 2)
        return ensureFailed(ctx, kEmbeddingLookupCc, 83, "NumDimensions(value) >= 2");
    if (!isOneOf(value.type, { D::Float32, D::Int8 }))
        return ensureFailed(ctx, kEmbeddingLookupCc, 84, "value->type == kTfLiteFloat32 || value->type == kTfLiteInt8");
    return okStatus();
}

Status checkEmbeddingOutput(KernelContext& ctx, const Tensor& value, const Tensor& output)
{
    if (value.type == D::Float32 && output.type != D::Float32)
        return ensureFailed(ctx, kEmbeddingLookupCc, 91, "output->type == kTfLiteFloat32");
    if (value.type != D::Float32 && !isOneOf(output.type, { D::Float32, D::Int8 }))
        return ensureFailed(
            ctx, kEmbeddingLookupCc, 93, "output->type == kTfLiteFloat32 || output->type == kTfLiteInt8");
    if (output.shape.size() < value.shape.size())
        return ensureFailed(ctx, kEmbeddingLookupCc, 98, "output->dims->size >= NumDimensions(value)");
    return okStatus();
}

Status embeddingLookupPrepare(KernelContext& ctx)
{
    ARENASCOPE_TRY(ensureCounts(ctx, kEmbeddingLookupCc, 69, 2, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(held(temps, ctx, in(0), kEmbeddingLookupCc, 76, "lookup != nullptr"));
    const Tensor& lookup = *ctx.input(0);
    if (lookup.shape.size() != 1)
        return ensureEqFailed(
            ctx, kEmbeddingLookupCc, 77, "NumDimensions(lookup)", "1", static_cast<long long>(lookup.shape.size()), 1);
    if (lookup.type != D::Int32)
        return ensureEqFailed(ctx, kEmbeddingLookupCc, 78, "lookup->type", "kTfLiteInt32", typeCode(lookup.type), 2);
    ARENASCOPE_TRY(held(temps, ctx, in(1), kEmbeddingLookupCc, 82, "value != nullptr"));
    const Tensor& value = *ctx.input(1);
    ARENASCOPE_TRY(checkEmbeddingValue(ctx, value));
    ARENASCOPE_TRY(held(temps, ctx, out(0), kEmbeddingLookupCc, 89, "output != nullptr"));
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(checkEmbeddingOutput(ctx, value, output));
    ARENASCOPE_TRY(writableDims(ctx, output));
    std::vector<std::int32_t> dims = output.shape;
    dims[0] = lookup.shape[0];
    for (std::size_t i = 1; i < value.shape.size(); ++i)
        dims[i] = value.shape[i];
    if (elementsOf(dims) * typeBytes(output.type) > output.bytes)
        return ensureFailed(ctx, kEmbeddingLookupCc, 112, "new_dims_size <= output->bytes");
    // CalculateOpData.
    ARENASCOPE_TRY(allocateStruct(ctx, od::kEmbeddingLookupOpData));
    if (value.type == D::Int8 && output.type == D::Float32)
        if (const long long zp = zeroPoint(ctx, value); zp != 0)
            return ensureEqFailed(ctx, kEmbeddingLookupCc, 59, "tensor_1->params.zero_point", "0", zp, 0);
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
