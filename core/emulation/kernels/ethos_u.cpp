// The `ethos-u` custom operator of a TFLM built with CO_PROCESSOR=ethos_u: what Vela compiles
// most of a network into, run on an Arm Ethos-U NPU.
// Source: tensorflow/lite/micro/kernels/ethos_u/ethosu.cc @90b983c2. Init keeps three ints of op
// data; Prepare checks that the node has inputs and custom data, requests two scratch buffers
// for the NPU's base addresses and their sizes (one entry per input and output: 8 bytes and
// sizeof(size_t)), and reads the command stream's size from a temp input tensor. It never calls
// the NPU driver (Eval does). Vela places its scratch tensors with an offline memory plan.
#include "checks.h"
#include "kernel_helpers.h"
#include "profile_groups.h"
#include "tflm_checks.h"

#include <array>

namespace arenascope::kernels {

namespace {

constexpr const char* kEthosU = "tensorflow/lite/micro/kernels/ethos_u/ethosu.cc";

// struct OpData { int cms_data_size; int base_addr_idx; int base_addr_size_idx; }
constexpr Field kOpDataFields[] = { i32(3) };
constexpr StructDef kOpData { "OpData (ethos-u)", kOpDataFields };

Status ethosUPrepare(KernelContext& ctx)
{
    const Checks check(ctx, kEthosU);
    const tflite::Operator* op = ctx.op().flatbuffer;
    // No inputs vector at all (rather than an empty one): TFLM's node->inputs is then a null
    // pointer, and line 42 reads through it. Measured with the harness on x86_64: SIGSEGV in
    // this Prepare; a Cortex-M reads address 0 instead and goes on with whatever is there.
    // TFLM prints nothing either way.
    if (op && !op->inputs()) {
        return silentFailure(ctx,
            "ethos-u has no inputs vector: TFLM's Prepare reads node->inputs, a null pointer "
            "here (a crash on a host, a read of address 0 on a Cortex-M), and prints nothing. "
            "Vela writes the command stream as input 0: compile the model with Vela again.");
    }
    ARENASCOPE_TRY(check.ensure(42, ctx.inputCount() > 0, "node->inputs->size > 0"));
    const std::size_t customBytes = op && op->custom_options() ? op->custom_options()->size() : 0;
    ARENASCOPE_TRY(check.ensure(44, customBytes > 0, "node->custom_initial_data_size > 0"));
    const std::uint64_t addresses = ctx.inputCount() + ctx.outputCount();
    ARENASCOPE_TRY(ctx.requestScratch(addresses * 8, "NPU base addresses (uint64_t per input and output)"));
    ARENASCOPE_TRY(ctx.requestScratch(addresses * ctx.target().sizeTBytes(), "NPU base address sizes (size_t each)"));
    // The command stream's size, read from a temp tensor and released at once.
    auto stream = ctx.tempInput(0);
    if (!stream)
        return stream.error();
    if (!stream.value().valid)
        return ctx.kernelError("ethos-u: input 0 (the command stream) is missing; TFLM would read through a null "
                               "tensor here");
    ctx.releaseTemp(stream.value());
    return okStatus();
}

constexpr std::array kProfiles = {
    custom("ethos-u", "kernels/ethos_u/ethosu.cc (CO_PROCESSOR=ethos_u)", nullptr, initStruct<kOpData>, ethosUPrepare),
};

} // namespace

const std::span<const KernelProfile> ethosUProfiles = kProfiles;

} // namespace arenascope::kernels
