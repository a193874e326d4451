#include "fact_text.h"

#include "log_wordings.h"

#include "core/util/format.h"

namespace arenascope {

namespace {

std::string bytes(const std::optional<std::uint64_t>& v)
{
    return v ? formatBytes(*v) : std::string("?");
}

FactText allocator(const LogFact& f)
{
    const std::string r = bytes(f.requested), a = bytes(f.available), m = bytes(f.missing);
    switch (f.kind) {
    case FactKind::ResizeFailed:
        return { "TFLM could not make the head " + r
                + " large. The head starts at the arena's start and holds the scratch-buffer requests while "
                  "operators prepare, then the memory plan (every activation and scratch buffer, overlapped by "
                  "lifetime). Only "
                + a + " lay between the arena's start and the tail (the persistent allocations at its end): " + m
                + " short at this step. The arena must grow by at least that much; later allocations may need "
                  "more.",
            "head" };
    case FactKind::TailFailed:
        return { "A persistent allocation of " + r
                + " did not fit in the tail, which grows down from the arena's end (allocator objects, tensor "
                  "structs and arrays, quantization data, each kernel's op data). Only "
                + a + " were free above the head: " + m
                + " short at this step. The arena must grow by at least that much; later allocations may need "
                  "more.",
            "tail" };
    case FactKind::TempFailed:
        return { "A temporary allocation of " + r
                + " did not fit above the head (a TfLiteTensor a kernel holds while it prepares, a kernel's temp "
                  "buffer, or the planner's working memory while it plans). Only "
                + a + " were free below the tail: " + m + " short at this step.",
            "temp" };
    default:
        return { "The memory plan needs " + bytes(f.bytes) + " but only " + a
                + " were left for it (TFLM before 2022-03 checked the plan this way; newer TFLM reports it as "
                  "'Failed to resize buffer').",
            "head" };
    }
}

FactText recording(const LogFact& f)
{
    switch (f.kind) {
    case FactKind::RecordingTotal:
        return { "The recording interpreter's total after a successful AllocateTensors: " + bytes(f.bytes)
                + " of the arena in use (head and tail). The smallest arena that works is near this figure but "
                  "not equal to it: temp memory held during Prepare and the tail's alignment count too.",
            "recording" };
    case FactKind::RecordingHead:
        return { bytes(f.bytes)
                + " of head: the memory plan (activations and scratch buffers), or the largest "
                  "temp use above it if that was higher.",
            "head" };
    case FactKind::RecordingTail:
        return { bytes(f.bytes) + " of tail: every persistent allocation, including the allocator's own objects.",
            "tail" };
    default: {
        std::string text = "The tail bytes of one category: '" + f.subject + "' takes " + bytes(f.used) + " for "
            + (f.count ? formatCount(*f.count) : std::string("?")) + " allocations, of which " + bytes(f.requested)
            + " were requested";
        if (f.used && f.requested && *f.used >= *f.requested)
            text += " and " + formatBytes(*f.used - *f.requested) + " are alignment padding";
        return { text + ".", "padding" };
    }
    }
}

FactText step(const LogFact& f)
{
    const std::string what = f.subject.empty() ? f.text : f.subject;
    if (f.wording == "too_many_buffers")
        return { "The greedy planner keeps its bookkeeping for every buffer in the memory left between the head "
                 "and the tail while it plans; there was room for "
                + (f.count ? std::to_string(*f.count) : std::string("?"))
                + " buffers and the model has more. A larger arena fixes it.",
            "temp" };
    if (f.kind == FactKind::AllocationStepFailed) {
        std::string text = "TFLM names the step whose allocation failed: " + what;
        if (f.bytes)
            text += ", which needed " + formatBytes(*f.bytes);
        text += ". The allocator's line before it says how much was missing.";
        return { text, what == "memory planning" ? "temp" : "tail" };
    }
    return { "Follows the failure above it: TFLM could not set up " + what
            + " and gives up on AllocateTensors. The allocator's line before it says how much was missing.",
        "tail" };
}

} // namespace

FactText explainFact(const LogFact& f)
{
    const Wording* w = findWording(f.wording);
    FactText t;
    switch (f.kind) {
    case FactKind::ResizeFailed:
    case FactKind::TailFailed:
    case FactKind::TempFailed:
    case FactKind::PlanTooLarge:
        t = allocator(f);
        break;
    case FactKind::RecordingTotal:
    case FactKind::RecordingHead:
    case FactKind::RecordingTail:
    case FactKind::RecordingCategory:
        t = recording(f);
        break;
    case FactKind::AllocationStepFailed:
    case FactKind::TensorStepFailed:
        t = step(f);
        break;
    case FactKind::TempNotFreed:
        t = { "Temp memory was still held when TFLM reset it (a kernel did not release a tensor it asked for): a "
              "bug in a kernel, not a question of arena size.",
            "temp" };
        break;
    case FactKind::AllocatorInternal:
        t = { "TFLM tried to resize the head while temp memory was held: an allocator or kernel bug, not a question "
              "of arena size.",
            "head" };
        break;
    case FactKind::ScratchLimit:
        t = { "An operator asked for more scratch buffers than TFLM keeps per operator ("
                + (f.count ? std::to_string(*f.count) : std::string("?"))
                + "): kMaxScratchBuffersPerOp in the firmware's TFLM, not the arena size.",
            "scratch" };
        break;
    case FactKind::PrepareFailed:
        t = { "Operator " + f.op + " (node " + (f.index ? std::to_string(*f.index) : std::string("?"))
                + ") failed in Prepare. The line above says why: an allocation that did not fit (then a larger "
                  "arena helps), or a check on the model's types or shapes (then no size does).",
            "kernels" };
        break;
    case FactKind::KernelCheck:
        t = { "A check in a kernel's Prepare failed at " + f.op + ": " + f.subject
                + ". The model has a type, shape or option this build's kernel does not take; no arena size "
                  "changes that.",
            "kernels" };
        break;
    case FactKind::KernelMessage:
        t = { "The kernel's own reason for the Prepare failure below it. A rejected type or shape is not a "
              "question of arena size.",
            "kernels" };
        break;
    case FactKind::UnresolvedOp:
        t = { "The op resolver has no kernel for " + (f.op.empty() ? std::string("this operator") : f.op)
                + ": register it (MicroMutableOpResolver's Add... for it), or the firmware's TFLM is too old to "
                  "have it. No arena size fixes this.",
            "tflm_version" };
        break;
    case FactKind::ResourceVariables:
        t = { "The model's VAR_HANDLE / ASSIGN_VARIABLE operators need resource variables: "
              "MicroResourceVariables::Create(allocator, N) passed to the interpreter, with N at least the "
              "number of variables.",
            "resource_variables" };
        break;
    case FactKind::AllocateTensorsFailed:
        t = { "The firmware's own report that AllocateTensors() returned an error; TFLM's lines before it say "
              "why. (If there are none, TFLM was built with TF_LITE_STRIP_ERROR_STRINGS or its log goes "
              "elsewhere.)",
            "smallest_arena" };
        break;
    case FactKind::PlanBuffer:
        t = { "Buffer " + (f.index ? std::to_string(*f.index) : std::string("?")) + " of the memory plan: "
                + bytes(f.bytes) + " at offset " + (f.offset ? formatCount(static_cast<std::uint64_t>(*f.offset)) : "?")
                + " of the head, alive from step " + (f.firstUsed ? std::to_string(*f.firstUsed) : "?") + " to "
                + (f.lastUsed ? std::to_string(*f.lastUsed) : "?")
                + " ('*' marks a buffer alive for one step: a scratch buffer or an output).",
            "lifetime" };
        break;
    case FactKind::PlanRow:
        t = { "Step " + (f.index ? std::to_string(*f.index) : std::string("?"))
                + " of the memory plan: the head drawn 80 characters wide, a digit or letter per buffer alive, "
                  "'!' where two overlap (a planner error), and the kilobytes alive at that step.",
            "lifetime" };
        break;
    default:
        break;
    }
    if (w && !w->until.empty())
        t.text += " This wording is from TFLM before " + std::string(w->until) + ".";
    else if (w && w->printedBy)
        t.text += " Worded as TFLM " + wordingSnapshots(*w) + " print it.";
    // Its numbers cannot be TFLM's: what they would mean is not said.
    if (!f.impossible.empty())
        t.text = "This line is worded as TFLM's, but " + f.impossible
            + ": no TFLM build prints this line as it stands (edited, garbled or from other software?).";
    return t;
}

} // namespace arenascope
