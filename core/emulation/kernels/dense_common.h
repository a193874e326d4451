#pragma once
// The parts of TFLM's fully connected and softmax kernels that other kernel sets call unchanged
// (kernels/fully_connected_common.cc, softmax_common.cc @90b983c2, identical at 096563546):
// the CMSIS-NN and ESP-NN FULLY_CONNECTED and SOFTMAX Prepare call them. Defined in
// fully_connected.cpp and softmax.cpp.

#include "checks.h"
#include "kernel_helpers.h"

namespace arenascope::kernels {

// CalculateOpDataFullyConnected: called while input, filter, bias and output are held;
// per-channel filters get their multiplier and shift arrays (tail) here.
Status calculateFullyConnectedOpData(KernelContext& ctx, const Tensor& input, const Tensor& filter);

// The opening every SOFTMAX Prepare shares: the input and output counts, the input held and
// its rank checked (TF_LITE_ENSURE), then the output held; `at` names the checks' lines in
// `check`'s file.
struct SoftmaxOperandLines {
    int inputs, outputs, inputRank;
};
Status holdSoftmaxOperands(KernelContext& ctx, const Checks& check, TempTensors& temps, const SoftmaxOperandLines& at);

// CalculateSoftmaxParams: int16 inputs get their two lookup tables (tail), then the
// quantization each input/output pairing needs is checked.
Status calculateSoftmaxParams(KernelContext& ctx, const Tensor& input, const Tensor& output);

} // namespace arenascope::kernels
