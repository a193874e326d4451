// ESP-NN SOFTMAX (esp-tflite-micro, -DESP_NN=1).
// Sources: espressif/esp-tflite-micro @99f49e14 tensorflow/lite/micro/kernels/esp_nn/softmax.cc
// (Init: NodeData {SoftmaxParams; int buffer_idx}; Prepare: TFLM's, then for int8 in and out one
// scratch request sized by esp-nn from dims[1]).
#include "core/emulation/kernels/checks.h"
#include "esp_profiles.h"
#include "scratch_sizes.h"

#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/kernels/dense_common.h"
#include "core/emulation/kernels/kernel_helpers.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/tflm_checks.h"

#include <array>

namespace arenascope::kernels::esp {

namespace {

constexpr const char* kSoftmaxFile = "tensorflow/lite/micro/kernels/esp_nn/softmax.cc";

// struct NodeData { SoftmaxParams op_data; int buffer_idx; }
constexpr Field kSoftmaxNodeDataFields[] = { nested(opdata::kSoftmaxParams), i32() };
constexpr StructDef kSoftmaxNodeData { "NodeData (esp_nn softmax)", kSoftmaxNodeDataFields };

// input->dims->data[i] as the kernel reads it. TFLM's TfLiteTensor dims point straight into
// the flatbuffer's shape vector (little-endian targets), so an index past the tensor's rank
// reads the words that follow the vector in the file; the kernel reads dims[1] and dims[2] of
// tensors of any rank >= 1.
std::int32_t dimAsRead(const KernelContext& ctx, const Tensor& t, std::size_t i)
{
    if (i < t.shape.size())
        return t.shape[i];
    const tflite::Model* fb = ctx.model().flatbuffer();
    const auto& bytes = ctx.model().bytes();
    if (!fb || !fb->subgraphs() || ctx.subgraph().id.value >= fb->subgraphs()->size())
        return 0;
    const auto* tensors = fb->subgraphs()->Get(ctx.subgraph().id.value)->tensors();
    if (!tensors || t.id.value >= tensors->size() || !tensors->Get(t.id.value)->shape())
        return 0;
    const std::uint8_t* at = reinterpret_cast<const std::uint8_t*>(tensors->Get(t.id.value)->shape()->data()) + 4 * i;
    const std::uint8_t* begin = bytes.data();
    if (at < begin || at + 4 > begin + bytes.size())
        return 0;
    return flatbuffers::ReadScalar<std::int32_t>(at);
}

Status softmaxPrepare(KernelContext& ctx)
{
    TempTensors temps(ctx);
    ARENASCOPE_TRY(holdSoftmaxOperands(ctx, Checks(ctx, kSoftmaxFile), temps, { 135, 136, 139 }));
    const Tensor& input = *ctx.input(0);
    const Tensor& output = *ctx.output(0);
    // The kernel keeps CalculateSoftmaxParams' status, requests its scratch, then returns it.
    const Status params = calculateSoftmaxParams(ctx, input, output);
    if (!params)
        return params;
    if (input.type != D::Int8 || output.type != D::Int8)
        return okStatus();
    const EmulationSettings& s = ctx.settings();
    const std::int32_t bytes
        = softmaxScratchSize(espNnFamily(s.espChip), s.espNn, dimAsRead(ctx, input, 1), dimAsRead(ctx, input, 2));
    if (bytes <= 0)
        return okStatus();
    return ctx.requestScratch(static_cast<std::uint64_t>(bytes), "esp-nn softmax scratch");
}

constexpr std::array kProfiles = {
    builtin("SOFTMAX", "esp-tflite-micro kernels/esp_nn/softmax.cc; esp-nn softmax scratch", &options::kSoftmax,
        initStruct<kSoftmaxNodeData>, softmaxPrepare),
};

} // namespace

const std::span<const KernelProfile> softmaxProfiles = kProfiles;

} // namespace arenascope::kernels::esp
