#pragma once
// Helpers shared by the CMSIS-NN kernel profiles (tensorflow/lite/micro/kernels/cmsis_nn/ @90b983c2).

#include "buffer_sizes.h"

#include "core/emulation/kernels/checks.h"
#include "core/emulation/kernels/kernel_helpers.h"

namespace arenascope::kernels::cmsis {

// Where TFLM's CMSIS-NN kernels are compiled from: __FILE__ in their messages.
inline constexpr const char* kConvFile = "tensorflow/lite/micro/kernels/cmsis_nn/conv.cc";
inline constexpr const char* kDepthwiseFile = "tensorflow/lite/micro/kernels/cmsis_nn/depthwise_conv.cc";
inline constexpr const char* kFullyConnectedFile = "tensorflow/lite/micro/kernels/cmsis_nn/fully_connected.cc";
inline constexpr const char* kTransposeConvFile = "tensorflow/lite/micro/kernels/cmsis_nn/transpose_conv.cc";
inline constexpr const char* kBatchMatmulFile = "tensorflow/lite/micro/kernels/cmsis_nn/batch_matmul.cc";
inline constexpr const char* kAddFile = "tensorflow/lite/micro/kernels/cmsis_nn/add.cc";
inline constexpr const char* kSoftmaxFile = "tensorflow/lite/micro/kernels/cmsis_nn/softmax.cc";
inline constexpr const char* kSvdfFile = "tensorflow/lite/micro/kernels/cmsis_nn/svdf.cc";
inline constexpr const char* kLstmFile = "tensorflow/lite/micro/kernels/cmsis_nn/unidirectional_sequence_lstm.cc";

inline CpuExtension extension(const KernelContext& ctx)
{
    return ctx.settings().cpuExtension();
}

// A 4-D tensor's {n, h, w, c}.
inline cmsisnn::Dims nhwc(const Tensor& t)
{
    auto d = [&](std::size_t i) -> std::int64_t { return i < t.shape.size() ? t.shape[i] : 1; };
    return cmsisnn::Dims { d(0), d(1), d(2), d(3) };
}

// A scratch buffer request when CMSIS-NN asks for one (size > 0), as the kernels do.
inline Status requestIfPositive(KernelContext& ctx, std::int64_t bytes, const char* label)
{
    if (bytes <= 0)
        return okStatus();
    return ctx.requestScratch(static_cast<std::uint64_t>(bytes), label);
}

// A tensor's last dimension (1 for a scalar): accum_depth and output_depth.
inline std::int64_t lastDim(const Tensor& t)
{
    return t.shape.empty() ? 1 : t.shape.back();
}

// TF_LITE_ENSURE_MSG(context, input type is float32, int16 or int8, "Input data type not supported").
inline Status requireInputType(const Checks& check, DataType t, std::initializer_list<DataType> ok)
{
    return check.msg(isOneOf(t, ok), "Input data type not supported");
}

// The "Hybrid models are not supported on TFLite Micro." check of conv, depthwise and FC.
inline Status requireNotHybrid(const Checks& check, DataType input, DataType filter, bool int4)
{
    using D = DataType;
    const bool ok = (input == D::Float32 && filter == D::Float32) || (input == D::Int16 && filter == D::Int8)
        || (input == D::Int8 && (filter == D::Int8 || (int4 && filter == D::Int4)));
    return check.msg(ok, "Hybrid models are not supported on TFLite Micro.");
}

} // namespace arenascope::kernels::cmsis
