#pragma once
// Small helpers shared by the kernel profiles.

#include "core/emulation/kernel_context.h"
#include "core/util/format.h"

#include "arenascope_tflite_generated.h"

#include <flatbuffers/flexbuffers.h>

#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace arenascope::kernels {

// The short name every kernel file uses for a tensor type.
using D = DataType;

// Size of a kernel struct: {cortex-m, x86_64}.
inline std::uint64_t bySize(const KernelContext& ctx, std::uint64_t size32, std::uint64_t size64)
{
    return ctx.target().is64Bit() ? size64 : size32;
}

// A tensor of the node as a kernel takes it: the i-th input or output; `required` mirrors the
// kernel's TF_LITE_ENSURE(ptr != nullptr) (an optional bias is not required).
struct Slot {
    bool output;
    std::size_t index;
    bool required = true;
};
constexpr Slot in(std::size_t i, bool required = true)
{
    return { false, i, required };
}
constexpr Slot out(std::size_t i, bool required = true)
{
    return { true, i, required };
}
// The node's tensor in `slot`; null when the model omits it.
inline const Tensor* tensorIn(const KernelContext& ctx, Slot slot)
{
    return slot.output ? ctx.output(slot.index) : ctx.input(slot.index);
}

// Temp tensors a kernel holds during Prepare, released together at the end.
class TempTensors {
public:
    explicit TempTensors(KernelContext& ctx)
        : m_ctx(ctx)
    {
    }
    TempTensors(const TempTensors&) = delete;
    TempTensors& operator=(const TempTensors&) = delete;
    ~TempTensors()
    {
        for (const TempTensor& t : m_held)
            m_ctx.releaseTemp(t);
    }

    // AllocateTempInputTensor(i); `required` mirrors the kernel's TF_LITE_ENSURE(ptr != nullptr).
    Status input(std::size_t i, bool required = true) { return add(m_ctx.tempInput(i), required, "input", i); }
    Status output(std::size_t i, bool required = true) { return add(m_ctx.tempOutput(i), required, "output", i); }
    // AllocateTempInputTensor / AllocateTempOutputTensor for each slot, in the kernel's order.
    Status hold(std::initializer_list<Slot> slots)
    {
        for (const Slot& s : slots)
            ARENASCOPE_TRY(holdOne(s));
        return okStatus();
    }
    // The same for one slot whose null check the kernel makes itself (at its own line).
    Status holdUnchecked(Slot s) { return holdOne({ s.output, s.index, false }); }
    // The kernel returns without releasing what it holds (a TFLM bug some snapshots have):
    // the temps stay counted and the next ResetTempAllocations fails.
    void leak() { m_held.clear(); }

private:
    Status holdOne(const Slot& s) { return s.output ? output(s.index, s.required) : input(s.index, s.required); }
    Status add(Result<TempTensor> r, bool required, const char* role, std::size_t i)
    {
        if (!r)
            return r.error();
        if (!r.value().valid && required)
            return m_ctx.kernelError(formatString("%s %zu is missing (TF_LITE_ENSURE failed)", role, i));
        m_held.push_back(r.value());
        return okStatus();
    }

    KernelContext& m_ctx;
    std::vector<TempTensor> m_held;
};

// A weighted operator's tensors as its Prepare names them (inputs 0 and 1, output 0):
// `const auto [input, filter, output] = weightedOperands(ctx);`.
struct WeightedOperands {
    const Tensor& input;
    const Tensor& filter;
    const Tensor& output;
};
inline WeightedOperands weightedOperands(const KernelContext& ctx)
{
    return { *ctx.input(0), *ctx.input(1), *ctx.output(0) };
}

// The custom operator's custom_options as a flexbuffer map, or nullopt when there is no
// valid map (checked with the flexbuffer verifier: options come from untrusted files).
inline std::optional<flexbuffers::Map> customOptionsMap(KernelContext& ctx)
{
    const tflite::Operator* op = ctx.op().flatbuffer;
    if (!op || !op->custom_options() || op->custom_options()->size() == 0)
        return std::nullopt;
    const std::uint8_t* data = op->custom_options()->data();
    const std::size_t size = op->custom_options()->size();
    if (!flexbuffers::VerifyBuffer(data, size))
        return std::nullopt;
    const auto root = flexbuffers::GetRoot(data, size);
    if (!root.IsMap())
        return std::nullopt;
    return root.AsMap();
}

// An integer from a custom_options value. TFLM reads it with AsInt32/AsInt64, which convert a
// float value with a cast that is undefined out of range (a damaged file): such a value is
// refused here (nullopt), as is a value that is not a number.
inline std::optional<std::int64_t> flexInteger(const flexbuffers::Reference& value)
{
    if (value.IsFloat()) {
        const double d = value.AsDouble();
        if (!(d >= -9.2e18 && d <= 9.2e18)) // NaN fails both
            return std::nullopt;
        return static_cast<std::int64_t>(d);
    }
    if (!value.IsNumeric() && !value.IsBool())
        return std::nullopt;
    return value.AsInt64();
}

inline bool isOneOf(DataType t, std::initializer_list<DataType> types)
{
    for (DataType x : types)
        if (x == t)
            return true;
    return false;
}

// A tensor type as TFLM's runtime numbers and names it (TfLiteType, TfLiteTypeGetName in
// lite/core/c/common.cc): the flatbuffer's TensorType converted by ConvertTensorType.
struct TfLiteTypeInfo {
    int code;
    const char* name;
};
inline TfLiteTypeInfo tfliteType(DataType t)
{
    static constexpr TfLiteTypeInfo kTypes[] = {
        { 1, "FLOAT32" },
        { 10, "FLOAT16" },
        { 2, "INT32" },
        { 3, "UINT8" },
        { 4, "INT64" },
        { 5, "STRING" },
        { 6, "BOOL" },
        { 7, "INT16" },
        { 8, "COMPLEX64" },
        { 9, "INT8" },
        { 11, "FLOAT64" },
        { 12, "COMPLEX128" },
        { 13, "UINT64" },
        { 14, "RESOURCE" },
        { 15, "VARIANT" },
        { 16, "UINT32" },
        { 17, "UINT16" },
        { 18, "INT4" },
        { 19, "BFLOAT16" },
        { 20, "INT2" },
        { 21, "UINT4" },
        { 22, "FLOAT8_E4M3FN" },
        { 23, "FLOAT8_E5M2" },
    };
    const auto i = static_cast<std::size_t>(static_cast<int>(t));
    return i < std::size(kTypes) ? kTypes[i] : TfLiteTypeInfo { 0, "Unknown type" };
}

// The TfLiteType enumerator as a kernel's source spells it ("kTfLiteInt16", "kTfLiteUInt32"),
// for the expected side of TF_LITE_ENSURE_TYPES_EQ.
inline std::string tfliteTypeEnumerator(DataType t)
{
    const std::string_view name = tfliteType(t).name;
    std::string out = "kTfLite";
    const bool unsignedInt = name.substr(0, 4) == "UINT";
    const bool brainFloat = name.substr(0, 6) == "BFLOAT";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const bool upper = i == 0 || (unsignedInt && i == 1) || (brainFloat && i == 1);
        out += upper ? name[i] : static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
    }
    return out;
}

// TFLM's "Type %s (%d) not supported." for a tensor a kernel cannot handle.
inline Error unsupportedType(KernelContext& ctx, const Tensor& t)
{
    (void)ctx;
    const TfLiteTypeInfo info = tfliteType(t.type);
    return makeError(ErrorCode::Unsupported, formatString("Type %s (%d) not supported.", info.name, info.code));
}

// A failure TFLM reaches without printing anything (a read through a null pointer, say):
// `why` explains it, and the verdict says TFLM's log is empty.
inline Error silentFailure(KernelContext& ctx, const std::string& why)
{
    Error e = ctx.kernelError(why);
    e.tflmSilent = true;
    return e;
}

} // namespace arenascope::kernels

namespace arenascope::kernels {

// context->AllocatePersistentBuffer(sizeof(T)) for a kernel struct described by its members.
inline Status allocateStruct(KernelContext& ctx, const StructDef& def)
{
    return ctx.allocatePersistent(ctx.target().layout(def).size, std::string(def.name));
}

// An Init that allocates its op-data struct and nothing else, named in a profile row as
// `initStruct<od::kOpDataPooling>` instead of a function of its own.
template <const StructDef& Def> Status initStruct(KernelContext& ctx)
{
    return allocateStruct(ctx, Def);
}

// The int32 values of a constant tensor stored in the flatbuffer, when readable (bounds
// checked: the file is untrusted).
inline std::optional<std::vector<std::int32_t>> constantInt32Values(const KernelContext& ctx, const Tensor& t)
{
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.hasData || t.type != DataType::Int32 || !model || !model->buffers() || t.buffer >= model->buffers()->size())
        return std::nullopt;
    const tflite::Buffer* buffer = model->buffers()->Get(t.buffer);
    if (!buffer || !buffer->data() || buffer->data()->size() / 4 < t.elementCount)
        return std::nullopt;
    // Bounded by the buffer's byte count just checked, so it fits a size_t on a 32-bit host too.
    std::vector<std::int32_t> values(static_cast<std::size_t>(t.elementCount));
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = flatbuffers::ReadScalar<std::int32_t>(buffer->data()->data() + 4 * i);
    return values;
}

} // namespace arenascope::kernels
