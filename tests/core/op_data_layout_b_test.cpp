// Op-data struct sizes of the kernel profiles whose structs math_op_data.h describes
// (core/emulation/kernels/math_op_data.h) per target. The int-enum 32-bit (ilp32)
// and x86-64 sizes are the constants the profiles used before the structs were described by
// their members, which real TFLM's recordings confirmed (PersistentBufferData requested bytes
// in the ops oracle); cortex-m differs only where a plain enum shrinks to a byte.
#include "core/emulation/kernels/math_op_data.h"
#include "core/emulation/target.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

struct Expected {
    const StructDef* def;
    std::uint32_t cortexM, ilp32, x86;
};

TEST(OpDataLayoutB, SizesPerTarget)
{
    using namespace kernels::opdata;
    const Expected table[] = {
        // Activations and math (activations.cpp, elementwise_unary.cpp, type_conversion.cpp,
        // l2norm.cpp, softmax.cpp, arithmetic.cpp).
        { &kReluOpData, 28, 28, 28 },
        { &kRelu6OpData, 8, 8, 8 },
        { &kOpDataLogistic, 16, 16, 16 },
        { &kOpDataTanh, 16, 16, 16 },
        { &kHardSwishParams, 20, 20, 20 },
        { &kLeakyReluOpData, 24, 24, 24 },
        { &kPreluParams, 28, 28, 28 },
        { &kOpDataElu, 256, 256, 256 },
        // TfLiteType shrinks to a byte with short enums, but it lands in the int's padding.
        { &kOpDataAbsRsqrt, 28, 28, 28 },
        // A double: 8-aligned on all three targets.
        { &kDequantizeOpData, 32, 32, 32 },
        { &kL2NormalizationParams, 4, 4, 4 },
        { &kLogSoftmaxOpData, 28, 28, 40 },
        { &kOpDataSub, 52, 52, 52 },
        // ArithmeticParams holds two int64: 104 bytes, 8-aligned, after a bool.
        { &kArithmeticParams, 104, 104, 104 },
        { &kOpDataSquaredDifference, 112, 112, 112 },
        { &kOpDataAddN, 40, 40, 40 },
        // fully_connected.cpp, pooling.cpp, softmax.cpp, type_conversion.cpp.
        { &kOpDataFullyConnected, 48, 48, 64 },
        { &kOpDataPooling, 32, 32, 32 },
        { &kSoftmaxParams, 56, 56, 80 },
        { &kOpDataQuantizeReference, 32, 32, 32 },
        // Convolution (conv.cpp).
        { &kOpDataConv, 56, 56, 72 },
        // arithmetic.cpp, pad.cpp, slice.cpp, concatenation_and_split.cpp, svdf.cpp.
        { &kOpDataAdd, 60, 60, 60 },
        { &kOpDataMul, 36, 36, 36 },
        { &kOpDataDiv, 28, 28, 28 },
        { &kOpDataPad, 56, 56, 56 },
        { &kStridedSliceParams, 84, 84, 84 },
        { &kOpDataConcatenation, 24, 24, 40 },
        { &kOpDataSvdf, 36, 36, 36 },
    };
    for (const Expected& e : table) {
        SCOPED_TRACE(std::string(e.def->name));
        EXPECT_EQ(targetFor(TargetKind::CortexM).layout(*e.def).size, e.cortexM);
        EXPECT_EQ(targetFor(TargetKind::Ilp32).layout(*e.def).size, e.ilp32);
        EXPECT_EQ(targetFor(TargetKind::X86_64).layout(*e.def).size, e.x86);
    }
}

TEST(OpDataLayoutB, AlignmentOfEightByteMembers)
{
    using namespace kernels::opdata;
    for (TargetKind t : { TargetKind::CortexM, TargetKind::Ilp32, TargetKind::X86_64 }) {
        EXPECT_EQ(targetFor(t).layout(kDequantizeOpData).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kOpDataQuantizeReference).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kSoftmaxParams).align, 8u);
        EXPECT_EQ(targetFor(t).layout(kOpDataSquaredDifference).align, 8u);
    }
}

} // namespace
} // namespace arenascope
