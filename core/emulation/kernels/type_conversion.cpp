// Element-type conversions: CAST, QUANTIZE, DEQUANTIZE.
// Sources: tensorflow/lite/micro/kernels/cast.cc, quantize.cc, quantize_common.cc,
// dequantize.cc, dequantize_common.cc @90b983c2; the op data structs are described member by
// member in math_op_data.h.
// Failures print what the kernel's TF_LITE_ENSURE* prints, with its file and line.
#include "builtin_options.h"
#include "checks.h"
#include "kernel_file_checks.h"
#include "kernel_helpers.h"
#include "math_op_data.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include <array>
#include <string>

namespace arenascope::kernels {

namespace {

constexpr const char* kCast = "tensorflow/lite/micro/kernels/cast.cc";
constexpr const char* kQuantizeCommon = "tensorflow/lite/micro/kernels/quantize_common.cc";

// ---- CAST (cast.cc) --------------------------------------------------------------------------

Status castPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kCast);
    ARENASCOPE_TRY(check.counts(29, 1, 30, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.input(0));
    return temps.output(0);
}

// ---- QUANTIZE (quantize.cc, quantize_common.cc: PrepareQuantizeReference) -------------------

Status quantizePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kQuantizeCommon);
    ARENASCOPE_TRY(check.counts(36, 1, 37, 1));
    TempTensors temps(ctx);
    ARENASCOPE_TRY(temps.hold({ in(0), out(0) }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    ARENASCOPE_TRY(check.eq(48, "output->quantization.type", "kTfLiteAffineQuantization", quantizationType(output), 1));
    ARENASCOPE_TRY(check.ensure(54, output.quant.channels == 1, "affine_quantization->scale->size == 1"));
    ARENASCOPE_TRY(check.ensure(56, isOneOf(input.type, { D::Float32, D::Int32, D::Int16, D::Int8, D::UInt8 }),
        "input->type == kTfLiteFloat32 || input->type == kTfLiteInt32 || input->type == kTfLiteInt16 || "
        "input->type == kTfLiteInt8 || input->type == kTfLiteUInt8"));
    return check.ensure(60, isOneOf(output.type, { D::Int8, D::Int16, D::Int32, D::UInt8 }),
        "output->type == kTfLiteInt8 || output->type == kTfLiteInt16 || output->type == kTfLiteInt32 || "
        "output->type == kTfLiteUInt8");
}

// ---- DEQUANTIZE (dequantize.cc, dequantize_common.cc) ------------------------------------------

Status dequantizePrepare(KernelContext& ctx)
{
    const std::string file = kernelFile("dequantize_common.cc");
    const Checks check(ctx, file);
    TempTensors temps(ctx);
    ARENASCOPE_TRY(countsThenTemps(check, temps, 32, 33));
    ARENASCOPE_TRY(check.ensure(43, isOneOf(ctx.input(0)->type, { D::Int8, D::Int16, D::UInt8 }),
        "input->type == kTfLiteInt8 || input->type == kTfLiteInt16 || input->type == kTfLiteUInt8"));
    return check.ensure(46, ctx.output(0)->type == D::Float32, "output->type == kTfLiteFloat32");
}

const std::array kProfiles = {
    builtin("DEQUANTIZE", "kernels/dequantize.cc, dequantize_common.cc", nullptr, initStruct<opdata::kDequantizeOpData>,
        dequantizePrepare),
    builtin("CAST", "kernels/cast.cc", &options::kCast, nullptr, castPrepare),
    builtin("QUANTIZE", "kernels/quantize.cc, quantize_common.cc", nullptr,
        initStruct<opdata::kOpDataQuantizeReference>, quantizePrepare),
};

} // namespace

const std::span<const KernelProfile> typeConversionProfiles = kProfiles;

} // namespace arenascope::kernels
