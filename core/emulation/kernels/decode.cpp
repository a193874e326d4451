// TFLM_DECODE, the custom operator python_ops_resolver.cc registers with AddDecode()
// (micro_mutable_op_resolver.h: AddCustom("TFLM_DECODE", Register_DECODE())); its DecodeState
// structs are in decode_op_data.h. Sources (tensorflow/lite/micro/kernels/ @90b983c2): decode.cc
// (no Init; Prepare), decode_state.cc (CreateDecodeState*), decode_state_lut.cc,
// decode_state_prune.cc, decode_state_huffman.cc (Setup), decode_state*.h (the state classes);
// micro_context.cc (AllocateDecompressionMemory: nothing without SetDecompressionMemory, which
// the interpreter never calls by itself).
//
// Inputs come in pairs (encoded tensor, ancillary "DCM" tensor), one pair per output. Prepare
// allocates the DecodeState* array, then for each pair holds input, ancillary and output while
// the ancillary header (byte 0: decode type, byte 1: DCM version, byte 4: type-specific
// version) selects and allocates the DecodeState; a pruned per-channel tensor with non-zero
// zero points also gets a copy of them.
#include "checks.h"
#include "core/model/flatbuffer_read.h"
#include "decode_op_data.h"
#include "kernel_helpers.h"
#include "profile_groups.h"

#include "arenascope_tflite_generated.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

namespace arenascope::kernels {

namespace {

namespace od = decodedata;

constexpr const char* kDecodeCc = "tensorflow/lite/micro/kernels/decode.cc";
constexpr const char* kDecodePruneCc = "tensorflow/lite/micro/kernels/decode_state_prune.cc";
constexpr const char* kDecodeHuffmanCc = "tensorflow/lite/micro/kernels/decode_state_huffman.cc";

// DecodeState::kDcmType*.
constexpr std::uint8_t kLut = 0;
constexpr std::uint8_t kHuffman = 1;
constexpr std::uint8_t kPrune = 2;
constexpr std::uint8_t kCustomType = 127;

// The bytes of a constant tensor stored in the flatbuffer, or nullopt when they are not
// readable there.
std::optional<std::vector<std::uint8_t>> constantBytes(const KernelContext& ctx, const Tensor& t)
{
    const tflite::Model* model = ctx.model().flatbuffer();
    if (!t.hasData || !model || !model->buffers() || t.buffer >= model->buffers()->size())
        return std::nullopt;
    const tflite::Buffer* buffer = model->buffers()->Get(t.buffer);
    if (!buffer || !buffer->data())
        return std::nullopt;
    return std::vector<std::uint8_t>(buffer->data()->begin(), buffer->data()->end());
}

// The per-channel zero points of a temp TfLiteTensor (PopulateTfLiteTensorFromFlatbuffer: one
// per scale, the first repeated when the flatbuffer stores fewer).
std::vector<std::int64_t> zeroPoints(const KernelContext& ctx, const Tensor& t)
{
    std::vector<std::int64_t> zps;
    const tflite::Model* model = ctx.model().flatbuffer();
    const std::uint32_t sg = ctx.subgraph().id.value;
    if (!t.quant.present || !model || !model->subgraphs() || sg >= model->subgraphs()->size())
        return zps;
    const auto* tensors = model->subgraphs()->Get(sg)->tensors();
    if (!tensors || t.id.value >= tensors->size())
        return zps;
    const auto* q = tensors->Get(t.id.value)->quantization();
    if (!q || !q->zero_point() || !q->scale() || q->zero_point()->size() == 0)
        return zps;
    const bool full = q->zero_point()->size() == q->scale()->size();
    for (flatbuffers::uoffset_t i = 0; i < q->scale()->size(); ++i)
        zps.push_back(int64At(*q->zero_point(), full ? i : 0));
    return zps;
}

// DecodeStateLut::Setup / DecodeStatePrune::Setup: the output's quantization axis must be 0,
// or the last one when there are several channels.
Status checkQuantizationAxis(KernelContext& ctx, const Tensor& output)
{
    if (!output.quant.present)
        return okStatus();
    const auto lastAxis = static_cast<std::int32_t>(output.shape.size()) - 1;
    const bool alternate = output.quant.quantizedDimension == lastAxis && output.quant.channels > 1;
    if (!alternate && output.quant.quantizedDimension != 0)
        return ctx.kernelError(
            formatString("unsupported quantization axis %u", static_cast<unsigned>(output.quant.quantizedDimension)));
    return okStatus();
}

Status setupPrune(KernelContext& ctx, const Tensor& output)
{
    const Checks check(ctx, kDecodePruneCc);
    ARENASCOPE_TRY(checkQuantizationAxis(ctx, output));
    if (!output.quant.present)
        return okStatus();
    const auto zps = zeroPoints(ctx, output);
    const bool nonZero = std::any_of(zps.begin(), zps.end(), [](std::int64_t zp) { return zp != 0; });
    if (output.type != DataType::Int8 && nonZero)
        return check.msg(false, "All zero-points must be zero");
    if (output.quant.channels > 1 && nonZero)
        return ctx.allocatePersistent(output.quant.channels, "zero_points_");
    return okStatus();
}

// DecodeState::Create* then Setup for one (input, ancillary, output) triple.
Status createDecodeState(KernelContext& ctx, const std::vector<std::uint8_t>& dcm, const Tensor& output)
{
    const Checks check(ctx, kDecodeHuffmanCc);
    const std::uint8_t type = dcm[0];
    const StructDef* def = type == kLut ? &od::kDecodeStateLut
        : type == kPrune                ? &od::kDecodeStatePrune
        : type == kHuffman              ? &od::kDecodeStateHuffman
                                        : nullptr;
    if (!def)
        return ctx.kernelError(type == kCustomType ? std::string("Custom decode type not yet supported")
                                                   : formatString("unsupported decode type %u", unsigned { type }));
    ARENASCOPE_TRY(allocateStruct(ctx, *def));
    if (dcm[4] != 1)
        return ctx.kernelError(formatString("unsupported version %u", unsigned { dcm[4] }));
    if (type == kPrune)
        return setupPrune(ctx, output);
    if (type == kLut)
        return checkQuantizationAxis(ctx, output);
    if ((dcm[5] & 0x01) == 0 && output.type != DataType::Int8)
        return check.typesEq(45, "output.type", "kTfLiteInt8", output.type, DataType::Int8);
    return okStatus();
}

Status decodePair(KernelContext& ctx, std::size_t i)
{
    const Checks check(ctx, kDecodeCc);
    TempTensors temps(ctx);
    const char* roles[] = { "input", "ancillary", "output" };
    const std::size_t indices[] = { i, i + 1, i / 2 };
    for (std::size_t k = 0; k < 3; ++k) {
        ARENASCOPE_TRY(k == 2 ? temps.output(indices[k], false) : temps.input(indices[k], false));
        const Tensor* t = k == 2 ? ctx.output(indices[k]) : ctx.input(indices[k]);
        if (!t)
            return ctx.kernelError(formatString("failed to allocate %s tensor %zu", roles[k], indices[k]));
    }
    const Tensor& input = *ctx.input(i);
    const Tensor& ancillary = *ctx.input(i + 1);
    const Tensor& output = *ctx.output(i / 2);
    ARENASCOPE_TRY(check.ensure(93, input.hasData, "IsConstantTensor(input)"));
    ARENASCOPE_TRY(check.ensure(94, ancillary.hasData, "IsConstantTensor(ancillary)"));
    const auto dcm = constantBytes(ctx, ancillary);
    if (!dcm || dcm->size() < 16)
        return ctx.kernelError("TFLM_DECODE: the ancillary tensor's 16-byte DCM header is not readable");
    if ((*dcm)[1] != 1)
        return ctx.kernelError(formatString("version %u != 1", unsigned { (*dcm)[1] }));
    return createDecodeState(ctx, *dcm, output);
}

Status decodePrepare(KernelContext& ctx)
{
    const Checks check(ctx, kDecodeCc);
    const std::size_t inputs = ctx.inputCount();
    const std::size_t outputs = ctx.outputCount();
    ARENASCOPE_TRY(check.ensure(55, outputs != 0, "num_outputs > 0"));
    ARENASCOPE_TRY(check.eq(
        56, "num_inputs", "num_outputs * 2", static_cast<long long>(inputs), static_cast<long long>(outputs * 2)));
    ARENASCOPE_TRY(ctx.allocatePersistent(outputs * ctx.target().pointerBytes(), "DecodeState* array"));
    for (std::size_t i = 0; i < inputs; i += 2)
        ARENASCOPE_TRY(decodePair(ctx, i));
    return okStatus();
}

constexpr const StructDef* kNoOptions = nullptr;

const std::array kProfiles = {
    custom("TFLM_DECODE",
        "kernels/decode.cc, decode_state.cc, decode_state_lut.cc, decode_state_prune.cc, "
        "decode_state_huffman.cc",
        kNoOptions, nullptr, decodePrepare),
};

} // namespace

const std::span<const KernelProfile> decodeProfiles = kProfiles;

} // namespace arenascope::kernels
