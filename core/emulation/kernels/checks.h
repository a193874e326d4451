#pragma once
// The one way a kernel profile writes TFLM's TF_LITE_ENSURE* checks. A Prepare reads as the
// kernel's list of checks in the kernel's order, each naming its line in TFLM's source:
//
//   const Checks check(ctx, "tensorflow/lite/micro/kernels/gather.cc");
//   ARENASCOPE_TRY(check.counts(103, 2, 104, 1));
//   ARENASCOPE_TRY(check.typesEq(121, "input->type", "output->type", input.type, output.type));
//
// One engine (checks.cpp) formats what TFLM prints when a check fails, in TFLM's words
// (lite/core/c/common.h @90b983c2, TF_LITE_ENSURE*):
//   TF_LITE_ENSURE:          "<file>:<line> <condition> was not true."
//   TF_LITE_ENSURE_EQ:       "<file>:<line> <a> != <b> (<va> != <vb>)" (%d: the low 32 bits)
//   TF_LITE_ENSURE_TYPES_EQ: "<file>:<line> <a> != <b> (<TYPE> != <TYPE>)" (TfLiteTypeGetName)
//   TF_LITE_ENSURE_NEAR:     "<file>:<line> <a> not near <b> (<va> != <vb>)" (%f)
//   TF_LITE_ENSURE_MSG:      "<file> <message>"
// Lines are the newest snapshot's; the check-site table (core/emulation/tflm_check_sites.h)
// gives the file and line the running snapshot prints, and a check that snapshot does not have
// yet passes. A check only older snapshots have is written at their own lines
// (CheckLines::AsPrinted). Kernels never format a check message themselves.

#include "kernel_helpers.h"

#include <initializer_list>
#include <string>

namespace arenascope::kernels {

// How the lines given to a Checks object are numbered.
enum class CheckLines {
    Newest, // the newest snapshot's lines, mapped by the check-site table
    AsPrinted, // the running snapshot's own lines (a check the newest no longer has)
};

// The checks of one TFLM source file (`file` as TFLM's __FILE__ spells it).
class Checks {
public:
    Checks(KernelContext& ctx, std::string file, CheckLines lines = CheckLines::Newest);

    // TF_LITE_ENSURE(context, <condition>).
    Status ensure(int line, bool ok, const char* condition) const;
    // TF_LITE_ENSURE_EQ(context, a, b).
    Status eq(int line, const char* a, const char* b, long long va, long long vb) const;
    // TF_LITE_ENSURE_EQ on two TfLiteType values: %d prints their enum numbers.
    Status typeCodesEq(int line, const char* a, const char* b, DataType ta, DataType tb) const;
    // TF_LITE_ENSURE_TYPES_EQ(context, a, b): TfLiteTypeGetName names.
    Status typesEq(int line, const char* a, const char* b, DataType ta, DataType tb) const;
    // TF_LITE_ENSURE_NEAR(context, a, b, epsilon) on floats.
    Status near(int line, const char* a, const char* b, float va, float vb, float epsilon) const;
    // TF_LITE_ENSURE_MSG(context, ok, message): no line, the file as the running snapshot names it.
    Status msg(bool ok, const char* message) const;
    // TF_LITE_ENSURE_EQ(context, NumInputs(node), inputs) and the same for NumOutputs.
    Status counts(int inputLine, std::size_t inputs, int outputLine, std::size_t outputs) const;
    // TF_LITE_ENSURE(context, <name> != nullptr) on a tensor the kernel holds.
    Status notNull(int line, const Tensor* t, const char* name) const;

    // One tensor the kernel holds: its slot, the line of its null check and its name there.
    struct Held {
        Slot slot;
        int line;
        const char* name;
    };
    // For each row in the kernel's order: AllocateTempInputTensor / AllocateTempOutputTensor,
    // then TF_LITE_ENSURE(context, <name> != nullptr) at the row's line.
    Status hold(TempTensors& temps, std::initializer_list<Held> rows) const;

    // The file every check here names (newest spelling).
    const std::string& file() const { return m_file; }

private:
    // "<file>:<line> <text>" at the running snapshot's site of `line`; passes when that
    // snapshot has no such check.
    Status fail(int line, const std::string& text) const;

    KernelContext& m_ctx;
    std::string m_file;
    CheckLines m_lines;
};

} // namespace arenascope::kernels
