#pragma once
// What a kernel profile may do, mirroring TFLM's TfLiteContext / MicroContext calls that
// touch the arena. A profile calls these in exactly the order the real kernel does, so
// offsets, padding and failures come out as on the device.
//
// Usage (inside a profile's prepare):
//   auto input = ctx.tempInput(0);            // AllocateTempInputTensor
//   if (!input) return input.error();
//   ARENASCOPE_TRY(ctx.allocatePersistent(4 * channels, "per_channel_multiplier"));
//   ARENASCOPE_TRY(ctx.requestScratch(bytes, "im2col"));
//   ctx.releaseTemp(input.value());           // DeallocateTempTfLiteTensor

#include "emulation_settings.h"
#include "resource_variables.h"
#include "target.h"

#include "core/model/model.h"
#include "core/util/result.h"

#include <cstdint>
#include <optional>
#include <string>

namespace arenascope {

// A TfLiteTensor held in temp memory; `valid` is false for an omitted optional tensor
// (TFLM returns nullptr without allocating).
struct TempTensor {
    bool valid = false;
    std::int32_t tensor = -1;
    std::uint64_t structOffset = 0;
    std::optional<std::uint64_t> quantOffset;
    std::optional<std::uint64_t> zeroPointOffset;
};

class KernelContext {
public:
    virtual ~KernelContext() = default;

    virtual const Target& target() const = 0;
    // The settings being emulated (kernel set and CPU decide CMSIS-NN's buffer sizes).
    virtual const EmulationSettings& settings() const = 0;
    virtual const Model& model() const = 0;
    virtual const Subgraph& subgraph() const = 0;
    virtual const Operator& op() const = 0;

    // Tensor of the operator's i-th input/output, or nullptr when omitted (-1) or absent.
    const Tensor* input(std::size_t i) const;
    const Tensor* output(std::size_t i) const;
    std::size_t inputCount() const { return op().inputs.size(); }
    std::size_t outputCount() const { return op().outputs.size(); }

    // context->AllocatePersistentBuffer: tail, 16-byte aligned.
    virtual Status allocatePersistent(std::uint64_t bytes, std::string label) = 0;
    // micro_context->AllocateTempInputTensor / Output / Intermediate.
    virtual Result<TempTensor> tempInput(std::size_t i) = 0;
    virtual Result<TempTensor> tempOutput(std::size_t i) = 0;
    virtual Result<TempTensor> tempIntermediate(std::size_t i) = 0;
    // micro_context->DeallocateTempTfLiteTensor.
    virtual void releaseTemp(const TempTensor& tensor) = 0;
    // micro_context->AllocateTempBuffer / DeallocateTempBuffer.
    virtual Result<std::uint64_t> allocateTempBuffer(std::uint64_t bytes, std::uint64_t alignment, std::string label)
        = 0;
    virtual void releaseTempBuffer(std::uint64_t offset) = 0;
    // context->RequestScratchBufferInArena.
    virtual Status requestScratch(std::uint64_t bytes, std::string label) = 0;

    // The interpreter's MicroResourceVariables (graph().GetResourceVariables()); nullptr when
    // none were created.
    virtual ResourceVariables* resourceVariables() = 0;

    // A TF_LITE_ENSURE-style failure of the kernel, reported as TFLM reports it.
    virtual Error kernelError(std::string message) = 0;
};

} // namespace arenascope
