// Sizes of every op-data struct the kernel profiles allocate (kernels/*_op_data.h) on each
// target: arm-none-eabi with short enums (cortex-m), 32-bit with int enums (ilp32), x86-64.
// The ilp32 and x86-64 figures are the byte counts the profiles used before the structs were
// described by their members, which real TFLM's recordings confirmed (PersistentBufferData
// requested bytes in the oracle); the cortex-m figures follow from arm-none-eabi's short enums.
#include "core/emulation/kernels/decode_op_data.h"
#include "core/emulation/kernels/kernel_op_data.h"
#include "core/emulation/kernels/lstm_op_data.h"
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/kernels/shape_op_data.h"
#include "core/emulation/kernels/signal_op_data.h"
#include "core/emulation/struct_layout.h"
#include "core/emulation/target.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

constexpr Abi kCortexM { 4, true };
constexpr Abi kIlp32 { 4, false };
constexpr Abi kX86_64 { 8, false };

struct Expected {
    const StructDef& def;
    std::uint32_t cortexM, ilp32, x86;
};

void expectSizes(std::initializer_list<Expected> table)
{
    for (const Expected& e : table) {
        SCOPED_TRACE(std::string(e.def.name));
        EXPECT_EQ(layoutOf(e.def, kCortexM).size, e.cortexM);
        EXPECT_EQ(layoutOf(e.def, kIlp32).size, e.ilp32);
        EXPECT_EQ(layoutOf(e.def, kX86_64).size, e.x86);
    }
}

namespace opdata = kernels::opdata;
namespace lstmdata = kernels::lstmdata;
using namespace kernels::decodedata;
using namespace kernels::lstmdata;
using namespace kernels::opdata;
using namespace kernels::signaldata;

TEST(OpDataLayout, ShapeAndReduceKernels)
{
    expectSizes({
        // The profile used 40 (10 members); micro/kernels/reduce.h @90b983c2 declares 11
        // (three scratch indices), and the MEAN/SUM/REDUCE_MAX oracle models' PersistentBufferData
        // is 4 bytes above what 40 gives on all three builds.
        { kOpDataReduce, 44, 44, 44 },
        { kOpDataMirrorPad, 20, 20, 20 },
        { kSpaceToBatchParams, 4, 4, 4 },
    });
    // All of them 4-aligned, even on x86-64.
    for (const StructDef* def : { &kOpDataReduce, &kOpDataMirrorPad, &kSpaceToBatchParams })
        EXPECT_EQ(layoutOf(*def, kX86_64).align, 4u);
}

TEST(OpDataLayout, MathKernels)
{
    expectSizes({
        // Activations and math (activations.cpp, elementwise_unary.cpp, type_conversion.cpp,
        // l2norm.cpp, softmax.cpp, arithmetic.cpp).
        { kReluOpData, 28, 28, 28 },
        { kRelu6OpData, 8, 8, 8 },
        { kOpDataLogistic, 16, 16, 16 },
        { kOpDataTanh, 16, 16, 16 },
        { kHardSwishParams, 20, 20, 20 },
        { kLeakyReluOpData, 24, 24, 24 },
        { kPreluParams, 28, 28, 28 },
        { kOpDataElu, 256, 256, 256 },
        // TfLiteType shrinks to a byte with short enums, but it lands in the int's padding.
        { kOpDataAbsRsqrt, 28, 28, 28 },
        // A double: 8-aligned on all three targets.
        { kDequantizeOpData, 32, 32, 32 },
        { kL2NormalizationParams, 4, 4, 4 },
        { kLogSoftmaxOpData, 28, 28, 40 },
        { kOpDataSub, 52, 52, 52 },
        // ArithmeticParams holds two int64: 104 bytes, 8-aligned, after a bool.
        { opdata::kArithmeticParams, 104, 104, 104 },
        { kOpDataSquaredDifference, 112, 112, 112 },
        { kOpDataAddN, 40, 40, 40 },
        // fully_connected.cpp, pooling.cpp, softmax.cpp, type_conversion.cpp.
        { kOpDataFullyConnected, 48, 48, 64 },
        { kOpDataPooling, 32, 32, 32 },
        { kSoftmaxParams, 56, 56, 80 },
        { kOpDataQuantizeReference, 32, 32, 32 },
        // Convolution (conv.cpp).
        { kOpDataConv, 56, 56, 72 },
        // arithmetic.cpp, pad.cpp, slice.cpp, concatenation_and_split.cpp, svdf.cpp.
        { kOpDataAdd, 60, 60, 60 },
        { kOpDataMul, 36, 36, 36 },
        { kOpDataDiv, 28, 28, 28 },
        { kOpDataPad, 56, 56, 56 },
        { kStridedSliceParams, 84, 84, 84 },
        { kOpDataConcatenation, 24, 24, 40 },
        { kOpDataSvdf, 36, 36, 36 },
    });
}

TEST(OpDataLayout, AlignmentOfEightByteMembers)
{
    using namespace kernels::opdata;
    for (TargetKind t : { TargetKind::CortexM, TargetKind::Ilp32, TargetKind::X86_64 }) {
        EXPECT_EQ(targetFor(t).layout(kDequantizeOpData).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kOpDataQuantizeReference).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kSoftmaxParams).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kOpDataSquaredDifference).align, 8u);
    }
}

TEST(OpDataLayout, LogicKernels)
{
    expectSizes({
        { kComparisonOpData, 32, 32, 32 },
        { kSelectOpData, 1, 1, 1 },
        { kCumsumOpData, 36, 36, 36 },
        { kConvParams, 56, 56, 56 },
        { kTransposeConvOpData, 72, 72, 80 },
        { kBatchMatmulOpData, 16, 16, 32 },
        { kBatchMatmulQuantization, 28, 28, 28 },
        { kEmbeddingLookupOpData, 8, 8, 16 },
        { kVarHandleOpData, 4, 4, 4 },
        { kIfOpData, 8, 8, 8 },
        { kWhileOpData, 8, 8, 8 },
        { kCallOnceOpData, 8, 8, 8 },
        { kCircularBufferOpData, 8, 8, 8 },
        { kDetectionPostprocessOpData, 112, 112, 112 },
    });
}

TEST(OpDataLayout, Lstm)
{
    // The short enum cell_gate_nonlinear_type leaves padding before the 4-aligned gates: the
    // same 688 bytes on every target.
    expectSizes({
        { kFullyConnectedParams, 40, 40, 40 },
        { lstmdata::kArithmeticParams, 104, 104, 104 },
        { kOpDataLstm, 688, 688, 688 },
    });
}

TEST(OpDataLayout, SignalKernels)
{
    expectSizes({
        { kSignalWindowParams, 8, 8, 8 },
        { kSignalRfftParams, 32, 32, 48 },
        { kSignalEnergyParams, 8, 8, 8 },
        { kSignalFilterBankParams, 36, 36, 64 },
        { kSignalSpectralSubtractionParams, 44, 44, 56 },
        { kSignalPcanParams, 4, 4, 4 },
        { kSignalLogParams, 8, 8, 8 },
        // Added with their profiles (no earlier byte count): signal/micro/kernels/*.cc.
        { kSignalCircularBuffer, 24, 24, 40 },
        { kSignalDelayParams, 20, 20, 32 },
        { kSignalFramerParams, 28, 28, 40 },
        { kSignalIrfftParams, 24, 24, 32 },
        { kSignalIrfftFloatState, 8, 8, 16 },
        { kSignalOverlapAddParams, 24, 24, 32 },
        { kSignalStackerParams, 36, 36, 56 },
    });
}

TEST(OpDataLayout, DecodeStates)
{
    // kernels/decode_state_lut.h, decode_state_prune.h, decode_state_huffman.h.
    expectSizes({
        { kDecodeStateLut, 36, 36, 72 },
        { kDecodeStatePrune, 40, 40, 80 },
        { kDecodeStateHuffman, 28, 28, 56 },
    });
}

} // namespace
} // namespace arenascope
