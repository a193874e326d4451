#include "shape_checks.h"

namespace arenascope::kernels::shape {

Error typeMessage(KernelContext& ctx, const char* format, DataType t)
{
    return ctx.kernelError(formatString(format, tfliteType(t).name));
}

Status writableOutputDims(KernelContext& ctx)
{
    const auto rank = static_cast<std::uint64_t>(rankOf(*ctx.output(0)));
    return ctx.allocatePersistent(4 + 4 * rank, "writable output dims");
}

std::optional<std::vector<std::int64_t>> constantInts(const KernelContext& ctx, const Tensor& t)
{
    std::size_t width = 0;
    switch (t.type) {
    case DataType::Int8:
        width = 1;
        break;
    case DataType::Int16:
        width = 2;
        break;
    case DataType::Int32:
        width = 4;
        break;
    case DataType::Int64:
        width = 8;
        break;
    default:
        return std::nullopt;
    }
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.hasData || !model || !model->buffers() || t.buffer >= model->buffers()->size())
        return std::nullopt;
    const tflite::Buffer* buffer = model->buffers()->Get(t.buffer);
    if (!buffer || !buffer->data() || buffer->data()->size() < width * t.elementCount)
        return std::nullopt;
    const std::uint8_t* data = buffer->data()->data();
    std::vector<std::int64_t> values(t.elementCount);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::uint8_t* p = data + width * i;
        if (width == 1)
            values[i] = flatbuffers::ReadScalar<std::int8_t>(p);
        else if (width == 2)
            values[i] = flatbuffers::ReadScalar<std::int16_t>(p);
        else if (width == 4)
            values[i] = flatbuffers::ReadScalar<std::int32_t>(p);
        else
            values[i] = flatbuffers::ReadScalar<std::int64_t>(p);
    }
    return values;
}

namespace {

// The options table when it is of `type` and holds `fieldId` with `bytes` of data.
const flatbuffers::Table* optionsWith(
    const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId, std::size_t bytes)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    if (!op || op->builtin_options_type() != type || !op->builtin_options())
        return nullptr;
    const auto* table = static_cast<const flatbuffers::Table*>(op->builtin_options());
    const auto field = static_cast<flatbuffers::voffset_t>(4 + 2 * fieldId);
    const flatbuffers::voffset_t offset = table->GetOptionalFieldOffset(field);
    const auto objectSize = flatbuffers::ReadScalar<flatbuffers::voffset_t>(table->GetVTable() + 2);
    if (offset == 0 || static_cast<std::size_t>(offset) + bytes > objectSize)
        return nullptr;
    return table;
}

flatbuffers::voffset_t fieldOffset(int fieldId)
{
    return static_cast<flatbuffers::voffset_t>(4 + 2 * fieldId);
}

} // namespace

std::int32_t optionInt32(const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId, std::int32_t def)
{
    const flatbuffers::Table* table = optionsWith(ctx, type, fieldId, 4);
    return table ? table->GetField<std::int32_t>(fieldOffset(fieldId), def) : def;
}

bool optionBool(const KernelContext& ctx, tflite::BuiltinOptions type, int fieldId)
{
    const flatbuffers::Table* table = optionsWith(ctx, type, fieldId, 1);
    return table && table->GetField<std::uint8_t>(fieldOffset(fieldId), 0) != 0;
}

} // namespace arenascope::kernels::shape
