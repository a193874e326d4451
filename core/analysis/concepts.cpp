#include "concepts.h"

#include "core/util/enum_names.h"

namespace arenascope {

namespace {

constexpr Concept kConcepts[] = {
    { "flash_vs_ram", "Flash is not RAM",
        "The model file lives in flash; the tensor arena is RAM, and its size is not the file's.",
        "A .tflite file holds the graph and the weights. On a microcontroller it stays in flash: TFLM reads the "
        "weights where they are and never copies them.\n\n"
        "The tensor arena is the block of RAM you give the interpreter (uint8_t tensor_arena[N]). It holds what is "
        "computed while the model runs, the activations, plus TFLM's own bookkeeping. Its size depends on the "
        "largest intermediate results and how they overlap in time, not on the size of the weights: a model of a few "
        "kilobytes can need a hundred kilobytes of arena, and a large model can need little.\n\n"
        "That is why guessing the arena from the file size fails, and why ArenaScope emulates AllocateTensors." },
    { "head", "Head",
        "The start of the arena: the memory plan, where activations and scratch buffers live and reuse each other's "
        "bytes.",
        "The head is the non-persistent part of the arena, at its start. Before the plan is committed it holds the "
        "scratch-buffer requests of the kernel being prepared; afterwards it holds the memory plan: every activation "
        "tensor and scratch buffer at an offset the planner chose.\n\n"
        "Buffers that are never alive at the same time share bytes, so the head is usually far smaller than the sum "
        "of all activations. Its size is the plan's largest offset + size." },
    { "tail", "Tail",
        "The end of the arena: bookkeeping that lives as long as the model (eval tensors, nodes, op data, "
        "variables).",
        "The tail grows down from the end of the arena and is never freed while the interpreter lives: the allocator "
        "and planner objects, one TfLiteEvalTensor per tensor, one node and registration per operator, the options "
        "each operator was parsed with, what kernels allocate in Init and Prepare (op data, lookup tables, "
        "per-channel quantization), variable tensors, and the interpreter's input and output tensors.\n\n"
        "Its size depends on how TFLM was compiled (struct sizes: see Target) and which kernels are linked (see "
        "Kernels)." },
    { "temp", "Temp memory",
        "Short-lived allocations above the head while kernels prepare; released after each operator.",
        "While a kernel's Prepare runs, TFLM lends it temporary TfLiteTensor structs for its inputs and outputs (and "
        "their quantization data) in the free space above the head. They are all released when that operator is "
        "done. The memory planner also uses temp memory while it computes the plan.\n\n"
        "Temp memory never survives AllocateTensors, but it must fit at the moment it is used: the smallest arena can "
        "be set by a temp allocation rather than by the plan. The temp peak is the most ever used at once, above the "
        "head." },
    { "scratch", "Scratch buffer",
        "Working memory a kernel asks for in Prepare; planned in the head, alive only while its operator runs.",
        "Some kernels need working memory while they run: im2col buffers for convolutions, accumulators, unpacked "
        "int4 weights. They ask with RequestScratchBufferInArena in Prepare, and the memory planner places the buffer "
        "in the head like an activation that lives for one step, so it can reuse the bytes of tensors that are dead "
        "at that step.\n\n"
        "Optimized kernels (CMSIS-NN) often ask for more or different scratch than the reference kernels, and the "
        "size can depend on the CPU's DSP or MVE extension." },
    { "persistent_buffer", "Persistent buffer",
        "Memory a kernel keeps for the model's lifetime (op data, lookup tables), allocated in the tail.",
        "AllocatePersistentBuffer gives a kernel memory in the tail that is never freed: its op data struct from "
        "Init, and whatever it precomputes in Prepare (per-channel multipliers and shifts, softmax lookup tables, "
        "kernel sums). The recording interpreter counts these as PersistentBufferData." },
    { "padding", "Alignment padding",
        "Bytes lost so that every buffer starts at an aligned address (16 bytes for planned and persistent buffers).",
        "TFLM rounds every planned buffer up to a multiple of 16 bytes and starts each persistent buffer at a "
        "16-byte boundary, so that kernels can use aligned loads. The rounding is paid per buffer: many small "
        "tensors waste proportionally more. ArenaScope hatches padding in the timeline and the arena map and sums it "
        "as alignment waste." },
    { "lifetime", "Lifetime",
        "The steps during which a buffer must keep its bytes: from the operator that writes it to the last that "
        "reads it.",
        "TFLM gives every tensor a first and a last use, counted in operators (allocation scopes). A model input is "
        "alive from the start, an output to the end; a scratch buffer only during its operator. Two buffers whose "
        "lifetimes overlap cannot share bytes; all others may. The timeline draws each buffer over its lifetime." },
    { "lower_bound", "Lower bound",
        "The most planned bytes alive at one step: no plan can make the head smaller than this.",
        "At every step, the buffers alive at that step need distinct bytes. The largest such sum over all steps is a "
        "lower bound on the head: a plan that reaches it is optimal. TFLM's greedy planner usually reaches it; when it "
        "does not, Tools > Find a Smaller Plan can write a better plan into the model as offline offsets." },
    { "smallest_arena", "Smallest arena",
        "The smallest tensor_arena size for which AllocateTensors succeeds, found by emulating, not estimating.",
        "ArenaScope runs the whole AllocateTensors flow at many sizes and reports the smallest that works. It is "
        "head + tail plus whatever temp memory and planner bookkeeping need at their peak, and it depends on the "
        "arena's size modulo 16 (the tail is aligned down from the end), so a few bytes above it can fail again." },
    { "shortfall", "Shortfall vs. TFLM's 'missing'",
        "TFLM reports the first allocation that fails; the arena usually needs much more than that one's 'missing'.",
        "When AllocateTensors fails, TFLM prints the request that did not fit: requested, available, missing. That "
        "is only the first failure: add those bytes and the next allocation fails instead. The arena's real shortfall "
        "is the smallest arena minus your size, which is what ArenaScope's headline gives.\n\n"
        "TFLM prints sizes with %u: when the head has already overrun the tail, 'available' is negative and appears as "
        "a number near 4,294,967,296." },
    { "recording", "Recording interpreter",
        "RecordingMicroInterpreter reports allocations by category but needs more arena than the release build.",
        "The recording interpreter and allocator keep counters for every allocation category (eval tensors, "
        "persistent buffers, node arrays, ...). Its allocator objects are larger, so the same model needs a few "
        "hundred more bytes of arena with it. Use it to understand where the tail goes; size the release firmware's "
        "arena with the plain interpreter." },
    { "preserve_all_tensors", "preserve_all_tensors",
        "Keeps every intermediate tensor readable for debugging: TFLM then uses the linear planner (no reuse).",
        "MicroInterpreter(..., preserve_all_tensors=true) makes every tensor keep its bytes until the end, so a "
        "debugger can read any intermediate result. TFLM does that by switching to the linear planner, which places "
        "every buffer after the previous one: the head becomes the sum of all buffers. With the linear planner "
        "already chosen, the switch changes nothing." },
    { "target", "Target (struct layout)",
        "How TFLM was compiled decides the size of its structs: pointers, size_t and the size of enums.",
        "The tail is made of TFLM's C structs, and their size depends on the compiler and CPU: a 64-bit host has "
        "8-byte pointers and size_t; arm-none-eabi GCC (Cortex-M firmware) uses short enums, so TfLiteTensor is 32 "
        "bytes instead of 40 with int-sized enums (ESP32, RISC-V). Choose the target your firmware is built for: a "
        "host build needs noticeably more arena than the device." },
    { "tflm_version", "TFLM snapshot",
        "The TFLM version the firmware is built from: kernels' op data, scratch buffers and operators differ.",
        "Distributions copy a TFLM snapshot and keep it for years: Arduino libraries carry one from 2023-02, Zephyr "
        "3.7 one from 2024-05, esp-tflite-micro 1.3.3 (ESPHome) and pico-tflmicro one from 2025-01. Between snapshots "
        "kernels changed what they allocate (MEAN and SUM ask for three scratch buffers since 2026-01, one before), "
        "operators were added (REDUCE_MIN, REVERSE_V2 and DYNAMIC_UPDATE_SLICE do not exist before 2026) and checks "
        "in Prepare changed. Choose the snapshot your firmware carries; the verdict says whether real TFLM at that "
        "snapshot was measured or the figures are read from its source." },
    { "kernels", "Kernels (reference, CMSIS-NN, ESP-NN)",
        "Optimized kernels allocate different op data and scratch buffers than TFLM's reference kernels.",
        "Most Cortex-M firmware links Arm's CMSIS-NN kernels (OPTIMIZED_KERNEL_DIR=cmsis_nn) for convolutions, fully "
        "connected layers, pooling, softmax, SVDF and LSTM. They keep other op data and ask for im2col and kernel-sum "
        "buffers whose sizes depend on the CPU: none (M0/M3), DSP (M4/M7/M33) or MVE (M55/M85).\n\n"
        "ESP32 firmware built with Espressif's esp-tflite-micro links its ESP-NN kernels: convolutions, depthwise "
        "convolutions and softmax ask esp-nn how much scratch they need, and the answer depends on the chip (the "
        "ESP32-S3 has kernels of its own) and on the esp-nn version, which the component manager updates on every "
        "rebuild (esp-nn 1.2.1 raised what ESP32-S3 convolutions ask for). Size the arena with the kernels, chip and "
        "version your firmware is built with." },
    { "co_processor", "NPU operators (Ethos-U)",
        "A Vela-compiled model runs most of its network as one ethos-u operator on an Arm Ethos-U NPU.",
        "Vela compiles the layers an Ethos-U NPU can run into one custom operator, ethos-u, whose inputs are a "
        "command stream, the weights and two scratch tensors; the CPU runs the rest with its own kernels. TFLM "
        "built with CO_PROCESSOR=ethos_u registers that operator: it keeps a few bytes of op data and two small "
        "scratch buffers for the NPU's base addresses. Vela places its scratch tensors itself, with an offline "
        "memory plan (the timeline marks them offline); the linear planner cannot take such a plan, so "
        "preserve_all_tensors makes AllocateTensors fail without a message. Vela's own 'Total SRAM used' is not "
        "TFLM's arena: the tail and the CPU operators' buffers come on top." },
    { "arena_offset", "Arena start alignment",
        "TFLM aligns the arena's start up to 16 bytes: an arena that starts past a boundary loses those bytes.",
        "MicroAllocator::Create rounds the tensor_arena pointer up to the next 16-byte boundary and uses only what "
        "is left. A static array declared alignas(16) loses nothing; a buffer from malloc or heap_caps_malloc may "
        "start 4 or 8 bytes past a boundary and then loses 12 or 8 bytes, and an arena sized to the byte no longer "
        "fits. Declare the arena aligned, or add 16 bytes." },
    { "resource_variables", "Resource variables",
        "State that VAR_HANDLE, READ_VARIABLE and ASSIGN_VARIABLE keep between invocations (streaming models).",
        "Models that keep state across calls (streaming keyword spotters, wake-word detectors) hold it in resource "
        "variables. The application creates MicroResourceVariables with room for N variables before the interpreter; "
        "each variable's buffer is allocated once, by ASSIGN_VARIABLE's Prepare, in this arena's tail. An "
        "application may create the variables on an allocator of their own (ESPHome's "
        "micro_wake_word gives them a 1,024-byte arena): then MicroResourceVariables and its entries live there, "
        "but each variable's buffer is still allocated through the interpreter, in this arena's tail." },
    { "non_arena_ram", "RAM outside the arena",
        "The stack, sensor and audio buffers, the application's state and the heap need RAM too.",
        "The tensor arena is one block of your device's RAM. Budget the rest: the main and interrupt stacks (kernels "
        "can use a few kilobytes), input buffers (a camera frame, an audio window), the application's own state, any "
        "heap, and the RAM the RTOS and drivers take. The RAM budget panel adds them to the arena and compares with "
        "the device's RAM; leave a margin for the next version of the model." },
};

} // namespace

std::span<const Concept> concepts()
{
    return kConcepts;
}

const Concept* findConcept(std::string_view id)
{
    return rowWhere(kConcepts, &Concept::id, id);
}

} // namespace arenascope
