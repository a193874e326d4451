// Struct layouts by target ABI: the layout rules on small cases, then every TFLM runtime struct
// against the sizes the TFLM builds have (arm-none-eabi with short enums, 32-bit with int enums,
// x86-64): TfLiteTensor is 32 bytes on a Cortex-M, as TFLM's own device log shows
// ("PersistentTfLiteTensorData 64 B for 2 tensors").
#include "core/emulation/kernels/builtin_options.h"
#include "core/emulation/target.h"
#include "core/emulation/tflm_structs.h"

#include <gtest/gtest.h>

namespace arenascope {
namespace {

constexpr Abi kShort { 4, true };
constexpr Abi kInt { 4, false };
constexpr Abi k64 { 8, false };

TEST(StructLayout, Rules)
{
    // An enum between two ints keeps int alignment; alone it shrinks to a byte with short enums.
    static constexpr Field mixed[] = { plainEnum(3), i32(), plainEnum(3) };
    static constexpr StructDef mixedDef { "mixed", mixed };
    EXPECT_EQ(layoutOf(mixedDef, kShort).size, 12u);
    EXPECT_EQ(layoutOf(mixedDef, kInt).size, 12u);
    static constexpr Field small[] = { plainEnum(7), boolean() };
    static constexpr StructDef smallDef { "small", small };
    EXPECT_EQ(layoutOf(smallDef, kShort).size, 2u);
    EXPECT_EQ(layoutOf(smallDef, kShort).align, 1u);
    EXPECT_EQ(layoutOf(smallDef, kInt).size, 8u);
    // An enum with values above 255 takes two bytes with short enums.
    static constexpr Field wide[] = { plainEnum(300) };
    EXPECT_EQ(layoutOf(StructDef { "wide", wide }, kShort).size, 2u);
    // 64-bit members are 8-aligned on every target.
    static constexpr Field withI64[] = { i32(), i64() };
    EXPECT_EQ(layoutOf(StructDef { "i64", withI64 }, kInt).size, 16u);
    // A base class's tail padding holds the derived class's first member.
    static constexpr Field baseFields[] = { ptr(), boolean() };
    static constexpr StructDef baseDef { "base", baseFields };
    static constexpr Field derived[] = { base(baseDef), boolean() };
    EXPECT_EQ(layoutOf(StructDef { "derived", derived }, k64).size, 16u);
    EXPECT_EQ(layoutOf(baseDef, k64).dataSize, 9u);
    static constexpr Field arrays[] = { i8(3), i16() };
    EXPECT_EQ(layoutOf(StructDef { "arrays", arrays }, kInt).size, 6u);
}

struct Expected {
    RuntimeStruct s;
    std::uint32_t cortexM, ilp32, x86;
};

TEST(StructLayout, RuntimeStructsPerTarget)
{
    using S = RuntimeStruct;
    const Expected table[] = {
        { S::SingleArenaBufferAllocator, 36, 36, 72 },
        { S::RecordingSingleArenaBufferAllocator, 52, 52, 104 },
        { S::PersistentArenaBufferAllocator, 16, 16, 32 },
        { S::NonPersistentArenaBufferAllocator, 32, 32, 56 },
        { S::GreedyMemoryPlanner, 44, 44, 72 },
        { S::LinearMemoryPlanner, 4108, 4108, 8216 },
        { S::MicroAllocator, 36, 36, 72 },
        { S::RecordingMicroAllocator, 124, 124, 248 },
        { S::MicroBuiltinDataAllocator, 8, 8, 16 },
        { S::SubgraphAllocations, 8, 8, 16 },
        { S::TfLiteEvalTensor, 12, 12, 24 },
        { S::NodeAndRegistration, 32, 32, 64 },
        { S::ScratchBufferRequest, 12, 12, 16 },
        { S::ScratchBufferHandle, 4, 4, 8 },
        { S::AllocationInfo, 24, 24, 32 },
        { S::TfLiteTensor, 32, 40, 64 },
        { S::TfLiteAffineQuantization, 12, 12, 24 },
    };
    EXPECT_EQ(std::size(table), static_cast<std::size_t>(S::Count_));
    for (const Expected& e : table) {
        SCOPED_TRACE(static_cast<int>(e.s));
        EXPECT_EQ(targetFor(TargetKind::CortexM).layout(e.s).size, e.cortexM);
        EXPECT_EQ(targetFor(TargetKind::Ilp32).layout(e.s).size, e.ilp32);
        EXPECT_EQ(targetFor(TargetKind::X86_64).layout(e.s).size, e.x86);
    }
}

struct ExpectedDef {
    const StructDef* def;
    std::uint32_t cortexM, ilp32, x86;
};

TEST(StructLayout, BuiltinOptionsPerTarget)
{
    namespace o = kernels::options;
    const ExpectedDef table[] = {
        { &o::kConv, 28, 28, 28 },
        { &o::kPool, 40, 40, 40 },
        { &o::kDepthwiseConv, 28, 28, 28 },
        { &o::kFullyConnected, 5, 16, 16 },
        { &o::kAdd, 2, 8, 8 },
        { &o::kMul, 1, 4, 4 },
        { &o::kSvdf, 8, 12, 12 },
        { &o::kConcatenation, 8, 8, 8 },
        { &o::kCast, 2, 8, 8 },
        { &o::kUnidirectionalSequenceLstm, 16, 16, 16 },
        { &o::kTransposeConv, 16, 20, 20 },
        { &o::kReshape, 36, 36, 36 },
        { &o::kVarHandle, 8, 8, 16 },
        { &o::kStridedSlice, 24, 24, 24 },
        { &o::kArgMax, 1, 4, 4 },
        { &o::kMirrorPadding, 1, 4, 4 },
    };
    for (const ExpectedDef& e : table) {
        SCOPED_TRACE(std::string(e.def->name));
        EXPECT_EQ(targetFor(TargetKind::CortexM).layout(*e.def).size, e.cortexM);
        EXPECT_EQ(targetFor(TargetKind::Ilp32).layout(*e.def).size, e.ilp32);
        EXPECT_EQ(targetFor(TargetKind::X86_64).layout(*e.def).size, e.x86);
    }
}

} // namespace
} // namespace arenascope
