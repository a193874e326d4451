#pragma once
// What the kernel profiles that read tensor parameters (activations, arithmetic, convolution,
// fully connected, pooling, softmax, ...) read of a tensor (TfLiteTensor::params), the
// activation-range check of kernel_util.cc, and the non-constant tensor rule per snapshot.
// The checks themselves are written with Checks (checks.h).

#include "checks.h"
#include "core/model/flatbuffer_read.h"
#include "kernel_helpers.h"

#include "core/emulation/tflm_changes.h"

#include <string>

namespace arenascope::kernels {

// TfLiteTensor::params as TFLM fills them (InitializeTfLiteTensorFromFlatbuffer in
// micro_allocator.cc): the first scale and zero point, only when the flatbuffer tensor has
// both, otherwise 0 / 0.
// lite/kernels/kernel_util.cc, whose checks several kernels share (__FILE__ in their messages).
inline constexpr const char* kKernelUtil = "tensorflow/lite/kernels/kernel_util.cc";

struct QuantParams {
    float scale = 0.0f;
    std::int32_t zeroPoint = 0;
};

inline QuantParams quantParams(const KernelContext& ctx, const Tensor& t)
{
    QuantParams p;
    if (!t.quant.present)
        return p;
    const tflite::Model* fb = ctx.model().flatbuffer();
    if (!fb || !fb->subgraphs() || ctx.subgraph().id.value >= fb->subgraphs()->size())
        return p;
    const auto* sg = fb->subgraphs()->Get(ctx.subgraph().id.value);
    if (!sg->tensors() || t.id.value >= sg->tensors()->size())
        return p;
    const auto* q = sg->tensors()->Get(t.id.value)->quantization();
    if (q && q->scale() && q->scale()->size() > 0 && q->zero_point() && q->zero_point()->size() > 0) {
        p.scale = q->scale()->Get(0);
        // The flatbuffer's int64 zero point narrowed to the struct's int32.
        p.zeroPoint = static_cast<std::int32_t>(int64At(*q->zero_point(), 0));
    }
    return p;
}

// TfLiteTensor::quantization.type: kTfLiteAffineQuantization (1) when TFLM copied the
// tensor's quantization, else kTfLiteNoQuantization (0).
inline int quantizationType(const Tensor& t)
{
    return t.quant.present ? 1 : 0;
}

// CalculateActivationRangeQuantized (lite/kernels/kernel_util.cc): only uint8, int8 and
// int16 outputs have a quantized range; anything else is TF_LITE_ENSURE(context, false).
inline Status activationRangeQuantized(KernelContext& ctx, const Tensor& output)
{
    const Checks check(ctx, kKernelUtil);
    const bool ok = isOneOf(output.type, { DataType::UInt8, DataType::Int8, DataType::Int16 });
    return check.ensure(405, ok, "false");
}

// ---- Non-constant tensors a Prepare reads -------------------------------------------------
// 2b3f8d0f0 (2025-08-07) gave every kernel that reads a tensor's data in Prepare the message
// "Non-constant >x< tensor is not supported". Before it, each kernel did its own thing.
struct BeforeConstantCheck {
    enum Kind {
        Message, // TF_LITE_ENSURE_MSG(context, IsConstantTensor(x), text) in `file`
        Ensure, // TF_LITE_ENSURE(context, text) at `line` (`line2023` at 4e62ea7b)
        Print, // MicroPrintf(text) and kTfLiteError
        NullRead, // no check: the kernel reads the tensor's data through a null pointer
        Passes, // no check and no read: Prepare goes on
    } kind;
    const char* file = nullptr;
    const char* text = nullptr;
    int line = 0;
    int line2023 = 0;
};

// The check on a tensor whose data Prepare reads, as snapshot `ctx.settings().tflm` makes it:
// the newest prints `newestMessage` from `newestFile` (TF_LITE_ENSURE_MSG).
inline Status constantTensorCheck(KernelContext& ctx, bool isConstant, const char* newestFile,
    const char* newestMessage, const BeforeConstantCheck& before)
{
    if (isConstant)
        return okStatus();
    const TflmVersion v = ctx.settings().tflm;
    if (tflmHas(v, TflmChange::ConstTensorChecks))
        return Checks(ctx, newestFile).msg(false, newestMessage);
    switch (before.kind) {
    case BeforeConstantCheck::Message:
        return Checks(ctx, before.file, CheckLines::AsPrinted).msg(false, before.text);
    case BeforeConstantCheck::Ensure:
        return Checks(ctx, before.file, CheckLines::AsPrinted)
            .ensure(v == TflmVersion::V2023_02 && before.line2023 ? before.line2023 : before.line, false, before.text);
    case BeforeConstantCheck::Print:
        return ctx.kernelError(before.text);
    case BeforeConstantCheck::NullRead:
        return silentFailure(ctx,
            formatString("a non-constant tensor whose data this TFLM reads in Prepare: the data pointer is null "
                         "until Eval, so Prepare reads address 0 (%s); a host crashes. The check that says so "
                         "came with %s (%s)",
                before.file, std::string(tflmChangeInfo(TflmChange::ConstTensorChecks).commit).c_str(),
                std::string(tflmChangeInfo(TflmChange::ConstTensorChecks).date).c_str()));
    case BeforeConstantCheck::Passes:
        break;
    }
    return okStatus();
}

} // namespace arenascope::kernels
